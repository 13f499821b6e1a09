import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/payload-variants.js';
import { goldenFile, goldenPairs } from '../../test-support/shared-data.js';
import { jsonTextAsString } from './json-string-writer.js';

/** What jsonTextAsString must equal: V8's two passes. */
const twoPasses = (value: unknown, pretty: boolean): string => JSON.stringify(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value));

/** Characters JSON.stringify treats differently: quotes, backslashes, controls, surrogates (paired and lone), U+2028, non-ASCII. */
const ALPHABET = [
  'a',
  'Z',
  '0',
  ' ',
  ':',
  '#',
  '/',
  '"',
  '\\',
  '\n',
  '\t',
  '\r',
  '\u0000',
  '\u001f',
  '\u007f',
  'é',
  '€',
  '\u2028',
  '\ud83d\ude00',
  '\ud800',
  '\udfff',
  '{',
  '}',
  '[',
  ']',
  ',',
];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 12);
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  // Strings that come back (keys, IRIs) hit the writer's kept escapes.
  return next() < 0.3 ? ['@id', '@type', '@graph', 'http://ex.org/a"b', 'x\\y'][Math.floor(next() * 5)]! : s;
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 4 || pick < 0.35) return randomString(next);
  if (pick < 0.45) return [0, -0, 1.5, -2e-7, 1e21, 123456789012345680000, Number.MAX_VALUE, NaN, Infinity][Math.floor(next() * 9)];
  if (pick < 0.5) return [true, false, null][Math.floor(next() * 3)];
  if (pick < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
  const o: Record<string, unknown> = {};
  const n = Math.floor(next() * 5);
  for (let i = 0; i < n; i++) o[next() < 0.1 ? String(Math.floor(next() * 20)) : randomString(next)] = randomValue(next, depth + 1);
  return o;
}

describe('jsonTextAsString: a JSON value as the string literal of its text, in one walk', () => {
  it('equals JSON.stringify of JSON.stringify on generated values, pretty and compact', () => {
    const next = seededRandom(Number(process.env.JSON_STRING_SEED ?? 2026));
    for (let i = 0; i < 3000; i++) {
      const value = randomValue(next, 0);
      for (const pretty of [true, false]) expect(jsonTextAsString(value, pretty), JSON.stringify(value)).toBe(twoPasses(value, pretty));
    }
  });

  it('equals it on the golden outputs, a message after message (escapes kept across calls)', () => {
    const docs = goldenPairs().map((p) => JSON.parse(goldenFile(p.pair, 'output.json')) as unknown);
    expect(docs.length).toBeGreaterThan(5);
    for (let round = 0; round < 2; round++) for (const doc of docs) expect(jsonTextAsString(doc, true)).toBe(twoPasses(doc, true));
  });

  it('leaves to JSON.stringify what it treats otherwise than plain values', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    const cases: unknown[] = [
      { a: undefined, b: 1 },
      [undefined, () => 1, Symbol('s')],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 3],
      { when: new Date(0) },
      { custom: { toJSON: () => 'replaced' } },
      { point: new Point(2) },
      { boxed: [new String('s'), new Number(1), new Boolean(false)] },
      Object.assign(Object.create(null) as object, { bare: 'yes' }),
      { map: new Map([[1, 2]]) },
    ];
    for (const value of cases) for (const pretty of [true, false]) expect(jsonTextAsString(value, pretty)).toBe(twoPasses(value, pretty));
  });

  it('writes values nested past its depth through JSON.stringify, the same text', () => {
    let deep: unknown = 'leaf "q"';
    for (let i = 0; i < 200; i++) deep = i % 2 === 0 ? [deep] : { k: deep };
    expect(jsonTextAsString(deep, true)).toBe(twoPasses(deep, true));
    expect(jsonTextAsString(deep, false)).toBe(twoPasses(deep, false));
  });

  it('refuses a bigint as JSON.stringify does', () => {
    expect(() => jsonTextAsString({ n: 1n }, true)).toThrow(TypeError);
  });
});
