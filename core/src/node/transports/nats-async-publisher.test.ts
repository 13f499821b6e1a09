import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { plainPubAck } from './nats-async-publisher.js';

const utf8 = new TextEncoder();

/** What the publisher decided from the parsed acknowledgement: stored (no error, a stream). */
function storedByParse(text: string): boolean | undefined {
  try {
    const ack = JSON.parse(text) as { stream?: unknown; error?: unknown } | null;
    return ack !== null && typeof ack === 'object' && ack.error === undefined && ack.stream !== undefined;
  } catch {
    return undefined;
  }
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

/** PubAcks as servers write them (fields in Go's order, errors after the stream or alone), and near misses. */
function pubAck(next: () => number): string {
  const stream = pick(next, ['MEDIATOR_bench_r1_src_0123456789', 'S', 'KV_mediator_config', 'a-b_c', 'q"uote', 'back\\slash', '', '}', ',']);
  const fields: string[] = [];
  if (next() < 0.85) fields.push(`"stream":${JSON.stringify(stream)}`);
  if (next() < 0.8) fields.push(`"seq":${Math.floor(next() * 1e9)}`);
  if (next() < 0.3) fields.push(`"domain":${JSON.stringify(pick(next, ['hub', 'leaf', '']))}`);
  if (next() < 0.2) fields.push('"duplicate":true');
  if (next() < 0.3)
    fields.push(`"error":{"code":${pick(next, [400, 503, 500])},"err_code":${pick(next, [10060, 10071, 10077])},"description":"wrong last sequence"}`);
  if (next() < 0.1) fields.reverse();
  const text = `{${fields.join(',')}}`;
  const r = next();
  if (r < 0.05) return text.slice(0, Math.floor(next() * text.length));
  if (r < 0.08) return ` ${text}`;
  return text;
}

describe('plainPubAck', () => {
  it('reads a plain acknowledgement as stored and anything with an error, or not a PubAck, as not plain', () => {
    expect(plainPubAck(utf8.encode('{"stream":"S","seq":7}'))).toBe(true);
    expect(plainPubAck(utf8.encode('{"stream":"S","seq":7,"duplicate":true}'))).toBe(true);
    expect(plainPubAck(utf8.encode('{"stream":"S","seq":0,"error":{"code":503,"description":"x"}}'))).toBe(false);
    expect(plainPubAck(utf8.encode('{"error":{"code":503,"description":"x"}}'))).toBe(false);
    expect(plainPubAck(utf8.encode(''))).toBe(false);
    expect(plainPubAck(utf8.encode('{"stream":"}'))).toBe(false);
    expect(plainPubAck(utf8.encode('{"stream":"S"'))).toBe(false);
  });

  it('reads only its own bytes of a view into a larger buffer (as a socket read hands them over)', () => {
    for (const body of ['{"stream":"S","seq":3}', '{"stream":"S","seq":3,"error":{"code":503}}']) {
      const around = utf8.encode(`"error"..${body}"error"`);
      expect(plainPubAck(around.subarray(9, 9 + body.length))).toBe(!body.includes('"error"'));
    }
  });

  it('never says stored where parsing the acknowledgement would not (generated PubAcks)', () => {
    let plain = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const text = pubAck(random(seed));
      const fast = plainPubAck(utf8.encode(text));
      // Not plain sends the reply to JSON.parse, as before; only a plain verdict must be right.
      if (fast) {
        plain += 1;
        expect(storedByParse(text), text).toBe(true);
      }
      // Every well-formed stored acknowledgement written stream first takes the fast path.
      if (storedByParse(text) === true && /^\{"stream":"[^"\\]*"[,}]/.test(text)) expect(fast, text).toBe(true);
    }
    expect(plain).toBeGreaterThan(1000);
  });
});
