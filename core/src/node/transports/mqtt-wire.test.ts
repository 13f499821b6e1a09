import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { mqttPacketCodec as packets } from '../../test-support/mqtt-packet-codec.js';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { MAX_REMAINING_LENGTH, publishHead, pubackPacket, writeCorked } from './mqtt-wire.js';

function parseOne(bytes: Buffer): Record<string, unknown> {
  const parser = packets.parser({ protocolVersion: 5 });
  const out: Array<Record<string, unknown>> = [];
  parser.on('packet', (p) => out.push(p));
  parser.on('error', (error) => {
    throw error;
  });
  parser.parse(bytes);
  expect(out).toHaveLength(1);
  return out[0]!;
}

/** Topic characters of every UTF-8 length, and payload sizes on each side of the remaining length's byte boundaries. */
const TOPIC_CHARS = ['a', 'Z', '/', '.', '-', 'é', '€', '中', '😀'];
const SIZES = [0, 1, 100, 116, 117, 118, 127, 128, 2800, 16_370, 16_383, 16_384, 70_000, 2_097_140, 2_097_152];

describe('MQTT wire packets', () => {
  it('a PUBLISH head plus its payload is byte for byte what mqtt-packet writes, and it parses back', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const topic = Array.from({ length: 1 + Math.floor(next() * 40) }, () => TOPIC_CHARS[Math.floor(next() * TOPIC_CHARS.length)]).join('');
      const size = next() < 0.5 ? SIZES[seed % SIZES.length]! : Math.floor(next() * 5000);
      const payload = Buffer.alloc(size, seed);
      const messageId = 1 + Math.floor(next() * 65_535);
      const retain = next() < 0.5;
      const dup = next() < 0.5;
      const head = publishHead({ topic, messageId, payloadBytes: payload.length, retain, dup })!;
      const ours = Buffer.concat([head, payload]);
      const theirs = packets.generate({ cmd: 'publish', topic, payload, qos: 1, messageId, retain, dup }, { protocolVersion: 5 });
      expect(ours.equals(theirs), `seed ${seed}: topic ${topic}, ${size} bytes`).toBe(true);
      const parsed = parseOne(ours);
      expect(parsed).toMatchObject({ cmd: 'publish', topic, qos: 1, messageId, retain, dup });
      expect((parsed['payload'] as Buffer).equals(payload)).toBe(true);
    }
  });

  it('refuses a packet MQTT cannot express (remaining length past 4 bytes of variable integer, topic past 64 KiB)', () => {
    expect(publishHead({ topic: 't', messageId: 1, payloadBytes: MAX_REMAINING_LENGTH, retain: false, dup: false })).toBeUndefined();
    expect(publishHead({ topic: 'x'.repeat(65_536), messageId: 1, payloadBytes: 1, retain: false, dup: false })).toBeUndefined();
    expect(publishHead({ topic: 't', messageId: 1, payloadBytes: MAX_REMAINING_LENGTH - 6, retain: false, dup: false })).toBeDefined();
  });

  it('a PUBACK is the 4-byte form mqtt-packet writes for reason code 0, for every packet id', () => {
    for (const messageId of [1, 2, 255, 256, 4095, 32_768, 65_535]) {
      const theirs = packets.generate({ cmd: 'puback', messageId, reasonCode: 0 }, { protocolVersion: 5 });
      expect(pubackPacket(messageId).equals(theirs), `id ${messageId}`).toBe(true);
      expect(parseOne(pubackPacket(messageId))).toMatchObject({ cmd: 'puback', messageId });
    }
  });

  it('writes of one tick leave in one piece, in order, after the tick', async () => {
    const writes: string[][] = [];
    const stream = new Writable({
      writev(chunks, cb) {
        writes.push(chunks.map((c) => String(c.chunk)));
        cb();
      },
      write(chunk, _encoding, cb) {
        writes.push([String(chunk)]);
        cb();
      },
    });
    writeCorked(stream, Buffer.from('a'), Buffer.from('b'));
    writeCorked(stream, Buffer.from('c'));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([['a', 'b', 'c']]);
    writeCorked(stream, Buffer.from('d'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
