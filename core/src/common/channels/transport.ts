/**
 * The transport contract channels run over (reference-mediator.md 7.3 used Kafka directly; we put
 * a small interface in between so a channel runs in-process, over NATS JetStream or over Kafka).
 *
 * Delivery is at-least-once for durable transports: a message is acknowledged (JetStream ack,
 * Kafka offset commit) only after the handler resolved, and the ChannelRuntime resolves its
 * handler only after the translated message reached the sink. A crash between the sink publish
 * and the ack therefore gives a duplicate on the sink, never a loss.
 *
 * Pure types: no node:* imports (core/src/common runs in browsers).
 */

export interface TransportMessage {
  /** The message text (UTF-8). */
  readonly value: string;
  /** The topic it was consumed from (the caller's topic name, never a broker-encoded one). */
  readonly topic: string;
  /** True when the broker says this is not the first delivery (a previous attempt was not acknowledged). */
  readonly redelivered: boolean;
  /**
   * Set when the transport will not hand the message over as it is (MQTT: larger than its size
   * limit): the channel dead-letters it with this reason, untranslated, and `value` is only the
   * message's beginning.
   */
  readonly refused?: { readonly code: string; readonly message: string; readonly bytes: number };
}

/** Where a group that does not exist yet starts reading. */
export type StartPosition = 'latest' | 'earliest';

export interface SubscribeOptions {
  /**
   * How many handler calls may run at once for this subscriber. Calls start in topic order; a
   * call may start before the previous one resolved.
   */
  readonly maxInFlight: number;
  /**
   * Start position of a brand-new group. Default `latest`, as the reference (7.3:
   * `auto.offset.reset=latest`): messages published before the group existed are not consumed.
   * An existing group always resumes where it stopped (durable transports).
   */
  readonly from?: StartPosition;
}

/** A running consumer. */
export interface Subscription {
  /**
   * Stops consuming: no handler call starts after this is called; resolves after the calls in
   * flight finished and their acknowledgements were sent. Idempotent.
   */
  close(): Promise<void>;
}

export type TransportKind = 'embedded' | 'nats' | 'kafka' | 'mqtt';

export type MessageHandler = (message: TransportMessage) => Promise<void>;

/**
 * Calls a handler with a promise's callbacks in mind: a handler that throws before its first
 * await gives a rejected promise, as an async function's would. The transports settle each
 * delivery with `.then(done, failed)` rather than an async wrapper per message (issue 42).
 */
export function handle(handler: MessageHandler, message: TransportMessage): Promise<void> {
  try {
    return handler(message);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export interface PipelinedPublish {
  readonly sent: Promise<void>;
  readonly confirmed: Promise<void>;
}

export interface Transport {
  readonly kind: TransportKind;
  /**
   * True when messages and group positions survive a mediator restart (at-least-once across
   * restarts). The embedded bus is not durable: it lives in the process's memory.
   */
  readonly durable: boolean;
  /** Resolves when the broker has the message (JetStream ack, Kafka acks=-1). Rejects after bounded retries. */
  publish(topic: string, value: string): Promise<void>;
  /**
   * Optional pipelined publish for brokers that keep the order of one connection's writes: the
   * broker's order of this message is fixed once `sent` resolves (it is on the wire), `confirmed`
   * resolves like `publish`. A channel publishes its next output after `sent` instead of after the
   * broker's acknowledgement, so N outputs in order cost one round trip, not N. If a first attempt
   * fails, the retry may land after later messages: order holds while nothing fails, like any
   * redelivery. `sent` never rejects.
   */
  publishPipelined?(topic: string, value: string): PipelinedPublish;
  /**
   * Consumes `topic` as a member of `group`: members of one group split the messages (competing
   * consumers), distinct groups each get every message (fan-out). `handler` resolving = processed,
   * then acknowledged/committed; rejecting (or throwing) = not acknowledged, so the message is
   * delivered again later. Handler calls start in the topic's order (per partition for Kafka),
   * and up to `maxInFlight` of them run at once.
   */
  subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription>;
  /**
   * Whether the broker answers a round trip within `timeoutMs` now (connecting first if need be),
   * for monitoring (GET /metrics). Never rejects. Absent: there is no broker (the in-process bus).
   */
  probe?(timeoutMs: number): Promise<boolean>;
  /**
   * Whether the broker can be reached now, for transports that can lose it (issue 32): a channel
   * whose broker is gone consumes nothing, whatever its runtime's status, and says so. Absent: always.
   */
  brokerState?(): { readonly reachable: boolean; readonly reason?: string };
  /**
   * Makes `group`'s position on `topic` ready to consume (a NATS durable consumer with a leader)
   * without consuming. Called before a channel is stored, so that every process of a fleet that
   * starts it finds the group ready instead of waiting for a leader election (issue 32).
   */
  prepare?(topic: string, group: string, options: SubscribeOptions): Promise<void>;
  /**
   * Makes `topic` ready to be published to (a NATS stream) without publishing. A channel calls it
   * for its sink while it subscribes, so the two broker set-ups overlap instead of the first output
   * waiting for the sink after the consumer was ready (issue 27: on a three-node cluster each takes
   * a Raft election, 0.2 to 0.8 s). Best effort: publishing still makes the topic if this failed.
   */
  preparePublish?(topic: string): Promise<void>;
  /**
   * Releases the connection at once, like a crash as far as in-flight messages go: they are not
   * acknowledged (durable transports deliver them again). For a graceful stop, close the
   * subscriptions (or stop the ChannelRuntimes) first.
   */
  close(): Promise<void>;
}
