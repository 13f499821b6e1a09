/**
 * The string functions whose results depend on Jena 3.9's own rules rather than only on SPARQL
 * 1.1's text (the reference ran them, so a drop-in reproduces them; README, "Expression language:
 * Jena 3.9 departures"):
 * - CONTAINS, STRSTARTS, STRENDS, STRBEFORE, STRAFTER (and their fn: names) need "compatible"
 *   arguments (SPARQL 17.4.3.1.2): two strings without a tag, the same tag (any letter case), or
 *   a tagged first and an untagged second; anything else is an error.
 * - SUBSTR (fn:substring) counts its start in UTF-16 units and its length in code points, rounds
 *   positions as Java's Math.round to an int, and fails when the start lies beyond the end:
 *   `SUBSTR("foobar", 0)` is "fooba".
 * - REPLACE (fn:replace) runs Java's regular expressions: flags i, m, s, q only (an `x` is refused),
 *   `$0`..`$9` and `\` escapes in the replacement, and of the empty matches only a first one is
 *   replaced (`REPLACE("abc", "x*", "-")` is "-abc"). A constant pattern and flags are compiled when
 *   Jena parses the cell's update, so a bad one there fails the whole cell.
 */
import { factory, XSD_STRING, type RDF } from '../rdf/terms.js';
import { CellFailure, ExpressionError, fail } from './expression-error.js';
import { bool, describe, isPlainString, likeArg, simpleLiteral, stringArg } from './function-support.js';
import { numericValue } from './numeric.js';

/** Both arguments as strings, if compatible (Jena's checkTwoArgumentStringLiterals). */
function compatible(a: RDF.Term | undefined, b: RDF.Term | undefined, fn: string): [RDF.Literal, RDF.Literal] {
  const x = stringArg(a, fn);
  const y = stringArg(b, fn);
  if (y.language !== '' && x.language.toLowerCase() !== y.language.toLowerCase()) fail(`${fn}: incompatible arguments ${describe(x)} and ${describe(y)}`);
  return [x, y];
}

export function strStarts([a, b]: readonly RDF.Term[]): RDF.Term {
  const [x, y] = compatible(a, b, 'STRSTARTS');
  return bool(x.value.startsWith(y.value));
}

export function strEnds([a, b]: readonly RDF.Term[]): RDF.Term {
  const [x, y] = compatible(a, b, 'STRENDS');
  return bool(x.value.endsWith(y.value));
}

export function contains([a, b]: readonly RDF.Term[]): RDF.Term {
  const [x, y] = compatible(a, b, 'CONTAINS');
  return bool(x.value.includes(y.value));
}

export function strBefore([a, b]: readonly RDF.Term[]): RDF.Term {
  const [x, y] = compatible(a, b, 'STRBEFORE');
  const at = x.value.indexOf(y.value);
  return at < 0 ? simpleLiteral('') : likeArg(x.value.slice(0, at), x);
}

export function strAfter([a, b]: readonly RDF.Term[]): RDF.Term {
  const [x, y] = compatible(a, b, 'STRAFTER');
  const at = x.value.indexOf(y.value);
  return at < 0 ? simpleLiteral('') : likeArg(x.value.slice(at + y.value.length), x);
}

// ---- SUBSTR ------------------------------------------------------------------------------------

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** Java's (int) of a long or BigInteger.intValue(): the low 32 bits. */
function wrapInt(v: bigint): number {
  return Number(BigInt.asIntN(32, v));
}

/** Java's Math.round: floor(x + 0.5), as a long (doubles) or an int (floats, saturating). */
function javaRoundToInt(x: number, float: boolean): number {
  if (Number.isNaN(x)) return 0;
  const r = Math.floor(x + 0.5);
  if (float) return Math.min(Math.max(r, INT_MIN), INT_MAX);
  const long = r >= 2 ** 63 ? 2n ** 63n - 1n : r < -(2 ** 63) ? -(2n ** 63n) : BigInt(r);
  return wrapInt(long);
}

/** A SUBSTR position as Jena's intValueStr reads it; NaN floats and doubles give `whenNaN`. */
function position(t: RDF.Term | undefined, whenNaN: number): number {
  const n = numericValue(t);
  if (n === undefined) return fail(`SUBSTR needs a number, got ${t === undefined ? 'nothing' : describe(t)}`);
  switch (n.kind) {
    case 'integer':
      return wrapInt(n.big);
    case 'decimal':
      return javaRoundToInt(Number(`${n.decimal.unscaled}e-${n.decimal.scale}`), false);
    default:
      return Number.isNaN(n.value) ? whenNaN : javaRoundToInt(n.value, n.kind === 'float');
  }
}

/** The UTF-16 index `count` code points after `start`, as Java's String.offsetByCodePoints, or undefined past the end. */
function offsetByCodePoints(s: string, start: number, count: number): number | undefined {
  let i = start;
  for (let k = 0; k < count; k++) {
    if (i >= s.length) return undefined;
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}

export function substring(args: readonly RDF.Term[]): RDF.Term {
  const s = stringArg(args[0], 'SUBSTR');
  const text = s.value;
  let start = position(args[1], text.length + 1);
  let length: number;
  if (args.length > 2) length = position(args[2], 0);
  else length = start < 0 ? text.length - start : text.length;
  let finish = (start + length) | 0;
  if (start <= 0) start = 1;
  start--;
  // Java int arithmetic: a huge length wraps start + length around, and this decrement wraps it back.
  finish = (finish - 1) | 0;
  if (finish > text.length) finish = text.length;
  if (finish < start) finish = start;
  if (text.length === 0) return likeArg('', s);
  if (start > text.length) fail('SUBSTR: start beyond the end');
  const end = offsetByCodePoints(text, start, finish - start);
  if (end === undefined) fail('SUBSTR: end beyond the string');
  return likeArg(text.slice(start, end), s);
}

// ---- REPLACE -----------------------------------------------------------------------------------

const regexCache = new Map<string, RegExp>();

/** Java's line terminators (Pattern without UNIX_LINES): \r\n, \n, \r, U+0085, U+2028, U+2029. */
const LINE_END = String.raw`(?:\r\n|[\n\r\u0085\u2028\u2029])`;

/**
 * A Java pattern's anchors (and a class's leading `]`) rewritten for JavaScript: Java's `$` also matches before a line
 * terminator that ends the input, and in MULTILINE (`m`) mode its `^` never matches at the end of
 * the input ("" has no line, and REPLACE("", "^$", "X", "m") replaces nothing), where
 * JavaScript's anchors do. Escapes and character classes are copied as they are.
 */
export function javaAnchors(pattern: string, multiline: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` (after an optional `^`) right at the start is a member in Java, an empty class in
      // JavaScript: escaped, so `[]a]` matches `]` or `a` and `[]` stays unclosed (an error) in both.
      if (pattern[i + 1] === '^') out += pattern[++i];
      if (pattern[i + 1] === ']') out += `\\${pattern[++i]}`;
    } else if (c === '^' && multiline) out += String.raw`(?:^(?=[\s\S]))`;
    // JavaScript's own `$` for the end (a lookahead for "no character" also holds inside a
    // surrogate pair in V8); without the m flag it is the end of the input only.
    else if (c === '$') out += multiline ? `(?=${LINE_END}|$)` : `(?:$|(?=${LINE_END}$))`;
    else out += c;
  }
  return out;
}

/** A pattern with Java's flags (Jena's RegexJava): i, m, s and q; any other flag is an error. */
export function javaRegex(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  let re = regexCache.get(key);
  if (re === undefined) {
    let jsFlags = 'gu';
    for (const f of flags) {
      if (f === 'i' || f === 'm' || f === 's') jsFlags += jsFlags.includes(f) ? '' : f;
      else if (f !== 'q') fail(`Unsupported flag in regex modifiers: ${f}`);
    }
    const source = flags.includes('q') ? pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') : javaAnchors(pattern, flags.includes('m'));
    try {
      re = new RegExp(source, jsFlags);
    } catch (error) {
      fail(`pattern exception: ${(error as Error).message}`);
    }
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

/** Java's Matcher.appendReplacement text for one match: `$n` groups, `\x` escapes. */
function javaReplacement(replacement: string, match: RegExpExecArray): string {
  let out = '';
  const groups = match.length - 1;
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i]!;
    if (c === '\\') {
      i++;
      if (i >= replacement.length) throw new CellFailure('character to be escaped is missing');
      out += replacement[i];
    } else if (c === '$') {
      i++;
      const d = replacement.charCodeAt(i) - 48;
      if (!(d >= 0 && d <= 9)) throw new CellFailure(`Illegal group reference in "${replacement}"`);
      if (d > groups) fail(`No group ${d}`);
      let group = d;
      // Java takes further digits while the number stays a group of the pattern.
      while (i + 1 < replacement.length) {
        const next = replacement.charCodeAt(i + 1) - 48;
        if (!(next >= 0 && next <= 9) || group * 10 + next > groups) break;
        group = group * 10 + next;
        i++;
      }
      out += match[group] ?? '';
    } else {
      out += c;
    }
  }
  return out;
}

/** Jena's replaceAll: every non-empty match, and an empty one only when it is the first. */
function replaceAll(input: string, re: RegExp, replacement: string): string | undefined {
  let out = '';
  let last = 0;
  let first = true;
  for (let m = re.exec(input); m !== null; m = re.exec(input)) {
    if (m[0].length === 0) {
      const c = input.charCodeAt(re.lastIndex);
      re.lastIndex += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      if (!first) continue;
    }
    first = false;
    out += input.slice(last, m.index) + javaReplacement(replacement, m);
    last = m.index + m[0].length;
  }
  return first ? undefined : out + input.slice(last);
}

export function replace(args: readonly RDF.Term[]): RDF.Term {
  const input = stringArg(args[0], 'REPLACE');
  const pattern = stringArg(args[1], 'REPLACE').value;
  const flags = args[3] === undefined ? '' : stringArg(args[3], 'REPLACE').value;
  const re = javaRegex(pattern, flags);
  const replacement = stringArg(args[2], 'REPLACE').value;
  const out = replaceAll(input.value, re, replacement);
  return out === undefined ? input : likeArg(out, input);
}

/**
 * Jena compiles the pattern of a REPLACE or REGEX keyword call while parsing the update when the
 * pattern is a constant simple string and the flags are absent or a constant: an error there fails
 * the cell. `patternAt` and `flagsAt` are the argument positions.
 */
export function checkConstantPattern(constants: readonly (RDF.Term | undefined)[], patternAt: number, flagsAt: number, flagsString: boolean): void {
  const pattern = constants[patternAt];
  const flags = constants[flagsAt];
  if (pattern === undefined || !isPlainString(pattern) || (constants.length > flagsAt && flags === undefined)) return;
  // REPLACE compiles early only with string flags; REGEX with any constant ones, and flags that
  // are no string make E_Regex throw a plain ExprException while the update is parsed.
  if (flagsString && flags !== undefined && !isPlainString(flags)) return;
  if (flags !== undefined && !isPlainString(flags)) throw new CellFailure(`REGEX: pattern flags are not a string: ${describe(flags)}`);
  try {
    javaRegex(pattern.value, flags?.termType === 'Literal' ? flags.value : '');
  } catch (error) {
    if (error instanceof ExpressionError) throw new CellFailure(`the cell's update does not parse: ${error.message}`);
    throw error;
  }
}

/** IRI()/URI(): an IRI as it is, a blank node as Jena's `_:` IRI, a string without a language tag as an absolute IRI. */
export function toIri(t: RDF.Term | undefined, absolute: RegExp): RDF.Term {
  if (t === undefined) return fail('IRI() needs an argument');
  if (t.termType === 'NamedNode') return t;
  if (t.termType === 'BlankNode') return factory.namedNode(`_:${t.value}`);
  if (t.termType !== 'Literal' || t.language !== '' || t.datatype.value !== XSD_STRING) return fail(`IRI() of ${describe(t)}`);
  // Section 12.14: the reference resolved relative strings against its working directory; we
  // refuse them (the variable stays unbound) so results do not depend on where the server runs.
  if (!absolute.test(t.value)) fail(`IRI() of "${t.value}": not an absolute IRI`);
  return factory.namedNode(t.value);
}

const XSD_BOOLEAN = 'http://www.w3.org/2001/XMLSchema#boolean';
const BOOLEAN_LEXICAL = /^[ \t\n\r]*(?:(true|1)|false|0)[ \t\n\r]*$/;

/**
 * A term's string form where Jena 3.9 takes it with NodeValue.asString() (fn:concat,
 * fn:normalize-space, fn:normalize-unicode, `+` of two strings): an IRI's text, a literal's lexical
 * form, except a valid xsd:boolean, whose value class writes it canonically (`"0"^^xsd:boolean` is
 * "false"); the number classes keep the lexical form they were read with. A blank node has none
 * (an expression error).
 */
export function jenaStringForm(t: RDF.Term | undefined, fn: string): string {
  if (t?.termType === 'NamedNode') return t.value;
  if (t?.termType !== 'Literal') return fail(`${fn} of ${t === undefined ? 'nothing' : describe(t)}: no string form`);
  if (t.language === '' && t.datatype.value === XSD_BOOLEAN) {
    const m = BOOLEAN_LEXICAL.exec(t.value);
    if (m !== null) return m[1] !== undefined ? 'true' : 'false';
  }
  return t.value;
}

/**
 * Java's String.trim() (every character up to U+0020 at either end) and then `\s+` (space, tab,
 * LF, VT, FF, CR) collapsed to one space: Jena 3.9's fn:normalize-space, on the string form of
 * any IRI or literal, an xsd:string.
 */
export function xpathNormalizeSpace([t]: readonly RDF.Term[]): RDF.Term {
  const text = jenaStringForm(t, 'fn:normalize-space');
  // eslint-disable-next-line no-control-regex -- Java's trim() takes exactly the control characters and the space
  return simpleLiteral(text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[ \t\n\u000b\f\r]+/g, ' '));
}

/** Jena 3.9's fn:concat: the string forms of any IRIs and literals (tags dropped), an xsd:string. */
export function xpathConcat(args: readonly RDF.Term[]): RDF.Term {
  let out = '';
  for (const a of args) out += jenaStringForm(a, 'fn:concat');
  return simpleLiteral(out);
}

/** The characters Jena's IRILib.encodeUriComponent escapes: reserved ones, some unsafe ones, and £. */
const URI_COMPONENT_ESCAPES = new Set('!*"\'();:@&=+$,/?%#[]{}|\\`^ <>\n\r\t\u00a3');
const HEX = '0123456789ABCDEF';

/** The UTF-8 bytes of a string as Java's String.getBytes(UTF_8) makes them: a lone surrogate is `?`. */
function javaUtf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp >= 0xd800 && cp <= 0xdfff) bytes.push(0x3f);
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return bytes;
}

/** NodeValue.getString(): the text of a string, tagged or not; anything else is an evaluation error. */
export function jenaGetString(t: RDF.Term | undefined, fn: string): string {
  if (t?.termType !== 'Literal' || (t.language === '' && t.datatype.value !== XSD_STRING))
    fail(`${fn} needs a string, got ${t === undefined ? 'nothing' : describe(t)}`);
  return t.value;
}

const utf8 = new TextEncoder();
const SURROGATE = /[\ud800-\udfff]/;

/** javaUtf8 as bytes: TextEncoder's, unless a surrogate may be lone (TextEncoder writes U+FFFD, Java `?`). */
export function javaUtf8Bytes(text: string): Uint8Array {
  return SURROGATE.test(text) ? Uint8Array.from(javaUtf8(text)) : utf8.encode(text);
}

/**
 * ENCODE_FOR_URI (fn:encode-for-uri) as Jena 3.9's IRILib: the listed characters become `%XX` of
 * their code (so £ is `%A3`), other ASCII characters stay as they are; then, if any character is
 * U+007F or above, the text's UTF-8 bytes (Java's, a lone surrogate as `?`) are written with every
 * byte that is not 1 to 127 as `%XX`.
 */
export function jenaEncodeForUri(text: string): string {
  let escaped = '';
  for (const ch of text) {
    if (URI_COMPONENT_ESCAPES.has(ch)) escaped += `%${HEX[(ch.charCodeAt(0) >> 4) & 15]}${HEX[ch.charCodeAt(0) & 15]}`;
    else escaped += ch;
  }
  // IRILib.containsNonASCII: any UTF-16 unit from U+007F up.
  if (!/[\u007f-\uffff]/.test(escaped)) return escaped;
  let out = '';
  for (const b of javaUtf8(escaped)) out += b > 0 && b < 0x80 ? String.fromCharCode(b) : `%${HEX[b >> 4]}${HEX[b & 15]}`;
  return out;
}
