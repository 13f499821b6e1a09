/**
 * Java's Double.toString and Float.toString as the JDKs from 8 to 18 compute them (the digit
 * generation of their FloatingDecimal), which Jena 3.9 writes computed xsd:double and xsd:float
 * values with (`Utils.stringForm`). They are not always the shortest digits that read back as the
 * same number, and the reference's outputs show it: `Float.toString(2147483648f)` is
 * "2.14748365E9" (an integral value keeps as many digits as its type holds significant),
 * Double.MIN_VALUE is "4.9E-324" and the double nearest 1e23 is "9.999999999999999E22" (in
 * exponent notation at least two digits are generated, and a tie with a bound is not taken).
 * Written from the algorithm's description (Steele & White's digit generation with one margin,
 * an estimated decimal exponent, and a long-integer path for integral values), with BigInt
 * arithmetic throughout.
 */

/** How many decimal digits of an integral value below 2^62 are beyond a type's precision, by excess bits. */
const INSIGNIFICANT_DIGITS = [
  0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 14,
  14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19,
];

/** Bit lengths of 5^i, as the algorithm bounds its operands with them (i*3 beyond the table). */
function fiveBits(i: number): number {
  return i === 0 ? 0 : i < 27 ? (5n ** BigInt(i)).toString(2).length : i * 3;
}

interface Digits {
  digits: number[];
  /** The value is 0.d1d2... * 10^exponent. */
  exponent: number;
}

function trailingZeros(x: bigint): number {
  let n = 0;
  while ((x & 1n) === 0n) {
    x >>= 1n;
    n++;
  }
  return n;
}

/** Integral values below 2^63: the long's digits, less those beyond the type's precision (rounded half up). */
function longDigits(value: bigint, insignificant: number): Digits {
  let v = value;
  let exponent = 0;
  if (insignificant !== 0) {
    const pow10 = 10n ** BigInt(insignificant);
    const residue = v % pow10;
    v /= pow10;
    exponent += insignificant;
    if (residue >= pow10 >> 1n) v++;
  }
  const text = v.toString();
  return { digits: [...text.replace(/0+$/, '')].map(Number), exponent: exponent + text.length };
}

/** The algorithm's estimate of floor(log10(value)), computed with the same double arithmetic. */
function estimateDecimalExponent(fractBits: bigint, binExp: number): number {
  const d2 = 1 + Number(fractBits & ((1n << 52n) - 1n)) / 2 ** 52;
  return Math.floor((d2 - 1.5) * 0.289529654 + 0.176091259 + binExp * 0.301029995663981);
}

function roundUp(d: Digits): void {
  let i = d.digits.length - 1;
  while (i > 0 && d.digits[i] === 9) d.digits[i--] = 0;
  if (d.digits[i] === 9) {
    d.digits[i] = 1;
    d.exponent++;
  } else {
    d.digits[i] = (d.digits[i] ?? 0) + 1;
  }
}

/** The digits of fractBits * 2^(binExp - 52) (fractBits normalised with its top bit at 2^52). */
function generate(binExp: number, fractBits: bigint, significantBits: number): Digits {
  const tail = trailingZeros(fractBits);
  const fractionBits = 53 - tail;
  const tinyBits = Math.max(0, fractionBits - binExp - 1);
  if (binExp <= 62 && binExp >= -21 && tinyBits < 27 && fractionBits + fiveBits(tinyBits) < 64 && tinyBits === 0) {
    const insignificant = binExp > significantBits ? (INSIGNIFICANT_DIGITS[binExp - significantBits - 1] ?? 0) : 0;
    const value = binExp >= 52 ? fractBits << BigInt(binExp - 52) : fractBits >> BigInt(52 - binExp);
    return longDigits(value, insignificant);
  }
  let decExp = estimateDecimalExponent(fractBits, binExp);
  const b5 = Math.max(0, -decExp);
  let b2 = b5 + tinyBits + binExp - (fractionBits - 1);
  const s5 = Math.max(0, decExp);
  let s2 = s5 + tinyBits;
  let m2 = b5 + tinyBits + binExp - significantBits;
  const common = Math.min(b2, s2);
  b2 -= common;
  s2 -= common;
  m2 -= common;
  if (fractionBits === 1) m2 -= 1;
  if (m2 < 0) {
    b2 -= m2;
    s2 -= m2;
    m2 = 0;
  }
  // The long-arithmetic paths test the upper margin strictly, the big-number path does not.
  const strict = fractionBits + b2 + fiveBits(b5) < 64 && s2 + 1 + fiveBits(s5 + 1) < 64;
  let b = ((fractBits >> BigInt(tail)) * 5n ** BigInt(b5)) << BigInt(b2);
  const s = (5n ** BigInt(s5)) << BigInt(s2);
  let m = (5n ** BigInt(b5)) << BigInt(m2);
  const tens = s * 10n;
  const digits: number[] = [];
  const step = (): [number, boolean, boolean] => {
    const q = Number(b / s);
    b = 10n * (b % s);
    m *= 10n;
    return [q, b < m, strict ? b + m > tens : b + m >= tens];
  };
  let [q, low, high] = step();
  if (q === 0 && !high) decExp--;
  else digits.push(q);
  // Double.toString's "compatible format": in exponent notation, never stop after one digit.
  if (decExp < -3 || decExp >= 8) low = high = false;
  while (!low && !high) {
    [q, low, high] = step();
    digits.push(q);
  }
  const result: Digits = { digits, exponent: decExp + 1 };
  const lowDifference = (b << 1n) - tens;
  if (high && (!low || lowDifference > 0n || (lowDifference === 0n && (digits[digits.length - 1] ?? 0) % 2 === 1))) roundUp(result);
  return result;
}

/** Java's layout: plain between 10^-3 and 10^7, else one digit, a point, the rest and `E` with the exponent. */
function layout(negative: boolean, { digits, exponent }: Digits): string {
  const text = digits.join('');
  let out: string;
  if (exponent > 0 && exponent < 8) {
    const whole = text.slice(0, exponent).padEnd(exponent, '0');
    const fraction = text.slice(exponent);
    out = `${whole}.${fraction === '' ? '0' : fraction}`;
  } else if (exponent <= 0 && exponent > -3) {
    out = `0.${'0'.repeat(-exponent)}${text}`;
  } else {
    out = `${text[0]}.${text.length > 1 ? text.slice(1) : '0'}E${exponent - 1}`;
  }
  return negative ? `-${out}` : out;
}

function special(x: number): string | undefined {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  return undefined;
}

const view = new DataView(new ArrayBuffer(8));

/** Java's Double.toString(d). */
export function javaDoubleToString(d: number): string {
  const known = special(d);
  if (known !== undefined) return known;
  view.setFloat64(0, d);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  let fraction = bits & ((1n << 52n) - 1n);
  let binExp: number;
  let significant: number;
  if (exponent === 0) {
    const leadingZeros = 64 - fraction.toString(2).length;
    const shift = leadingZeros - 11;
    fraction <<= BigInt(shift);
    binExp = 1 - shift - 1023;
    significant = 64 - leadingZeros;
  } else {
    fraction |= 1n << 52n;
    binExp = exponent - 1023;
    significant = 53;
  }
  return layout(d < 0, generate(binExp, fraction, significant));
}

/** Java's Float.toString(f), for a value that is a float (Math.fround of itself). */
export function javaFloatToString(f: number): string {
  const known = special(f);
  if (known !== undefined) return known;
  view.setFloat32(0, f);
  const bits = view.getUint32(0);
  const exponent = (bits >>> 23) & 0xff;
  let fraction = bits & 0x7fffff;
  let binExp: number;
  let significant: number;
  if (exponent === 0) {
    const leadingZeros = Math.clz32(fraction);
    const shift = leadingZeros - 8;
    fraction <<= shift;
    binExp = 1 - shift - 127;
    significant = 32 - leadingZeros;
  } else {
    fraction |= 1 << 23;
    binExp = exponent - 127;
    significant = 24;
  }
  return layout(f < 0, generate(binExp, BigInt(fraction) << 29n, significant));
}
