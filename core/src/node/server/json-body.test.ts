/**
 * The JSON body parser's shortcut (parseShallowJson) against the checks it stands for: on generated
 * bodies (nesting around the limit, `__proto__` and `constructor` keys plain or escaped, in strings
 * or as keys, a BOM, broken text), parseBoundedJson answers exactly what the checked path (the depth
 * scan, then Fastify's own parser) answers: the same value, or the same error.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../common/index.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { parseBoundedJson, parseCheckedJson, parseShallowJson } from './json-body.js';

type Parser = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type Outcome = { value: unknown } | { error: { name: string; message: string; code: unknown } };

const parser: Parser = (Fastify() as unknown as FastifyInstance).getDefaultJsonParser('error', 'error');
const request = {} as Parameters<Parser>[0];

function outcome(run: (done: (error: Error | null, value?: unknown) => void) => void): Outcome {
  let result: Outcome | undefined;
  run((error, value) => {
    result = error === null ? { value } : { error: { name: error.name, message: error.message, code: (error as { code?: unknown }).code } };
  });
  if (result === undefined) throw new Error('the parser did not answer synchronously');
  return result;
}

/** What the server answered before the shortcut: the depth scan, Fastify's parser, our readable refusal. */
function slowPath(text: string): Outcome {
  return outcome((done) => parseCheckedJson(parser, request, text, done));
}

const KEYS = ['a', 'graphStr', '__proto__', 'constructor', 'prototype', '\\u005f_proto__', 'constr\\u0075ctor', 'x"y', ''];
const STRINGS = ['"plain"', '"{[nested]}"', '"\\"__proto__\\": 1"', '"\\\\"', '"constructor"', '"\\u005b"'];

/** A random JSON text of about `depth` levels, sometimes broken. */
function generate(random: () => number, depth: number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const value = (level: number): string => {
    const r = random();
    if (level >= depth || r < 0.2) return pick([...STRINGS, '1', 'null', 'true', '-2.5e3']);
    if (r < 0.55) {
      const n = 1 + Math.floor(random() * 3);
      return `[${Array.from({ length: n }, () => value(level + 1)).join(',')}]`;
    }
    const n = Math.floor(random() * 3) + (level < depth ? 1 : 0);
    return `{${Array.from({ length: n }, () => `"${pick(KEYS)}" : ${value(level + 1)}`).join(',')}}`;
  };
  let text = value(0);
  const spoil = random();
  if (spoil < 0.05) text = text.slice(0, Math.floor(random() * text.length));
  else if (spoil < 0.08) text = `\uFEFF${text}`;
  else if (spoil < 0.1) text = `${text},`;
  return text;
}

/** Nested `depth` levels along one path, the rest random (the limit's neighbourhood). */
function deep(random: () => number, depth: number): string {
  let text = generate(random, 2);
  for (let i = 0; i < depth; i++) text = random() < 0.5 ? `[${text}]` : `{"k":${text}}`;
  return text;
}

describe('JSON request bodies (json-body.ts)', () => {
  it('answers every generated body exactly as the checked path does', () => {
    const random = seededRandom(42);
    let shortcuts = 0;
    for (let i = 0; i < 3000; i++) {
      const text = generate(random, 1 + Math.floor(random() * 6));
      const fast = outcome((done) => parseBoundedJson(parser, request, text, done));
      expect(fast, text).toEqual(slowPath(text));
      if (parseShallowJson(text) !== undefined) shortcuts++;
    }
    // Both paths were compared: bodies the shortcut takes, and bodies it leaves to the checked path.
    expect(shortcuts).toBeGreaterThan(500);
    expect(shortcuts).toBeLessThan(2500);
  });

  it('refuses or accepts at the nesting limit as the depth scan does', () => {
    const random = seededRandom(7);
    for (const depth of [MAX_JSON_DEPTH - 3, MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 5000]) {
      for (let i = 0; i < 4; i++) {
        const text = deep(random, depth);
        expect(outcome((done) => parseBoundedJson(parser, request, text, done))).toEqual(slowPath(text));
      }
    }
    const tooDeep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(parseShallowJson(tooDeep)).toBeUndefined();
    expect(slowPath(tooDeep)).toMatchObject({ error: { code: 'NESTING_LIMIT' } });
  });

  it('leaves a prototype-poisoning key to Fastify, which refuses it', () => {
    for (const text of ['{"a":{"__proto__":{"x":1}}}', '[{"constructor":{"prototype":{"x":1}}}]']) {
      expect(parseShallowJson(text)).toBeUndefined();
      expect(outcome((done) => parseBoundedJson(parser, request, text, done))).toMatchObject({ error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY' } });
    }
  });
});
