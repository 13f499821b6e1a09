/**
 * Jena 3.9's own function library (`afn:`, http://jena.apache.org/ARQ/function#, also callable by
 * its classes' `java:org.apache.jena.sparql.function.library.` names), which the reference's
 * Jena resolved for any cell that named it: the deterministic functions of it, each as its class
 * computes it (read in the jena-arq 3.9.0 sources). Left out: `now`, `uuid`, `struuid` (the
 * results change), `sprintf` (Java's Formatter), `date`, `bnode`, `eval`, `print`, `wait`,
 * `execTime`; a cell naming one is refused at upload, as an unknown function.
 */
import type { RDF } from '../rdf/terms.js';
import { fail } from './expression-error.js';
import { bool, def, describe, simpleLiteral, type FunctionDef } from './function-support.js';
import { jenaGetString, jenaStringForm } from './jena-strings.js';
import { numericLiteral, numericValue, numberValue, type Numeric } from './numeric.js';
import { decimalFromBigInt, decimalSubtract } from './exact-decimal.js';

export const AFN = 'http://jena.apache.org/ARQ/function#';
const JAVA_LIBRARY = 'java:org.apache.jena.sparql.function.library.';

// ---- names -------------------------------------------------------------------------------------

/** Xerces' XMLChar classes for NCNames: exact for ASCII, Unicode letters and marks beyond (close to its XML 1.0 tables). */
const NCNAME_START =
  /^[A-Za-z_\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd]$/;
const NCNAME =
  /^[-.0-9A-Za-z_\u00b7\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u037d\u037f-\u1fff\u200c-\u200d\u203f\u2040\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd]$/;

/** Jena's Util.splitNamespaceXML: where an IRI's local name starts (its length when there is none). */
function splitNamespace(iri: string): number {
  const length = iri.length;
  if (length === 0) return 0;
  let i = length - 1;
  for (; i >= 1; i--) if (!NCNAME.test(iri[i]!)) break;
  let j = i + 1;
  if (j >= length) return length;
  // Not inside a %-escape.
  if (j >= 2 && iri[j - 2] === '%') j += 1;
  if (j >= 1 && iri[j - 1] === '%') j += 2;
  for (; j < length; j++) {
    if (NCNAME_START.test(iri[j]!)) {
      // "mailto:me" splits as "mailto:m" and "e".
      if (j === 7 && iri.startsWith('mailto:')) continue;
      break;
    }
  }
  return j;
}

function iriArg(t: RDF.Term | undefined, fn: string): string {
  if (t?.termType !== 'NamedNode') fail(`afn:${fn} needs an IRI, got ${t === undefined ? 'nothing' : describe(t)}`);
  return t.value;
}

// ---- numbers -----------------------------------------------------------------------------------

const WIDTH: Record<Numeric['kind'], number> = { integer: 0, decimal: 1, float: 2, double: 3 };

/** XSDFuncOp.compareNumeric: by the wider type, Java's Float.compare and Double.compare (NaN above all, -0 below 0). */
function compareNumeric(a: RDF.Term | undefined, b: RDF.Term | undefined, fn: string): number {
  const x = numericValue(a);
  const y = numericValue(b);
  if (x === undefined || y === undefined) fail(`afn:${fn} needs two numbers`);
  const kind = WIDTH[x.kind] >= WIDTH[y.kind] ? x.kind : y.kind;
  if (kind === 'integer' || kind === 'decimal') {
    const dx = x.kind === 'integer' ? decimalFromBigInt(x.big) : x.kind === 'decimal' ? x.decimal : undefined;
    const dy = y.kind === 'integer' ? decimalFromBigInt(y.big) : y.kind === 'decimal' ? y.decimal : undefined;
    const d = decimalSubtract(dx!, dy!).unscaled;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  const f = kind === 'float' ? Math.fround : (v: number) => v;
  return javaCompare(f(numberValue(x)), f(numberValue(y)));
}

function javaCompare(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  if (na || nb) return na && nb ? 0 : na ? 1 : -1;
  // Equal values: -0 before 0.
  const sa = Object.is(a, -0) ? -1 : 0;
  const sb = Object.is(b, -0) ? -1 : 0;
  return sa - sb;
}

// ---- strings -----------------------------------------------------------------------------------

/** NodeValue.getInteger().intValue(): a valid integer of any integer type, narrowed to a Java int. */
function intArg(t: RDF.Term | undefined, fn: string): number {
  const n = numericValue(t);
  if (n?.kind !== 'integer') fail(`afn:${fn} needs an integer`);
  return Number(BigInt.asIntN(32, n.big));
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** String.offsetByCodePoints; an index out of the string is Java's IndexOutOfBoundsException (an evaluation error in Jena). */
function offsetByCodePoints(s: string, index: number, offset: number): number {
  if (index < 0 || index > s.length) fail('IndexOutOfBounds');
  let at = index;
  for (let k = 0; k < offset; k++) {
    if (at >= s.length) fail('IndexOutOfBounds');
    at += isHigh(s.charCodeAt(at)) && at + 1 < s.length && isLow(s.charCodeAt(at + 1)) ? 2 : 1;
  }
  for (let k = 0; k > offset; k--) {
    if (at <= 0) fail('IndexOutOfBounds');
    at -= isLow(s.charCodeAt(at - 1)) && at - 2 >= 0 && isHigh(s.charCodeAt(at - 2)) ? 2 : 1;
  }
  return at;
}

/** XSDFuncOp.javaSubstring: Java's 0-based substring, the end counted in code points from the start. */
function javaSubstring([text, start, finish]: readonly RDF.Term[]): RDF.Term {
  const s = jenaGetString(text, 'afn:substring');
  const from = intArg(start, 'substring');
  if (finish === undefined) {
    if (from < 0 || from > s.length) fail('IndexOutOfBounds');
    return simpleLiteral(s.slice(from));
  }
  const to = intArg(finish, 'substring');
  const end = offsetByCodePoints(s, from, to - from);
  if (from < 0 || end > s.length || from > end) fail('IndexOutOfBounds');
  return simpleLiteral(s.slice(from, end));
}

// ---- the table ---------------------------------------------------------------------------------

/** The library's functions, under both their names, built on the engine's own built-ins where Jena's classes reuse them. */
export function arqLibrary(builtins: Readonly<Record<string, FunctionDef>>, byIri: Readonly<Record<string, FunctionDef>>): Record<string, FunctionDef> {
  const call = (table: Readonly<Record<string, FunctionDef>>, name: string) => {
    const d = table[name];
    if (d === undefined) throw new Error(`the ARQ library needs ${name}`);
    return d.impl;
  };
  const str = call(builtins, 'STR');
  const sha1 = call(builtins, 'SHA1');
  const lang = call(builtins, 'LANG');
  const langMatches = call(builtins, 'LANGMATCHES');
  const double = (value: number) => numericLiteral({ kind: 'double', value });
  const functions: Record<string, FunctionDef> = {
    localname: def(([t]) => simpleLiteral(iriArg(t, 'localname').slice(splitNamespace(iriArg(t, 'localname')))), 1),
    namespace: def(([t]) => simpleLiteral(iriArg(t, 'namespace').slice(0, splitNamespace(iriArg(t, 'namespace')))), 1),
    // The argument itself comes back, its lexical form and type as written.
    max: def(([a, b]) => (compareNumeric(a, b, 'max') < 0 ? b! : a!), 2),
    min: def(([a, b]) => (compareNumeric(a, b, 'min') > 0 ? b! : a!), 2),
    pi: def(() => double(Math.PI), 0),
    e: def(() => double(Math.E), 0),
    sqrt: byIri['http://www.w3.org/2005/xpath-functions/math#sqrt']!,
    strjoin: def(
      ([separator, ...parts]) => simpleLiteral(parts.map((p) => jenaStringForm(p, 'afn:strjoin')).join(jenaStringForm(separator, 'afn:strjoin'))),
      1,
      Infinity,
    ),
    strlen: byIri['http://www.w3.org/2005/xpath-functions#string-length']!,
    substr: def(javaSubstring, 2, 3),
    substring: def(javaSubstring, 2, 3),
    sha1sum: def(([t]) => sha1([str([t!])]), 1),
    evenInteger: def(([t]) => {
      const n = numericValue(t);
      if (n?.kind !== 'integer') fail('afn:evenInteger needs an integer');
      return bool(n.big % 2n === 0n);
    }, 1),
    langeq: def(([a, b]) => langMatches([lang([a!]), b!]), 2),
    // A sort key of STR(text) under the collation STR(tag) names (both must have a string: a blank
    // node leaves the variable unbound). Bound to a variable, as every function result of a cell is,
    // it is the plain string: the collation only orders ORDER BY, which cells do not have.
    collation: def(([tag, text]) => {
      str([tag!]);
      return simpleLiteral(str([text!]).value);
    }, 2),
  };
  const out: Record<string, FunctionDef> = {};
  for (const [name, d] of Object.entries(functions)) {
    if (d === undefined) continue;
    out[AFN + name] = d;
    out[JAVA_LIBRARY + name] = d;
  }
  return out;
}
