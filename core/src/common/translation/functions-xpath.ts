/**
 * The XPath functions Jena 3.9 registers besides the SPARQL keywords (its StandardFunctions: `fn:`
 * and `math:`), reachable in a cell by prefixed name or full IRI. Those that are a SPARQL built-in
 * under another name are aliases (`FN_ALIASES`, resolved against the built-in table); the rest are
 * here. Jena 3.9 does not register fn:string-join (it needs a sequence), so neither do we.
 */
import type { RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { bool, def, describe, FN, plainStringArg, simpleLiteral, typedLiteral, XSD, type FunctionDef } from './function-support.js';
import { effectiveBooleanValue } from './functions-conditional.js';
import { integerLiteral, jenaDoubleLexical, numberValue, toNumeric } from './numeric.js';
import { applyPattern, formatDouble, formatLong, localeSymbols } from './java-decimal-format.js';
import { FN_ROUND_HALF_TO_EVEN } from './functions-xpath-round.js';
import { javaUtf8Bytes, jenaGetString, jenaStringForm } from './jena-strings.js';
import { javaAtan2, preciseCos, preciseExp, preciseLog, preciseLog10, precisePow, preciseSin, preciseTan } from './precise-math.js';

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

/**
 * The largest integer power (in bits) math:pow and math:exp10 compute exactly: the work one call
 * causes stays bounded (a 2^18-bit result is about 79,000 digits, written in tens of milliseconds).
 * Jena computes larger ones up to the limit of Java's BigInteger; between the two the variable stays
 * unbound here (README, "Deliberate differences").
 */
const MAX_EXACT_POWER_BITS = 1 << 18;

const bitLength = (x: bigint): number => (x < 0n ? -x : x).toString(2).length;

/**
 * Whether Java 17's BigInteger.pow(exponent) throws ArithmeticException("BigInteger would overflow
 * supported range") for this base: an exception that is no evaluation error, so the whole update
 * fails. It is decided before any work: the powers of two factored out must shift by at most
 * Integer.MAX_VALUE bits, and otherwise the estimate bitLength * exponent / 32 words must not pass
 * the 2^26 words a BigInteger can hold.
 */
function javaPowOverflows(base: bigint, exponent: number): boolean {
  const magnitude = base < 0n ? -base : base;
  if (magnitude <= 1n || exponent <= 1) return false;
  let twos = 0;
  let odd = magnitude;
  while ((odd & 1n) === 0n) {
    odd >>= 1n;
    twos++;
  }
  if (twos * exponent > 2 ** 31 - 1) return true;
  if (odd === 1n) return twos * exponent + 1 >= 2 ** 31;
  const remaining = bitLength(odd);
  if (odd < 1n << 32n && remaining * exponent <= 62) return false;
  return Math.floor((bitLength(magnitude) * exponent) / 32) > 2 ** 26;
}

/**
 * An integer to the power `exponent`, Java's int (Jena takes the exponent with intValue(), so it
 * wraps modulo 2^32), as Jena's Math_pow and Math_exp10 compute it when the exponent is not negative.
 */
function exactPower(base: bigint, exponent: number, name: string): RDF.Term {
  if (javaPowOverflows(base, exponent)) throw new CellFailure(`${name}: BigInteger would overflow supported range`);
  if (bitLength(base) * exponent > MAX_EXACT_POWER_BITS && base !== 0n && base !== 1n && base !== -1n) fail(`${name}: result too large`);
  return integerLiteral(base ** BigInt(exponent));
}

/** Java's BigInteger.intValue(): the low 32 bits, signed. */
const javaIntValue = (x: bigint): number => Number(BigInt.asIntN(32, x));

/** math:pow: an integer to a non-negative int power stays an integer (Jena's Math_pow), the rest are doubles. */
function pow([a, b]: readonly RDF.Term[]): RDF.Term {
  const x = toNumeric(a, 'math:pow');
  const y = toNumeric(b, 'math:pow');
  if (x.kind === 'integer' && y.kind === 'integer') {
    const exponent = javaIntValue(y.big);
    if (exponent >= 0) return exactPower(x.big, exponent, 'math:pow');
  }
  const base = numberValue(x);
  const exponent = numberValue(y);
  if (base === 1 && exponent === Infinity) return x.kind === 'integer' ? integerLiteral(1) : double(1);
  return double(precisePow(base, exponent));
}

/** math:exp10: 10 to a non-negative int power (the integer wrapped as Java's intValue) is an integer, the rest doubles. */
function exp10([a]: readonly RDF.Term[]): RDF.Term {
  const x = toNumeric(a, 'math:exp10');
  if (x.kind === 'integer') {
    const exponent = javaIntValue(x.big);
    if (exponent >= 0) return exactPower(10n, exponent, 'math:exp10');
  }
  return double(precisePow(10, numberValue(x)));
}

/**
 * fn:normalize-unicode(s, form?) as Jena 3.9: the form is read first, as a literal's lexical form in
 * lower case (an IRI or blank node there fails the cell: Node.getLiteralLexicalForm throws), NFC by
 * default, the empty form leaving the string as it is; then the string form of the first argument
 * (`jenaStringForm`), always an xsd:string.
 */
function normalizeUnicode([t, form]: readonly RDF.Term[]): RDF.Term {
  if (form !== undefined && form.termType !== 'Literal') throw new CellFailure(`fn:normalize-unicode: ${describe(form)} is not a literal node`);
  const name = form === undefined ? 'nfc' : form.value.toLowerCase();
  const text = jenaStringForm(t, 'fn:normalize-unicode');
  if (name === '') return simpleLiteral(text);
  if (name !== 'nfc' && name !== 'nfd' && name !== 'nfkc' && name !== 'nfkd') fail(`fn:normalize-unicode: unsupported form "${name}"`);
  return simpleLiteral(text.normalize(name.toUpperCase() as 'NFC' | 'NFD' | 'NFKC' | 'NFKD'));
}

/** fn:format-number(value, picture[, locale]) as Jena 3.9's XSDFuncOp.formatNumber (java-decimal-format.ts). */
function formatNumber([value, picture, locale]: readonly RDF.Term[]): RDF.Term {
  const n = toNumeric(value, 'fn:format-number');
  const pattern = plainStringArg(picture, 'fn:format-number').value;
  const tag = locale === undefined ? undefined : plainStringArg(locale, 'fn:format-number').value;
  const symbols = localeSymbols(tag);
  const applied = applyPattern(pattern, symbols);
  return simpleLiteral(n.kind === 'integer' ? formatLong(n.big, applied, symbols) : formatDouble(numberValue(n), applied, symbols));
}

/**
 * fn:collation-key(key, collation) as Jena 3.9's FN_CollationKey: not a collation at all, but
 * `key@collation` in UTF-8 (Java's, a lone surrogate as `?`) written in MIME base64 (lines of 76
 * characters joined by CR LF), typed xsd:base64Binary.
 */
function collationKey([key, collation]: readonly RDF.Term[]): RDF.Term {
  const text = `${jenaGetString(key, 'fn:collation-key')}@${jenaGetString(collation, 'fn:collation-key')}`;
  let binary = '';
  for (const byte of javaUtf8Bytes(text)) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  return typedLiteral(base64.replace(/.{76}(?=.)/g, '$&\r\n'), `${XSD}base64Binary`);
}

export const XPATH_BY_IRI: Record<string, FunctionDef> = {
  [`${FN}collation-key`]: def(collationKey, 2),
  [`${FN}format-number`]: def(formatNumber, 2, 3),
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
  [`${MATH}sin`]: mathOf('sin', preciseSin, 1),
  [`${MATH}cos`]: mathOf('cos', preciseCos, 1),
  [`${MATH}tan`]: mathOf('tan', preciseTan, 1),
  [`${MATH}asin`]: mathOf('asin', Math.asin, 1),
  [`${MATH}acos`]: mathOf('acos', Math.acos, 1),
  [`${MATH}atan`]: mathOf('atan', Math.atan, 1),
  [`${MATH}atan2`]: mathOf('atan2', javaAtan2, 2),
};
