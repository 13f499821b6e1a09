/**
 * Natural logarithms and exponentials rounded correctly to the nearest double, for math:log,
 * math:log10, math:exp, math:exp10 and math:pow: the reference's Jena 3.9 called Java's Math.log,
 * Math.exp and Math.pow, whose HotSpot intrinsics give the correctly rounded double where
 * JavaScript's (fdlibm in V8) can be one unit in the last place off (ln 3: Java 1.0986122886681098,
 * V8 1.0986122886681096). Computed in binary fixed point with FRACTION_BITS bits (BigInt series).
 */

const FRACTION_BITS = 256n;
const ONE = 1n << FRACTION_BITS;

/** The exact value of a finite positive double as a fixed-point number (may lose bits below 2^-256). */
function toFixed(x: number): bigint {
  let exponent = 0;
  let m = x;
  while (!Number.isInteger(m) && exponent < 1100) {
    m *= 2;
    exponent++;
  }
  const shift = FRACTION_BITS - BigInt(exponent);
  return shift >= 0n ? BigInt(m) << shift : BigInt(m) >> -shift;
}

/** The nearest double to a fixed-point number (halves to even). */
function toDouble(n: bigint): number {
  if (n === 0n) return 0;
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const bits = magnitude.toString(2).length;
  const shift = bits - 53;
  let q = magnitude;
  if (shift > 0) {
    const s = BigInt(shift);
    q = magnitude >> s;
    const remainder = magnitude - (q << s);
    const half = 1n << (s - 1n);
    if (remainder > half || (remainder === half && (q & 1n) === 1n)) q += 1n;
  }
  const value = Number(q) * 2 ** (Math.max(shift, 0) - Number(FRACTION_BITS));
  return negative ? -value : value;
}

function multiply(a: bigint, b: bigint): bigint {
  return (a * b) >> FRACTION_BITS;
}

/** 2·atanh(t) = ln((1+t)/(1-t)), for |t| <= 1/3. */
function twiceAtanh(t: bigint): bigint {
  const t2 = multiply(t, t);
  let term = t;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = multiply(term, t2);
  }
  return 2n * sum;
}

const LN2 = twiceAtanh(ONE / 3n);

/** ln(x) in fixed point, x a finite positive double. */
function lnFixed(x: number): bigint {
  let k = 0;
  let m = x;
  while (m >= 2) {
    m /= 2;
    k++;
  }
  while (m < 1) {
    m *= 2;
    k--;
  }
  const f = toFixed(m);
  return BigInt(k) * LN2 + twiceAtanh(((f - ONE) << FRACTION_BITS) / (f + ONE));
}

const LN10 = lnFixed(10);

/** e^y for a fixed-point y with |y| < 750, as a fixed-point mantissa in [0.7, 1.5) and a power of two. */
function expFixed(y: bigint): { mantissa: bigint; twos: number } {
  const k = (y + LN2 / 2n) / LN2 - (y < 0n ? 1n : 0n);
  const r = y - k * LN2;
  let term = ONE;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n++) {
    sum += term;
    term = multiply(term, r) / n;
  }
  return { mantissa: sum, twos: Number(k) };
}

/** m * 2^k without overflowing the intermediate power (k may exceed the double exponent range). */
function scaleByTwos(m: number, k: number): number {
  const half = Math.trunc(k / 2);
  return m * 2 ** half * 2 ** (k - half);
}

export function preciseLog(x: number): number {
  if (!(x > 0) || x === Infinity) return Math.log(x);
  return toDouble(lnFixed(x));
}

export function preciseLog10(x: number): number {
  if (!(x > 0) || x === Infinity) return Math.log10(x);
  return toDouble((lnFixed(x) << FRACTION_BITS) / LN10);
}

function expOfFixed(y: bigint, fallback: () => number): number {
  const bound = 745n << FRACTION_BITS;
  if (y > bound || y < -bound) return fallback();
  const { mantissa, twos } = expFixed(y);
  return scaleByTwos(toDouble(mantissa), twos);
}

export function preciseExp(x: number): number {
  if (!Number.isFinite(x)) return Math.exp(x);
  return expOfFixed(toFixedSigned(x), () => Math.exp(x));
}

/** Math.pow as Java computes it: the special cases as JavaScript (the same IEEE rules), the rest correctly rounded. */
export function precisePow(base: number, exponent: number): number {
  if (!Number.isFinite(base) || !Number.isFinite(exponent) || base <= 0 || exponent === 0) return Math.pow(base, exponent);
  return expOfFixed(multiply(lnFixed(base), toFixedSigned(exponent)), () => Math.pow(base, exponent));
}

function toFixedSigned(x: number): bigint {
  return x < 0 ? -toFixed(-x) : x === 0 ? 0n : toFixed(x);
}
