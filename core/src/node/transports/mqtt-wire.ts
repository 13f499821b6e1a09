/**
 * The two packets a channel sends per message, QoS 1 PUBLISH (its output) and PUBACK (its source's
 * acknowledgement), written by this transport in one piece each instead of by MQTT.js (issue 42).
 *
 * MQTT.js hands every packet to mqtt-packet, which writes it as 6-10 separate stream writes (fixed
 * header, remaining length, topic length, topic, packet id, properties, payload), each a Writable
 * request with its own callback slot, formats debug lines for each, and first copies a publish
 * (payload bytes included, with rfdc) for its outgoing store. At a channel's rate these were a
 * measurable share of the event loop's work per message. Here a PUBLISH is its header (one small
 * buffer) and its payload (the slab view, not copied), a PUBACK one 4-byte buffer; the writes of
 * one tick go out in one system call, as mqtt-packet's cork did.
 *
 * Only the packets whose encoding is fully known here take this way: MQTT 5, no properties, no
 * topic alias (the transport sets none). A stored publish that MQTT.js sends again after a
 * reconnection comes the same way, with DUP set; every other packet (CONNECT, SUBSCRIBE, PINGREQ...)
 * still goes through MQTT.js unchanged.
 */
import type { Writable } from 'node:stream';

/** MQTT 5 fixed header, first byte: PUBLISH is type 3, PUBACK type 4. */
const PUBLISH = 0x30;
const PUBACK = 0x40;
const DUP = 0x08;
const QOS1 = 0x02;
const RETAIN = 0x01;

/** Bytes of MQTT's variable byte integer for `n` (1-4, MQTT 5, 1.5.5). */
function varIntBytes(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4;
}

function writeVarInt(buffer: Buffer, offset: number, n: number): number {
  let rest = n;
  let at = offset;
  do {
    let byte = rest % 0x80;
    rest = Math.floor(rest / 0x80);
    if (rest > 0) byte |= 0x80;
    buffer[at++] = byte;
  } while (rest > 0);
  return at;
}

/** Largest remaining length MQTT can express (4 bytes of variable byte integer). */
export const MAX_REMAINING_LENGTH = 268_435_455;

export interface PublishHead {
  readonly topic: string;
  readonly messageId: number;
  readonly payloadBytes: number;
  readonly retain: boolean;
  readonly dup: boolean;
}

/**
 * Everything of a QoS 1 PUBLISH before its payload (MQTT 5, 3.3): fixed header, remaining length,
 * topic, packet id and an empty property list. Undefined when the packet would be too long.
 */
export function publishHead({ topic, messageId, payloadBytes, retain, dup }: PublishHead): Buffer | undefined {
  const topicBytes = Buffer.byteLength(topic, 'utf8');
  // Topic length (2) + topic + packet id (2) + property length (1, zero) + payload.
  const remaining = 2 + topicBytes + 2 + 1 + payloadBytes;
  if (remaining > MAX_REMAINING_LENGTH || topicBytes > 0xffff) return undefined;
  const head = Buffer.allocUnsafe(1 + varIntBytes(remaining) + remaining - payloadBytes);
  head[0] = PUBLISH | QOS1 | (dup ? DUP : 0) | (retain ? RETAIN : 0);
  let at = writeVarInt(head, 1, remaining);
  head.writeUInt16BE(topicBytes, at);
  at += 2;
  at += head.write(topic, at, 'utf8');
  head.writeUInt16BE(messageId, at);
  head[at + 2] = 0;
  return head;
}

/** A PUBACK with reason code 0 and no properties, which MQTT 5 (3.4.2.1) lets out: 4 bytes. */
export function pubackPacket(messageId: number): Buffer {
  const packet = Buffer.allocUnsafe(4);
  packet[0] = PUBACK;
  packet[1] = 2;
  packet.writeUInt16BE(messageId, 2);
  return packet;
}

const corked = new WeakSet<Writable>();

function uncork(stream: Writable): void {
  corked.delete(stream);
  stream.uncork();
}

/**
 * Writes `chunks` to the connection's stream; every write of the current tick is held (corked)
 * and goes out in one system call when the tick ends. Returns false when the stream asks to wait
 * for 'drain' (as `Writable.write` does).
 */
export function writeCorked(stream: Writable, ...chunks: Buffer[]): boolean {
  if (!corked.has(stream)) {
    corked.add(stream);
    stream.cork();
    process.nextTick(uncork, stream);
  }
  let ok = true;
  for (const chunk of chunks) ok = stream.write(chunk);
  return ok;
}
