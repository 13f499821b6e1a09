/**
 * NATS JetStream transport (`nats` 2.29; tested against nats-server 2.9.10 and 2.15.2, single node and a
 * three-node cluster).
 *
 * Topic mapping (topic names such as `mw-mediator-downstream-http_inter-iot.eu_platforms_p1`
 * contain dots, which are token separators in subjects and illegal in stream names):
 *
 *   token   = sanitize(topic) + "_" + first 10 hex digits of sha256(topic)
 *             sanitize: every character outside [A-Za-z0-9_-] becomes "_", cut to 80 characters
 *   subject = "<subjectPrefix>.<token>"      default prefix "mediator.topic"
 *   stream  = "<streamPrefix>_<token>"       default prefix "MEDIATOR"
 *   durable consumer of group g = sanitize(g) + "_" + 10 hex of sha256(g)
 *
 * The hash keeps the mapping injective (`a.b` and `a_b` differ) while the name stays readable;
 * `natsNames(topic)` computes it for other tools that publish to or read from the same topics.
 *
 * Streams are created on demand (idempotent: two processes creating the same stream is fine; a
 * channel's sink when the channel starts, alongside its consumer: `preparePublish`),
 * file storage, limits retention (max age 7 days by default, oldest discarded first), replicas =
 * 3 in a cluster (fewer only when the cluster cannot place 3) and 1 on a single server, unless
 * configured. One durable pull consumer per (topic, group), shared by
 * every mediator process, so N processes split the load. Each subscription leases at most
 * `maxInFlight` plus a small prefetch (up to 32) so the next fetch overlaps the handlers; prefetched
 * messages start their handlers in stream order and go back to the group (nak) on close. A message
 * is acked only after the handler resolved; while it waits or runs, "working" signals extend the
 * ack deadline, so a short `ack_wait` (default 5 s) redelivers a crashed process's messages quickly
 * without redelivering slow ones. Publishing can be pipelined (`publishPipelined`): one
 * connection's writes keep their order, so a channel sends its next output without waiting for the
 * previous one's JetStream ack.
 * A rejected handler naks with a delay (redelivery). Publish awaits the JetStream ack and retries
 * transient failures (no leader during a node loss, reconnects) with backoff, bounded by
 * `publishTimeoutMs`, with a message id so a retried publish is not stored twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  ErrorCode,
  Events,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConnectionOptions,
  type Consumer,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { apiErrCode, errCode, isTransientNatsError, messageOf } from '../nats/nats-errors.js';
import { connectFailure, natsConnection, type NatsSecurity } from '../nats/nats-security.js';
import { JetStreamAsyncPublisher, NatsOutbox } from './nats-async-publisher.js';
import { jetStreamDeliveryCount, jetStreamMessageKey } from '../nats/js-ack-subject.js';
import { parseInfo } from 'nats/lib/jetstream/jsmsg.js';
import { Utf8Slab } from './utf8-slab.js';

export interface NatsTransportOptions {
  /** Server URLs, e.g. `['nats://127.0.0.1:4222', 'nats://127.0.0.1:4223']` (or comma-separated). */
  readonly servers: readonly string[] | string;
  readonly logger?: Logger;
  /** Connection name shown by the server. */
  readonly name?: string;
  /** Stream replicas; default 3 in a cluster (fewer if it cannot place 3), 1 on a single server. */
  readonly replicas?: number;
  /** JetStream ack_wait, default 5000 ms. */
  readonly ackWaitMs?: number;
  /** Total time a publish keeps retrying transient failures, default 30 000 ms. */
  readonly publishTimeoutMs?: number;
  /** Delay before a nak'ed (handler rejected) message is redelivered, default 1000 ms. */
  readonly redeliveryDelayMs?: number;
  /** Stream retention by age, default 7 days. */
  readonly maxAgeMs?: number;
  /** Stream size limit in bytes, default unlimited (-1). */
  readonly maxBytes?: number;
  /** Initial connection timeout, default 5000 ms (the connection then reconnects forever). */
  readonly connectTimeoutMs?: number;
  readonly streamPrefix?: string;
  readonly subjectPrefix?: string;
  /** TLS files and credentials (issue 40); a `user:password@` or `token@` in a server URL is used too. */
  readonly security?: NatsSecurity;
}

export interface NatsNames {
  readonly stream: string;
  readonly subject: string;
}

/**
 * The client writes its outbound buffer to the socket inline once it holds 32 KiB (its hidden
 * `pendingLimit` option), so one turn's batch of channel outputs (3.5 kB each) left in several
 * writes. With 256 KiB a batch goes out in one: 2.5 times fewer socket writes per message, and on
 * a cluster fewer wake-ups of the servers that share the machine (issue 42). Memory stays bounded
 * by the batch, which the channel's windows bound.
 */
const NATS_WRITE_BATCH = { pendingLimit: 256 * 1024 } as Partial<ConnectionOptions>;

/** `sent` of a publish queued at once. */
const ALREADY_SENT: Promise<void> = Promise.resolve();

/** How long a subscription waits for a new replicated consumer's leader before it pulls anyway. */
const CONSUMER_LEADER_WAIT_MS = 5000;
/** The expiry of a subscription's first pull request (doubling from there). */
const FIRST_FETCH_EXPIRES_MS = 1000;
/** Given-back messages remembered per transport (`NatsTransport.givenBack`): about 1 MB of keys at most. */
const GIVEN_BACK_KEPT = 10_000;

const SAFE_MAX = 80;

function hash10(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 10);
}

function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, SAFE_MAX);
}

/** The injective, legal encoding of a name: sanitized + `_` + hash. */
export function natsToken(name: string): string {
  return `${sanitize(name)}_${hash10(name)}`;
}

/** Stream and subject of a topic (see the file comment). */
export function natsNames(topic: string, options: { streamPrefix?: string; subjectPrefix?: string } = {}): NatsNames {
  const token = natsToken(topic);
  return {
    stream: `${options.streamPrefix ?? 'MEDIATOR'}_${token}`,
    subject: `${options.subjectPrefix ?? 'mediator.topic'}.${token}`,
  };
}

/** Durable consumer name of a consumer group. */
export function natsDurableName(group: string): string {
  return natsToken(group);
}

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;
const CONSUMER_NOT_FOUND = 10014;
const CONSUMER_NAME_EXISTS = 10013;
const CONSUMER_ALREADY_EXISTS = 10148;
const NO_SUITABLE_PEERS = 10005;
const REPLICAS_NOT_SUPPORTED = 10074;
const INSUFFICIENT_RESOURCES = 10023;

/** How long stream creation waits for enough JetStream peers before creating fewer replicas. */
const PLACEMENT_WAIT_MS = 10_000;

const utf8 = new TextEncoder();

export class TransportClosedError extends Error {
  constructor(kind: string) {
    super(`${kind} transport is closed`);
    this.name = 'TransportClosedError';
  }
}

/** The acknowledgement payloads a JetStream consumer understands (what the client's `JsMsg` writes). */
const ACK = utf8.encode('+ACK');
const NAK = utf8.encode('-NAK');
const WORKING = utf8.encode('+WPI');

const utf8Decoder = new TextDecoder();

/**
 * A delivered message, kept as its payload bytes and its ack subject only (issue 42). A channel is
 * handed its whole delivery window (parallelism + publish window) at once and most of it waits for
 * a translation slot for tens of milliseconds, so what a delivery holds outlives young-generation
 * collections and is promoted: the client's `JsMsg` with its message, argument and header views,
 * decoded subjects and delivery info came to about 1.6 kB per message. This is the reply subject
 * string and a view of the bytes (which live outside the V8 heap); the text is decoded when the
 * handler reads it (issue 13), and acks, naks and "working" signals are the same one-line
 * publishes to the ack subject that `JsMsg` writes.
 */
class NatsDelivery implements TransportMessage {
  /** An ack or nak was written: like `JsMsg`, only the first final answer goes out. */
  answered = false;
  /** This process gave the message back before (see `NatsTransport.givenBack`). */
  givenBackBefore = false;

  constructor(
    private readonly data: Uint8Array,
    readonly reply: string,
    readonly topic: string,
  ) {}

  /** Decoded on each read (a channel reads it once) and not kept, so the text dies young. */
  get value(): string {
    return utf8Decoder.decode(this.data);
  }

  get redelivered(): boolean {
    return this.givenBackBefore || deliveryCount(this.reply) > 1;
  }
}

/** A delivery's count from its ack subject; the client's own reading for a subject of another shape. */
function deliveryCount(reply: string): number {
  const count = jetStreamDeliveryCount(reply);
  if (count !== undefined) return count;
  try {
    return parseInfo(reply).deliveryCount;
  } catch {
    return 1;
  }
}

class NatsSubscription implements Subscription {
  closed = false;
  private batch: ConsumerMessages | undefined;
  /** Handler calls running. */
  private running = 0;
  /** Called when the last running handler call settles (a close waits for it). */
  private whenIdle: (() => void) | undefined;
  private readonly waiting: NatsDelivery[] = [];
  /** Every message this subscription holds leased (waiting or handled), for the heartbeat. */
  private readonly leased = new Set<NatsDelivery>();
  /** A failed handler's nak: redelivered after the transport's delay (what `JsMsg.nak(delay)` writes). */
  private readonly delayedNak: Uint8Array;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private slotFreed: (() => void) | undefined;
  private loop: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;
  /** Handler slots plus prefetched messages: how many this process holds leased at most. */
  private readonly capacity: number;

  constructor(
    private readonly owner: NatsTransport,
    private readonly topic: string,
    private readonly stream: string,
    private readonly durable: string,
    private consumer: Consumer,
    private readonly maxInFlight: number,
    private readonly handler: MessageHandler,
    private readonly log: Logger,
  ) {
    // A small prefetch hides the fetch round trip behind the handlers without hoarding messages
    // that other processes of the group could take.
    this.capacity = maxInFlight + Math.min(Math.max(maxInFlight, 4), 32);
    const delay = owner.redeliveryDelayMs;
    this.delayedNak = delay ? utf8.encode(`-NAK ${JSON.stringify({ delay: nanos(delay) })}`) : NAK;
  }

  run(): void {
    // "Working" signals extend the ack deadline of every leased message while it waits or is
    // handled: one timer for the subscription rather than one per message (a channel with a
    // publish window holds hundreds).
    this.heartbeatTimer = setInterval(() => this.heartbeat(), Math.max(200, Math.floor(this.owner.ackWaitMs / 3)));
    this.loop = this.pull();
  }

  private get held(): number {
    return this.running + this.waiting.length;
  }

  private async pull(): Promise<void> {
    let backoff = 100;
    // The first pull requests expire soon, then ever later up to fetchExpiresMs: on a cluster a new
    // consumer's leadership may still move, and a pull request left with a former leader is
    // answered by nobody until it expires (issue 32: new channels consumed by one process only).
    let expires = Math.min(FIRST_FETCH_EXPIRES_MS, this.owner.fetchExpiresMs);
    while (!this.closed) {
      // Fetch when half the capacity is free (or nothing is left to do), so the next batch is
      // already on its way while the rest are handled.
      while (!this.closed && this.held > 0 && this.capacity - this.held < Math.ceil(this.capacity / 2)) {
        await new Promise<void>((resolve) => {
          this.slotFreed = resolve;
        });
      }
      if (this.closed) break;
      const want = this.capacity - this.held;
      try {
        // Never more than `capacity` leased: a prefetched message is kept alive by its heartbeat
        // (below) until a handler slot takes it, in stream order.
        // Messages arrive through a callback, called as the client reads each one, rather than an
        // async iterator (a queued promise and an iterator step per message; issue 42). The
        // client's fetch honours `callback` as its consume does (one implementation), though its
        // fetch options do not declare it; the batch's end is then `closed()`, with its error.
        const options = { max_messages: want, expires, callback: (m: JsMsg) => this.arrive(m) };
        const batch = await this.consumer.fetch(options);
        expires = Math.min(expires * 2, this.owner.fetchExpiresMs);
        this.batch = batch;
        if (this.closed) batch.stop();
        const failure = await batch.closed();
        if (failure instanceof Error) throw failure;
        this.batch = undefined;
        backoff = 100;
      } catch (error) {
        this.batch = undefined;
        if (this.closed) break;
        this.log.warn({ topic: this.topic, stream: this.stream, consumer: this.durable, err: error }, 'NATS fetch failed; retrying');
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 5000);
        if (apiErrCode(error) === CONSUMER_NOT_FOUND || apiErrCode(error) === STREAM_NOT_FOUND || errCode(error) === ErrorCode.JetStream404NoMessages) {
          try {
            this.consumer = await this.owner.reattach(this.topic, this.durable);
          } catch (reattachError) {
            this.log.warn({ topic: this.topic, err: reattachError }, 'NATS consumer could not be re-created yet');
          }
        }
      }
    }
  }

  /** A fetched message: kept as a light delivery (the client's `JsMsg` dies young) and handed on in stream order. */
  private arrive(m: JsMsg): void {
    // `reply` is the ack subject (on the client's JsMsg, not in its declared interface).
    const delivery = new NatsDelivery(m.data, (m as JsMsg & { readonly reply: string }).reply, this.topic);
    delivery.givenBackBefore = this.owner.gaveBack(delivery.reply);
    if (this.closed) {
      this.release(delivery);
      return;
    }
    this.leased.add(delivery);
    this.waiting.push(delivery);
    this.pump();
  }

  /**
   * Writes an ack or a nak once (a message is acknowledged or given back, never both); `later`: at
   * the end of this turn of the event loop, in one write with the turn's other publishes.
   */
  private answer(d: NatsDelivery, payload: Uint8Array, later = false): void {
    if (d.answered || this.owner.isClosed) return;
    d.answered = true;
    if (later) this.owner.respondLater(d.reply, payload);
    else this.owner.respond(d.reply, payload);
  }

  private heartbeat(): void {
    if (this.owner.isClosed) return;
    for (const d of this.leased) {
      try {
        this.owner.respond(d.reply, WORKING);
      } catch {
        // Connection gone: the message will be redelivered after ack_wait anyway.
      }
    }
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== undefined) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  /** Gives a message back at once (nak without delay) so another member can take it. */
  private release(d: NatsDelivery): void {
    this.owner.rememberGivenBack(d.reply);
    try {
      this.answer(d, NAK);
    } catch {
      // Not acknowledged either way: redelivered after ack_wait.
    }
  }

  /** Starts handlers for waiting messages while slots are free, in stream order. */
  private pump(): void {
    while (!this.closed && this.running < this.maxInFlight && this.waiting.length > 0) {
      this.dispatch(this.waiting.shift()!);
    }
  }

  /**
   * Hands a message to the handler; its outcome acks or naks it. Promise callbacks rather than an
   * async function and a `finally` per message, and a count rather than a set of promises: with a
   * delivery window of hundreds, those outlived young-generation collections (issue 42).
   */
  private dispatch(d: NatsDelivery): void {
    this.running += 1;
    handle(this.handler, d).then(
      () => this.acknowledge(d),
      (error: unknown) => this.giveBack(d, error),
    );
  }

  private acknowledge(d: NatsDelivery): void {
    this.leased.delete(d);
    if (d.givenBackBefore) this.owner.forgetGivenBack(d.reply);
    try {
      // Written with the other acks and publishes of this turn of the event loop, in one go.
      this.answer(d, ACK, true);
    } catch (error) {
      this.log.warn({ topic: this.topic, reply: d.reply, err: error }, 'ack failed; the message will be delivered again');
    }
    this.settled();
  }

  private giveBack(d: NatsDelivery, error: unknown): void {
    this.leased.delete(d);
    this.log.debug({ topic: this.topic, reply: d.reply, err: error }, 'handler rejected; nak');
    this.owner.rememberGivenBack(d.reply);
    try {
      // Given back while closing (the channel stopped before starting it): at once, for the
      // rest of the group; a failure: after a delay, so a failing sink is not hammered.
      this.answer(d, this.closed ? NAK : this.delayedNak);
    } catch {
      // Not acknowledged either way: redelivered after ack_wait.
    }
    this.settled();
  }

  /** A handler call settled: start the next, wake a waiting fetch or close. */
  private settled(): void {
    this.running -= 1;
    if (this.running === 0) this.whenIdle?.();
    this.pump();
    const wake = this.slotFreed;
    this.slotFreed = undefined;
    wake?.();
  }

  /** Stops fetching at once (no waiting): used by both close paths. */
  halt(): void {
    this.closed = true;
    this.batch?.stop();
    // Prefetched messages no handler took go back to the group now rather than after ack_wait.
    for (const d of this.waiting.splice(0)) {
      this.leased.delete(d);
      this.release(d);
    }
    const wake = this.slotFreed;
    this.slotFreed = undefined;
    wake?.();
  }

  /** Crash-like: stop heartbeats so in-flight messages time out and are redelivered elsewhere. */
  abort(): void {
    this.halt();
    this.stopHeartbeat();
    this.leased.clear();
  }

  close(): Promise<void> {
    if (this.closing === undefined) {
      this.halt();
      this.closing = (async () => {
        await this.loop;
        if (this.running > 0) await new Promise<void>((resolve) => (this.whenIdle = resolve));
        this.stopHeartbeat();
        await this.owner.flush();
        this.owner.forget(this);
      })();
    }
    return this.closing;
  }
}

export class NatsTransport implements Transport {
  readonly kind = 'nats' as const;
  readonly durable = true;
  readonly ackWaitMs: number;
  readonly redeliveryDelayMs: number;
  readonly fetchExpiresMs = 5000;

  private readonly servers: string[];
  /** The connect options that carry the URLs' credentials and `security` (never shown). */
  private readonly secured: ReturnType<typeof natsConnection>;
  private readonly log: Logger;
  private readonly options: NatsTransportOptions;
  private connection: Promise<NatsConnection> | undefined;
  private nc: NatsConnection | undefined;
  private readonly streams = new Map<string, Promise<void>>();
  /** Topics whose stream promise in `streams` resolved: publishes to them need not wait for it. */
  private readonly readyStreams = new Set<string>();
  /** Lowered when the cluster proved unable to place 3 replicas. */
  private clusterMaxReplicas = 3;
  private readonly subscriptions = new Set<NatsSubscription>();
  private closed = false;
  /** Why the broker is out of reach (a disconnect seen and no reconnect since), or undefined while in touch. */
  private unreachable: string | undefined;
  /** Names are hashed once per topic, not once per message. */
  private readonly nameCache = new Map<string, NatsNames>();
  /** Outputs' bytes, cut from a shared slab rather than an ArrayBuffer each (as the Kafka and MQTT transports do). */
  private readonly outputBytes = new Utf8Slab();
  /** The JetStream client of the current connection (one per connection, not per publish). */
  private jsClient: { readonly nc: NatsConnection; readonly js: JetStreamClient } | undefined;
  /** The JetStream manager of the current connection (see jsm()). */
  private jsmClient: { readonly nc: NatsConnection; readonly jsm: JetStreamManager } | undefined;
  /** Channel outputs: asynchronous publishes, acknowledged through one inbox (issue 13). */
  private publisher: JetStreamAsyncPublisher | undefined;
  /**
   * Message ids (`Nats-Msg-Id`, so a retried publish is stored once): 96 random bits per transport
   * and a count, unique as a UUID per publish was, for a counter's cost (a UUID formatted per
   * output was half a kilobyte of garbage per message; issue 42).
   */
  private readonly messageIdPrefix = `${randomBytes(12).toString('base64url')}.`;
  private messageCount = 0;
  /** @internal writes (acks, publishes) queued for the end of the current event-loop turn. */
  readonly outbox = new NatsOutbox();
  /**
   * Messages this process gave back (nak), keyed by consumer, stream sequence and stored timestamp
   * (`jetStreamMessageKey`), oldest first, so that one coming again reads as redelivered even when
   * the server counts it as a first delivery: nats-server 2.9 (Debian's) rewinds its stream cursor
   * when a due redelivery finds only pull requests it cannot serve (one that expires in that
   * instant, another client's too small for it), and sends the message again with a count of 1.
   * Forgotten when acknowledged; at most GIVEN_BACK_KEPT are kept (a sink down for long gives back
   * every message, and other members may take them).
   */
  private readonly givenBack = new Set<string>();

  constructor(options: NatsTransportOptions) {
    this.options = options;
    this.secured = natsConnection(options.servers, options.security);
    this.servers = this.secured.servers;
    if (this.servers.length === 0) throw new Error('NATS transport needs at least one server URL');
    this.log = options.logger ?? silentLogger;
    this.ackWaitMs = options.ackWaitMs ?? 5000;
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? 1000;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** @internal a delivery's message is being given back (see `givenBack`). */
  rememberGivenBack(reply: string): void {
    const key = jetStreamMessageKey(reply);
    if (key === undefined) return;
    // Given back again: now the newest, so a message that keeps failing is the last to be dropped.
    this.givenBack.delete(key);
    if (this.givenBack.size >= GIVEN_BACK_KEPT) this.givenBack.delete(this.givenBack.values().next().value!);
    this.givenBack.add(key);
  }

  /** @internal whether this process gave a delivery's message back before (nothing parsed while none was). */
  gaveBack(reply: string): boolean {
    if (this.givenBack.size === 0) return false;
    const key = jetStreamMessageKey(reply);
    return key !== undefined && this.givenBack.has(key);
  }

  /** @internal a message given back before was acknowledged. */
  forgetGivenBack(reply: string): void {
    const key = jetStreamMessageKey(reply);
    if (key !== undefined) this.givenBack.delete(key);
  }

  /** Name of the server the connection is on now (undefined before connecting). */
  get connectedServer(): string | undefined {
    return this.nc === undefined || this.nc.isClosed() ? undefined : this.nc.info?.server_name;
  }

  async probe(timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    try {
      // A PING the server must answer: the client's own state says nothing while it reconnects.
      const answered = await withDeadline((async () => (await this.connect()).flush())(), timeoutMs);
      return answered;
    } catch {
      return false;
    }
  }

  /** The stream and subject a topic maps to. */
  names(topic: string): NatsNames {
    let names = this.nameCache.get(topic);
    if (names === undefined) {
      names = natsNames(topic, this.options);
      if (this.nameCache.size > 10_000) this.nameCache.clear();
      this.nameCache.set(topic, names);
    }
    return names;
  }

  /** Connects lazily; a failed first connection is retried by the next operation. */
  private connect(): Promise<NatsConnection> {
    if (this.closed) return Promise.reject(new TransportClosedError('nats'));
    if (this.connection === undefined) {
      const attempt = connect({
        ...this.secured,
        name: this.options.name ?? 'mediator',
        timeout: this.options.connectTimeoutMs ?? 5000,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 250,
        waitOnFirstConnect: false,
        // No Error (with its stack) captured per request: at a channel's rate those stack traces
        // were a measurable share of the publish cost (issue 13); our errors say what failed.
        noAsyncTraces: true,
        ...NATS_WRITE_BATCH,
      }).then(
        (nc) => {
          if (this.closed) {
            void nc.close();
            throw new TransportClosedError('nats');
          }
          this.nc = nc;
          void this.watchStatus(nc);
          return nc;
        },
        (error: unknown) => {
          this.connection = undefined;
          throw new Error(`cannot connect to NATS at ${this.servers.join(',')}: ${connectFailure(messageOf(error), this.secured)}`, { cause: error });
        },
      );
      this.connection = attempt;
    }
    return this.connection;
  }

  private async watchStatus(nc: NatsConnection): Promise<void> {
    try {
      for await (const s of nc.status()) {
        if (s.type === Events.Disconnect || s.type === Events.Reconnect) this.log.info({ event: s.type, server: s.data }, 'NATS connection');
        if (s.type === Events.Disconnect) this.unreachable = `disconnected from NATS (${typeof s.data === 'string' ? s.data : 'server'}); reconnecting`;
        if (s.type === Events.Reconnect) this.unreachable = undefined;
      }
    } catch {
      // status iterator ends with the connection
    }
  }

  private async jsm(): Promise<JetStreamManager> {
    const nc = await this.connect();
    // One manager per connection: creating one asks the server for the account's JetStream
    // information first (a round trip to the meta leader on a cluster), which cost every status
    // request and every stream and consumer set-up an extra request (issue 27).
    if (this.jsmClient?.nc !== nc) this.jsmClient = { nc, jsm: await nc.jetstreamManager({ timeout: 5000 }) };
    return this.jsmClient.jsm;
  }

  private async js(): Promise<JetStreamClient> {
    const nc = await this.connect();
    if (this.jsClient?.nc !== nc) this.jsClient = { nc, js: nc.jetstream({ timeout: 5000 }) };
    return this.jsClient.js;
  }

  /** Replicas to ask for: 3 in a cluster, 1 on a single server, or what was configured. */
  private wantedReplicas(nc: NatsConnection): number {
    if (this.options.replicas !== undefined) return this.options.replicas;
    // Not min(3, connect_urls): a client that connects while routes are still forming sees fewer
    // servers than the cluster has, and a 2-replica stream survives no node loss (its Raft group
    // needs both), so a cluster gets 3 and only settles for fewer when placement keeps failing.
    if (nc.info?.cluster === undefined) return 1;
    return this.clusterMaxReplicas;
  }

  /** Retries `op` on transient failures with backoff for at most `budgetMs`. */
  private async retrying<T>(what: string, budgetMs: number, op: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + budgetMs;
    let delay = 100;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      try {
        return await op();
      } catch (error) {
        if (this.closed) throw new TransportClosedError('nats');
        if (!isTransientNatsError(error) && attempts === 1) throw error;
        if (!isTransientNatsError(error) || Date.now() + delay > deadline) {
          throw new Error(`${what} failed after ${attempts} attempt(s): ${messageOf(error)}`, { cause: error });
        }
        this.log.debug({ what, attempt: attempts, err: error }, 'NATS operation failed; retrying');
        await sleep(delay);
        delay = Math.min(delay * 2, 2000);
      }
    }
  }

  private ensureStream(topic: string): Promise<void> {
    let ready = this.streams.get(topic);
    if (ready === undefined) {
      const making = this.retrying(`creating the stream of topic "${topic}"`, this.options.publishTimeoutMs ?? 30_000, () => this.createStream(topic));
      ready = making;
      this.streams.set(topic, making);
      making.then(
        () => {
          if (this.streams.get(topic) === making) this.readyStreams.add(topic);
        },
        () => this.forgetStream(topic),
      );
    }
    return ready;
  }

  /** The topic's stream must be made (or checked) again before the next publish. */
  private forgetStream(topic: string): void {
    this.streams.delete(topic);
    this.readyStreams.delete(topic);
  }

  private async createStream(topic: string): Promise<void> {
    const { stream, subject } = this.names(topic);
    const jsm = await this.jsm();
    try {
      await jsm.streams.info(stream);
      return;
    } catch (error) {
      if (apiErrCode(error) !== STREAM_NOT_FOUND) throw error;
    }
    const nc = await this.connect();
    let replicas = this.wantedReplicas(nc);
    const placementDeadline = Date.now() + PLACEMENT_WAIT_MS;
    for (;;) {
      try {
        await jsm.streams.add({
          name: stream,
          subjects: [subject],
          description: `mediator topic ${topic}`.slice(0, 4096),
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          num_replicas: replicas,
          max_age: nanos(this.options.maxAgeMs ?? 7 * 24 * 3600 * 1000),
          max_bytes: this.options.maxBytes ?? -1,
          duplicate_window: nanos(120_000),
        });
        this.log.info({ topic, stream, subject, replicas }, 'NATS stream created');
        return;
      } catch (error) {
        const code = apiErrCode(error);
        if (code === STREAM_NAME_IN_USE) {
          // Another process created it first (possibly with other options): use theirs.
          await jsm.streams.info(stream);
          return;
        }
        const placement = code === NO_SUITABLE_PEERS || code === REPLICAS_NOT_SUPPORTED || code === INSUFFICIENT_RESOURCES;
        if (placement && replicas > 1 && this.options.replicas === undefined) {
          // Servers that just started may not have joined JetStream yet: wait for them a while
          // before settling for fewer replicas, then remember the smaller cluster for later streams.
          if (code === NO_SUITABLE_PEERS && Date.now() < placementDeadline) {
            await sleep(250);
            continue;
          }
          replicas = replicas === 3 ? 2 : 1;
          this.clusterMaxReplicas = Math.min(this.clusterMaxReplicas, replicas);
          this.log.warn({ topic, stream, replicas, code }, 'NATS cluster cannot place 3 replicas; creating the stream with fewer');
          continue;
        }
        throw error;
      }
    }
  }

  private async ensureConsumer(topic: string, durable: string, options: SubscribeOptions): Promise<Consumer> {
    const { stream } = this.names(topic);
    await this.ensureStream(topic);
    const jsm = await this.jsm();
    const maxAckPending = Math.max(1024, options.maxInFlight * 32);
    let exists = false;
    try {
      const info = await jsm.consumers.info(stream, durable);
      exists = true;
      if (info.config.max_ack_pending !== -1 && (info.config.max_ack_pending ?? 0) < options.maxInFlight) {
        await jsm.consumers.update(stream, durable, { max_ack_pending: maxAckPending });
      }
    } catch (error) {
      if (apiErrCode(error) !== CONSUMER_NOT_FOUND) throw error;
    }
    if (!exists) {
      try {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          ack_wait: nanos(this.ackWaitMs),
          max_ack_pending: maxAckPending,
          max_deliver: -1,
          deliver_policy: options.from === 'earliest' ? DeliverPolicy.All : DeliverPolicy.New,
          description: `mediator consumer group for topic ${topic}`.slice(0, 4096),
        });
      } catch (error) {
        const code = apiErrCode(error);
        // Race with another process creating the same durable: theirs is as good.
        if (code !== CONSUMER_NAME_EXISTS && code !== CONSUMER_ALREADY_EXISTS) throw error;
      }
    }
    await this.consumerLed(jsm, stream, durable);
    const js = await this.js();
    return js.consumers.get(stream, durable);
  }

  /**
   * Waits (bounded) until a replicated consumer has a leader. A pull request sent before then is
   * answered by nobody and only expires after `fetchExpiresMs`: processes that bound to a consumer
   * another process had just created consumed nothing for seconds (issue 32). Past the bound the
   * pull loop goes on as before.
   */
  private async consumerLed(jsm: JetStreamManager, stream: string, durable: string): Promise<void> {
    const deadline = Date.now() + CONSUMER_LEADER_WAIT_MS;
    for (;;) {
      const info = await jsm.consumers.info(stream, durable);
      // A single server has no cluster section: its consumer is led by it.
      if (info.cluster === undefined || (info.cluster.leader ?? '') !== '' || Date.now() > deadline) return;
      await sleep(25);
    }
  }

  /** @internal re-creates stream and consumer after they disappeared (e.g. deleted by an operator). */
  async reattach(topic: string, durable: string): Promise<Consumer> {
    this.forgetStream(topic);
    return this.ensureConsumer(topic, durable, { maxInFlight: 1, from: 'earliest' });
  }

  private async asyncPublisher(): Promise<JetStreamAsyncPublisher> {
    const nc = await this.connect();
    if (this.publisher?.nc !== nc) {
      this.publisher?.close();
      this.publisher = new JetStreamAsyncPublisher(nc, this.outbox, 5000);
    }
    return this.publisher;
  }

  private nextMessageId(): string {
    this.messageCount += 1;
    return this.messageIdPrefix + this.messageCount.toString(36);
  }

  /** @internal */
  async flush(): Promise<void> {
    const nc = this.nc;
    if (nc === undefined || nc.isClosed() || this.closed) return;
    this.outbox.flush();
    try {
      await nc.flush();
    } catch {
      // best effort: un-flushed acks only mean redeliveries
    }
  }

  /** @internal a one-line publish to a delivery's ack subject (ack, nak, "working"); throws when the connection is closed. */
  respond(reply: string, payload: Uint8Array): void {
    // A message without a reply subject cannot be answered (the client's JsMsg skips it too).
    if (reply !== '') this.nc?.publish(reply, payload);
  }

  /** @internal `respond` at the end of this turn of the event loop, in one write with the turn's other publishes. */
  respondLater(reply: string, payload: Uint8Array): void {
    const nc = this.nc;
    if (nc !== undefined && reply !== '') this.outbox.publish(nc, reply, '', undefined, payload);
  }

  /** @internal */
  forget(subscription: NatsSubscription): void {
    this.subscriptions.delete(subscription);
  }

  async publish(topic: string, value: string): Promise<void> {
    if (this.closed) throw new TransportClosedError('nats');
    await this.publishRetrying(topic, value, this.nextMessageId());
  }

  /**
   * One connection's writes reach the server in order, so `sent` resolves as soon as the first
   * attempt is written; a failed first attempt is retried with the same message id (the stream
   * drops a duplicate if the first one was stored after all).
   */
  publishPipelined(topic: string, value: string): PipelinedPublish {
    // Encoded now (the client would encode it when writing anyway) and kept for a retry as bytes,
    // which live outside the V8 heap: a channel has hundreds of outputs awaiting confirmation, and
    // as strings they outlived young-generation collections and were copied by each one (issue 13).
    const payload = this.outputBytes.encode(value);
    const publisher = this.publisher;
    if (!this.closed && publisher !== undefined && publisher.nc === this.nc && this.readyStreams.has(topic)) {
      // The usual case, once the sink's stream and the publisher are made: queued at once, so `sent`
      // is already true, without the awaits of the first publishes (a microtask turn each, per
      // message; issue 42). A failed attempt is retried as below.
      const msgID = this.nextMessageId();
      const confirmed = publisher.publish(this.names(topic).subject, payload, msgID).catch(async (error: unknown) => {
        if (this.closed) throw error;
        if (errCode(error) === ErrorCode.NoResponders) this.forgetStream(topic);
        await this.publishRetrying(topic, payload, msgID);
      });
      return { sent: ALREADY_SENT, confirmed };
    }
    let markSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    const confirmed = (async () => {
      try {
        if (this.closed) throw new TransportClosedError('nats');
        const { subject } = this.names(topic);
        const msgID = this.nextMessageId();
        try {
          await this.ensureStream(topic);
          const publisher = await this.asyncPublisher();
          // Queued in call order on one connection: its place in the stream is fixed now.
          const ack = publisher.publish(subject, payload, msgID);
          markSent();
          await ack;
        } catch (error) {
          markSent();
          if (this.closed) throw error;
          if (errCode(error) === ErrorCode.NoResponders) this.forgetStream(topic);
          await this.publishRetrying(topic, payload, msgID);
        }
      } finally {
        markSent();
      }
    })();
    return { sent, confirmed };
  }

  private async publishRetrying(topic: string, value: string | Uint8Array, msgID: string): Promise<void> {
    const { subject } = this.names(topic);
    const budget = this.options.publishTimeoutMs ?? 30_000;
    const started = Date.now();
    await this.retrying(`publishing to "${topic}"`, budget, async () => {
      await this.ensureStream(topic);
      const js = await this.js();
      try {
        await js.publish(subject, value, { msgID, timeout: Math.max(1000, Math.min(5000, budget - (Date.now() - started))) });
      } catch (error) {
        // No responders: the stream may have been deleted; make sure it exists before retrying.
        if (errCode(error) === ErrorCode.NoResponders) this.forgetStream(topic);
        throw error;
      }
    });
  }

  /**
   * How far a group is behind on a topic: messages not yet delivered to it (`pending`) and delivered
   * but not acknowledged (`ackPending`), with the number of messages the topic's stream holds. For
   * operators and the benchmark; `undefined` when the stream or the group does not exist.
   */
  async backlog(topic: string, group: string): Promise<{ stored: number; pending: number; ackPending: number } | undefined> {
    const jsm = await this.jsm();
    const { stream } = this.names(topic);
    try {
      const [s, c] = await Promise.all([jsm.streams.info(stream), jsm.consumers.info(stream, natsDurableName(group))]);
      return { stored: s.state.messages, pending: c.num_pending, ackPending: c.num_ack_pending };
    } catch (error) {
      if (apiErrCode(error) === STREAM_NOT_FOUND || apiErrCode(error) === CONSUMER_NOT_FOUND) return undefined;
      throw error;
    }
  }

  /** Messages the topic's stream holds now (0 when it does not exist yet). */
  async stored(topic: string): Promise<number> {
    const jsm = await this.jsm();
    try {
      return (await jsm.streams.info(this.names(topic).stream)).state.messages;
    } catch (error) {
      if (apiErrCode(error) === STREAM_NOT_FOUND) return 0;
      throw error;
    }
  }

  async prepare(topic: string, group: string, options: SubscribeOptions): Promise<void> {
    if (this.closed) throw new TransportClosedError('nats');
    await this.retrying(`preparing group "${group}" on "${topic}"`, this.options.publishTimeoutMs ?? 30_000, () =>
      this.ensureConsumer(topic, natsDurableName(group), options),
    );
  }

  async preparePublish(topic: string): Promise<void> {
    if (this.closed) throw new TransportClosedError('nats');
    await this.ensureStream(topic);
  }

  brokerState(): { readonly reachable: boolean; readonly reason?: string } {
    return this.unreachable === undefined ? { reachable: true } : { reachable: false, reason: this.unreachable };
  }

  async subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    if (this.closed) throw new TransportClosedError('nats');
    if (topic === '' || group === '') throw new Error('topic and group must be non-empty');
    const durable = natsDurableName(group);
    const consumer = await this.retrying(`consuming "${topic}" as group "${group}"`, this.options.publishTimeoutMs ?? 30_000, () =>
      this.ensureConsumer(topic, durable, options),
    );
    if (this.closed) throw new TransportClosedError('nats');
    const subscription = new NatsSubscription(
      this,
      topic,
      this.names(topic).stream,
      durable,
      consumer,
      Math.max(1, Math.floor(options.maxInFlight) || 1),
      handler,
      this.log,
    );
    this.subscriptions.add(subscription);
    subscription.run();
    return subscription;
  }

  /** Closes the connection without waiting for handlers: their messages are redelivered after ack_wait. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.subscriptions) s.abort();
    this.subscriptions.clear();
    // Crash-like: queued acks are dropped (those messages are redelivered), waiting publishes fail.
    this.outbox.clear();
    this.publisher?.close();
    this.publisher = undefined;
    const pending = this.connection;
    this.connection = undefined;
    if (pending === undefined) return;
    try {
      const nc = await pending;
      await nc.close();
    } catch {
      // never connected
    }
  }
}

/** True when `work` resolved within `ms`, false when the time ran out first; rejects as `work` does. */
async function withDeadline(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then(() => true as const), expired]);
  } finally {
    clearTimeout(timer);
  }
}
