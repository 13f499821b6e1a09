/**
 * Exact xsd:decimal values for the arithmetic of translation functions, with the scale rules of
 * Java's BigDecimal, which Jena 3.9 (the reference's engine) computes decimals with, since the
 * lexical forms of results show the scale: `unscaled / 10^scale` with BigInt digits, the scale
 * kept as written (`2.50` has scale 2), sums and differences at the larger scale, products at the
 * sum of the scales (`2 * 1.25` is `2.50`, `3 - 4` is `-1`), written without an exponent and
 * without a point when the scale is 0 (BigDecimal.toPlainString).
 *
 * Division cannot always be exact. XPath `op:numeric-divide` leaves the precision of a
 * non-terminating decimal quotient to the implementation (at least 18 digits); we do what Jena 3.9
 * does (XSDFuncOp.decimalDivide): 24 fractional digits, rounded towards negative infinity
 * (`1/3` -> 0.333333333333333333333333, `-1/3` -> -0.333333333333333333333334), then trailing zeros
 * dropped down to one fractional digit (`7/2` -> 3.5, `4/2` -> 2.0).
 */

export interface ExactDecimal {
  /** All the digits, with the sign. */
  readonly unscaled: bigint;
  /** How many of the digits are fractional (BigDecimal's scale); never negative. */
  readonly scale: number;
}

/** Fractional digits of a quotient that does not terminate earlier (Jena's DIVIDE_PRECISION). */
export const DECIMAL_DIVISION_SCALE = 24;

const DECIMAL_LEXICAL = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)$/;
const TEN = 10n;

function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** Drops trailing fractional zeros down to `keep` fractional digits (Jena's division result). */
function trimmed(unscaled: bigint, scale: number, keep: number): ExactDecimal {
  let u = unscaled;
  let s = scale;
  while (s > keep && u % TEN === 0n) {
    u /= TEN;
    s--;
  }
  return { unscaled: u, scale: s };
}

/** The value of an xsd:decimal (or xsd:integer) lexical form, or undefined when it is not one. */
export function parseDecimal(lexical: string): ExactDecimal | undefined {
  const m = DECIMAL_LEXICAL.exec(lexical);
  if (m === null) return undefined;
  const [whole = '', fraction = ''] = (m[2] ?? '').split('.');
  const digits = BigInt(`${whole}${fraction}` || '0');
  return { unscaled: m[1] === '-' ? -digits : digits, scale: fraction.length };
}

export function decimalFromBigInt(value: bigint): ExactDecimal {
  return { unscaled: value, scale: 0 };
}

/** Both operands' digits at a common scale. */
function aligned(a: ExactDecimal, b: ExactDecimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.unscaled * pow10(scale - a.scale), b.unscaled * pow10(scale - b.scale), scale];
}

export function decimalAdd(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = aligned(a, b);
  return { unscaled: x + y, scale };
}

export function decimalSubtract(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = aligned(a, b);
  return { unscaled: x - y, scale };
}

export function decimalMultiply(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return { unscaled: a.unscaled * b.unscaled, scale: a.scale + b.scale };
}

export function decimalIsZero(a: ExactDecimal): boolean {
  return a.unscaled === 0n;
}

/** Floor of n / d for BigInts (BigInt division truncates towards zero). */
function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** a / b to DECIMAL_DIVISION_SCALE digits, rounded towards negative infinity, trailing zeros dropped; b must not be zero. */
export function decimalDivide(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (b.unscaled === 0n) throw new RangeError('decimal division by zero');
  // a/b * 10^S = (ua / 10^sa) / (ub / 10^sb) * 10^S = ua * 10^(sb + S) / (ub * 10^sa)
  const numerator = a.unscaled * pow10(b.scale + DECIMAL_DIVISION_SCALE);
  const denominator = b.unscaled * pow10(a.scale);
  return trimmed(floorDiv(numerator, denominator), DECIMAL_DIVISION_SCALE, 1);
}

export function decimalAbs(a: ExactDecimal): ExactDecimal {
  return a.unscaled < 0n ? { unscaled: -a.unscaled, scale: a.scale } : a;
}

export function decimalFloor(a: ExactDecimal): ExactDecimal {
  return { unscaled: floorDiv(a.unscaled, pow10(a.scale)), scale: 0 };
}

export function decimalCeiling(a: ExactDecimal): ExactDecimal {
  return { unscaled: -floorDiv(-a.unscaled, pow10(a.scale)), scale: 0 };
}

/**
 * Jena's fn:round of a decimal: the nearest integer, halves towards positive infinity (-2.5 -> -2,
 * 2.5 -> 3; Jena rounds half up for positive values and half down for negative ones), scale 0.
 */
export function decimalRound(a: ExactDecimal): ExactDecimal {
  return decimalFloor(decimalAdd(a, { unscaled: 5n, scale: 1 }));
}

/** The integer part (casts to xsd:integer truncate towards zero). */
export function decimalTruncate(a: ExactDecimal): bigint {
  return a.unscaled / pow10(a.scale);
}

/** BigDecimal.toPlainString: the digits with the scale's fractional digits, no exponent (`3`, `2.50`, `-0.001`). */
export function decimalLexical(a: ExactDecimal): string {
  const negative = a.unscaled < 0n;
  const digits = (negative ? -a.unscaled : a.unscaled).toString();
  let text = digits;
  if (a.scale > 0) {
    const padded = digits.padStart(a.scale + 1, '0');
    text = `${padded.slice(0, padded.length - a.scale)}.${padded.slice(padded.length - a.scale)}`;
  }
  return negative ? `-${text}` : text;
}

/** The nearest double (JavaScript's parse rounds correctly, as Java's BigDecimal.doubleValue does). */
export function decimalToNumber(a: ExactDecimal): number {
  return Number(decimalLexical(a));
}
