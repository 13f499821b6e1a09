/**
 * REGEX, LANGMATCHES and the generators (UUID, STRUUID, RAND) as Jena 3.9 evaluates them.
 * REGEX compiles its pattern with Java's regex flags: `i`, `m`, `s` and `q`; any other flag, `x`
 * included (Java has no equivalent and Jena 3.9 refuses it), is an error.
 */
import type { RDF } from '../rdf/terms.js';
import { factory } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { bool, def, describe, isPlainString, simpleLiteral, stringArg, typedLiteral, XSD, type FunctionDef } from './function-support.js';
import { javaAnchors } from './jena-strings.js';
import { jenaDoubleLexical } from './numeric.js';

const regexCache = new Map<string, RegExp>();

/** A pattern compiled as Jena's RegexJava would, or an error for a flag or pattern it refuses. */
export function jenaRegex(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  const cached = regexCache.get(key);
  if (cached !== undefined) return cached;
  let jsFlags = '';
  let source = pattern;
  for (const f of flags) {
    if (f === 'i') jsFlags += jsFlags.includes('i') ? '' : 'i';
    else if (f === 'm') jsFlags += jsFlags.includes('m') ? '' : 'm';
    else if (f === 's') jsFlags += jsFlags.includes('s') ? '' : 's';
    else if (f === 'q') source = pattern.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    else fail(`REGEX: unsupported flag "${f}" in "${flags}" (Jena 3.9 accepts i, m, s and q)`);
  }
  if (!flags.includes('q')) source = javaAnchors(pattern, flags.includes('m'));
  let re: RegExp;
  try {
    re = new RegExp(source, `${jsFlags}u`);
  } catch {
    // Java's syntax is closer to JavaScript's without the `u` flag for some escapes (`\-` outside a class).
    try {
      re = new RegExp(source, jsFlags);
    } catch (error) {
      fail(`REGEX: invalid pattern "${pattern}": ${(error as Error).message}`);
    }
  }
  if (regexCache.size > 1000) regexCache.clear();
  regexCache.set(key, re);
  return re;
}

/**
 * fn:matches (Jena 3.9's FN_Matches): the pattern and flags are read with getString(), which a
 * language-tagged string answers too, and anything else is an expression error; then REGEX's test.
 */
export function matches([text, pattern, flags]: readonly RDF.Term[]): RDF.Term {
  const p = stringArg(pattern, 'fn:matches');
  const f = flags === undefined ? '' : stringArg(flags, 'fn:matches').value;
  const re = jenaRegex(p.value, f);
  return bool(re.test(stringArg(text, 'fn:matches').value));
}

/**
 * The REGEX keyword: Jena 3.9's E_Regex raises a plain ExprException (no evaluation error) when the
 * pattern or the flags are no simple strings, which fails the whole cell.
 */
function regex(args: readonly RDF.Term[]): RDF.Term {
  const [text, pattern, flags] = args;
  stringArg(text, 'REGEX');
  if (pattern !== undefined && !isPlainString(pattern)) throw new CellFailure(`REGEX: pattern is not a string: ${describe(pattern)}`);
  if (flags !== undefined && !isPlainString(flags)) throw new CellFailure(`REGEX: pattern flags are not a string: ${describe(flags)}`);
  return bool(jenaRegex(pattern!.value, flags?.value ?? '').test(text!.value));
}

/** Java's String.split("-"): no match gives the whole text, and trailing empty parts are dropped ("-" gives none). */
function javaSplitHyphen(text: string): string[] {
  if (!text.includes('-')) return [text];
  const parts = text.split('-');
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * RFC 4647 basic filtering as Jena 3.9's NodeFunctions.langMatches does it (`*` matches any
 * non-empty tag), splitting with Java's String.split: a range "-" or "en-" has no empty subtag to
 * compare, so LANGMATCHES("x", "-") is true.
 */
export function langMatches(tag: string, range: string): boolean {
  if (range === '*') return tag !== '';
  const tags = javaSplitHyphen(tag);
  const ranges = javaSplitHyphen(range);
  if (ranges.length > tags.length) return false;
  return ranges.every((r, i) => r === '*' || r.toLowerCase() === tags[i]!.toLowerCase());
}

function langMatchesFn([t, range]: readonly RDF.Term[]): RDF.Term {
  if (t === undefined || t.termType !== 'Literal') fail(`LANGMATCHES() needs a literal, got ${t === undefined ? 'nothing' : describe(t)}`);
  // Jena reads the range with getString(), which a language-tagged string also answers.
  const r = stringArg(range, 'LANGMATCHES');
  return bool(langMatches(t.value, r.value));
}

/** A version 4 UUID: random, like Java's UUID.randomUUID (not for security: nothing here is secret). */
function uuidString(): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export const TERM_BUILTINS: Record<string, FunctionDef> = {
  REGEX: def(regex, 2, 3),
  LANGMATCHES: def(langMatchesFn, 2),
  UUID: def(() => factory.namedNode(`urn:uuid:${uuidString()}`), 0),
  STRUUID: def(() => simpleLiteral(uuidString()), 0),
  RAND: def(() => typedLiteral(jenaDoubleLexical(Math.random()), `${XSD}double`), 0),
};
