import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { Utf8Slab } from './utf8-slab.js';

/** Code points from every UTF-8 length (1-4 bytes), lone surrogates included (written as U+FFFD). */
const POINTS = [0x41, 0x7f, 0xe9, 0x7ff, 0x800, 0x20ac, 0xd800, 0xdfff, 0xfffd, 0x10000, 0x1f600, 0x10ffff];

function text(next: () => number): string {
  const length = next() < 0.1 ? 40_000 + Math.floor(next() * 20_000) : Math.floor(next() * 300);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += next() < 0.7 ? String.fromCharCode(32 + Math.floor(next() * 95)) : String.fromCodePoint(POINTS[Math.floor(next() * POINTS.length)]!);
  }
  return out;
}

describe('Utf8Slab', () => {
  it('gives the same bytes as Buffer.from for any text, each kept intact by the ones encoded after it', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const texts = Array.from({ length: Math.floor(next() * 60) }, () => text(next));
      const slab = new Utf8Slab();
      const encoded = texts.map((t) => slab.encode(t));
      encoded.forEach((bytes, i) => expect(bytes.equals(Buffer.from(texts[i]!, 'utf8')), `seed ${seed}, text ${i}`).toBe(true));
    }
  });

  it('cuts consecutive outputs from one slab, and a large text gets a buffer of its own', () => {
    const slab = new Utf8Slab();
    const a = slab.encode('é'.repeat(3000));
    const b = slab.encode('x'.repeat(5000));
    expect(a.buffer).toBe(b.buffer);
    expect(b.byteOffset).toBeGreaterThanOrEqual(a.byteOffset + a.length);
    const large = slab.encode('y'.repeat(200_000));
    expect(large.buffer).not.toBe(a.buffer);
    expect(large.length).toBe(200_000);
  });

  it('starts a new slab when the text may not fit in what is left', () => {
    const slab = new Utf8Slab();
    const first = slab.encode('a'.repeat(40_000));
    let last = first;
    // 40 000 units may need 120 000 bytes: a 1 MiB slab takes at most 8 such texts reserved this way.
    for (let i = 0; i < 30; i++) last = slab.encode('a'.repeat(40_000));
    expect(last.buffer).not.toBe(first.buffer);
    expect(last.toString('utf8')).toBe('a'.repeat(40_000));
  });
});
