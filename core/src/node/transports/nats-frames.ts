/**
 * A turn's publishes written as the NATS protocol's own frames, into one buffer (issue 42).
 *
 * A channel on JetStream publishes twice per message: its output (with a `Nats-Msg-Id` header for
 * the stream's de-duplication and a reply subject for the PubAck) and the source message's ack.
 * Each `nc.publish` of the `nats` client builds its protocol line as a string and encodes it with a
 * `TextEncoder`, encodes a header object the same way, and queues the pieces, which its command
 * queue then copies into one buffer per turn. Here the frames of one turn are written straight
 * into one buffer, the bytes the client would have written (`PUB`/`HPUB` lines, `NATS/1.0`
 * header block, payload, CRLF), and handed to the client's command queue as one command: they
 * reach the socket in order with the client's other writes, and its buffering while it reconnects
 * applies to them as to its own.
 *
 * The command queue is the client's (nats 2.x: `protocol.sendCommand`), not part of its declared
 * interface; when a client lacks it, the frames go through `nc.publish` as before.
 */
import { ErrorCode, headers as natsHeaders, type NatsConnection } from 'nats';

/** A frame the server would refuse: shaped like the client's own error (its `code`). */
export class NatsFrameError extends Error {
  readonly code: string = ErrorCode.MaxPayloadExceeded;
  constructor(message: string) {
    super(message);
    this.name = 'NatsFrameError';
  }
}

/** One publish: to `subject`, answered on `replyTo` ('' for none), with a de-duplication id or none. */
export interface NatsFrame {
  readonly subject: string;
  readonly replyTo: string;
  readonly msgId: string | undefined;
  readonly payload: Uint8Array;
}

/** What of the client's protocol handler is used: its command queue, the server's limits, its counters. */
interface CommandQueue {
  sendCommand(command: Uint8Array): void;
  readonly info?: { readonly max_payload?: number };
  readonly noMorePublishing?: boolean;
  outMsgs: number;
  outBytes: number;
}

/** The client's command queue, when it has the one this module writes to. */
export function commandQueueOf(nc: NatsConnection): CommandQueue | undefined {
  const protocol = (nc as { readonly protocol?: Partial<CommandQueue> }).protocol;
  return protocol !== undefined && typeof protocol.sendCommand === 'function' && typeof protocol.outMsgs === 'number' ? (protocol as CommandQueue) : undefined;
}

/** The header block of a de-duplicated publish, as the client's headers encode it. */
export function msgIdHeader(msgId: string): string {
  return `NATS/1.0\r\nNats-Msg-Id: ${msgId}\r\n\r\n`;
}

/** Header and payload bytes of a frame: what the server counts against its `max_payload`. */
export function frameSize(frame: NatsFrame): number {
  return (frame.msgId === undefined ? 0 : Buffer.byteLength(msgIdHeader(frame.msgId))) + frame.payload.length;
}

/**
 * The protocol line and header block of a frame (everything before its payload), and its header
 * and payload bytes together (what the server bounds by `max_payload`, and the client counts).
 */
function frameHead(frame: NatsFrame): { readonly head: string; readonly size: number } {
  const reply = frame.replyTo === '' ? '' : ` ${frame.replyTo}`;
  if (frame.msgId === undefined) return { head: `PUB ${frame.subject}${reply} ${frame.payload.length}\r\n`, size: frame.payload.length };
  const header = msgIdHeader(frame.msgId);
  const size = Buffer.byteLength(header) + frame.payload.length;
  return { head: `HPUB ${frame.subject}${reply} ${size - frame.payload.length} ${size}\r\n${header}`, size };
}

/**
 * Writes `frames[from..to)` to `nc`: one command on its queue, or one `nc.publish` each on a client
 * without it. Throws as `nc.publish` does when the connection is closed or draining.
 */
export function writeFrames(nc: NatsConnection, frames: readonly NatsFrame[], from = 0, to = frames.length): void {
  const queue = commandQueueOf(nc);
  if (queue === undefined || nc.isClosed() || queue.noMorePublishing === true) {
    for (let i = from; i < to; i++) {
      const f = frames[i]!;
      const h = f.msgId === undefined ? undefined : natsHeaders();
      h?.set('Nats-Msg-Id', f.msgId!);
      nc.publish(f.subject, f.payload, { ...(f.replyTo === '' ? {} : { reply: f.replyTo }), ...(h === undefined ? {} : { headers: h }) });
    }
    return;
  }
  // The server closes a connection that sends a message over its max_payload; the publisher refuses
  // those before they are queued, and none is written here either (the others are then lost too).
  const max = queue.info?.max_payload;
  const heads: string[] = [];
  let bytes = 0;
  let counted = 0;
  for (let i = from; i < to; i++) {
    const frame = frames[i]!;
    const { head, size } = frameHead(frame);
    if (max !== undefined && size > max) throw new NatsFrameError(`a message of ${frame.payload.length} bytes is over the server's max_payload (${max})`);
    heads.push(head);
    bytes += Buffer.byteLength(head) + frame.payload.length + 2;
    counted += size;
  }
  const out = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (let i = from; i < to; i++) {
    at += out.write(heads[i - from]!, at, 'utf8');
    const payload = frames[i]!.payload;
    out.set(payload, at);
    at += payload.length;
    out[at++] = 0x0d;
    out[at++] = 0x0a;
  }
  queue.sendCommand(out);
  // The client's own counters (nc.stats()), as its publish keeps them: messages, and their header and payload bytes.
  queue.outMsgs += to - from;
  queue.outBytes += counted;
}
