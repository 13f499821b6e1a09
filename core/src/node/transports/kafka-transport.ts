/**
 * Kafka transport (kafkajs 2.2.4), the reference's broker (reference-mediator.md 7.3).
 *
 * - Producer: `acks = -1` (all in-sync replicas), idempotent, so kafkajs's internal retries do not
 *   duplicate records. Records have no key (as the reference and INTER-MW write them). Channel
 *   outputs (`publishPipelined`) are batched: queued in order and sent as one produce request per
 *   batch, one batch at a time (kafka-batching.ts, issue 13); each is confirmed with its batch.
 * - Consumer: one consumer group per channel (`group`), `autoCommit: false`: offsets are committed
 *   explicitly and only up to the highest offset below which every handler call resolved (an
 *   in-order watermark per partition, `OffsetTracker`), so a crash redelivers everything not yet
 *   published to the sink. Commits are coalesced per partition for the subscription's lifetime
 *   (one in flight, the latest watermark next) and sent at most every `commitIntervalMs` while a
 *   batch runs; the batch's final watermark is requested when its handlers settled, without
 *   waiting for the coordinator before the next fetch (`close()` waits for it). A commit per
 *   confirmed produce request cost the broker as much CPU as the translations (profiled on the
 *   channel bench, issue 28). Up to `maxInFlight` handler calls run at once within a batch; a handler
 *   that rejects stops the watermark there, so the next fetch starts again at that offset
 *   (redelivery; later messages of the batch are delivered again as duplicates).
 * - A brand-new group with `from: 'latest'` gets its offsets set to the topic's end at subscribe
 *   time (the reference's `auto.offset.reset=latest`, without the race between joining the group
 *   and resolving "latest").
 * - Topics are created on demand with `numPartitions` (default 1) and the broker's default
 *   replication factor. Kafka topic names must match [A-Za-z0-9._-]{1,249}: no mapping is applied,
 *   so the middleware's topic names are used as they are.
 * - `redelivered` is always false: Kafka does not tell a consumer that a record was delivered before.
 *
 * - Consumers use a subscription-aware assigner (kafka-assigner.ts): a group is per topic in the
 *   Transport contract, and one Kafka group may hold members of different topics.
 *
 * The transport contract suite runs against a real single-node KRaft broker (kafka-contract.test.ts,
 * core/src/test-support/kafka-broker.ts).
 */
import { Kafka, logLevel, PartitionAssigners, type Admin, type Consumer, type KafkaConfig, type LogEntry, type Producer } from 'kafkajs';
import { silentLogger, type Logger } from '../../common/logger.js';
import type { MessageHandler, PipelinedPublish, SubscribeOptions, Subscription, Transport } from '../../common/channels/transport.js';
import { subscriptionRoundRobin } from './kafka-assigner.js';
import { byTopic, CommitCoalescer, KafkaBatchSender } from './kafka-batching.js';

export interface KafkaTransportOptions {
  /** `host:port` list (or comma-separated). */
  readonly brokers: readonly string[] | string;
  readonly clientId?: string;
  readonly logger?: Logger;
  /** Partitions of topics this transport creates, default 1 (keeps the total order of a topic). */
  readonly numPartitions?: number;
  /** Replication factor of created topics, default -1 (the broker's default). */
  readonly replicationFactor?: number;
  /** TLS, as kafkajs takes it (the reference's docker set-up uses SSL with client certificates). */
  readonly ssl?: KafkaConfig['ssl'];
  readonly sasl?: KafkaConfig['sasl'];
  /** Delay before a rejected message is delivered again, default 1000 ms. */
  readonly redeliveryDelayMs?: number;
  /** Longest wait for a group join when subscribing, default 30 000 ms. */
  readonly joinTimeoutMs?: number;
  /**
   * Consumer session timeout, default 30 000 ms (kafkajs's): how long a crashed member keeps its
   * partitions before the group moves them. Within the broker's group.min/max.session.timeout.ms.
   */
  readonly sessionTimeoutMs?: number;
  /** Consumer heartbeat interval, default 3000 ms (a third of the session timeout or less). */
  readonly heartbeatIntervalMs?: number;
  /**
   * Longest wait of a fetch on an idle topic, default 1000 ms (kafkajs: 5000). kafkajs heartbeats
   * between fetches only, so this bounds how late a member hears of a rebalance and how long
   * closing a subscription waits; above the session timeout, an idle member is evicted from its
   * group while it waits, and the message it then fetched is processed twice.
   */
  readonly fetchMaxWaitMs?: number;
  /**
   * Most bytes one fetch returns per partition, default 4 MiB (kafkajs: 1 MiB). kafkajs fetches
   * again only after the whole batch was handled and its tail published, a pause of a few round
   * trips with nothing to translate: bigger batches make fewer of them.
   */
  readonly fetchMaxBytesPerPartition?: number;
  /**
   * Least time between two offset commits of a partition while a batch is handled, default
   * 100 ms; the batch's last position is committed when it ends whatever the interval. A crash
   * redelivers at most what was handled since the last commit (at-least-once either way).
   */
  readonly commitIntervalMs?: number;
}

const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

interface PartitionOffset {
  readonly partition: number;
  readonly offset: string;
}

/**
 * In-order commit watermark of one partition: offsets start in increasing order, finish in any
 * order; `committable()` gives the offset to commit (last contiguous finished + 1) when it moved.
 * An offset marked failed stops the watermark there.
 */
export class OffsetTracker {
  private readonly pending: bigint[] = [];
  private readonly finished = new Set<bigint>();
  private failedAt: bigint | undefined;
  private committed: bigint | undefined;
  private watermark: bigint | undefined;

  start(offset: bigint): void {
    const last = this.pending[this.pending.length - 1];
    if (last !== undefined && offset <= last) throw new Error(`offsets must start in order: ${offset} after ${last}`);
    this.pending.push(offset);
  }

  done(offset: bigint): void {
    this.finished.add(offset);
    this.advance();
  }

  fail(offset: bigint): void {
    if (this.failedAt === undefined || offset < this.failedAt) this.failedAt = offset;
  }

  /** The lowest failed offset, where consumption must resume. */
  get failed(): bigint | undefined {
    return this.failedAt;
  }

  /** The next offset to read: one past the last contiguous finished offset (undefined before any). */
  get position(): bigint | undefined {
    return this.watermark;
  }

  /** The next offset to commit, if it advanced since the last call. */
  committable(): bigint | undefined {
    if (this.watermark === undefined || this.watermark === this.committed) return undefined;
    this.committed = this.watermark;
    return this.watermark;
  }

  private advance(): void {
    for (;;) {
      const head = this.pending[0];
      if (head === undefined || !this.finished.has(head)) return;
      if (this.failedAt !== undefined && head >= this.failedAt) return;
      this.pending.shift();
      this.finished.delete(head);
      this.watermark = head + 1n;
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Retries what the broker calls retriable (a group coordinator still loading or moving, as just
 * after the broker started), which kafkajs's admin client passes on, for at most `withinMs`.
 */
async function retryRetriable<T>(attempt: () => Promise<T>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await attempt();
    } catch (error) {
      const retriable = error instanceof Error && (error as { retriable?: unknown }).retriable === true;
      if (!retriable || Date.now() + delay > deadline) throw error;
      await sleep(delay);
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

class KafkaSubscription implements Subscription {
  closing = false;
  aborted = false;
  private closed: Promise<void> | undefined;
  /** Offset commits per partition, kept across batches so that one is in flight at a time. */
  readonly commits = new Map<number, CommitCoalescer>();

  constructor(
    private readonly owner: KafkaTransport,
    readonly consumer: Consumer,
  ) {}

  close(): Promise<void> {
    if (this.closed === undefined) {
      this.closing = true;
      this.closed = (async () => {
        // stop() lets the running batch finish (its handlers) before returning; its last commit
        // may still be on its way to the coordinator.
        await this.consumer.stop();
        await Promise.all([...this.commits.values()].map((c) => c.settled()));
        await this.consumer.disconnect();
        this.owner.forget(this);
      })();
    }
    return this.closed;
  }

  /** Crash-like: no further commits; do not wait long for stuck handlers. */
  async abort(): Promise<void> {
    this.closing = true;
    this.aborted = true;
    await withTimeout(this.consumer.disconnect(), 5000);
  }
}

export class KafkaTransport implements Transport {
  readonly kind = 'kafka' as const;
  readonly durable = true;

  private readonly kafka: Kafka;
  private readonly log: Logger;
  private readonly options: KafkaTransportOptions;
  private producer: Promise<Producer> | undefined;
  private admin: Promise<Admin> | undefined;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  /** Channel outputs, sent in batches (issue 13). */
  private readonly batches = new KafkaBatchSender(async (records) => {
    const producer = await this.getProducer();
    await producer.sendBatch({ acks: -1, topicMessages: byTopic(records) });
  });

  constructor(options: KafkaTransportOptions) {
    this.options = options;
    const brokers = (typeof options.brokers === 'string' ? options.brokers.split(',') : [...options.brokers]).map((b) => b.trim()).filter((b) => b !== '');
    if (brokers.length === 0) throw new Error('Kafka transport needs at least one broker (host:port)');
    this.log = options.logger ?? silentLogger;
    const log = this.log;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'mediator',
      brokers,
      ...(options.ssl === undefined ? {} : { ssl: options.ssl }),
      ...(options.sasl === undefined ? {} : { sasl: options.sasl }),
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log: entry }: LogEntry) => {
          const { message, ...rest } = entry;
          if (level <= logLevel.ERROR) log.error(rest, `kafkajs: ${message}`);
          else if (level === logLevel.WARN) log.warn(rest, `kafkajs: ${message}`);
          else log.debug(rest, `kafkajs: ${message}`);
        },
    });
  }

  private checkTopic(topic: string): void {
    if (!TOPIC_NAME.test(topic)) {
      throw new Error(`"${topic}" is not a legal Kafka topic name (allowed: A-Z a-z 0-9 . _ -, at most 249 characters)`);
    }
  }

  private getAdmin(): Promise<Admin> {
    if (this.admin === undefined) {
      const admin = this.kafka.admin();
      this.admin = admin.connect().then(
        () => admin,
        (error: unknown) => {
          this.admin = undefined;
          throw error;
        },
      );
    }
    return this.admin;
  }

  private getProducer(): Promise<Producer> {
    if (this.producer === undefined) {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
      this.producer = producer.connect().then(
        () => producer,
        (error: unknown) => {
          this.producer = undefined;
          throw error;
        },
      );
    }
    return this.producer;
  }

  private ensureTopic(topic: string): Promise<void> {
    let ready = this.topics.get(topic);
    if (ready === undefined) {
      ready = (async () => {
        const admin = await this.getAdmin();
        // Resolves false when the topic already exists: fine (also when another process won the race).
        await admin.createTopics({
          waitForLeaders: true,
          topics: [
            {
              topic,
              numPartitions: this.options.numPartitions ?? 1,
              replicationFactor: this.options.replicationFactor ?? -1,
            },
          ],
        });
      })();
      this.topics.set(topic, ready);
      ready.catch(() => this.topics.delete(topic));
    }
    return ready;
  }

  async publish(topic: string, value: string): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    await this.ensureTopic(topic);
    const producer = await this.getProducer();
    await producer.send({ topic, acks: -1, messages: [{ value }] });
  }

  /**
   * Queued behind the outputs published before it and sent with them in one produce request: its
   * order is fixed when `sent` resolves, `confirmed` resolves with its batch's acknowledgement.
   */
  publishPipelined(topic: string, value: string): PipelinedPublish {
    let markSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    const confirmed = (async () => {
      try {
        if (this.closed) throw new Error('kafka transport is closed');
        this.checkTopic(topic);
        await this.ensureTopic(topic);
        const acked = this.batches.enqueue(topic, value);
        markSent();
        await acked;
      } finally {
        markSent();
      }
    })();
    return { sent, confirmed };
  }

  /**
   * Where a brand-new group starts on `topic`: the topic's current end (reference:
   * auto.offset.reset=latest), or undefined when the group already committed offsets there. The
   * subscriber pins it from inside the group once it joined (seek and commit): kafkajs's
   * `admin.setOffsets` would run a throw-away member through a whole fetch (about 5 s per
   * subscription) and is refused while the group has members on other topics.
   */
  private async latestStart(topic: string, group: string): Promise<PartitionOffset[] | undefined> {
    const admin = await this.getAdmin();
    const committed = await retryRetriable(() => admin.fetchOffsets({ groupId: group, topics: [topic] }), this.options.joinTimeoutMs ?? 30_000);
    const partitions = committed.find((t) => t.topic === topic)?.partitions ?? [];
    if (partitions.some((p) => p.offset !== '-1')) return undefined;
    return (await admin.fetchTopicOffsets(topic)).map((e) => ({ partition: e.partition, offset: e.high }));
  }

  async subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    if (group === '') throw new Error('group must be non-empty');
    await this.ensureTopic(topic);
    let pinAfterJoin = (options.from ?? 'latest') === 'latest' ? await this.latestStart(topic, group) : undefined;
    let pinned: Promise<void> = Promise.resolve();
    const maxInFlight = Math.max(1, Math.floor(options.maxInFlight) || 1);
    const redeliveryDelayMs = this.options.redeliveryDelayMs ?? 1000;
    const commitIntervalMs = this.options.commitIntervalMs ?? 100;
    const consumer = this.kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: false,
      // Groups are per topic in our Transport contract: see kafka-assigner.ts.
      partitionAssigners: [subscriptionRoundRobin, PartitionAssigners.roundRobin],
      maxBytesPerPartition: this.options.fetchMaxBytesPerPartition ?? 4 * 1024 * 1024,
      maxWaitTimeInMs: Math.min(this.options.fetchMaxWaitMs ?? 1000, Math.floor((this.options.sessionTimeoutMs ?? 30_000) / 3)),
      ...(this.options.sessionTimeoutMs === undefined ? {} : { sessionTimeout: this.options.sessionTimeoutMs }),
      ...(this.options.heartbeatIntervalMs === undefined ? {} : { heartbeatInterval: this.options.heartbeatIntervalMs }),
    });
    const subscription = new KafkaSubscription(this, consumer);
    const log = this.log;
    await consumer.connect();
    try {
      let joined: () => void = () => undefined;
      const joinedPromise = new Promise<void>((resolve) => {
        joined = resolve;
      });
      const removeJoin = consumer.on(consumer.events.GROUP_JOIN, (event) => {
        if (pinAfterJoin !== undefined) {
          // Seeking moves this member's fetch position; the commit makes the pin survive a restart.
          const assigned = new Set(event.payload.memberAssignment[topic] ?? []);
          const pins = pinAfterJoin.filter((p) => assigned.has(p.partition));
          for (const p of pins) consumer.seek({ topic, partition: p.partition, offset: p.offset });
          if (pins.length > 0) pinned = consumer.commitOffsets(pins.map((p) => ({ topic, partition: p.partition, offset: p.offset })));
          // The first join only: a later rebalance must resume from the commits, not from the pin.
          pinAfterJoin = undefined;
        }
        joined();
      });
      await consumer.subscribe({ topics: [topic], fromBeginning: options.from === 'earliest' });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        // kafkajs hands these as closures over the batch, not methods that need their `this`.
        // eslint-disable-next-line @typescript-eslint/unbound-method
        eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
          const tracker = new OffsetTracker();
          const running = new Set<Promise<void>>();
          // One commit in flight at a time, the latest watermark next: not one round trip per message.
          let commits = subscription.commits.get(batch.partition);
          if (commits === undefined) {
            commits = new CommitCoalescer(
              (next) => consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: next.toString() }]),
              (error) => log.warn({ topic, group, err: error }, 'Kafka offset commit failed'),
            );
            subscription.commits.set(batch.partition, commits);
          }
          const partitionCommits = commits;
          let lastCommitAt = 0;
          const commit = (final: boolean): void => {
            if (subscription.aborted) return;
            // Resolving moves the fetch position (local, no round trip); committing makes it survive a restart.
            const moved = tracker.committable();
            if (moved !== undefined) resolveOffset((moved - 1n).toString());
            const position = tracker.position;
            if (position === undefined) return;
            const now = performance.now();
            if (!final && now - lastCommitAt < commitIntervalMs) return;
            lastCommitAt = now;
            partitionCommits.request(position);
          };
          for (const message of batch.messages) {
            if (subscription.closing || !isRunning() || isStale() || tracker.failed !== undefined) break;
            while (running.size >= maxInFlight) {
              await Promise.race(running);
              await heartbeat();
            }
            if (subscription.closing || tracker.failed !== undefined) break;
            const offset = BigInt(message.offset);
            tracker.start(offset);
            const run = (async () => {
              try {
                await handler({ value: message.value?.toString('utf8') ?? '', topic: batch.topic, redelivered: false });
                tracker.done(offset);
                commit(false);
              } catch (error) {
                tracker.fail(offset);
                log.debug({ topic, group, offset: message.offset, err: error }, 'handler rejected; will seek back');
              }
            })();
            running.add(run);
            void run.finally(() => running.delete(run));
          }
          await Promise.allSettled([...running]);
          // Not awaited: the next fetch need not wait for the coordinator (close() does).
          commit(true);
          // Unresolved offsets (a rejected message and everything after it) are fetched again by the
          // next batch: that is the redelivery. Pause a little so a failing sink is not hammered.
          if (tracker.failed !== undefined && !subscription.closing) await sleep(redeliveryDelayMs);
        },
      });
      const ok = await withTimeout(
        joinedPromise.then(() => true),
        this.options.joinTimeoutMs ?? 30_000,
      );
      removeJoin();
      if (ok !== true) throw new Error(`consumer group "${group}" did not join within the time limit`);
      // Once subscribe() returned, a restart resumes at the pinned start, not at a later end.
      await pinned;
    } catch (error) {
      await withTimeout(consumer.disconnect(), 5000);
      throw error;
    }
    this.subscriptions.add(subscription);
    return subscription;
  }

  async probe(timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    try {
      // A metadata round trip: kafkajs reconnects lazily, so its connection state says nothing.
      const answered = await withTimeout(
        this.getAdmin().then((admin) => admin.describeCluster()),
        timeoutMs,
      );
      return answered !== undefined;
    } catch {
      return false;
    }
  }

  /** @internal */
  forget(subscription: KafkaSubscription): void {
    this.subscriptions.delete(subscription);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const subs = [...this.subscriptions];
    this.subscriptions.clear();
    this.batches.failQueued(new Error('kafka transport is closed'));
    await Promise.all(subs.map((s) => s.abort()));
    const producer = this.producer;
    const admin = this.admin;
    this.producer = undefined;
    this.admin = undefined;
    // Bounded as a whole: a client still connecting to an unreachable broker settles only when
    // kafkajs gives up retrying.
    await withTimeout(Promise.allSettled([producer?.then((p) => p.disconnect()), admin?.then((a) => a.disconnect())]), 5000);
  }
}
