/**
 * The XPath functions Jena 3.9 registers besides the SPARQL keywords (its StandardFunctions: `fn:`
 * and `math:`), reachable in a cell by prefixed name or full IRI. Those that are a SPARQL built-in
 * under another name are aliases (`FN_ALIASES`, resolved against the built-in table); the rest are
 * here. Jena 3.9 does not register fn:string-join (it needs a sequence), so neither do we.
 */
import type { RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { bool, def, describe, FN, simpleLiteral, typedLiteral, XSD, type FunctionDef } from './function-support.js';
import { effectiveBooleanValue } from './functions-conditional.js';
import { integerLiteral, jenaDoubleLexical, numberValue, toNumeric } from './numeric.js';
import { FN_ROUND_HALF_TO_EVEN } from './functions-xpath-round.js';
import { preciseExp, preciseLog, preciseLog10, precisePow } from './precise-math.js';

const MATH = 'http://www.w3.org/2005/xpath-functions/math#';

/** XPath function IRI -> the SPARQL built-in Jena's class for it evaluates the same way. */
export const FN_ALIASES: Readonly<Record<string, string>> = {
  [`${FN}upper-case`]: 'UCASE',
  [`${FN}lower-case`]: 'LCASE',
  [`${FN}concat`]: 'CONCAT',
  [`${FN}substring`]: 'SUBSTR',
  [`${FN}string-length`]: 'STRLEN',
  [`${FN}contains`]: 'CONTAINS',
  [`${FN}starts-with`]: 'STRSTARTS',
  [`${FN}ends-with`]: 'STRENDS',
  [`${FN}substring-before`]: 'STRBEFORE',
  [`${FN}substring-after`]: 'STRAFTER',
  [`${FN}replace`]: 'REPLACE',
  [`${FN}matches`]: 'REGEX',
  [`${FN}encode-for-uri`]: 'ENCODE_FOR_URI',
  [`${FN}abs`]: 'ABS',
  [`${FN}ceiling`]: 'CEIL',
  [`${FN}floor`]: 'FLOOR',
};

const DOUBLE = `${XSD}double`;

function double(value: number): RDF.Literal {
  return typedLiteral(jenaDoubleLexical(value), DOUBLE);
}

/** A math: function of doubles (Jena converts any numeric argument with getDouble()). */
function mathOf(name: string, f: (...xs: number[]) => number, arity: number): FunctionDef {
  return def((args) => double(f(...args.map((a) => numberValue(toNumeric(a, `math:${name}`))))), arity);
}

/** The largest integer power math:pow and math:exp10 compute exactly (bounds the work one call causes). */
const MAX_EXACT_POWER_BITS = 100_000;

/** math:pow: an integer to a non-negative integer power stays an integer (Jena's Math_pow), the rest are doubles. */
function pow([a, b]: readonly RDF.Term[]): RDF.Term {
  const x = toNumeric(a, 'math:pow');
  const y = toNumeric(b, 'math:pow');
  if (x.kind === 'integer' && y.kind === 'integer' && y.big >= 0n) {
    const bits = Math.max(1, x.big.toString(2).length) * Number(y.big);
    if (bits > MAX_EXACT_POWER_BITS) fail('math:pow: result too large');
    return integerLiteral(x.big ** y.big);
  }
  const base = numberValue(x);
  const exponent = numberValue(y);
  if (base === 1 && exponent === Infinity) return x.kind === 'integer' ? integerLiteral(1) : double(1);
  return double(precisePow(base, exponent));
}

function exp10([a]: readonly RDF.Term[]): RDF.Term {
  const x = toNumeric(a, 'math:exp10');
  if (x.kind === 'integer' && x.big >= 0n) {
    if (x.big * 4n > BigInt(MAX_EXACT_POWER_BITS)) fail('math:exp10: result too large');
    return integerLiteral(10n ** x.big);
  }
  return double(precisePow(10, numberValue(x)));
}

/**
 * fn:normalize-unicode(s, form?) as Jena 3.9: the string form of any IRI or literal, NFC by default,
 * the empty form leaving it as it is, always an xsd:string; a form that is an IRI fails the cell.
 */
function normalizeUnicode([t, form]: readonly RDF.Term[]): RDF.Term {
  if (t === undefined || (t.termType !== 'Literal' && t.termType !== 'NamedNode')) return fail('fn:normalize-unicode needs an IRI or a literal');
  if (form !== undefined && form.termType !== 'Literal') throw new CellFailure(`fn:normalize-unicode: ${describe(form)} is not a literal node`);
  const name = form === undefined ? 'NFC' : form.value.trim().toUpperCase();
  if (name === '') return simpleLiteral(t.value);
  if (name !== 'NFC' && name !== 'NFD' && name !== 'NFKC' && name !== 'NFKD') fail(`fn:normalize-unicode: unsupported form "${name}"`);
  return simpleLiteral(t.value.normalize(name));
}

export const XPATH_BY_IRI: Record<string, FunctionDef> = {
  [`${FN}round-half-to-even`]: FN_ROUND_HALF_TO_EVEN,
  // Jena 3.9 returns a valid xsd:boolean as it is ("0" stays "0"), and the effective value of anything else.
  [`${FN}boolean`]: def(
    ([t]) =>
      t?.termType === 'Literal' && t.datatype.value === `${XSD}boolean` && /^\s*(?:true|false|1|0)\s*$/.test(t.value) ? t : bool(effectiveBooleanValue(t!)),
    1,
  ),
  [`${FN}not`]: def(([t]) => bool(!effectiveBooleanValue(t!)), 1),
  [`${FN}normalize-unicode`]: def(normalizeUnicode, 1, 2),
  [`${FN}error`]: def(() => fail('fn:error called'), 0, 2),
  [`${MATH}pi`]: def(() => double(Math.PI), 0),
  [`${MATH}exp`]: mathOf('exp', preciseExp, 1),
  [`${MATH}exp10`]: def(exp10, 1),
  [`${MATH}log`]: mathOf('log', preciseLog, 1),
  [`${MATH}log10`]: mathOf('log10', preciseLog10, 1),
  [`${MATH}pow`]: def(pow, 2),
  [`${MATH}sqrt`]: mathOf('sqrt', Math.sqrt, 1),
  [`${MATH}sin`]: mathOf('sin', Math.sin, 1),
  [`${MATH}cos`]: mathOf('cos', Math.cos, 1),
  [`${MATH}tan`]: mathOf('tan', Math.tan, 1),
  [`${MATH}asin`]: mathOf('asin', Math.asin, 1),
  [`${MATH}acos`]: mathOf('acos', Math.acos, 1),
  [`${MATH}atan`]: mathOf('atan', Math.atan, 1),
  [`${MATH}atan2`]: mathOf('atan2', Math.atan2, 2),
};
