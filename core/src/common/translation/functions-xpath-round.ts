/**
 * fn:round-half-to-even(x, precision?) as Jena 3.9 registers it (XSDFuncOp.roundXpath3, the F&O
 * 3.0 definition; fn:round with one argument is in functions.ts): the value is rounded
 * exactly at `precision` fractional digits (negative: to tens, hundreds...), halves away from zero
 * for positive and towards zero for negative numbers (`fn:round(-2.5)` is -2), or to even; integers
 * stay xsd:integer, decimals keep the precision as their scale, floats and doubles are rounded
 * from their exact binary value and converted back.
 */
import type { RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { decimalLexical, type ExactDecimal } from './exact-decimal.js';
import { def, typedLiteral, XSD, type FunctionDef } from './function-support.js';
import { integerLiteral, jenaDoubleLexical, jenaFloatLexical, toNumeric, validInteger, type Numeric } from './numeric.js';

/** The largest |precision| computed (bounds the digits one call makes). */
const MAX_PRECISION = 1000;

/** The exact value of a finite double, as Java's `new BigDecimal(double)`. */
function exactDouble(d: number): ExactDecimal {
  // Java's new BigDecimal(double) throws NumberFormatException: not an expression error, the update fails.
  if (!Number.isFinite(d)) throw new CellFailure('fn:round-half-to-even: Infinite or NaN');
  if (Number.isInteger(d)) return { unscaled: BigInt(d), scale: 0 };
  let scale = 0;
  let x = d;
  // Multiplying by 2 is exact; each factor 2 of the denominator is one decimal digit (x/2 = 5x/10).
  while (!Number.isInteger(x)) {
    x *= 2;
    scale++;
  }
  return { unscaled: BigInt(x) * 5n ** BigInt(scale), scale };
}

/** BigDecimal.setScale(precision, mode) for the modes fn:round and fn:round-half-to-even use. */
function setScale(a: ExactDecimal, precision: number, halfEven: boolean): ExactDecimal {
  if (precision >= a.scale) return { unscaled: a.unscaled * 10n ** BigInt(precision - a.scale), scale: precision };
  const divisor = 10n ** BigInt(a.scale - precision);
  const negative = a.unscaled < 0n;
  const magnitude = negative ? -a.unscaled : a.unscaled;
  let q = magnitude / divisor;
  const twice = (magnitude % divisor) * 2n;
  // Away from zero above half; at exactly half: up for positives, towards zero for negatives, or to even.
  if (twice > divisor || (twice === divisor && (halfEven ? q % 2n === 1n : !negative))) q += 1n;
  return { unscaled: negative ? -q : q, scale: precision };
}

/** The value as an integer (a negative scale multiplied out). */
function wholeValue(a: ExactDecimal): bigint {
  return a.scale >= 0 ? a.unscaled / 10n ** BigInt(a.scale) : a.unscaled * 10n ** BigInt(-a.scale);
}

function decimalOf(a: ExactDecimal): string {
  return a.scale >= 0 ? decimalLexical(a) : wholeValue(a).toString();
}

/** The value rounded at `precision` fractional digits (BigDecimal.setScale with the mode). */
function roundAt(n: Numeric, precision: number, halfEven: boolean): RDF.Term {
  switch (n.kind) {
    case 'integer':
      return integerLiteral(wholeValue(setScale({ unscaled: n.big, scale: 0 }, precision, halfEven)));
    case 'decimal':
      return typedLiteral(decimalOf(setScale(n.decimal, precision, halfEven)), `${XSD}decimal`);
    case 'float':
      return typedLiteral(jenaFloatLexical(Math.fround(Number(decimalOf(setScale(exactDouble(n.value), precision, halfEven))))), `${XSD}float`);
    case 'double':
      return typedLiteral(jenaDoubleLexical(Number(decimalOf(setScale(exactDouble(n.value), precision, halfEven)))), `${XSD}double`);
  }
}

/** The most fractional digits a decimal is padded to (its lexical form grows with them). */
const MAX_DECIMAL_SCALE = 100_000;

/**
 * A precision past MAX_PRECISION. BigDecimal.setScale multiplies or divides by BigInteger.TEN.pow,
 * which throws ArithmeticException (no evaluation error: the update fails) once 10^|precision|
 * cannot be held, about 5.4e8 digits; a zero takes any scale without it. Below that Jena computes,
 * and so do we where the answer is bounded: an integer at a positive precision is itself and at a
 * negative one past its digits 0 (a decimal too); a double or float is exact at 1,075 digits and 0 at 10^-400, so
 * the precision is clamped there; a decimal is padded with zeros up to MAX_DECIMAL_SCALE. The rest
 * is left unbound (README, deliberate differences).
 */
function beyondPrecisionBound(name: string, x: RDF.Term | undefined, precision: number, halfEven: boolean): RDF.Term {
  const n = toNumeric(x, name);
  // new BigDecimal(NaN) throws first.
  if (n.kind === 'float' || n.kind === 'double') exactDouble(n.value);
  const zero = n.kind === 'integer' ? n.big === 0n : n.kind === 'decimal' ? n.decimal.unscaled === 0n : n.value === 0;
  if (!zero && Math.floor((4 * Math.abs(precision)) / 32) > 2 ** 26) throw new CellFailure(`${name}: BigInteger would overflow supported range`);
  if (n.kind === 'float' || n.kind === 'double') return roundAt(n, Math.min(Math.max(precision, -400), 1100), halfEven);
  if (n.kind === 'integer') {
    if (precision > 0) return integerLiteral(n.big);
    if ((n.big < 0n ? -n.big : n.big).toString().length < -precision) return integerLiteral(0n);
  }
  if (n.kind === 'decimal' && precision > 0 && precision <= MAX_DECIMAL_SCALE) return roundAt(n, precision, halfEven);
  // Rounded at a power of ten past its integer digits, a decimal is 0 (BigDecimal's zero has no sign).
  const whole = n.kind === 'decimal' ? wholeValue(n.decimal) : undefined;
  if (whole !== undefined && precision < 0 && (whole < 0n ? -whole : whole).toString().length < -precision) return typedLiteral('0', `${XSD}decimal`);
  return fail(`${name}: precision out of range`);
}

function round(halfEven: boolean): FunctionDef {
  const name = halfEven ? 'fn:round-half-to-even' : 'fn:round';
  return def(
    ([x, p]: readonly RDF.Term[]) => {
      let precision = 0;
      if (p !== undefined) {
        const integer = p.termType === 'Literal' ? validInteger(p.value, p.datatype.value) : undefined;
        if (integer === undefined) fail(`${name}: the precision must be an integer`);
        // Jena takes it with BigInteger.intValue(): the low 32 bits, so 2^32 + 1 is 1.
        precision = Number(BigInt.asIntN(32, integer));
        if (Math.abs(precision) > MAX_PRECISION) return beyondPrecisionBound(name, x, precision, halfEven);
      }
      return roundAt(toNumeric(x, name), precision, halfEven);
    },
    1,
    2,
  );
}

export const FN_ROUND_HALF_TO_EVEN = round(true);
/** fn:round with a precision (halves away from zero for positives, towards zero for negatives). */
export const FN_ROUND_WITH_PRECISION = round(false);
