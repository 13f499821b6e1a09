/**
 * fn:format-number as Jena 3.9 computes it (XSDFuncOp.formatNumber): Java's DecimalFormat with the
 * picture as its pattern and the symbols of the third argument's locale (a BCP 47 tag; none: the
 * root locale), formatting a double (a decimal is converted to one) or an integer as a Java long.
 * Written from DecimalFormat's documented pattern grammar and behaviour, its edges checked against
 * Jena itself (jena-differential.test.ts):
 *
 * - A pattern is a prefix, a number part (`#`, `0`, `,`, `.`, `E0...`) and a suffix, then
 *   optionally `;` and a negative pattern whose prefix and suffix alone count (without one, the
 *   negative form is the minus sign before the positive prefix). In the affixes `'` quotes,
 *   `%` and `‰` multiply by 100 and 1000, `-` is the locale's minus sign, `¤` its currency sign.
 * - Rounding is half-even on the shortest decimal form of the double, deciding a tie by the
 *   double's exact binary value (`2.675` is `2.67`, `0.125` is `0.12`).
 * - A negative number that rounds to zero keeps its sign (`-0.00`), NaN is written alone, the
 *   infinities between the affixes.
 * - A pattern Java refuses (two decimal separators, a `0` after a `#` in the fraction, a stray `;`)
 *   throws IllegalArgumentException there, which failed the whole update: CellFailure here.
 */
import { CellFailure } from './expression-error.js';
import { javaDoubleToString } from './java-number-format.js';

/** The characters DecimalFormatSymbols gives a locale. */
interface Symbols {
  readonly zero: string;
  readonly group: string;
  readonly decimal: string;
  readonly minus: string;
  readonly percent: string;
  readonly perMill: string;
  readonly exponent: string;
  readonly nan: string;
  readonly infinity: string;
  readonly currency: string;
}

const ROOT: Symbols = {
  zero: '0',
  group: ',',
  decimal: '.',
  minus: '-',
  percent: '%',
  perMill: '\u2030',
  exponent: 'E',
  nan: 'NaN',
  infinity: '\u221e',
  currency: '\u00a4',
};

const symbolCache = new Map<string, Symbols>();

/** Where Java 17's CLDR data and this Node's ICU disagree on a grouping separator. */
const JAVA_GROUPING: Readonly<Record<string, string>> = { 'de-CH': '\u2019', 'it-CH': '\u2019', 'fr-CH': '\u202f' };

/** The symbols of a language tag (CLDR through Intl, as Java 9 and later read CLDR), the root locale's for none or a bad one. */
export function localeSymbols(tag: string | undefined): Symbols {
  if (tag === undefined || tag === '') return ROOT;
  const hit = symbolCache.get(tag);
  if (hit !== undefined) return hit;
  let symbols: Symbols;
  try {
    const parts = new Intl.NumberFormat(tag, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(-1234567.5);
    const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
    const percent = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(1).find((p) => p.type === 'percentSign')?.value ?? '%';
    const special = (x: number, type: string, fallback: string) => new Intl.NumberFormat(tag).formatToParts(x).find((q) => q.type === type)?.value ?? fallback;
    symbols = {
      ...ROOT,
      group: JAVA_GROUPING[tag] ?? part('group', ','),
      decimal: part('decimal', '.'),
      minus: part('minusSign', '-'),
      percent,
      nan: special(NaN, 'nan', 'NaN'),
      infinity: special(Infinity, 'infinity', '\u221e'),
    };
  } catch {
    symbols = ROOT;
  }
  if (symbolCache.size > 100) symbolCache.clear();
  symbolCache.set(tag, symbols);
  return symbols;
}

/** A pattern applied: what DecimalFormat keeps of it. */
interface Pattern {
  readonly posPrefix: string;
  readonly posSuffix: string;
  readonly negPrefix: string;
  readonly negSuffix: string;
  readonly minInt: number;
  readonly maxInt: number;
  readonly minFrac: number;
  readonly maxFrac: number;
  readonly groupingSize: number;
  readonly multiplier: number;
  readonly decimalAlwaysShown: boolean;
  /** Minimum exponent digits of a scientific pattern, or undefined for a plain one. */
  readonly exponentDigits: number | undefined;
}

const refuse = (why: string, picture: string): never => {
  throw new CellFailure(`IllegalArgumentException: ${why} in pattern "${picture}"`);
};

/** One subpattern's parts; `start` is where the next subpattern begins (after `;`), or undefined. */
interface SubPattern {
  prefix: string;
  suffix: string;
  digitLeft: number;
  zeroDigits: number;
  digitRight: number;
  decimalPos: number;
  grouping: number;
  multiplier: number;
  exponentDigits: number | undefined;
  next: number | undefined;
}

/** One character of the positive number part counted; the position to go on from once it ends the part (its last character read), else undefined. */
function numberChar(sub: SubPattern, picture: string, start: number): number | undefined {
  const ch = picture[start];
  if (ch === '#') {
    if (sub.zeroDigits > 0) sub.digitRight++;
    else sub.digitLeft++;
    if (sub.grouping >= 0 && sub.decimalPos < 0) sub.grouping++;
  } else if (ch === '0') {
    if (sub.digitRight > 0) refuse("Unexpected '0'", picture);
    sub.zeroDigits++;
    if (sub.grouping >= 0 && sub.decimalPos < 0) sub.grouping++;
  } else if (ch === ',') {
    sub.grouping = 0;
  } else if (ch === '.') {
    if (sub.decimalPos >= 0) refuse('Multiple decimal separators', picture);
    sub.decimalPos = sub.digitLeft + sub.zeroDigits + sub.digitRight;
  } else if (ch === 'E') {
    if (sub.exponentDigits !== undefined) refuse('Multiple exponential symbols', picture);
    let pos = start;
    let digits = 0;
    while (picture[pos + 1] === '0') {
      digits++;
      pos++;
    }
    if (sub.digitLeft + sub.zeroDigits < 1 || digits < 1) refuse('Malformed exponential', picture);
    sub.exponentDigits = digits;
    return pos;
  } else {
    // Anything else starts the suffix: read again there.
    return start - 1;
  }
  return undefined;
}

function readSubPattern(picture: string, start: number, negative: boolean, s: Symbols): SubPattern {
  const sub: SubPattern = {
    prefix: '',
    suffix: '',
    digitLeft: 0,
    zeroDigits: 0,
    digitRight: 0,
    decimalPos: -1,
    grouping: -1,
    multiplier: 1,
    exponentDigits: undefined,
    next: undefined,
  };
  let phase = 0;
  let inQuote = false;
  const append = (text: string) => {
    if (phase === 0) sub.prefix += text;
    else sub.suffix += text;
  };
  for (let pos = start; pos < picture.length; pos++) {
    const ch = picture[pos]!;
    if (phase !== 1) {
      // A quote opens or closes a quoted run, and two quotes are one quote, inside a run or out.
      if (ch === "'") {
        if (picture[pos + 1] === "'") {
          pos++;
          append("'");
        } else inQuote = !inQuote;
        continue;
      }
      if (inQuote) {
        append(ch);
        continue;
      }
      if (ch === '#' || ch === '0' || ch === ',' || ch === '.') {
        phase = 1;
        pos--;
        continue;
      }
      if (ch === '\u00a4') {
        if (picture[pos + 1] === '\u00a4') pos++;
        append(s.currency);
        continue;
      }
      if (ch === ';') {
        if (phase === 0 || negative) refuse(`Unquoted special character '${ch}'`, picture);
        sub.next = pos + 1;
        break;
      }
      if (ch === '%' || ch === '\u2030') {
        if (sub.multiplier !== 1) refuse('Too many percent/per mille characters', picture);
        sub.multiplier = ch === '%' ? 100 : 1000;
        append(ch === '%' ? s.percent : s.perMill);
        continue;
      }
      append(ch === '-' ? s.minus : ch);
      continue;
    }
    // The number part. A negative subpattern's counts nothing: it only separates its affixes.
    if (negative) {
      while (pos < picture.length && '#0,.'.includes(picture[pos]!)) pos++;
      if (picture[pos] === 'E') pos++;
      while (pos < picture.length && '#0,.'.includes(picture[pos]!)) pos++;
      pos--;
      phase = 2;
      continue;
    }
    const after = numberChar(sub, picture, pos);
    if (after !== undefined) {
      phase = 2;
      pos = after;
    }
  }
  if (inQuote) refuse('Malformed', picture);
  return sub;
}

const MAX_INT_DIGITS = 2_147_483_647;
const MAX_FRACTION_DIGITS = 2_147_483_647;

/** DecimalFormat.applyPattern. */
export function applyPattern(picture: string, s: Symbols): Pattern {
  const pos = readSubPattern(picture, 0, false, s);
  const neg = pos.next !== undefined && pos.next < picture.length ? readSubPattern(picture, pos.next, true, s) : undefined;
  // "##.###" is read as "#0.###", ".###" as ".0##".
  if (pos.zeroDigits === 0 && pos.digitLeft > 0 && pos.decimalPos >= 0) {
    const n = pos.decimalPos === 0 ? 1 : pos.decimalPos;
    pos.digitRight = pos.digitLeft - n;
    pos.digitLeft = n - 1;
    pos.zeroDigits = 1;
  }
  const total = pos.digitLeft + pos.zeroDigits + pos.digitRight;
  if (
    (pos.decimalPos < 0 && pos.digitRight > 0) ||
    (pos.decimalPos >= 0 && (pos.decimalPos < pos.digitLeft || pos.decimalPos > pos.digitLeft + pos.zeroDigits)) ||
    pos.grouping === 0
  )
    refuse('Malformed', picture);
  if (picture === '') {
    // An empty pattern keeps DecimalFormat's defaults: grouping by three, every digit.
    return {
      posPrefix: '',
      posSuffix: '',
      negPrefix: s.minus,
      negSuffix: '',
      minInt: 0,
      maxInt: MAX_INT_DIGITS,
      minFrac: 0,
      maxFrac: MAX_FRACTION_DIGITS,
      groupingSize: 3,
      multiplier: 1,
      decimalAlwaysShown: false,
      exponentDigits: undefined,
    };
  }
  const effectiveDecimal = pos.decimalPos >= 0 ? pos.decimalPos : total;
  const minInt = effectiveDecimal - pos.digitLeft;
  const sameAsPositive = neg === undefined || (neg.prefix === pos.prefix && neg.suffix === pos.suffix);
  return {
    posPrefix: pos.prefix,
    posSuffix: pos.suffix,
    negPrefix: sameAsPositive ? s.minus + pos.prefix : neg.prefix,
    negSuffix: sameAsPositive ? pos.suffix : neg.suffix,
    minInt,
    maxInt: pos.exponentDigits !== undefined ? pos.digitLeft + minInt : MAX_INT_DIGITS,
    minFrac: pos.decimalPos >= 0 ? pos.digitLeft + pos.zeroDigits - pos.decimalPos : 0,
    maxFrac: pos.decimalPos >= 0 ? total - pos.decimalPos : 0,
    groupingSize: pos.grouping > 0 ? pos.grouping : 0,
    multiplier: pos.multiplier,
    decimalAlwaysShown: pos.decimalPos === 0 || pos.decimalPos === total,
    exponentDigits: pos.exponentDigits,
  };
}

// ---- digits ----------------------------------------------------------------------------------

/** A DigitList: significant digits (no leading or trailing zeros) and where the point falls. */
interface Digits {
  digits: string;
  decimalAt: number;
}

/** The exact value of a finite positive double as numerator / denominator. */
function exactRatio(x: number): [bigint, bigint] {
  let m = x;
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  return e < 0 ? [BigInt(m), 1n << BigInt(-e)] : [BigInt(m), 1n];
}

/** -1, 0 or 1: how the shortest decimal form of `x` (digits, decimalAt) compares with x's exact value. */
function reprVersusExact(x: number, d: Digits): number {
  const [num, den] = exactRatio(x);
  const k = d.decimalAt - d.digits.length;
  const digits = BigInt(d.digits);
  // repr = digits * 10^k; compare digits * 10^k * den with num.
  const left = k >= 0 ? digits * 10n ** BigInt(k) * den : digits * den;
  const right = k >= 0 ? num : num * 10n ** BigInt(-k);
  return left > right ? 1 : left < right ? -1 : 0;
}

/** Java's shortest digits of a positive finite double. */
function shortestDigits(x: number): Digits {
  const text = javaDoubleToString(x);
  const [mantissa = '', exp = '0'] = text.split('E');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let decimalAt = whole.length + Number(exp);
  const lead = /^0*/.exec(digits)![0].length;
  digits = digits.slice(lead);
  decimalAt -= lead;
  digits = digits.replace(/0+$/, '');
  return { digits, decimalAt };
}

/** Rounds to `keep` digits half-even; a tie on the last digit of the shortest form is decided by the exact value. */
function roundDigits(d: Digits, keep: number, exact: (() => number) | undefined): Digits {
  if (keep >= d.digits.length) return d;
  if (keep < 0) return { digits: '', decimalAt: 0 };
  const next = d.digits.charCodeAt(keep) - 48;
  let up: boolean;
  if (next > 5) up = true;
  else if (next < 5) up = false;
  else if (keep < d.digits.length - 1) up = true;
  else {
    const versus = exact === undefined ? 0 : exact();
    up = versus === 0 ? keep > 0 && (d.digits.charCodeAt(keep - 1) - 48) % 2 === 1 : versus < 0;
  }
  let kept = d.digits.slice(0, keep);
  let decimalAt = d.decimalAt;
  if (up) {
    // Add one to the last kept digit, carrying.
    let i = kept.length - 1;
    while (i >= 0 && kept[i] === '9') i--;
    if (i < 0) {
      kept = '1';
      decimalAt++;
    } else kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1);
  }
  return { digits: kept.replace(/0+$/, ''), decimalAt: kept === '' ? 0 : decimalAt };
}

function group(intDigits: string, p: Pattern, s: Symbols): string {
  if (p.groupingSize <= 0 || intDigits.length <= p.groupingSize) return intDigits;
  let out = '';
  for (let i = 0; i < intDigits.length; i++) {
    const fromRight = intDigits.length - i;
    if (i > 0 && fromRight % p.groupingSize === 0) out += s.group;
    out += intDigits[i];
  }
  return out;
}

function localDigits(text: string, s: Symbols): string {
  return s.zero === '0' ? text : text.replace(/[0-9]/g, (c) => String.fromCharCode(s.zero.charCodeAt(0) + c.charCodeAt(0) - 48));
}

/** The plain (not scientific) number part of rounded digits. */
function plainNumber(d: Digits, p: Pattern, s: Symbols): string {
  const intCount = Math.max(d.decimalAt, 0);
  let intDigits = d.digits.slice(0, intCount).padEnd(intCount, '0');
  if (intDigits.length < p.minInt) intDigits = intDigits.padStart(p.minInt, '0');
  if (intDigits.length > p.maxInt) intDigits = intDigits.slice(intDigits.length - p.maxInt);
  let fraction = d.decimalAt < 0 ? '0'.repeat(-d.decimalAt) + d.digits : d.digits.slice(intCount);
  if (fraction.length < p.minFrac) fraction = fraction.padEnd(p.minFrac, '0');
  const fractionPresent = fraction.length > 0;
  let out = group(intDigits, p, s);
  if (out === '' && !fractionPresent) out = '0';
  if (p.decimalAlwaysShown || fractionPresent) out += s.decimal + fraction;
  return localDigits(out, s);
}

/** The scientific number part: mantissa digits by the pattern's integer and fraction counts, then the exponent. */
function scientificNumber(d: Digits, p: Pattern, s: Symbols, exponentDigits: number): string {
  let exponent = d.decimalAt;
  let minIntDigits = p.minInt;
  const repeat = p.maxInt;
  if (repeat > 1 && repeat > p.minInt) {
    // Engineering: the exponent a multiple of the maximum integer digits.
    exponent = exponent >= 1 ? Math.trunc((exponent - 1) / repeat) * repeat : Math.trunc((exponent - repeat) / repeat) * repeat;
    minIntDigits = 1;
  } else {
    exponent -= minIntDigits;
  }
  const minimumDigits = p.minInt + p.minFrac;
  const isZero = d.digits === '';
  const integerDigits = isZero ? minIntDigits : d.decimalAt - exponent;
  let totalDigits = d.digits.length;
  if (minimumDigits > totalDigits) totalDigits = minimumDigits;
  if (integerDigits > totalDigits) totalDigits = integerDigits;
  let out = '';
  for (let i = 0; i < totalDigits; i++) {
    if (i === integerDigits) out += s.decimal;
    out += i < d.digits.length ? d.digits[i] : '0';
  }
  if (p.decimalAlwaysShown && totalDigits === integerDigits) out += s.decimal;
  const shownExponent = isZero ? 0 : exponent;
  out += s.exponent + (shownExponent < 0 ? s.minus : '') + String(Math.abs(shownExponent)).padStart(exponentDigits, '0');
  return localDigits(out, s);
}

/** The most significant digits a scientific pattern shows: with exponent grouping (`##0.##E0`) the maximum integer digits count, otherwise the minimum. */
function significantDigits(p: Pattern): number {
  return p.maxInt > 1 && p.maxInt > p.minInt ? p.maxInt + p.maxFrac : p.minInt + p.maxFrac;
}

function affixed(negative: boolean, body: string, p: Pattern): string {
  return negative ? `${p.negPrefix}${body}${p.negSuffix}` : `${p.posPrefix}${body}${p.posSuffix}`;
}

/** DecimalFormat.format(double). */
export function formatDouble(value: number, p: Pattern, s: Symbols): string {
  if (Number.isNaN(value)) return s.nan;
  const negative = value < 0 || (value === 0 && 1 / value < 0);
  let x = Math.abs(value);
  if (p.multiplier !== 1) x *= p.multiplier;
  if (!Number.isFinite(x)) return affixed(negative, s.infinity, p);
  const shortest: Digits = x === 0 ? { digits: '', decimalAt: 0 } : shortestDigits(x);
  const exact = () => reprVersusExact(x, shortest);
  if (p.exponentDigits !== undefined) {
    const rounded = roundDigits(shortest, Math.max(significantDigits(p), 1), exact);
    return affixed(negative, scientificNumber(rounded, p, s, p.exponentDigits), p);
  }
  const rounded = roundDigits(shortest, shortest.decimalAt + Math.min(p.maxFrac, 340), exact);
  return affixed(negative, plainNumber(rounded, p, s), p);
}

/** DecimalFormat.format(long). */
export function formatLong(value: bigint, p: Pattern, s: Symbols): string {
  const long = BigInt.asIntN(64, value);
  const negative = long < 0n;
  const magnitude = (negative ? -long : long) * BigInt(p.multiplier);
  const text = magnitude.toString();
  const digits: Digits = magnitude === 0n ? { digits: '', decimalAt: 0 } : { digits: text.replace(/0+$/, ''), decimalAt: text.length };
  if (p.exponentDigits !== undefined) {
    return affixed(negative, scientificNumber(roundDigits(digits, Math.max(significantDigits(p), 1), undefined), p, s, p.exponentDigits), p);
  }
  return affixed(negative, plainNumber(digits, p, s), p);
}
