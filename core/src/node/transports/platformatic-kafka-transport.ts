/**
 * The Kafka transport on `@platformatic/kafka` (issue 28: measured against the kafkajs one, which
 * has had no release since 2023), with the same guarantees as kafka-transport.ts:
 *
 * - Producer: idempotent, acks = -1. Every publish, a channel's output or not, goes through one
 *   queue (kafka-batching.ts): one produce request per batch, one batch at a time, each record
 *   confirmed with its batch. The library's idempotent producer refused concurrent requests.
 * - Consumer: one consumer group per channel, no autocommit. The library fetches ahead into a
 *   stream; up to `maxInFlight` handler calls run at once (the stream is paused at the limit), and
 *   a partition's offset is committed only up to the last offset below which every handler call
 *   resolved (`OffsetTracker`), at most every `commitIntervalMs` and once more when the
 *   subscription closes. A rejected handler stops its partition's watermark there: later messages
 *   of that partition are not started, and once the running calls settled, the stream is
 *   recreated from the committed offsets after `redeliveryDelayMs` (the redelivery).
 * - A brand-new group with `from: 'latest'` gets the topic's end committed before it joins, so a
 *   message published once subscribe() returned is never skipped (as the kafkajs transport).
 * - Partitions go only to members subscribed to their topic (kafka-assigner.ts).
 */
import {
  Admin,
  Consumer,
  MessagesStreamFallbackModes,
  MessagesStreamModes,
  ProduceAcks,
  Producer,
  stringDeserializers,
  stringSerializers,
  type GroupPartitionsAssigner,
  type Message,
  type MessagesStream,
} from '@platformatic/kafka';
import { silentLogger, type Logger } from '../../common/logger.js';
import type { MessageHandler, PipelinedPublish, SubscribeOptions, Subscription, Transport } from '../../common/channels/transport.js';
import { assignBySubscription } from './kafka-assigner.js';
import { CommitCoalescer, KafkaBatchSender } from './kafka-batching.js';
import { OffsetTracker, type KafkaTransportOptions } from './kafka-transport.js';

const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

type StringMessage = Message<string, string, string, string>;
type StringConsumer = Consumer<string, string, string, string>;
type StringStream = MessagesStream<string, string, string, string>;

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

/** kafka-assigner.ts's rule for this library's assigner hook: a topic's partitions go only to its subscribers. */
const bySubscription: GroupPartitionsAssigner = (_current, members, topics, metadata) => {
  const subscriptions = new Map([...members].map(([id, m]) => [id, m.topics ?? []] as const));
  const union = new Set([...topics, ...[...subscriptions.values()].flat()]);
  const partitions = new Map<string, number[]>();
  for (const topic of union) {
    const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
    partitions.set(
      topic,
      Array.from({ length: count }, (_, i) => i),
    );
  }
  return [...assignBySubscription(subscriptions, partitions)].map(([memberId, assignment]) => ({
    memberId,
    assignments: new Map(Object.entries(assignment).map(([topic, ids]) => [topic, { topic, partitions: ids }] as const)),
  }));
};

interface PartitionState {
  tracker: OffsetTracker;
  last: bigint | undefined;
}

class PlatformaticSubscription implements Subscription {
  closing = false;
  aborted = false;
  private stream: StringStream | undefined;
  private closed: Promise<void> | undefined;
  private readonly partitions = new Map<number, PartitionState>();
  private readonly commits = new Map<number, CommitCoalescer>();
  private readonly running = new Set<Promise<void>>();
  private restarting = false;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private lastCommitAt = 0;

  constructor(
    private readonly owner: PlatformaticKafkaTransport,
    private readonly consumer: StringConsumer,
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
    stream.on('data', (message: StringMessage) => this.deliver(stream, message));
    stream.on('error', (error: unknown) => {
      if (!this.closing) this.log.warn({ topic: this.topic, group: this.group, err: error }, 'Kafka consumer stream failed; recreating it');
      if (!this.closing && this.stream === stream) void this.restart();
    });
  }

  private partition(message: StringMessage): PartitionState {
    let state = this.partitions.get(message.partition);
    // A rebalance makes the stream fetch again from the committed offset: a new watermark from
    // there (calls still running on the old one only ever commit what they finished).
    if (state === undefined || (state.last !== undefined && message.offset <= state.last)) {
      state = { tracker: new OffsetTracker(), last: undefined };
      this.partitions.set(message.partition, state);
    }
    return state;
  }

  private deliver(stream: StringStream, message: StringMessage): void {
    if (this.closing || this.restarting || stream !== this.stream) return;
    const state = this.partition(message);
    // After a rejected message its partition starts nothing more: the restart fetches it again.
    if (state.tracker.failed !== undefined) return;
    const { tracker } = state;
    state.last = message.offset;
    tracker.start(message.offset);
    const partition = message.partition;
    const run = (async () => {
      try {
        await this.handler({ value: message.value ?? '', topic: this.topic, redelivered: false });
        tracker.done(message.offset);
        this.commit(partition, tracker);
      } catch (error) {
        tracker.fail(message.offset);
        this.log.debug({ topic: this.topic, group: this.group, offset: String(message.offset), err: error }, 'handler rejected; will fetch again');
        void this.restart();
      }
    })();
    this.running.add(run);
    if (this.running.size >= this.maxInFlight) stream.pause();
    void run.finally(() => {
      this.running.delete(run);
      if (!this.closing && !this.restarting && this.stream === stream && this.running.size < this.maxInFlight && stream.isPaused()) stream.resume();
    });
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
      await Promise.allSettled([...this.running]);
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
        await Promise.allSettled([...this.running]);
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

export class PlatformaticKafkaTransport implements Transport {
  readonly kind = 'kafka' as const;
  readonly durable = true;

  private readonly brokers: string[];
  private readonly log: Logger;
  private readonly options: KafkaTransportOptions;
  private producer: Producer<string, string, string, string> | undefined;
  private admin: Admin | undefined;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<PlatformaticSubscription>();
  private closed = false;
  private readonly batches = new KafkaBatchSender(async (records) => {
    await this.getProducer().send({ messages: records.map((r) => ({ topic: r.topic, value: r.value })) });
  });

  constructor(options: KafkaTransportOptions) {
    this.options = options;
    this.brokers = (typeof options.brokers === 'string' ? options.brokers.split(',') : [...options.brokers]).map((b) => b.trim()).filter((b) => b !== '');
    if (this.brokers.length === 0) throw new Error('Kafka transport needs at least one broker (host:port)');
    this.log = options.logger ?? silentLogger;
  }

  private base(suffix: string): { clientId: string; bootstrapBrokers: string[]; retries: number; retryDelay: number } {
    return { clientId: `${this.options.clientId ?? 'mediator'}-${suffix}`, bootstrapBrokers: this.brokers, retries: 5, retryDelay: 250 };
  }

  private checkTopic(topic: string): void {
    if (!TOPIC_NAME.test(topic)) {
      throw new Error(`"${topic}" is not a legal Kafka topic name (allowed: A-Z a-z 0-9 . _ -, at most 249 characters)`);
    }
  }

  private getAdmin(): Admin {
    this.admin ??= new Admin(this.base('admin'));
    return this.admin;
  }

  private getProducer(): Producer<string, string, string, string> {
    this.producer ??= new Producer({
      ...this.base('producer'),
      idempotent: true,
      acks: ProduceAcks.ALL,
      serializers: stringSerializers,
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

  async publish(topic: string, value: string): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    await this.ensureTopic(topic);
    // Through the one queue: concurrent produce requests of the idempotent producer were refused
    // with OUT_OF_ORDER_SEQUENCE_NUMBER (@platformatic/kafka 1.35, 128 publishes at once).
    await this.batches.enqueue(topic, value);
  }

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
    if (this.closed) throw new Error('kafka transport is closed');
    this.checkTopic(topic);
    if (group === '') throw new Error('group must be non-empty');
    await this.ensureTopic(topic);
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    const consumer: StringConsumer = new Consumer({
      ...this.base('consumer'),
      groupId: group,
      deserializers: stringDeserializers,
      autocommit: false,
      sessionTimeout,
      heartbeatInterval: this.options.heartbeatIntervalMs ?? 3000,
      partitionAssigner: bySubscription,
    });
    const from = options.from ?? 'latest';
    try {
      if (from === 'latest') await this.pinLatest(topic, group);
      const subscription = new PlatformaticSubscription(
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
  forget(subscription: PlatformaticSubscription): void {
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
