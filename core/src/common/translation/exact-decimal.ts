/**
 * Exact xsd:decimal values for the arithmetic of translation functions: `unscaled / 10^scale` with
 * BigInt digits, so sums, differences and products are exact at any size, as Jena's BigDecimal is
 * (`"37.2"^^xsd:decimal * 1.8 + 32` is 98.96, not 98.96000000000001).
 *
 * Division cannot always be exact. XPath `op:numeric-divide` leaves the precision of a
 * non-terminating decimal quotient to the implementation (at least 18 digits); we do what Jena 3.9,
 * the reference's engine, does (XSDFuncOp.decimalDivide): 24 fractional digits, rounded towards
 * negative infinity (`1/3` -> 0.333333333333333333333333, `-1/3` -> -0.333333333333333333333334),
 * trailing zeros dropped (`7/2` -> 3.5).
 */

export interface ExactDecimal {
  /** All the digits, with the sign. */
  readonly unscaled: bigint;
  /** How many of the digits are fractional; never negative, and no trailing fractional zeros. */
  readonly scale: number;
}

/** Fractional digits of a quotient that does not terminate earlier (Jena's DIVIDE_PRECISION). */
export const DECIMAL_DIVISION_SCALE = 24;

const DECIMAL_LEXICAL = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)$/;
const TEN = 10n;

function pow10(n: number): bigint {
  return TEN ** BigInt(n);
}

/** Drops trailing fractional zeros, so equal values have one representation. */
function normalised(unscaled: bigint, scale: number): ExactDecimal {
  let u = unscaled;
  let s = scale;
  while (s > 0 && u % TEN === 0n) {
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
  return normalised(m[1] === '-' ? -digits : digits, fraction.length);
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
  return normalised(x + y, scale);
}

export function decimalSubtract(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const [x, y, scale] = aligned(a, b);
  return normalised(x - y, scale);
}

export function decimalMultiply(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  return normalised(a.unscaled * b.unscaled, a.scale + b.scale);
}

export function decimalIsZero(a: ExactDecimal): boolean {
  return a.unscaled === 0n;
}

/** Floor of n / d for BigInts (BigInt division truncates towards zero). */
function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** a / b to DECIMAL_DIVISION_SCALE digits, rounded towards negative infinity; b must not be zero. */
export function decimalDivide(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  if (b.unscaled === 0n) throw new RangeError('decimal division by zero');
  // a/b * 10^S = (ua / 10^sa) / (ub / 10^sb) * 10^S = ua * 10^(sb + S) / (ub * 10^sa)
  const numerator = a.unscaled * pow10(b.scale + DECIMAL_DIVISION_SCALE);
  const denominator = b.unscaled * pow10(a.scale);
  return normalised(floorDiv(numerator, denominator), DECIMAL_DIVISION_SCALE);
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

/** XPath fn:round: the nearest integer, halves towards positive infinity (-2.5 -> -2, 2.5 -> 3). */
export function decimalRound(a: ExactDecimal): ExactDecimal {
  return decimalFloor(decimalAdd(a, { unscaled: 5n, scale: 1 }));
}

/** The integer part (casts to xsd:integer truncate towards zero). */
export function decimalTruncate(a: ExactDecimal): bigint {
  return a.unscaled / pow10(a.scale);
}

/**
 * Jena's canonical xsd:decimal lexical form: plain digits, no exponent, no trailing fractional
 * zeros, at least one fractional digit (`3.5`, `98.96`, `2.0`).
 */
export function decimalLexical(a: ExactDecimal): string {
  const negative = a.unscaled < 0n;
  const digits = (negative ? -a.unscaled : a.unscaled).toString();
  let text: string;
  if (a.scale === 0) text = `${digits}.0`;
  else {
    const padded = digits.padStart(a.scale + 1, '0');
    text = `${padded.slice(0, padded.length - a.scale)}.${padded.slice(padded.length - a.scale)}`;
  }
  return negative ? `-${text}` : text;
}

/** The nearest double (JavaScript's parse rounds correctly, as Java's BigDecimal.doubleValue does). */
export function decimalToNumber(a: ExactDecimal): number {
  return Number(decimalLexical(a));
}
