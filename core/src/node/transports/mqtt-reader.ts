/**
 * The read side of a channel's MQTT connections (issue 42): the packets a channel receives per
 * message, a QoS 1 PUBLISH on a subscription and a PUBACK on the publisher, are read here from the
 * socket's bytes instead of by MQTT.js.
 *
 * MQTT.js pipes its socket into mqtt-packet's parser, which gathers the bytes in a `bl` buffer
 * list, builds a packet object field by field with debug calls, emits it, and MQTT.js then handles
 * each packet on its own `nextTick` turn. At a channel's rate that was a measurable share of the
 * event loop's work per message. Here the bytes are cut into whole packets (`PacketFramer`, the
 * payloads left as slices of the socket's chunks); a plain QoS 1 PUBLISH (no properties) goes
 * straight to the subscription, a plain PUBACK (accepted, no properties) straight to MQTT.js's
 * acknowledgement handler, and every other packet, in order and byte for byte, to MQTT.js's own
 * reader. A packet is only taken here when MQTT.js has nothing of the connection left to read,
 * so the two never overtake each other (a CONNACK is always handled before what follows it).
 */
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import type { Duplex, Writable } from 'node:stream';
import type { MqttClient, Packet } from 'mqtt';

type PubackPacket = Extract<Packet, { cmd: 'puback' }>;

/** MQTT fixed header, first byte: the packet type in the high nibble, its flags in the low one. */
const PUBLISH = 3;
const PUBACK_BYTE = 0x40;
const DUP = 0x08;
const QOS_MASK = 0x06;
const QOS1 = 0x02;

/**
 * Total bytes of the packet starting at `at` (fixed header included), from its remaining length
 * (MQTT 5, 1.5.5, at most 4 bytes); 0 when the header is not all there yet, -1 when it is malformed
 * (a fourth length byte that says more follow).
 */
export function frameLength(bytes: Buffer, at: number): number {
  let remaining = 0;
  let scale = 1;
  for (let i = 1; i <= 4; i++) {
    if (at + i >= bytes.length) return 0;
    const byte = bytes[at + i]!;
    remaining += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return 1 + i + remaining;
    scale *= 0x80;
  }
  return -1;
}

/**
 * Cuts a byte stream into whole MQTT packets, in order. A packet inside one chunk is a slice of
 * it (not copied); one split across chunks is copied once, when its last byte came. After a
 * malformed length every byte goes to `raw` unread, whose reader then reports the error.
 */
export class PacketFramer {
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Total bytes of the packet being gathered in `parts`, 0 while its header is incomplete. */
  private needed = 0;
  private broken = false;

  constructor(
    private readonly packet: (bytes: Buffer) => void,
    private readonly raw: (bytes: Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.broken) return this.raw(chunk);
    const rest = this.partBytes === 0 ? chunk : this.complete(chunk);
    if (rest !== undefined) this.cut(rest);
  }

  /**
   * Adds `chunk` to the packet being gathered: once it is whole it goes out (its bytes copied
   * together once) and the rest of `chunk` is returned, uncopied; undefined while it is not.
   */
  private complete(chunk: Buffer): Buffer | undefined {
    if (this.needed === 0) {
      // The header (at most 5 bytes) was cut: read it from the bytes gathered and the chunk's first.
      const head = Buffer.concat([...this.parts, chunk.subarray(0, 5)]);
      this.needed = frameLength(head, 0);
      if (this.needed < 0) {
        this.broken = true;
        this.raw(Buffer.concat([...this.parts, chunk]));
        this.parts = [];
        this.partBytes = 0;
        return undefined;
      }
    }
    const missing = this.needed - this.partBytes;
    if (this.needed === 0 || chunk.length < missing) {
      this.parts.push(chunk);
      this.partBytes += chunk.length;
      return undefined;
    }
    this.parts.push(chunk.subarray(0, missing));
    const packet = Buffer.concat(this.parts, this.needed);
    this.parts = [];
    this.partBytes = 0;
    this.needed = 0;
    this.packet(packet);
    return chunk.subarray(missing);
  }

  private cut(bytes: Buffer): void {
    let at = 0;
    while (at < bytes.length) {
      const length = frameLength(bytes, at);
      if (length < 0) {
        this.broken = true;
        this.raw(bytes.subarray(at));
        return;
      }
      if (length === 0 || at + length > bytes.length) {
        const rest = bytes.subarray(at);
        this.parts = [rest];
        this.partBytes = rest.length;
        this.needed = length;
        return;
      }
      this.packet(bytes.subarray(at, at + length));
      at += length;
    }
  }
}

/** What a subscription needs of a QoS 1 PUBLISH (its topic is the subscription's own: no wildcards). */
export interface PlainPublish {
  readonly messageId: number;
  readonly dup: boolean;
  readonly payload: Buffer;
}

/**
 * A whole packet read as a QoS 1 PUBLISH with a packet id and no properties (MQTT 5, 3.3), or
 * undefined for anything else (other packets, QoS 0 or 2, properties such as a topic alias, a
 * packet id 0, a topic that does not fit): those are MQTT.js's to read and to judge.
 */
export function plainPublish(packet: Buffer): PlainPublish | undefined {
  const first = packet[0]!;
  if (first >> 4 !== PUBLISH || (first & QOS_MASK) !== QOS1) return undefined;
  const header = headerBytes(packet);
  // Topic length, topic (not empty: an empty one needs an alias), packet id, property length 0.
  const topicBytes = packet.length >= header + 2 ? packet.readUInt16BE(header) : 0;
  const idAt = header + 2 + topicBytes;
  if (topicBytes === 0 || idAt + 3 > packet.length || packet[idAt + 2] !== 0) return undefined;
  const messageId = packet.readUInt16BE(idAt);
  if (messageId === 0) return undefined;
  return { messageId, dup: (first & DUP) !== 0, payload: packet.subarray(idAt + 3) };
}

/** Bytes of a whole packet's fixed header: its first byte and its remaining length (1-4 bytes). */
function headerBytes(packet: Buffer): number {
  let at = 1;
  while ((packet[at]! & 0x80) !== 0) at += 1;
  return at + 1;
}

/** PUBACK reason codes that mean the publish was accepted: success, no matching subscribers. */
const ACCEPTED = new Set([0x00, 0x10]);

/**
 * A whole packet read as a PUBACK that accepts its publish, without properties (MQTT 5, 3.4: the
 * reason code left out when 0, or given, with or without an empty property list), as the object
 * mqtt-packet's parser makes of it; undefined for anything else, refusals included.
 */
export function plainPuback(packet: Buffer): PubackPacket | undefined {
  const length = packet.length - 2;
  if (packet[0] !== PUBACK_BYTE || length < 2 || length > 4 || (length === 4 && packet[5] !== 0)) return undefined;
  const reasonCode = length === 2 ? 0 : packet[4]!;
  if (!ACCEPTED.has(reasonCode)) return undefined;
  return {
    cmd: 'puback',
    retain: false,
    qos: 0,
    dup: false,
    length,
    topic: null,
    payload: null,
    messageId: packet.readUInt16BE(2),
    reasonCode,
  } as PubackPacket;
}

/** What a client reads itself; the rest of its packets go to MQTT.js. */
export interface OwnReads {
  /** A subscription's plain QoS 1 PUBLISH. */
  readonly publish?: (publish: PlainPublish) => void;
  /** A publisher's plain PUBACK, handed to MQTT.js's acknowledgement handler without its parser. */
  readonly pubacks?: boolean;
  /** A new connection's stream was made (before its CONNECT is sent). */
  readonly newStream?: () => void;
  /** A socket connection's gate, given once per connection as it is piped to MQTT.js's reader. */
  readonly gate?: (gate: ReadGate) => void;
}

/**
 * Holds a connection's reading: while held, the socket reads nothing more (the bytes wait in the
 * kernel's buffers, then at the broker), as it does while MQTT.js's reader is behind.
 */
export interface ReadGate {
  hold(on: boolean): void;
}

type HandlePacket = (client: MqttClient, packet: PubackPacket, done: () => void) => void;

/** MQTT.js's handler of a parsed packet (the pinned 5.x layout), the one its own reader calls. */
const handlePacket = (createRequire(import.meta.url)('mqtt/lib/handlers/index') as { default: HandlePacket }).default;

const noop = (): void => undefined;

/**
 * Reads `reads`' packets of every connection `client` makes. The client must be made with
 * `manualConnect` and connected after this call, so its first stream is built here too. Streams
 * that are not sockets (WebSocket) are left to MQTT.js whole.
 */
export function readOwnPackets(client: MqttClient, reads: OwnReads): void {
  const internals = client as unknown as { streamBuilder: (client: MqttClient) => Duplex };
  const build = internals.streamBuilder;
  internals.streamBuilder = (c) => {
    reads.newStream?.();
    const stream = build(c);
    if (stream instanceof Socket) interceptPipe(client, stream, reads);
    return stream;
  };
}

/** MQTT.js pipes the stream into its reader once per connection: that pipe goes through a framer. */
function interceptPipe(client: MqttClient, stream: Socket, reads: OwnReads): void {
  stream.pipe = <T extends NodeJS.WritableStream>(dest: T): T => {
    const reader = dest as unknown as Writable;
    // As a pipe does: the socket waits while MQTT.js's reader is behind (one 'drain' wait at a
    // time), and while the subscription holds it (`ReadGate`).
    let behind = false;
    let held = false;
    const flow = (): void => {
      if (behind || held) stream.pause();
      else stream.resume();
    };
    const toMqttJs = (bytes: Buffer): void => {
      if (!reader.write(bytes) && !behind) {
        behind = true;
        flow();
        reader.once('drain', () => {
          behind = false;
          flow();
        });
      }
    };
    reads.gate?.({
      hold: (on) => {
        if (held === on) return;
        held = on;
        flow();
      },
    });
    const framer = new PacketFramer((packet) => {
      // Only when MQTT.js has read everything before it, and only on the client's current stream.
      if (reader.writableLength === 0 && client.stream === stream && ownRead(client, packet, reads)) return;
      toMqttJs(packet);
    }, toMqttJs);
    stream.on('data', (chunk: Buffer) => framer.push(chunk));
    stream.once('end', () => reader.end());
    return dest;
  };
}

function ownRead(client: MqttClient, packet: Buffer, reads: OwnReads): boolean {
  if (reads.publish !== undefined) {
    const publish = plainPublish(packet);
    if (publish === undefined) return false;
    reads.publish(publish);
    return true;
  }
  if (reads.pubacks === true) {
    const puback = plainPuback(packet);
    if (puback === undefined) return false;
    handlePacket(client, puback, noop);
    return true;
  }
  return false;
}
