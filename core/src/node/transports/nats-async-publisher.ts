/**
 * Asynchronous JetStream publishing for channels (issue 13): many publishes awaiting their
 * acknowledgement at once over one connection, written to the socket together.
 *
 * `nats` 2.29 offers only `js.publish()`, a request per message: each one builds a request object,
 * a timer and (even with `noAsyncTraces`) an Error when it completes, and each is written to the
 * socket on its own. At a channel's rate that cost as much CPU as the translation. Here a
 * publish is a plain `PUBLISH` with a reply subject under one inbox subscription per connection
 * (as the Go and Java clients' `PublishAsync` do), the JetStream PubAck is matched by its reply
 * token, one sweep timer fails the publishes whose ack is overdue, and writes queued in one turn
 * of the event loop (publishes and acknowledgements alike) go out in one socket write.
 *
 * Failures look like the client's own, so the transport's retry logic treats them alike: a
 * missing stream is `code: '503'` (no responders), an overdue ack `code: 'TIMEOUT'`, a JetStream
 * refusal carries `api_error` ({code, err_code, description}).
 */
import { createInbox, ErrorCode, type Msg, type NatsConnection, type Subscription } from 'nats';
import { frameSize, writeFrames, type NatsFrame } from './nats-frames.js';

/** Error shaped like the `nats` client's errors (see isTransientNatsError in ../nats/nats-errors.ts). */
export class NatsPublishError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly api_error?: { readonly code: number; readonly err_code?: number; readonly description: string },
  ) {
    super(message);
    this.name = 'NatsPublishError';
  }
}

interface Waiting {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly deadline: number;
}

const utf8 = new TextEncoder();
const PUB_ACK_START = utf8.encode('{"stream":"');
const ERROR_KEY = Buffer.from('"error"');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;

/**
 * True when a JetStream PubAck's bytes say "stored" without being parsed: one object that starts
 * with the stream's name (a string without escapes) and holds no `"error"` key (the server writes
 * the stream first, and may add an error after it). Anything else (an error, another field order,
 * an escaped name) goes through `JSON.parse` as before. Decoding and parsing each acknowledgement was about 4 % of a NATS channel's own CPU
 * per message (issue 42).
 */
export function plainPubAck(data: Uint8Array): boolean {
  if (data.length < PUB_ACK_START.length) return false;
  for (let i = 0; i < PUB_ACK_START.length; i++) if (data[i] !== PUB_ACK_START[i]) return false;
  if (data[data.length - 1] !== CLOSE_BRACE) return false;
  const nameEnd = data.indexOf(QUOTE, PUB_ACK_START.length);
  if (nameEnd < 0 || data.lastIndexOf(BACKSLASH, nameEnd) >= PUB_ACK_START.length) return false;
  const after = data[nameEnd + 1];
  if (after !== COMMA && !(after === CLOSE_BRACE && nameEnd + 2 === data.length)) return false;
  // Buffer's native search over the same bytes (a view, not a copy).
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).indexOf(ERROR_KEY, nameEnd) < 0;
}

interface PubAckReply {
  readonly stream?: string;
  readonly seq?: number;
  readonly error?: { readonly code: number; readonly err_code?: number; readonly description: string };
}

/** A publish queued on the outbox: a frame and the connection it goes to. */
interface QueuedFrame extends NatsFrame {
  readonly nc: NatsConnection;
}

/**
 * Publishes and calls queued during one turn of the event loop, run together at its end, so the
 * client writes them in one socket write: the publishes as one buffer of protocol frames
 * (nats-frames.ts), the calls in their place among them.
 */
export class NatsOutbox {
  private queue: Array<(() => void) | QueuedFrame> = [];
  private scheduled: ReturnType<typeof setImmediate> | undefined;

  defer(write: () => void): void {
    this.queue.push(write);
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /** Queues a publish to `subject` on `nc` ('' replyTo: none; a msgId: the stream's de-duplication id). */
  publish(nc: NatsConnection, subject: string, replyTo: string, msgId: string | undefined, payload: Uint8Array): void {
    this.queue.push({ nc, subject, replyTo, msgId, payload });
    this.scheduled ??= setImmediate(() => this.flush());
  }

  /**
   * Writes what is queued now, in order. A write that throws (connection closed) is dropped:
   * unacked means redelivered, and a lost publish times out and is retried.
   */
  flush(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const items = this.queue;
    this.queue = [];
    let i = 0;
    while (i < items.length) {
      const item = items[i]!;
      if (typeof item === 'function') {
        try {
          item();
        } catch {
          // The connection is closed: see above.
        }
        i += 1;
        continue;
      }
      // The run of frames for the same connection goes as one write.
      let end = i + 1;
      while (end < items.length) {
        const next = items[end]!;
        if (typeof next === 'function' || next.nc !== item.nc) break;
        end += 1;
      }
      try {
        writeFrames(item.nc, items as readonly QueuedFrame[], i, end);
      } catch {
        // The connection is closed: see above.
      }
      i = end;
    }
  }

  /** Forgets what is queued (a crash-like close). */
  clear(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.queue = [];
  }
}

export class JetStreamAsyncPublisher {
  private readonly inbox: string;
  private readonly subscription: Subscription;
  private readonly waiting = new Map<string, Waiting>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private next = 0;
  private closed = false;

  constructor(
    readonly nc: NatsConnection,
    private readonly outbox: NatsOutbox,
    private readonly timeoutMs: number,
  ) {
    this.inbox = createInbox();
    this.subscription = nc.subscribe(`${this.inbox}.*`, { callback: (_error, msg) => this.onReply(msg) });
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, Math.min(1000, Math.floor(timeoutMs / 4))));
    this.sweeper.unref();
  }

  /** Resolves when the stream stored the message (or had it already: same `msgID`). */
  publish(subject: string, value: Uint8Array, msgID: string): Promise<void> {
    if (this.closed || this.nc.isClosed()) return Promise.reject(new NatsPublishError('NATS connection closed', ErrorCode.ConnectionClosed));
    // The server closes a connection that sends more than its max_payload: refused here instead, as the client's publish does.
    const max = this.nc.info?.max_payload;
    if (max !== undefined && frameSize({ subject, replyTo: '', msgId: msgID, payload: value }) > max) {
      return Promise.reject(new NatsPublishError(`a message of ${value.length} bytes is over the server's max_payload (${max})`, ErrorCode.MaxPayloadExceeded));
    }
    const token = (this.next++).toString(36);
    const done = new Promise<void>((resolve, reject) => {
      this.waiting.set(token, { resolve, reject, deadline: Date.now() + this.timeoutMs });
    });
    this.outbox.publish(this.nc, subject, `${this.inbox}.${token}`, msgID, value);
    return done;
  }

  private onReply(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length + 1);
    const w = this.waiting.get(token);
    if (w === undefined) return; // answered after its time-out: the retry (same msgID) decides
    this.waiting.delete(token);
    if (msg.headers !== undefined && msg.headers.code === 503) {
      w.reject(new NatsPublishError('no stream answers on this subject (503)', '503'));
      return;
    }
    if (plainPubAck(msg.data)) {
      w.resolve();
      return;
    }
    let ack: PubAckReply;
    try {
      ack = msg.json<PubAckReply>();
    } catch (error) {
      w.reject(new NatsPublishError(`unreadable JetStream publish acknowledgement: ${(error as Error).message}`, ErrorCode.BadJson));
      return;
    }
    if (ack.error !== undefined) {
      w.reject(new NatsPublishError(ack.error.description, String(ack.error.code), ack.error));
      return;
    }
    if (ack.stream === undefined) {
      w.reject(new NatsPublishError('JetStream publish acknowledgement without a stream', ErrorCode.JetStreamInvalidAck));
      return;
    }
    w.resolve();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, w] of this.waiting) {
      if (w.deadline > now) continue;
      this.waiting.delete(token);
      w.reject(new NatsPublishError(`no JetStream acknowledgement within ${this.timeoutMs} ms`, ErrorCode.Timeout));
    }
  }

  /** Fails every publish still waiting and stops listening. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    for (const w of this.waiting.values()) w.reject(new NatsPublishError('NATS connection closed', ErrorCode.ConnectionClosed));
    this.waiting.clear();
    try {
      this.subscription.unsubscribe();
    } catch {
      // connection already closed
    }
  }
}
