/**
 * MQTT transport (MQTT.js 5, protocol version 5), STE 1.0's default channel broker (issue 28).
 *
 * - QoS 1 both ways. A publish resolves on the broker's PUBACK. A consumed message is acknowledged
 *   (PUBACK) only after its handler resolved, i.e. after the channel's translation was published
 *   and confirmed; PUBACKs go out in the order the messages arrived (MQTT 5, 4.6).
 * - MQTT.js acknowledges a message as soon as its `handleMessage` callback runs, and reads the
 *   connection's next packet only after that, so holding the callback would run one message at a
 *   time. Here the callback runs at once and the PUBACK it would send is held back (see
 *   `holdPubacks`): the acknowledgement is sent by this transport when the handler resolved.
 * - One connection per subscription, with a persistent session (clean start off, a session expiry
 *   interval) under a client id made of the transport's `clientIdPrefix` (the server derives it from
 *   its data folder, so it is the same after a restart), the group and the topic: messages
 *   published while the mediator is down, and those it had received but not acknowledged, are
 *   delivered when it comes back.
 * - Groups are MQTT 5 shared subscriptions (`$share/<group>/<topic>`): the members of a group split
 *   the messages, distinct groups each get all of them. Two processes with the same prefix (two
 *   clients of one data folder) would take each other's session over for ever: a client whose
 *   session was taken over (DISCONNECT 0x8E) moves to the group's next member id instead.
 * - A handler that rejects: MQTT redelivers only when a session is resumed, so the subscription
 *   reconnects (same client id) after `redeliveryDelayMs`, and the broker sends every message not
 *   acknowledged again, the failed one first.
 * - A message larger than `maxMessageBytes` is handed over refused (`TransportMessage.refused`): the
 *   channel dead-letters it with the reason and its beginning, untranslated.
 * - Reconnection with exponential backoff, `reconnectMinMs` doubling up to `reconnectMaxMs`.
 * - Outputs are published with the retain flag off unless `retain` is set (STE's option).
 * - The two packets of each message, the output's PUBLISH and the source's PUBACK, are encoded
 *   and written here (`mqtt-wire.ts`), not by MQTT.js, which still runs the connection, numbers
 *   the publishes and keeps them until their PUBACK (issue 42). Likewise the two a channel receives
 *   per message, a subscription's QoS 1 PUBLISH and the publisher's PUBACK, are read from the
 *   socket's bytes here (`mqtt-reader.ts`); MQTT.js reads every other packet.
 * - `from: 'earliest'` is the same as `latest` (MQTT keeps no log), except for retained messages.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import { silentLogger, type Logger } from '../../common/logger.js';
import { ErrorCodes } from '../../common/errors.js';
import { illegalTopic } from './broker-status.js';
import {
  handle,
  type MessageHandler,
  type PipelinedPublish,
  type SubscribeOptions,
  type Subscription,
  type Transport,
  type TransportMessage,
} from '../../common/channels/transport.js';
import { redactUrl } from '../../common/security/broker-urls.js';
import { Utf8Slab } from './utf8-slab.js';
import { FifoQueue } from '../../common/channels/fifo-queue.js';
import { publishHead, pubackPacket, writeCorked } from './mqtt-wire.js';
import { readOwnPackets, type OwnReads, type PlainPublish, type ReadGate } from './mqtt-reader.js';
import type { Writable } from 'node:stream';

export interface MqttTransportOptions {
  /** `mqtt://[user:password@]host:port` (or `mqtts://` for TLS, `ws://`, `wss://`). */
  readonly url: string;
  /** Stable part of every client id (the server's comes from its data folder); default random. */
  readonly clientIdPrefix?: string;
  readonly logger?: Logger;
  /** Publish outputs with the retain flag (STE's option); default false. */
  readonly retain?: boolean;
  /** Largest message a channel consumes; larger ones are dead-lettered with the reason. Default 8 MiB. */
  readonly maxMessageBytes?: number;
  /** How long the broker keeps a subscription's session while the mediator is away, default 7 days. */
  readonly sessionExpirySeconds?: number;
  /** Messages the broker may send a subscription before it acknowledged them (MQTT 5 receive maximum), default 512. */
  readonly receiveMaximum?: number;
  /** Bound on a publish's PUBACK, default 30 s; past it the publish rejects (the source stays unacknowledged). */
  readonly publishTimeoutMs?: number;
  /** Bound on connecting and subscribing, default 15 s. */
  readonly connectTimeoutMs?: number;
  /** Delay before a message whose handler rejected is delivered again, default 1000 ms. */
  readonly redeliveryDelayMs?: number;
  /** First reconnection delay, default 250 ms; doubles up to `reconnectMaxMs` (default 10 s). */
  readonly reconnectMinMs?: number;
  readonly reconnectMaxMs?: number;
  /** TLS and credentials beyond the URL, as MQTT.js takes them (PEM text). */
  readonly tls?: Pick<IClientOptions, 'ca' | 'cert' | 'key' | 'rejectUnauthorized' | 'servername'>;
  readonly username?: string;
  readonly password?: string;
  /**
   * How far a subscription reads ahead of its handler: it stops reading its connection once `hold`
   * received deliveries wait (beyond the handler's `maxInFlight`), reads again once no more than
   * `resume` do, and holds for `maxHoldMs` at most. Default: `hold` the receive maximum (what a
   * broker that keeps to it could have sent at most), `resume` a quarter of `hold`, 5000 ms.
   */
  readonly readAhead?: Partial<ReadAhead>;
}

export interface ReadAhead {
  readonly hold: number;
  readonly resume: number;
  readonly maxHoldMs: number;
}

/**
 * Why a subscription holds its reading: a broker may send a resumed session's whole queue at once
 * (Mosquitto 2.0 does, whatever receive maximum the CONNECT announced). All of it was then read
 * into this process, bounded only by the broker's queue: thousands of deliveries and the socket
 * chunks their payloads are slices of outlived young-generation collections, and the chunks'
 * external memory forced extra ones (issue 42). The longest hold is bounded: a handler that stalls
 * (a sink that does not answer) must not leave the connection unread for so long that its
 * keep-alive answers go unread too; past it the connection reads on, as it did without the hold.
 */
const DEFAULT_MAX_HOLD_MS = 5000;

/** MQTT 5 reason code of a DISCONNECT whose session another connection took over. */
const SESSION_TAKEN_OVER = 0x8e;

export const DEFAULT_MQTT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
/** What of a refused message the dead letter keeps. */
const REFUSED_HEAD_BYTES = 1024;

/** Name part safe in a client id and a share name (no `/ + #`), with a hash that keeps it unique. */
function token(text: string, length = 24): string {
  const readable = text.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, length);
  return `${readable}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function checkTopic(topic: string): void {
  // MQTT 5, 4.7: a topic name is not empty and holds no wildcard (+ #) and no NUL.
  if (topic === '' || topic.includes('+') || topic.includes('#') || topic.includes(String.fromCharCode(0))) {
    throw illegalTopic(`"${topic}" is not an MQTT topic name (empty, or holds + # or NUL)`);
  }
}

type PacketCallback = (error?: Error) => void;
type SendPacket = (packet: Packet, cb?: PacketCallback, ...rest: unknown[]) => void;

/** The parts of MQTT.js's client the wire shortcuts below replace or use (MQTT.js 5.x, pinned). */
interface ClientInternals {
  _sendPacket: SendPacket;
  _storeAndSend: (packet: Packet, cb?: PacketCallback, cbStorePut?: () => void) => void;
  _writePacket: (packet: Packet, cb?: PacketCallback) => void;
  outgoingStore: { put: (packet: Packet, cb: (error?: Error) => void) => void };
  noop: PacketCallback;
  stream: Writable;
}

/** A publish this transport encodes itself (see mqtt-wire.ts): QoS 1, bytes, no properties. */
function ownPublish(packet: Packet): packet is IPublishPacket & { payload: Buffer } {
  return packet.cmd === 'publish' && packet.qos === 1 && packet.properties === undefined && Buffer.isBuffer(packet.payload);
}

/**
 * Publishes go to MQTT.js's outgoing store as they are (it copied each, payload bytes included,
 * for the store) and to the socket as two buffers (mqtt-wire.ts) instead of mqtt-packet's
 * writes; MQTT.js still numbers them, keeps them until their PUBACK and sends them again after a
 * reconnection (through the same `_writePacket`). In the A/B of issue 42 (a channel whose
 * translation is a fixed text, so that only its own work counts, alternating rounds in one
 * process) the channel's CPU per message fell by 3-20 us (medians 45-54 to 33-46 us).
 */
function lightPublishes(client: MqttClient): void {
  const internals = client as unknown as ClientInternals;
  const store = internals._storeAndSend.bind(client);
  const write = internals._writePacket.bind(client);
  internals._storeAndSend = (packet, cb, cbStorePut) => {
    if (!ownPublish(packet)) return store(packet, cb, cbStorePut);
    internals.outgoingStore.put(packet, (error) => {
      if (error) return cb?.(error);
      cbStorePut?.();
      internals._writePacket(packet, cb);
    });
  };
  internals._writePacket = (packet, cb) => {
    const head = ownPublish(packet)
      ? publishHead({ topic: packet.topic, messageId: packet.messageId ?? 0, payloadBytes: packet.payload.length, retain: packet.retain, dup: packet.dup })
      : undefined;
    if (head === undefined) return write(packet, cb);
    const payload = (packet as { payload: Buffer }).payload;
    if (!writeCorked(internals.stream, head, payload) && cb !== undefined && cb !== internals.noop) internals.stream.once('drain', cb);
    else cb?.();
  };
}

/**
 * Keeps MQTT.js from acknowledging consumed messages: its PUBACKs are swallowed (their completion
 * callback still runs, so it reads on); this transport writes its own to the connection's socket
 * (mqtt-wire.ts, 4 bytes each) when the handler resolved. `_sendPacket` is MQTT.js's one way out
 * to the socket; the version is pinned in package.json, and the kill -9 tests fail if a PUBACK
 * ever goes out before the output was published.
 */
function holdPubacks(client: MqttClient): (messageId: number) => void {
  const internals = client as unknown as ClientInternals;
  const send = internals._sendPacket.bind(client);
  internals._sendPacket = (packet, cb, ...rest) => {
    if (packet.cmd === 'puback') {
      cb?.();
      return;
    }
    send(packet, cb, ...rest);
  };
  // The stream is read at each call: a reconnection gives the client a new one.
  return (messageId) => void writeCorked(internals.stream, pubackPacket(messageId));
}

/**
 * Client ids of this process's open subscriptions: a second transport of the same prefix in one
 * process (tests, a server's two channels of one group and topic) starts at a free member id
 * instead of taking a running one's session over.
 */
const idsInUse = new Set<string>();

/**
 * A consumed message whose text is decoded when the channel reads it (once its translation starts),
 * not when it arrives: a channel holds its whole delivery window (parallelism + publish window,
 * hundreds of messages), and most of them wait for a translation slot. Decoded on arrival, those
 * texts outlived young-generation collections and were copied by each one (issue 42: a channel
 * spent 3x the in-process GC time per message); the bytes live outside the V8 heap.
 */
class MqttDelivery implements TransportMessage {
  constructor(
    private readonly payload: Buffer,
    readonly topic: string,
    readonly redelivered: boolean,
  ) {}

  /** Decoded on each read (a channel reads it once) and not kept, so the text dies young. */
  get value(): string {
    return this.payload.toString('utf8');
  }
}

/** A publish awaiting its PUBACK. */
interface WaitingPublish {
  readonly deadline: number;
  readonly topic: string;
  readonly reject: (error: Error) => void;
}

interface Delivery {
  readonly payload: Buffer;
  /** Undefined at QoS 0. */
  readonly messageId: number | undefined;
  readonly qos: number;
  readonly dup: boolean;
  /** The connection it came on: an acknowledgement is only valid on that one. */
  readonly epoch: number;
  state: 'waiting' | 'running' | 'done' | 'failed';
}

class MqttSubscription implements Subscription {
  private client: MqttClient | undefined;
  private ack: (messageId: number) => void = () => undefined;
  private epoch = 0;
  private member = 0;
  /** The client id this subscription holds in `idsInUse`. */
  private heldId: string | undefined;
  /** Deliveries not yet acknowledged, in arrival order: the first `started` ones were handed over. */
  private readonly deliveries = new FifoQueue<Delivery>();
  private started = 0;
  private running = 0;
  /** Called when the last running handler call settles (a close waits for it). */
  private whenIdle: (() => void) | undefined;
  private closing = false;
  private closed: Promise<void> | undefined;
  private redeliveryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The current connection's reading gate, and whether this subscription holds it. */
  private gate: ReadGate | undefined;
  private holding = false;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly owner: MqttTransport,
    private readonly topic: string,
    private readonly group: string,
    private readonly options: SubscribeOptions,
    private readonly handler: MessageHandler,
  ) {}

  private get clientId(): string {
    return `${this.owner.clientIdPrefix}-${token(`${this.group}\n${this.topic}`, 16)}-m${this.member}`;
  }

  async open(): Promise<void> {
    this.release();
    while (idsInUse.has(this.clientId)) this.member += 1;
    const clientId = this.clientId;
    idsInUse.add(clientId);
    this.heldId = clientId;
    const client = this.owner.newClient(clientId, { clean: false, session: true, receiveMaximum: this.owner.receiveMaximum }, this.reads);
    this.client = client;
    this.epoch += 1;
    this.ack = holdPubacks(client);
    client.handleMessage = (packet, callback) => {
      // What the transport does not read itself (mqtt-reader.ts): QoS 0 messages too (a
      // publisher's QoS caps the delivery's), translated and never acknowledged; properties.
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      this.receive(payload, packet.messageId, packet.qos, packet.dup);
      callback();
    };
    client.on('disconnect', (packet) => {
      if (packet.reasonCode === SESSION_TAKEN_OVER && !this.closing) {
        this.owner.log.warn(
          { clientId: this.clientId, topic: this.topic },
          'MQTT session taken over by another client with the same id; moving to the next member id',
        );
        this.release();
        this.member += 1;
        void this.reopen(0);
      }
    });
    try {
      await withTimeout(
        new Promise<void>((resolve, reject) => {
          if (client.connected) resolve();
          client.once('connect', () => resolve());
          client.once('error', reject);
        }),
        this.owner.connectTimeoutMs,
        `connecting to ${this.owner.url}`,
      );
      const share = `$share/${token(this.group)}/${this.topic}`;
      const granted = await withTimeout(client.subscribeAsync(share, { qos: 1 }), this.owner.connectTimeoutMs, `subscribing to ${this.topic}`);
      const refused = granted.find((g) => g.qos !== 1 && g.qos !== 0);
      if (refused !== undefined) throw new Error(`the broker refused the subscription to ${this.topic} (reason ${refused.qos})`);
    } catch (error) {
      client.end(true);
      this.client = undefined;
      this.release();
      throw error;
    }
  }

  /** Drops the connection and opens a new one (same or next member id) after `delayMs`. */
  private async reopen(delayMs: number): Promise<void> {
    const old = this.client;
    this.client = undefined;
    this.epoch += 1;
    this.keepRunning();
    old?.end(true);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    while (!this.closing) {
      try {
        await this.open();
        return;
      } catch (error) {
        this.owner.log.warn({ err: error, topic: this.topic }, 'MQTT subscription could not be opened again; retrying');
        await new Promise((resolve) => setTimeout(resolve, this.owner.reconnectMaxMs));
      }
    }
  }

  /**
   * Plain QoS 1 publishes, read by the transport (mqtt-reader.ts), and the rest, read by MQTT.js.
   * A new connection's stream starts a new epoch before its CONNECT goes out, so everything that
   * comes on it, the session's resent messages right behind the CONNACK included, is acknowledged
   * on it (MQTT.js says 'connect' only once it sent its stored packets again, turns later).
   */
  private readonly reads: OwnReads = {
    publish: (publish: PlainPublish) => this.receive(publish.payload, publish.messageId, 1, publish.dup),
    gate: (gate) => {
      this.gate = gate;
      this.holding = false;
    },
    newStream: () => {
      // What came on the previous connection is delivered again by the session (DUP).
      this.epoch += 1;
      this.keepRunning();
    },
  };

  private receive(payload: Buffer, messageId: number | undefined, qos: number, dup: boolean): void {
    if (this.closing) return;
    this.deliveries.push({ payload, messageId, qos, dup, epoch: this.epoch, state: 'waiting' });
    this.pump();
    if (!this.holding && this.waiting >= this.owner.readAhead.hold) this.hold();
  }

  /** Deliveries received and not yet handed to the handler. */
  get waiting(): number {
    return this.deliveries.length - this.started;
  }

  /**
   * Stops reading the connection while `readAhead.hold` deliveries wait for the handler, until no
   * more than `readAhead.resume` do, or for `readAhead.maxHoldMs` at most.
   */
  private hold(): void {
    this.holding = true;
    this.gate?.hold(true);
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => this.gate?.hold(false), this.owner.readAhead.maxHoldMs);
    this.holdTimer.unref();
  }

  private unhold(): void {
    this.holding = false;
    clearTimeout(this.holdTimer);
    this.gate?.hold(false);
  }

  /** A new connection: only the running deliveries are kept (the session sends the others again). */
  private keepRunning(): void {
    this.deliveries.retain((d) => d.state === 'running');
    this.started = this.deliveries.length;
  }

  /**
   * Starts waiting deliveries in arrival order, at most `maxInFlight` running. They start in order,
   * so the waiting ones are the queue's tail from `started` on (not looked for from its head).
   */
  private pump(): void {
    while (this.started < this.deliveries.length && !this.closing && this.running < this.options.maxInFlight) {
      const delivery = this.deliveries.at(this.started)!;
      this.started += 1;
      delivery.state = 'running';
      this.running += 1;
      this.run(delivery);
    }
  }

  /** Hands a delivery to the handler; its outcome settles the queue's head and starts the next. */
  private run(delivery: Delivery): void {
    const { payload, dup } = delivery;
    const limit = this.owner.maxMessageBytes;
    const message: TransportMessage =
      payload.length > limit
        ? {
            value: payload.subarray(0, REFUSED_HEAD_BYTES).toString('utf8'),
            topic: this.topic,
            redelivered: dup,
            refused: {
              code: ErrorCodes.messageTooLarge,
              message: `the message has ${payload.length} bytes, more than this channel's limit of ${limit} (MQTT, --mqtt-max-message-bytes); the dead letter keeps its first ${REFUSED_HEAD_BYTES}`,
              bytes: payload.length,
            },
          }
        : new MqttDelivery(payload, this.topic, dup);
    handle(this.handler, message).then(
      () => this.finish(delivery, 'done'),
      () => this.finish(delivery, 'failed'),
    );
  }

  private finish(delivery: Delivery, state: 'done' | 'failed'): void {
    delivery.state = state;
    this.running -= 1;
    if (this.running === 0) this.whenIdle?.();
    this.settle();
    this.pump();
    if (this.holding && this.waiting <= this.owner.readAhead.resume) this.unhold();
  }

  /** Acknowledges the finished head of the queue, in order; a failure at the head asks for redelivery. */
  private settle(): void {
    for (;;) {
      const head = this.deliveries.at(0);
      if (head === undefined || head.state === 'waiting' || head.state === 'running') return;
      if (head.state === 'failed' && head.qos === 0) {
        // Published at QoS 0: the broker never sends it again, whatever this side does.
        this.deliveries.shift();
        this.started -= 1;
        continue;
      }
      if (head.state === 'failed') {
        if (this.closing || this.redeliveryTimer !== undefined) return;
        // Only a resumed session sends an unacknowledged message again (MQTT 5, 4.4).
        this.redeliveryTimer = setTimeout(() => {
          this.redeliveryTimer = undefined;
          if (!this.closing) void this.reopen(0);
        }, this.owner.redeliveryDelayMs);
        return;
      }
      this.deliveries.shift();
      this.started -= 1;
      if (head.epoch === this.epoch && this.client?.connected === true && head.messageId !== undefined) this.ack(head.messageId);
    }
  }

  close(): Promise<void> {
    if (this.closed === undefined) {
      this.closing = true;
      clearTimeout(this.redeliveryTimer);
      clearTimeout(this.holdTimer);
      this.closed = (async () => {
        if (this.running > 0) await new Promise<void>((resolve) => (this.whenIdle = resolve));
        this.settle();
        const client = this.client;
        this.client = undefined;
        // A clean DISCONNECT keeps the session (its expiry interval): what was not acknowledged,
        // and what arrives meanwhile, waits for the group's next subscriber with this id.
        if (client !== undefined) await withTimeout(client.endAsync(false), 5000, 'closing an MQTT subscription').catch(() => client.end(true));
        this.release();
        this.owner.forget(this);
      })();
    }
    return this.closed;
  }

  /** Crash-like: no further acknowledgement. */
  abort(): void {
    this.closing = true;
    clearTimeout(this.redeliveryTimer);
    clearTimeout(this.holdTimer);
    this.epoch += 1;
    this.client?.end(true);
    this.client = undefined;
    this.release();
  }

  private release(): void {
    if (this.heldId !== undefined) idsInUse.delete(this.heldId);
    this.heldId = undefined;
  }
}

export class MqttTransport implements Transport {
  readonly kind = 'mqtt' as const;
  readonly durable = true;
  /** The broker's URL as shown (messages, broker state): a `user:password@` in it is `***@` (issue 40). */
  readonly url: string;
  readonly clientIdPrefix: string;
  readonly log: Logger;
  readonly maxMessageBytes: number;
  readonly receiveMaximum: number;
  readonly connectTimeoutMs: number;
  readonly redeliveryDelayMs: number;
  readonly reconnectMaxMs: number;
  readonly readAhead: ReadAhead;
  private readonly reconnectMinMs: number;
  private readonly publishTimeoutMs: number;
  private readonly sessionExpirySeconds: number;
  private readonly retain: boolean;
  private readonly options: MqttTransportOptions;
  private publisher: MqttClient | undefined;
  private readonly outputBytes = new Utf8Slab();
  private lastError: string | undefined;
  private readonly subscriptions = new Set<MqttSubscription>();
  private readonly waitingPublishes = new Set<WaitingPublish>();
  private publishSweeper: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(options: MqttTransportOptions) {
    this.options = options;
    this.url = redactUrl(options.url);
    this.clientIdPrefix = options.clientIdPrefix ?? `mediator-${randomBytes(6).toString('hex')}`;
    this.log = options.logger ?? silentLogger;
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MQTT_MAX_MESSAGE_BYTES;
    this.receiveMaximum = options.receiveMaximum ?? 512;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 15_000;
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? 1000;
    this.reconnectMinMs = options.reconnectMinMs ?? 250;
    this.reconnectMaxMs = options.reconnectMaxMs ?? 10_000;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 30_000;
    this.sessionExpirySeconds = options.sessionExpirySeconds ?? 7 * 24 * 3600;
    this.retain = options.retain ?? false;
    const hold = options.readAhead?.hold ?? this.receiveMaximum;
    this.readAhead = { hold, resume: options.readAhead?.resume ?? Math.floor(hold / 4), maxHoldMs: options.readAhead?.maxHoldMs ?? DEFAULT_MAX_HOLD_MS };
  }

  /** A client of this transport's broker, reconnecting with backoff. */
  newClient(clientId: string, session: { clean: boolean; session: boolean; receiveMaximum?: number }, reads: OwnReads): MqttClient {
    if (this.closed) throw new Error('the MQTT transport is closed');
    const client = connect(this.options.url, {
      // Per packet, MQTT.js otherwise re-arms its keep-alive timer (a clear and a set) and formats
      // debug lines: at a channel's rate a measurable part of its work (issue 42). Pings then go
      // out every keep-alive period whatever the traffic; DEBUG=mqttjs* still gets its lines.
      reschedulePings: false,
      // Connected below, once the transport's reader is in place for the first stream too.
      manualConnect: true,
      ...(/mqttjs/.test(process.env.DEBUG ?? '') ? {} : { log: () => undefined }),
      protocolVersion: 5,
      clientId,
      clean: session.clean,
      reconnectPeriod: this.reconnectMinMs,
      connectTimeout: this.connectTimeoutMs,
      ...(this.options.username === undefined ? {} : { username: this.options.username }),
      ...(this.options.password === undefined ? {} : { password: this.options.password }),
      ...this.options.tls,
      properties: {
        ...(session.session ? { sessionExpiryInterval: this.sessionExpirySeconds } : {}),
        ...(session.receiveMaximum === undefined ? {} : { receiveMaximum: session.receiveMaximum }),
      },
    });
    client.on('connect', () => {
      client.options.reconnectPeriod = this.reconnectMinMs;
      this.lastError = undefined;
    });
    client.on('close', () => {
      // Exponential backoff: MQTT.js reads the period again before each attempt.
      client.options.reconnectPeriod = Math.min(this.reconnectMaxMs, (client.options.reconnectPeriod ?? this.reconnectMinMs) * 2);
    });
    client.on('error', (error) => {
      this.lastError = error.message;
      this.log.warn({ err: error, clientId }, 'MQTT client error');
    });
    readOwnPackets(client, reads);
    // Back to what the client is without it: with `manualConnect` set, MQTT.js's `end` clears its
    // `disconnecting` flag, and a late 'close' could then schedule a reconnection of an ended client.
    client.options.manualConnect = false;
    client.connect();
    return client;
  }

  private getPublisher(): MqttClient {
    if (this.publisher === undefined) {
      this.publisher = this.newClient(`${this.clientIdPrefix}-pub-${randomBytes(4).toString('hex')}`, { clean: true, session: false }, { pubacks: true });
      lightPublishes(this.publisher);
    }
    return this.publisher;
  }

  private send(topic: string, value: string): Promise<void> {
    checkTopic(topic);
    // As bytes, which live outside the V8 heap while the PUBACK is awaited (MQTT.js keeps the
    // packet until then), rather than a string that outlives young-generation collections. Encoded
    // here, not inside the closures below: `value` in their scope kept every output text alive
    // until its PUBACK (V8 keeps a function's captured variables together), so a publish window
    // promoted 5-7 kB per message to the old generation (issue 42).
    return this.sendBytes(this.getPublisher(), topic, this.outputBytes.encode(value));
  }

  private sendBytes(client: MqttClient, topic: string, bytes: Buffer): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiting: WaitingPublish = { deadline: performance.now() + this.publishTimeoutMs, topic, reject };
      this.waitingPublishes.add(waiting);
      this.sweepPublishes();
      client.publish(topic, bytes, { qos: 1, retain: this.retain }, (error) => {
        this.waitingPublishes.delete(waiting);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  /**
   * Bounds every publish by `publishTimeoutMs` with one sweep timer rather than a timer (and a
   * race of promises) per message: at a channel's rate those were a measurable part of its work.
   * Publishes wait in call order, so the overdue ones are at the front.
   */
  private sweepPublishes(): void {
    if (this.publishSweeper !== undefined || this.closed) return;
    const every = Math.max(10, Math.min(1000, Math.floor(this.publishTimeoutMs / 4)));
    this.publishSweeper = setInterval(() => {
      const now = performance.now();
      for (const waiting of this.waitingPublishes) {
        if (waiting.deadline > now) break;
        this.waitingPublishes.delete(waiting);
        waiting.reject(new Error(`publishing to ${waiting.topic} on ${this.url}: no answer within ${this.publishTimeoutMs} ms`));
      }
      if (this.waitingPublishes.size === 0) {
        clearInterval(this.publishSweeper);
        this.publishSweeper = undefined;
      }
    }, every);
    this.publishSweeper.unref();
  }

  async publish(topic: string, value: string): Promise<void> {
    await this.send(topic, value);
  }

  /** One connection writes in call order, so the broker's order is fixed once the call returned. */
  publishPipelined(topic: string, value: string): PipelinedPublish {
    let confirmed: Promise<void>;
    try {
      confirmed = this.send(topic, value);
    } catch (error) {
      confirmed = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return { sent: Promise.resolve(), confirmed };
  }

  async subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    checkTopic(topic);
    const subscription = new MqttSubscription(this, topic, group, options, handler);
    try {
      await subscription.open();
    } catch (error) {
      // The channel's reason names the broker (its URL without credentials) and the cause (issue 40).
      throw new Error(`the MQTT broker ${this.url}: ${(error as Error).message}`, { cause: error });
    }
    if (this.closed) {
      subscription.abort();
      throw new Error('the MQTT transport is closed');
    }
    this.subscriptions.add(subscription);
    return subscription;
  }

  forget(subscription: MqttSubscription): void {
    this.subscriptions.delete(subscription);
  }

  async probe(timeoutMs: number): Promise<boolean> {
    if (this.closed) return false;
    const client = this.getPublisher();
    if (client.connected) return true;
    // The listener goes with the wait: scrapes while the broker is away must not pile them up.
    let onConnect: (() => void) | undefined;
    return withTimeout(
      new Promise<boolean>((resolve) => {
        onConnect = () => resolve(true);
        client.once('connect', onConnect);
      }),
      timeoutMs,
      'probe',
    )
      .catch(() => false)
      .finally(() => {
        if (onConnect !== undefined) client.removeListener('connect', onConnect);
      });
  }

  brokerState(): { readonly reachable: boolean; readonly reason?: string } {
    const client = this.publisher;
    if (client === undefined || client.connected) return { reachable: true };
    // Lost after it was reached (a broker killed closes the socket without any error event): the
    // client is reconnecting. Still connecting the first time, with no error yet: not known down.
    if (this.lastError === undefined && !client.reconnecting) return { reachable: true };
    return { reachable: false, reason: `the MQTT broker ${this.url} cannot be reached: ${this.lastError ?? 'the connection was lost'}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.publishSweeper);
    this.publishSweeper = undefined;
    for (const waiting of this.waitingPublishes) waiting.reject(new Error('the MQTT transport is closed'));
    this.waitingPublishes.clear();
    for (const subscription of this.subscriptions) subscription.abort();
    this.subscriptions.clear();
    const publisher = this.publisher;
    this.publisher = undefined;
    publisher?.end(true);
  }
}
