/**
 * Kafka transport on `@platformatic/kafka` (1.x, the last line that runs on Node 20), the
 * reference's broker (reference-mediator.md 7.3). Chosen over kafkajs 2.2.4 (no release since
 * 2023) on our own measurements (issue 28): both passed the transport contract suite and the
 * kill -9 test; on the channel bench, with alternating rounds on one broker, a channel reached a
 * median 55 % / 54 % of the in-process rate (parallelism 1 / 4) against kafkajs's 34 % / 32 %.
 *
 * - Producer: idempotent, acks = -1 (all in-sync replicas). Records have no key (as the reference
 *   and INTER-MW write them). Every publish, a channel's output or not, goes through one queue
 *   (kafka-batching.ts, issue 13): one produce request per batch, one batch at a time, so the
 *   queue's order is the partition's order and each record is confirmed with its batch. (The
 *   library's idempotent producer refused concurrent produce requests with
 *   OUT_OF_ORDER_SEQUENCE_NUMBER.)
 * - Consumer: one consumer group per channel, no autocommit. The library fetches ahead into a
 *   stream; up to `maxInFlight` handler calls run at once (the stream is paused at the limit), and
 *   a partition's offset is committed only up to the last offset below which every handler call
 *   resolved (`OffsetTracker`), so a crash redelivers everything not yet published to the sink.
 *   Commits go out at most every `commitIntervalMs` (one in flight per partition, the latest
 *   watermark next) and once more when the subscription closes. A rejected handler stops its
 *   partition's watermark there: later messages of that partition are not started, and once the
 *   running calls settled, the stream is recreated from the committed offsets after
 *   `redeliveryDelayMs` (the redelivery; later messages come again as duplicates).
 * - A brand-new group with `from: 'latest'` gets the topic's end committed (admin client) before it
 *   joins (the reference's `auto.offset.reset=latest`, without the race between joining the group
 *   and resolving "latest"), so a message published once subscribe() returned is never skipped.
 * - Topics are created on demand with `numPartitions` (default 1) and the broker's default
 *   replication factor. Kafka topic names must match [A-Za-z0-9._-]{1,249}: no mapping is applied,
 *   so the middleware's topic names are used as they are.
 * - `redelivered` is always false: Kafka does not tell a consumer that a record was delivered before.
 * - Partitions go only to the members subscribed to their topic (kafka-assigner.ts): a group is
 *   per topic in the Transport contract, and one Kafka group may hold members of different topics.
 *
 * The transport contract suite runs against a real single-node KRaft broker (kafka-contract.test.ts,
 * core/src/test-support/kafka-broker.ts).
 */
import {
  Admin,
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  ProduceAcks,
  Producer,
  type ConnectionOptions,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import { silentLogger, type Logger } from '../../common/logger.js';
import {
  handle,
  type MessageHandler,
  type PipelinedPublish,
  type SubscribeOptions,
  type Subscription,
  type Transport,
  type TransportMessage,
} from '../../common/channels/transport.js';
import { bySubscription } from './kafka-assigner.js';
import { CommitCoalescer, KafkaBatchSender } from './kafka-batching.js';
import { illegalTopic } from './broker-status.js';
import { kafkaErrorReason } from './kafka-errors.js';
import { Utf8Slab } from './utf8-slab.js';

export interface KafkaTransportOptions {
  /** `host:port` list (or comma-separated). */
  readonly brokers: readonly string[] | string;
  readonly clientId?: string;
  readonly logger?: Logger;
  /** Partitions of topics this transport creates, default 1 (keeps the total order of a topic). */
  readonly numPartitions?: number;
  /** Replication factor of created topics, default -1 (the broker's default). */
  readonly replicationFactor?: number;
  /** TLS (the reference's docker set-up uses SSL with client certificates), as node:tls takes it. */
  readonly ssl?: ConnectionOptions['tls'];
  readonly sasl?: ConnectionOptions['sasl'];
  /** Delay before a rejected message is delivered again, default 1000 ms. */
  readonly redeliveryDelayMs?: number;
  /** Longest wait for a group join when subscribing, default 30 000 ms. */
  readonly joinTimeoutMs?: number;
  /**
   * Consumer session timeout, default 30 000 ms: how long a crashed member keeps its
   * partitions before the group moves them. Within the broker's group.min/max.session.timeout.ms.
   */
  readonly sessionTimeoutMs?: number;
  /** Consumer heartbeat interval, default 3000 ms (a third of the session timeout or less). */
  readonly heartbeatIntervalMs?: number;
  /**
   * Longest wait of a fetch on an idle topic, default 1000 ms (at most a third of the session
   * timeout): it bounds how long closing a subscription waits for the fetch in flight.
   */
  readonly fetchMaxWaitMs?: number;
  /**
   * Most bytes one fetch returns per partition, default 4 MiB (the library's: 1 MiB): fewer
   * fetch round trips per message.
   */
  readonly fetchMaxBytesPerPartition?: number;
  /**
   * Least time between two offset commits of a partition, default 100 ms; the last position is
   * committed after the interval and when the subscription closes. A crash redelivers at most
   * what was handled since the last commit (at-least-once either way). A commit per confirmed
   * produce request cost the broker about as much CPU as the translations (issue 28, profiled).
   */
  readonly commitIntervalMs?: number;
  /**
   * Producer linger (Kafka's linger.ms), default 3 ms: while outputs keep coming, a produce
   * request that follows another waits up to this long for `LINGER_RECORDS` records, so the broker
   * handles fewer, larger requests; 0 sends what is queued as soon as the previous one is confirmed.
   */
  readonly lingerMs?: number;
}

/** Records a lingering produce request waits for (with 5 kB outputs, about the 512 KiB batch cap). */
const LINGER_RECORDS = 100;

const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

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

// Values stay bytes (the library's default, no deserializer): a channel is handed its whole
// delivery window at once and most of it waits for a translation slot; decoded on arrival, those
// texts outlived young-generation collections and were copied by each one (issue 42). Outputs are
// encoded when queued, for the same reason while they wait for their batch's acknowledgement.
type BytesMessage = Message<Buffer, Buffer, Buffer, Buffer>;
type BytesConsumer = Consumer<Buffer, Buffer, Buffer, Buffer>;
type BytesStream = MessagesStream<Buffer, Buffer, Buffer, Buffer>;

const EMPTY = Buffer.alloc(0);

/** A consumed record whose text is decoded when the channel reads it, once its translation starts. */
class KafkaDelivery implements TransportMessage {
  readonly redelivered = false;

  constructor(
    private readonly bytes: Buffer,
    readonly topic: string,
  ) {}

  /** Decoded on each read (a channel reads it once) and not kept, so the text dies young. */
  get value(): string {
    return this.bytes.toString('utf8');
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Closes at once, leaving the group (the overloads make `close(true)` a callback-style call for tsc). */
function forceClose(client: { close(force: boolean, callback: (error?: Error | null) => void): void }): Promise<void> {
  return new Promise((resolve, reject) => client.close(true, (error) => (error ? reject(error) : resolve())));
}

interface PartitionState {
  tracker: OffsetTracker;
  last: bigint | undefined;
}

class KafkaSubscription implements Subscription {
  closing = false;
  aborted = false;
  private stream: BytesStream | undefined;
  private closed: Promise<void> | undefined;
  private readonly partitions = new Map<number, PartitionState>();
  private readonly commits = new Map<number, CommitCoalescer>();
  /** Handler calls running. */
  private running = 0;
  private readonly idleWaiters: Array<() => void> = [];
  private restarting = false;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private lastCommitAt = 0;

  constructor(
    private readonly owner: KafkaTransport,
    private readonly consumer: BytesConsumer,
    private readonly topic: string,
    private readonly group: string,
    private readonly fallback: 'latest' | 'earliest',
    private readonly maxInFlight: number,
    private readonly handler: MessageHandler,
    private readonly log: Logger,
    private readonly redeliveryDelayMs: number,
    private readonly commitIntervalMs: number,
    private readonly fetch: { maxWaitTime: number; maxBytesPerPartition: number },
  ) {}

  async start(): Promise<void> {
    const stream = await this.consumer.consume({
      topics: [this.topic],
      mode: MessagesStreamModes.COMMITTED,
      fallbackMode: this.fallback === 'earliest' ? MessagesStreamFallbackModes.EARLIEST : MessagesStreamFallbackModes.LATEST,
      autocommit: false,
      maxWaitTime: this.fetch.maxWaitTime,
      maxBytesPerPartition: this.fetch.maxBytesPerPartition,
      maxBytes: Math.max(this.fetch.maxBytesPerPartition, 10 * 1024 * 1024),
      partitionAssigner: bySubscription,
    });
    this.stream = stream;
    stream.on('data', (message: BytesMessage) => this.deliver(stream, message));
    stream.on('error', (error: unknown) => {
      if (!this.closing) this.log.warn({ topic: this.topic, group: this.group, err: error }, 'Kafka consumer stream failed; recreating it');
      if (!this.closing && this.stream === stream) void this.restart();
    });
  }

  private partition(message: BytesMessage): PartitionState {
    let state = this.partitions.get(message.partition);
    // A rebalance makes the stream fetch again from the committed offset: a new watermark from
    // there (calls still running on the old one only ever commit what they finished).
    if (state === undefined || (state.last !== undefined && message.offset <= state.last)) {
      state = { tracker: new OffsetTracker(), last: undefined };
      this.partitions.set(message.partition, state);
    }
    return state;
  }

  /**
   * Whether the group currently assigns `partition` to this member. A fetch sent before a
   * rebalance can answer after it, with messages of a partition that went to another member, which
   * reads them from the committed offset: handled here too, they would be handled twice.
   */
  private owns(partition: number): boolean {
    const assignments = this.consumer.assignments;
    if (assignments === null) return true;
    return assignments.some((a) => a.topic === this.topic && a.partitions.includes(partition));
  }

  private deliver(stream: BytesStream, message: BytesMessage): void {
    if (this.closing || this.restarting || stream !== this.stream || !this.owns(message.partition)) return;
    const state = this.partition(message);
    // After a rejected message its partition starts nothing more: the restart fetches it again.
    if (state.tracker.failed !== undefined) return;
    const { tracker } = state;
    state.last = message.offset;
    tracker.start(message.offset);
    // Only what the call needs after the handler is kept, not the library's record object.
    const { partition, offset } = message;
    const delivery = new KafkaDelivery(message.value ?? EMPTY, this.topic);
    // Promise callbacks and a count, not an async function, a `finally` and a set of promises per
    // message: with a delivery window of hundreds, those outlived young-generation collections (issue 42).
    this.running += 1;
    if (this.running >= this.maxInFlight) stream.pause();
    handle(this.handler, delivery).then(
      () => {
        try {
          tracker.done(offset);
          this.commit(partition, tracker);
        } catch (error) {
          this.rejected(tracker, offset, error);
        }
        this.settled(stream);
      },
      (error: unknown) => {
        this.rejected(tracker, offset, error);
        this.settled(stream);
      },
    );
  }

  /** A handler rejected: its partition stops there, and the stream is fetched again from the commits. */
  private rejected(tracker: OffsetTracker, offset: bigint, error: unknown): void {
    tracker.fail(offset);
    this.log.debug({ topic: this.topic, group: this.group, offset: String(offset), err: error }, 'handler rejected; will fetch again');
    void this.restart();
  }

  /** A handler call settled: resume a stream paused at the limit, wake a restart or close. */
  private settled(stream: BytesStream): void {
    this.running -= 1;
    if (this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    if (!this.closing && !this.restarting && this.stream === stream && this.running < this.maxInFlight && stream.isPaused()) stream.resume();
  }

  /** Resolves once no handler call runs. */
  private idle(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private coalescer(partition: number): CommitCoalescer {
    let commits = this.commits.get(partition);
    if (commits === undefined) {
      commits = new CommitCoalescer(
        (offset) => this.consumer.commit({ offsets: [{ topic: this.topic, partition, offset, leaderEpoch: -1 }] }),
        (error) => this.log.warn({ topic: this.topic, group: this.group, err: error }, 'Kafka offset commit failed'),
      );
      this.commits.set(partition, commits);
    }
    return commits;
  }

  /** Commits the partition's watermark at most every commitIntervalMs; a timer sends the last one. */
  private commit(partition: number, tracker: OffsetTracker): void {
    if (this.aborted) return;
    tracker.committable();
    const position = tracker.position;
    if (position === undefined) return;
    const elapsed = performance.now() - this.lastCommitAt;
    if (elapsed >= this.commitIntervalMs) {
      this.lastCommitAt = performance.now();
      this.coalescer(partition).request(position);
      return;
    }
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.commitIntervalMs - elapsed);
  }

  /** Requests every partition's current watermark. */
  private flush(): void {
    if (this.aborted) return;
    this.lastCommitAt = performance.now();
    for (const [partition, state] of this.partitions) {
      const position = state.tracker.position;
      if (position !== undefined) this.coalescer(partition).request(position);
    }
  }

  private async settleCommits(): Promise<void> {
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flush();
    await Promise.all([...this.commits.values()].map((c) => c.settled()));
  }

  /** After a rejection: let the running calls finish, commit, and fetch again from the commits. */
  private async restart(): Promise<void> {
    if (this.restarting || this.closing) return;
    this.restarting = true;
    try {
      const stream = this.stream;
      stream?.pause();
      await this.idle();
      await this.settleCommits();
      this.stream = undefined;
      this.partitions.clear();
      if (stream !== undefined) await withTimeout(stream.close(), 10_000).catch(() => undefined);
      await sleep(this.redeliveryDelayMs);
      for (let delay = 200; !this.closing; delay = Math.min(delay * 2, 5000)) {
        try {
          await this.start();
          break;
        } catch (error) {
          this.log.warn({ topic: this.topic, group: this.group, err: error }, 'Kafka consumer stream could not be recreated; retrying');
          await sleep(delay);
        }
      }
    } finally {
      this.restarting = false;
    }
  }

  close(): Promise<void> {
    if (this.closed === undefined) {
      this.closing = true;
      this.closed = (async () => {
        this.stream?.pause();
        await this.idle();
        await this.settleCommits();
        await withTimeout(this.stream?.close() ?? Promise.resolve(), 10_000).catch(() => undefined);
        await withTimeout(forceClose(this.consumer), 10_000).catch(() => undefined);
        this.owner.forget(this);
      })();
    }
    return this.closed;
  }

  /** Crash-like: no further commits; do not wait for running handlers. */
  async abort(): Promise<void> {
    this.closing = true;
    this.aborted = true;
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    await withTimeout(forceClose(this.consumer), 5000).catch(() => undefined);
  }
}

export class KafkaTransport implements Transport {
  readonly kind = 'kafka' as const;
  readonly durable = true;

  private readonly brokers: string[];
  private readonly log: Logger;
  private readonly options: KafkaTransportOptions;
  private producer: Producer<Buffer, Buffer, Buffer, Buffer> | undefined;
  private admin: Admin | undefined;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<KafkaSubscription>();
  private closed = false;
  private readonly batches: KafkaBatchSender;
  private readonly outputBytes = new Utf8Slab();

  constructor(options: KafkaTransportOptions) {
    this.options = options;
    this.brokers = (typeof options.brokers === 'string' ? options.brokers.split(',') : [...options.brokers]).map((b) => b.trim()).filter((b) => b !== '');
    if (this.brokers.length === 0) throw new Error('Kafka transport needs at least one broker (host:port)');
    this.log = options.logger ?? silentLogger;
    const lingerMs = options.lingerMs ?? 3;
    this.batches = new KafkaBatchSender(
      async (records) => {
        await this.getProducer().send({
          messages: records.map((r) => ({ topic: r.topic, value: typeof r.value === 'string' ? Buffer.from(r.value, 'utf8') : r.value })),
        });
      },
      undefined,
      undefined,
      { ms: Number.isFinite(lingerMs) && lingerMs > 0 ? lingerMs : 0, records: LINGER_RECORDS },
    );
  }

  private base(
    suffix: string,
  ): { clientId: string; bootstrapBrokers: string[]; retries: number; retryDelay: number } & Pick<ConnectionOptions, 'tls' | 'sasl'> {
    return {
      clientId: `${this.options.clientId ?? 'mediator'}-${suffix}`,
      bootstrapBrokers: this.brokers,
      retries: 5,
      retryDelay: 250,
      ...(this.options.ssl === undefined ? {} : { tls: this.options.ssl }),
      ...(this.options.sasl === undefined ? {} : { sasl: this.options.sasl }),
    };
  }

  private checkTopic(topic: string): void {
    if (!TOPIC_NAME.test(topic)) {
      throw illegalTopic(`"${topic}" is not a legal Kafka topic name (allowed: A-Z a-z 0-9 . _ -, at most 249 characters)`);
    }
  }

  private getAdmin(): Admin {
    this.admin ??= new Admin(this.base('admin'));
    return this.admin;
  }

  private getProducer(): Producer<Buffer, Buffer, Buffer, Buffer> {
    this.producer ??= new Producer({
      ...this.base('producer'),
      idempotent: true,
      acks: ProduceAcks.ALL,
      autocreateTopics: false,
    });
    return this.producer;
  }

  private ensureTopic(topic: string): Promise<void> {
    let ready = this.topics.get(topic);
    if (ready === undefined) {
      ready = (async () => {
        const admin = this.getAdmin();
        try {
          await admin.createTopics({ topics: [topic], partitions: this.options.numPartitions ?? 1, replicas: this.options.replicationFactor ?? -1 });
          await this.untilLed(topic);
        } catch (error) {
          // Already there (or another process won the race): fine when the metadata lists it.
          const metadata = await admin.metadata({ topics: [topic], forceUpdate: true }).catch(() => undefined);
          if (metadata?.topics.has(topic) !== true) throw error;
        }
      })();
      this.topics.set(topic, ready);
      ready.catch(() => this.topics.delete(topic));
    }
    return ready;
  }

  /**
   * Until every partition of a topic just made has a leader (at most 5 s, then the client's own
   * retries take over): a produce to a partition without one yet failed and was retried by the
   * client 250 ms later, which a channel's first output paid (issue 42).
   */
  private async untilLed(topic: string): Promise<void> {
    const deadline = performance.now() + 5000;
    for (;;) {
      const metadata = await this.getAdmin().metadata({ topics: [topic], forceUpdate: true });
      const partitions = metadata.topics.get(topic)?.partitions ?? [];
      if ((partitions.length > 0 && partitions.every((p) => p.leader >= 0)) || performance.now() > deadline) return;
      await sleep(20);
    }
  }

  /**
   * Makes the sink ready while a channel joins its group (the channel runtime calls this as it
   * subscribes): the topic made and led, and the producer connected and knowing its leader, so a
   * channel's first output does not wait for them (issue 42: 80-680 ms on the bench's new sinks).
   */
  async preparePublish(topic: string): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    await this.ensureTopic(topic);
    await this.getProducer().metadata({ topics: [topic] });
  }

  async publish(topic: string, value: string): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    await this.ensureTopic(topic);
    // Through the one queue: concurrent produce requests of the idempotent producer were refused
    // with OUT_OF_ORDER_SEQUENCE_NUMBER (@platformatic/kafka 1.35, 128 publishes at once).
    await this.batches.enqueue(topic, this.outputBytes.encode(value));
  }

  publishPipelined(topic: string, value: string): PipelinedPublish {
    const bytes = this.outputBytes.encode(value);
    let markSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    const confirmed = (async () => {
      try {
        if (this.closed) throw new Error('kafka transport is closed');
        this.checkTopic(topic);
        await this.ensureTopic(topic);
        const acked = this.batches.enqueue(topic, bytes);
        markSent();
        await acked;
      } finally {
        markSent();
      }
    })();
    return { sent, confirmed };
  }

  /**
   * A brand-new group starts at the topic's end as of now, committed before it joins: the stream's
   * own "latest" is resolved after the join and would skip what was published in between. A group
   * with members (on other topics) refuses an admin commit: then the stream's "latest" it is.
   */
  private async pinLatest(topic: string, group: string): Promise<void> {
    const admin = this.getAdmin();
    const count = (await admin.metadata({ topics: [topic] })).topics.get(topic)?.partitionsCount ?? 1;
    const partitionIndexes = Array.from({ length: count }, (_, i) => i);
    const [listed] = await admin.listConsumerGroupOffsets({ groups: [{ groupId: group, topics: [{ name: topic, partitionIndexes }] }] });
    const committed = listed?.topics.find((t) => t.name === topic)?.partitions ?? [];
    if (committed.some((p) => p.committedOffset >= 0n)) return;
    const ends = await admin.listOffsets({
      topics: [{ name: topic, partitions: partitionIndexes.map((partitionIndex) => ({ partitionIndex, timestamp: -1n })) }],
    });
    const partitionOffsets = (ends.find((t) => t.name === topic)?.partitions ?? []).map((p) => ({ partition: p.partitionIndex, offset: p.offset }));
    try {
      await admin.alterConsumerGroupOffsets({ groupId: group, topics: [{ name: topic, partitionOffsets }] });
    } catch (error) {
      this.log.debug({ topic, group, err: error }, 'could not pin the start of a new group; the stream resolves it after joining');
    }
  }

  async subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    try {
      return await this.subscribeTo(topic, group, options, handler);
    } catch (error) {
      // The channel's reason: which broker, and the cause under the client's layers (issue 40).
      throw new Error(`Kafka at ${this.brokers.join(',')}: ${kafkaErrorReason(error)}`, { cause: error });
    }
  }

  private async subscribeTo(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    if (group === '') throw new Error('group must be non-empty');
    await this.ensureTopic(topic);
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    const consumer: BytesConsumer = new Consumer({
      ...this.base('consumer'),
      groupId: group,
      autocommit: false,
      sessionTimeout,
      heartbeatInterval: this.options.heartbeatIntervalMs ?? 3000,
      partitionAssigner: bySubscription,
    });
    const from = options.from ?? 'latest';
    try {
      if (from === 'latest') await this.pinLatest(topic, group);
      const subscription = new KafkaSubscription(
        this,
        consumer,
        topic,
        group,
        from,
        Math.max(1, Math.floor(options.maxInFlight) || 1),
        handler,
        this.log,
        this.options.redeliveryDelayMs ?? 1000,
        this.options.commitIntervalMs ?? 100,
        {
          maxWaitTime: Math.min(this.options.fetchMaxWaitMs ?? 1000, Math.floor(sessionTimeout / 3)),
          maxBytesPerPartition: this.options.fetchMaxBytesPerPartition ?? 4 * 1024 * 1024,
        },
      );
      const started = await withTimeout(
        subscription.start().then(() => true),
        this.options.joinTimeoutMs ?? 30_000,
      );
      if (started !== true) throw new Error(`consumer group "${group}" did not join within the time limit`);
      this.subscriptions.add(subscription);
      return subscription;
    } catch (error) {
      await withTimeout(forceClose(consumer), 5000).catch(() => undefined);
      throw error;
    }
  }

  async probe(timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    try {
      const answered = await withTimeout(this.getAdmin().metadata({ topics: [], forceUpdate: true }), timeoutMs);
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
    await withTimeout(Promise.allSettled([producer === undefined ? undefined : forceClose(producer), admin?.close()]), 5000);
  }
}
