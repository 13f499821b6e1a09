/**
 * A JSON value's text as a JSON string literal, in one walk: exactly
 * `JSON.stringify(JSON.stringify(value, null, pretty ? 2 : undefined))`.
 *
 * POST /translation answers with the translated document's text inside a JSON string (`graphStr`).
 * Written by V8 that is two passes: the document's text, then that text escaped again (every quote
 * and, pretty, every newline), and the second pass cost as much as the first (weight's 5.9 kB answer:
 * about half of the 49 µs the two passes and the encoding took, by CPU time). Here every string is
 * escaped for both levels at once, and the strings that come back message after message (keys,
 * IRIs, prefixes) are kept escaped.
 */

/** What makes JSON.stringify escape a string (a quote, a backslash, a control character, a surrogate). */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what JSON.stringify escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** Strings longer than this are escaped each time, not kept (a long literal seldom comes back). */
const KEPT_LENGTH = 200;
const KEPT_LIMIT = 10_000;
/** Deeper values are written by JSON.stringify (the codec's documents are a few levels deep). */
const MAX_DEPTH = 64;

const kept = new Map<string, string>();

/** A string as JSON.stringify writes it, escaped once more for the string that holds the text. */
function twiceEscaped(s: string): string {
  const hit = kept.get(s);
  if (hit !== undefined) return hit;
  const out = NEEDS_ESCAPE.test(s) ? JSON.stringify(s).replace(/["\\]/g, '\\$&') : `\\"${s}\\"`;
  if (s.length <= KEPT_LENGTH) {
    if (kept.size >= KEPT_LIMIT) kept.clear();
    kept.set(s, out);
  }
  return out;
}

/** Line breaks with the indentation of each depth, as they read inside the string ("\n" escaped). */
const PRETTY_BREAKS: string[] = ['\\n'];
for (let depth = 1; depth <= MAX_DEPTH + 1; depth++) PRETTY_BREAKS.push(`${PRETTY_BREAKS[depth - 1]}  `);
const COMPACT_BREAKS: string[] = PRETTY_BREAKS.map(() => '');

/** Thrown inside the walk for a value JSON.stringify would treat otherwise than a plain one (made once: no stack per throw). */
class NotPlainValue extends Error {}
const NOT_PLAIN = new NotPlainValue('not a plain JSON value');

/** Made by an object literal or JSON.parse (not a Date, Map, boxed primitive or class instance); json-document.ts's isPlainObject asks only "an object, not an array". */
function hasPlainPrototype(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function write(v: unknown, depth: number, breaks: readonly string[], colon: string): string {
  switch (typeof v) {
    case 'string':
      return twiceEscaped(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions, symbols (left out or written as null) and bigints (refused).
      throw NOT_PLAIN;
  }
  if (v === null) return 'null';
  if (depth >= MAX_DEPTH) throw NOT_PLAIN;
  const inner = breaks[depth + 1]!;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw NOT_PLAIN;
    if (v.length === 0) return '[]';
    let out = '[';
    for (let i = 0; i < v.length; i++) out += `${i === 0 ? inner : `,${inner}`}${write(v[i], depth + 1, breaks, colon)}`;
    return `${out}${breaks[depth]!}]`;
  }
  // A Date, a Map, a boxed primitive or anything with toJSON: JSON.stringify's own rules apply.
  if (!hasPlainPrototype(v) || 'toJSON' in v) throw NOT_PLAIN;
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out += `${i === 0 ? inner : `,${inner}`}${twiceEscaped(key)}${colon}${write((v as Record<string, unknown>)[key], depth + 1, breaks, colon)}`;
  }
  return `${out}${breaks[depth]!}}`;
}

/** `JSON.stringify(JSON.stringify(value, null, pretty ? 2 : undefined))`, without the second pass for plain JSON values. */
export function jsonTextAsString(value: unknown, pretty: boolean): string {
  try {
    return `"${write(value, 0, pretty ? PRETTY_BREAKS : COMPACT_BREAKS, pretty ? ': ' : ':')}"`;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return JSON.stringify(pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value));
  }
}
