/**
 * `+`, `-` and `*` on dates, times and durations, as Jena 3.9 (the reference's evaluator,
 * NodeValueOps) computes them: through the javax.xml.datatype classes of the Xerces copy Jena
 * ships (org.apache.jena.ext.xerces.jaxp.datatype), whose lexical forms the results show.
 *
 * - duration ± duration: field by field, borrowing between fields until the signs agree (years
 *   and months apart from days to seconds); the fields either operand had stay written, others
 *   only when not zero (`PT1H - PT30M` is `PT0H30M`). Typed xsd:dayTimeDuration when both are,
 *   xsd:yearMonthDuration when both are, xsd:duration otherwise.
 * - dateTime, date or time ± duration (either order for +): XML Schema's algorithm (appendix E),
 *   the fields the value did not have left out again (`date + PT25H` moves the date by a day).
 * - date/time − date/time (any two of the date and time types, both with a timezone or both
 *   without): the difference in milliseconds as an xsd:duration of days, hours, minutes and
 *   seconds (`P1DT0H0M0.000S`), local values read in the system's timezone as Java does.
 * - dayTimeDuration × number (duration first): each field multiplied, the fraction carried down.
 *
 * What Jena reports as an evaluation error leaves the variable unbound; what made Java throw
 * another exception (a duration whose fields keep different signs, a factor that is NaN or
 * infinite) fails the whole cell (CellFailure), as the reference skipped it. The Xerces code's
 * quirks are kept where they change a result: a borrow from seconds with a fraction leaves a
 * scaled minute count that is written by its unscaled digits (`PT1M - PT0.5S` is `PT9M5.5S`
 * there; the differential test holds this against Jena).
 */
import { factory, type RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { daysInMonth, durationParts, temporalParts, zoneOffsetMinutes, zoneText } from './functions-datetime.js';
import { XSD } from './function-support.js';
import { javaDoubleToString } from './java-number-format.js';
import { arithmetic as numbersOrStrings, numericKind, numericValue, type Operator } from './numeric.js';

// ---- BigDecimal ------------------------------------------------------------------------------

/** Java's BigDecimal: `u × 10^-s`; the scale may be negative (`1.0E20` has scale -19). */
interface Dec {
  readonly u: bigint;
  readonly s: number;
}

const ZERO: Dec = { u: 0n, s: 0 };
const pow10 = (n: number): bigint => 10n ** BigInt(n);
const dec = (u: bigint, s = 0): Dec => ({ u, s });

function decAdd(a: Dec, b: Dec): Dec {
  const s = Math.max(a.s, b.s);
  return { u: a.u * pow10(s - a.s) + b.u * pow10(s - b.s), s };
}
const decNegate = (a: Dec): Dec => ({ u: -a.u, s: a.s });
const decSub = (a: Dec, b: Dec): Dec => decAdd(a, decNegate(b));
const decMul = (a: Dec, b: Dec): Dec => ({ u: a.u * b.u, s: a.s + b.s });
const decSign = (a: Dec): number => (a.u > 0n ? 1 : a.u < 0n ? -1 : 0);
const decAbs = (a: Dec): Dec => (a.u < 0n ? decNegate(a) : a);
/** toBigInteger(): the integer part, truncated towards zero. */
const decTrunc = (a: Dec): bigint => (a.s <= 0 ? a.u * pow10(-a.s) : a.u / pow10(a.s));
/** setScale(0, ROUND_DOWN). */
const decDown = (a: Dec): Dec => dec(decTrunc(a));
/** divide(divisor, ROUND_UP) at this value's own scale (a positive whole divisor). */
function decDivideUp(a: Dec, divisor: bigint): Dec {
  let q = a.u / divisor;
  if (a.u % divisor !== 0n) q += a.u < 0n ? -1n : 1n;
  return { u: q, s: a.s };
}
/** intValue(): the integer part's low 32 bits, as Java narrows it. */
const decInt = (a: Dec): number => Number(BigInt.asIntN(32, decTrunc(a)));

/** A decimal lexical form as `new BigDecimal(text)` reads it (its scale as written). */
function parseDec(text: string): Dec {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) throw new CellFailure(`NumberFormatException: ${text}`);
  const fraction = m[3] ?? '';
  const digits = BigInt(`${m[2] ?? ''}${fraction}` || '0');
  return { u: m[1] === '-' ? -digits : digits, s: fraction.length - Number(m[4] ?? '0') };
}

/**
 * The Xerces classes' own BigDecimal text: the unscaled digits with a point inserted; a negative
 * scale asks for a point past the end, where Java's StringBuffer.insert throws.
 */
function xercesDecimalText(a: Dec): string {
  const digits = a.u.toString();
  if (a.s === 0) return digits;
  const point = digits.length - a.s;
  if (point > digits.length) throw new CellFailure(`StringIndexOutOfBoundsException: a decimal of scale ${a.s}`);
  if (point === 0) return `0.${digits}`;
  if (point > 0) return `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `0.${'0'.repeat(-point)}${digits}`;
}

// ---- durations ---------------------------------------------------------------------------------

/** DurationImpl: a sign and six non-negative fields, each possibly absent. */
interface Duration {
  readonly sign: number;
  /** Years, months, days, hours, minutes (whole) and seconds; undefined where the lexical form has none. */
  readonly fields: readonly [bigint | undefined, bigint | undefined, bigint | undefined, bigint | undefined, bigint | undefined, Dec | undefined];
}

const DAY_TIME = `${XSD}dayTimeDuration`;
const INT_MAX = 2_147_483_647n;
const YEAR_MONTH = `${XSD}yearMonthDuration`;
const DURATION_TYPE = `${XSD}duration`;

/** A valid duration literal's value (NodeValue's VSPACE_DURATION), or undefined for anything else. */
function durationOf(t: RDF.Term): Duration | undefined {
  const parts = durationParts(t);
  if (parts === undefined) return undefined;
  const whole = (g: string | undefined) => (g === undefined ? undefined : BigInt(g));
  const [y, mo, d, h, mi, sec] = parts.fields;
  const fields: Duration['fields'] = [whole(y), whole(mo), whole(d), whole(h), whole(mi), sec === undefined ? undefined : parseDec(sec)];
  return { sign: signOf(!parts.negative, fields), fields };
}

/** calcSignum: 0 when every field is zero. */
function signOf(positive: boolean, fields: Duration['fields']): number {
  const zero = fields.every((f) => f === undefined || (typeof f === 'bigint' ? f === 0n : f.u === 0n));
  return zero ? 0 : positive ? 1 : -1;
}

function makeDuration(positive: boolean, fields: Duration['fields']): Duration {
  if (fields.every((f) => f === undefined)) throw new CellFailure('IllegalArgumentException: a duration without fields');
  return { sign: signOf(positive, fields), fields };
}

/** DurationImpl.toString. */
function durationText(d: Duration): string {
  const [y, mo, days, h, mi, s] = d.fields;
  let out = `${d.sign < 0 ? '-' : ''}P`;
  if (y !== undefined) out += `${y}Y`;
  if (mo !== undefined) out += `${mo}M`;
  if (days !== undefined) out += `${days}D`;
  if (h !== undefined || mi !== undefined || s !== undefined) {
    out += 'T';
    if (h !== undefined) out += `${h}H`;
    if (mi !== undefined) out += `${mi}M`;
    if (s !== undefined) out += `${xercesDecimalText(s)}S`;
  }
  return out;
}

/** A field as a signed decimal (sanitize): 0 when absent or the duration is zero. */
function signedField(d: Duration, i: number): Dec {
  const f = d.fields[i];
  if (d.sign === 0 || f === undefined) return ZERO;
  const value = typeof f === 'bigint' ? dec(f) : f;
  return d.sign > 0 ? value : decNegate(value);
}

/** Units of field i in one of field i - 1 (none between months and days). */
const FACTORS: ReadonlyArray<bigint | undefined> = [12n, undefined, 24n, 60n, 60n];

/** Borrows between fields start..end-1 until no field's sign differs from the one before it (alignSigns). */
function alignSigns(buf: Dec[], start: number, end: number): void {
  for (let touched = true, rounds = 0; touched; rounds++) {
    if (rounds > 1000) throw new CellFailure('the duration fields do not settle');
    touched = false;
    let s = 0;
    for (let i = start; i < end; i++) {
      const field = buf[i]!;
      if (s * decSign(field) < 0) {
        touched = true;
        const factor = FACTORS[i - 1]!;
        let borrow = decDivideUp(decAbs(field), factor);
        if (decSign(field) > 0) borrow = decNegate(borrow);
        buf[i - 1] = decSub(buf[i - 1]!, borrow);
        buf[i] = decAdd(buf[i]!, decMul(borrow, dec(factor)));
      }
      if (decSign(buf[i]!) !== 0) s = decSign(buf[i]!);
    }
  }
}

/** DurationImpl.add (subtract adds the negation). */
function addDurations(a: Duration, b: Duration): Duration {
  const buf = [0, 1, 2, 3, 4, 5].map((i) => decAdd(signedField(a, i), signedField(b, i)));
  alignSigns(buf, 0, 2);
  alignSigns(buf, 2, 6);
  let s = 0;
  for (const field of buf) {
    if (s * decSign(field) < 0) throw new CellFailure('IllegalStateException: the duration fields keep different signs');
    if (s === 0) s = decSign(field);
  }
  const magnitude = (i: number): Dec => (s < 0 ? decNegate(buf[i]!) : s > 0 ? buf[i]! : ZERO);
  const absent = (i: number) => a.fields[i] === undefined && b.fields[i] === undefined;
  // toBigInteger: the unscaled digits, whatever the scale a borrow from the seconds left.
  const whole = (i: number): bigint | undefined => (absent(i) && decSign(magnitude(i)) === 0 ? undefined : magnitude(i).u);
  const seconds = decSign(buf[5]!) === 0 && absent(5) ? undefined : magnitude(5);
  return makeDuration(s >= 0, [whole(0), whole(1), whole(2), whole(3), whole(4), seconds]);
}

const negated = (d: Duration): Duration => ({ sign: -d.sign, fields: d.fields });

/** DurationImpl.multiply(BigDecimal). */
function multiplyDuration(d: Duration, factor: Dec): Duration {
  const factorSign = decSign(factor);
  const f = decAbs(factor);
  let carry = ZERO;
  const buf: Dec[] = [];
  for (let i = 0; i < 5; i++) {
    const field = d.fields[i] as bigint | undefined;
    const value = decAdd(decMul(field === undefined ? ZERO : dec(field), f), carry);
    buf[i] = decDown(value);
    const rest = decSub(value, buf[i]!);
    if (i === 1) {
      if (decSign(rest) !== 0) throw new CellFailure('IllegalStateException: a fraction of a month cannot be carried down');
      carry = ZERO;
    } else {
      carry = decMul(rest, dec(FACTORS[i]!));
    }
  }
  const seconds = d.fields[5];
  buf[5] = seconds === undefined ? carry : decAdd(decMul(seconds, f), carry);
  const whole = (i: number): bigint | undefined => (d.fields[i] === undefined && decSign(buf[i]!) === 0 ? undefined : buf[i]!.u);
  return makeDuration(d.sign * factorSign >= 0, [
    whole(0),
    whole(1),
    whole(2),
    whole(3),
    whole(4),
    decSign(buf[5]) === 0 && seconds === undefined ? undefined : buf[5],
  ]);
}

/** DurationImpl(long): days, hours, minutes and seconds (to the millisecond) of a length in ms. */
function durationOfMillis(ms: bigint): Duration {
  const sign = ms > 0n ? 1 : ms < 0n ? -1 : 0;
  let l = ms < 0n ? -ms : ms;
  const seconds = dec(l % 60000n, 3);
  l /= 60000n;
  const minutes = l === 0n ? undefined : l % 60n;
  l /= 60n;
  const hours = l === 0n ? undefined : l % 24n;
  l /= 24n;
  const days = l === 0n ? undefined : l;
  return { sign, fields: [undefined, undefined, days, hours, minutes, seconds] };
}

// ---- calendars ---------------------------------------------------------------------------------

/** XMLGregorianCalendarImpl's fields; undefined where the value has none. */
interface Calendar {
  year?: bigint;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  fraction?: Dec;
  /** Minutes east of UTC. */
  timezone?: number;
}

type CalendarKind = 'dateTime' | 'date' | 'time' | 'other';
const KINDS: Record<string, CalendarKind> = {
  dateTime: 'dateTime',
  date: 'date',
  time: 'time',
  gYear: 'other',
  gYearMonth: 'other',
  gMonth: 'other',
  gMonthDay: 'other',
  gDay: 'other',
};

/** A valid date or time literal's fields and which kind of value Jena makes of it, or undefined. */
function calendarOf(t: RDF.Term): { readonly cal: Calendar; readonly kind: CalendarKind } | undefined {
  const parts = temporalParts(t);
  if (parts === undefined) return undefined;
  const kind = KINDS[parts.type];
  if (kind === undefined) return undefined;
  const cal: Calendar = {};
  if (parts.year !== undefined) cal.year = (t.value.startsWith('-') ? -1n : 1n) * BigInt(parts.year);
  if (parts.month !== undefined) cal.month = Number(parts.month);
  if (parts.day !== undefined) cal.day = Number(parts.day);
  if (parts.hour !== undefined) cal.hour = Number(parts.hour);
  if (parts.minute !== undefined) cal.minute = Number(parts.minute);
  if (parts.second !== undefined) {
    const [whole = '0', fraction] = parts.second.split('.');
    cal.second = Number(whole);
    if (fraction !== undefined) cal.fraction = dec(BigInt(fraction), fraction.length);
  }
  const zone = zoneOffsetMinutes(parts.timezone);
  if (zone !== undefined) cal.timezone = zone;
  return { cal, kind };
}

/** Days in 400 Gregorian years: the calendar repeats after them. */
const CYCLE_DAYS = 146_097n;

/** BigInteger.mod: never negative. */
const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;
/** Division rounded towards negative infinity. */
const floorDiv = (a: bigint, m: bigint): bigint => (a - mod(a, m)) / m;

/** XMLGregorianCalendarImpl.add: the duration added field by field, carries upwards (XML Schema 1.0 appendix E). */
function addToCalendar(start: Calendar, d: Duration): Calendar {
  const c: Calendar = { ...start };
  // The whole fields (years to minutes) have scale 0: their unscaled digits are the value.
  const signed = (i: number): bigint => signedField(d, i).u;
  // Months, then years with the months' carry.
  const monthSum = BigInt(start.month ?? 1) + signed(1);
  const month = Number(mod(monthSum - 1n, 12n)) + 1;
  let carry = floorDiv(monthSum - 1n, 12n);
  const year = (start.year ?? 0n) + signed(0) + carry;
  // Seconds with their fraction.
  const startSeconds =
    start.second === undefined ? ZERO : start.fraction === undefined ? dec(BigInt(start.second)) : decAdd(dec(BigInt(start.second)), start.fraction);
  const total = decAdd(startSeconds, signedField(d, 5));
  const quotient = floorDiv(decTrunc(total), 60n);
  const endSeconds = decSub(total, dec(quotient * 60n));
  carry = quotient;
  c.second = decInt(endSeconds);
  const fraction = decSub(endSeconds, dec(BigInt(c.second)));
  if (decSign(fraction) < 0) {
    c.fraction = decAdd(dec(1n), fraction);
    if (c.second === 0) {
      c.second = 59;
      carry -= 1n;
    } else {
      c.second -= 1;
    }
  } else {
    c.fraction = fraction;
  }
  // Minutes, hours.
  const minutes = BigInt(start.minute ?? 0) + signed(4) + carry;
  c.minute = Number(mod(minutes, 60n));
  carry = floorDiv(minutes, 60n);
  const hours = BigInt(start.hour ?? 0) + signed(3) + carry;
  c.hour = Number(mod(hours, 24n));
  carry = floorDiv(hours, 24n);
  // Days, moving the month (and year) until the day fits.
  const startDay = start.day ?? 1;
  const maxDay = daysInMonth(year, month);
  const settled = settleDays(year, month, BigInt(startDay > maxDay ? maxDay : startDay < 1 ? 1 : startDay) + signed(2) + carry);
  c.year = settled.year;
  c.month = settled.month;
  c.day = settled.day;
  // The fields the value did not have are left out again.
  if (start.year === undefined) delete c.year;
  if (start.month === undefined) delete c.month;
  if (start.day === undefined) delete c.day;
  if (start.hour === undefined) delete c.hour;
  if (start.minute === undefined) delete c.minute;
  if (start.second === undefined) {
    delete c.second;
    delete c.fraction;
  }
  return c;
}

/** A day count moved into its month: whole months added or taken off, the year carried (Xerces' loop). */
function settleDays(startYear: bigint, startMonth: number, startDays: bigint): { year: bigint; month: number; day: number } {
  let year = startYear;
  let month = startMonth;
  let days = startDays;
  // Whole 400-year cycles first (146,097 days whatever the month they start in), so a large day
  // count costs what a small one does; then month by month, as Xerces moves.
  if (days > CYCLE_DAYS + 31n || days < -CYCLE_DAYS) {
    const cycles = days > 0n ? (days - 31n) / CYCLE_DAYS : days / CYCLE_DAYS;
    days -= cycles * CYCLE_DAYS;
    year += cycles * 400n;
  }
  for (;;) {
    let monthCarry: number;
    if (days < 1n) {
      days += BigInt(month >= 2 ? daysInMonth(year, month - 1) : daysInMonth(year - 1n, 12));
      monthCarry = -1;
    } else if (days > BigInt(daysInMonth(year, month))) {
      days -= BigInt(daysInMonth(year, month));
      monthCarry = 1;
    } else {
      break;
    }
    const next = month + monthCarry;
    let endMonth = (next - 1) % 12;
    let quotient: number;
    if (endMonth < 0) {
      endMonth = 12 + endMonth + 1;
      quotient = -Math.ceil(Math.abs(next - 1) / 12);
    } else {
      quotient = Math.trunc((next - 1) / 12);
      endMonth += 1;
    }
    month = endMonth;
    if (quotient !== 0) year += BigInt(quotient);
  }
  return { year, month, day: Number(days) };
}

const pad = (n: number | bigint, width: number): string => String(n).padStart(width, '0');

/** XMLGregorianCalendarImpl.toXMLFormat for a dateTime, a date or a time. */
function calendarText(c: Calendar, kind: 'dateTime' | 'date' | 'time'): string {
  let out = '';
  if (kind !== 'time') {
    const year = c.year ?? 0n;
    // Years of a billion and more are printed from Xerces' "eon" whole, sign included.
    const big = year >= 1_000_000_000n || year <= -1_000_000_000n;
    out += big ? pad(year, 4) : `${year < 0n ? '-' : ''}${pad(year < 0n ? -year : year, 4)}`;
    out += `-${pad(c.month ?? 0, 2)}-${pad(c.day ?? 0, 2)}`;
  }
  if (kind === 'dateTime') out += 'T';
  if (kind !== 'date') {
    out += `${pad(c.hour ?? 0, 2)}:${pad(c.minute ?? 0, 2)}:${pad(c.second ?? 0, 2)}`;
    if (c.fraction !== undefined) out += xercesDecimalText(c.fraction).slice(1);
  }
  return out + zoneText(c.timezone);
}

/** Milliseconds since the epoch, as toGregorianCalendar().getTimeInMillis() (absent fields as 1970-01-01T00:00:00). */
function millisOf(c: Calendar): bigint {
  // Java reads a negative year as that many years before the era (-0001 is 1 BC, year 0 of the
  // proleptic calendar), and year 0000 as 1 BC too.
  const year = c.year === undefined ? 1970 : Number(c.year < 0n ? c.year + 1n : c.year);
  const ms = c.fraction === undefined ? 0 : decInt(decMul(c.fraction, dec(1000n)));
  const fields = [year, (c.month ?? 1) - 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0, c.second ?? 0, ms] as const;
  let time: number;
  if (c.timezone !== undefined) {
    const d = new Date(0);
    d.setUTCFullYear(fields[0], fields[1], fields[2]);
    d.setUTCHours(fields[3], fields[4], fields[5], fields[6]);
    time = d.getTime() - c.timezone * 60_000;
  } else {
    // No timezone: the system's, as Java's TimeZone.getDefault() (the same environment's zone).
    const d = new Date(0);
    d.setFullYear(fields[0], fields[1], fields[2]);
    d.setHours(fields[3], fields[4], fields[5], fields[6]);
    time = d.getTime();
  }
  if (!Number.isFinite(time)) fail('a date outside the range of milliseconds Java computes with');
  return BigInt(time);
}

// ---- the operators -----------------------------------------------------------------------------

const lit = (lexical: string, datatype: string): RDF.Literal => factory.literal(lexical, factory.namedNode(datatype));

/** The factor of a duration product as `NodeValue.getDecimal()` gives it, or undefined for no number. */
function factorOf(t: RDF.Term): Dec | undefined {
  const n = numericValue(t);
  if (n === undefined) return undefined;
  switch (n.kind) {
    case 'integer':
      return dec(n.big);
    case 'decimal':
      return { u: n.decimal.unscaled, s: n.decimal.scale };
    case 'double':
      // BigDecimal.valueOf(double): the digits of Double.toString, which NaN and INF are not.
      if (!Number.isFinite(n.value)) throw new CellFailure(`NumberFormatException: ${n.value} as a decimal`);
      return parseDec(javaDoubleToString(n.value));
    case 'float':
      fail('a float has no decimal value in Jena 3.9');
  }
}

function durationResult(d: Duration, a: RDF.Literal, b: RDF.Literal): RDF.Literal {
  const both = (type: string) => a.datatype.value === type && b.datatype.value === type;
  const type = both(DAY_TIME) ? DAY_TIME : both(YEAR_MONTH) ? YEAR_MONTH : DURATION_TYPE;
  const text = durationText(d);
  // An xsd:duration node is checked as it is made, by Jena's own duration class, which reads the
  // whole seconds as an int: more throws (the derived types are checked only when read again).
  const seconds = d.fields[5];
  if (type === DURATION_TYPE && seconds !== undefined && decTrunc(seconds) > INT_MAX)
    throw new CellFailure(`NumberFormatException: '${text}' has wrong format`);
  return lit(text, type);
}

function calendarResult(cal: Calendar, kind: 'dateTime' | 'date' | 'time'): RDF.Literal {
  const text = calendarText(cal, kind);
  // XML Schema 1.0 has no year 0: Jena's NodeValue refuses the result it made (a Java exception).
  if (cal.year === 0n) throw new CellFailure(`IllegalArgumentException: "${text}" is not a valid representation of an XML Gregorian Calendar value`);
  return lit(text, `${XSD}${kind}`);
}

/**
 * `a op b` when either side is a date, a time or a duration and Jena 3.9 has a rule for the pair;
 * undefined when neither is (the numeric rules apply), an evaluation error when one is and no rule
 * fits (NodeValueOps' "Undefined addition" and the like).
 */
export function temporalOperation(op: '+' | '-' | '*' | '/', a: RDF.Term, b: RDF.Term): RDF.Term | undefined {
  const da = durationOf(a);
  const db = durationOf(b);
  const ca = da === undefined ? calendarOf(a) : undefined;
  const cb = db === undefined ? calendarOf(b) : undefined;
  if (da === undefined && db === undefined && ca === undefined && cb === undefined) return undefined;
  const undefinedOp = (): never =>
    fail(`${op} is not defined on ${a.termType === 'Literal' ? a.datatype.value : a.termType} and ${b.termType === 'Literal' ? b.datatype.value : b.termType}`);
  switch (op) {
    case '+':
    case '-': {
      if (da !== undefined && db !== undefined) return durationResult(addDurations(da, op === '+' ? db : negated(db)), a as RDF.Literal, b as RDF.Literal);
      if (op === '-' && ca !== undefined && cb !== undefined) {
        if ((ca.cal.timezone === undefined) !== (cb.cal.timezone === undefined)) fail("'-' of a value with a timezone and one without");
        return lit(durationText(durationOfMillis(millisOf(ca.cal) - millisOf(cb.cal))), DURATION_TYPE);
      }
      // A date or time and a duration (for +, in either order).
      const [cal, duration] =
        ca !== undefined && db !== undefined ? [ca, db] : op === '+' && cb !== undefined && da !== undefined ? [cb, da] : [undefined, undefined];
      if (cal === undefined || duration === undefined || cal.kind === 'other') return undefinedOp();
      return calendarResult(addToCalendar(cal.cal, op === '+' ? duration : negated(duration)), cal.kind);
    }
    case '*': {
      if (da === undefined || numericValue(b) === undefined) return undefinedOp();
      // The duration is checked before the factor is read (a NaN factor fails only a dayTime product).
      const [y, mo, ...dayTime] = da.fields;
      if (y !== undefined || mo !== undefined || dayTime.every((f) => f === undefined)) fail("'*' takes a dayTime duration only");
      const factor = factorOf(b);
      if (factor === undefined) return undefinedOp();
      return lit(durationText(multiplyDuration(da, factor)), DAY_TIME);
    }
    case '/':
      return undefinedOp();
  }
}

const isNonNumericXsdLiteral = (t: RDF.Term): boolean =>
  t.termType === 'Literal' && t.datatype.value.startsWith(XSD) && numericKind(t.datatype.value) === undefined;

/**
 * `+ - * /` as the engine evaluates them: dates, times and durations here, operand pair by operand
 * pair; anything else by the numeric rules (numeric.ts: numbers, and Jena's `+` of two strings).
 * Numbers alone skip the check.
 */
export function arithmetic(op: Operator, args: readonly RDF.Term[]): RDF.Term {
  if (args.length < 2 || !args.some(isNonNumericXsdLiteral)) return numbersOrStrings(op, args);
  let acc = args[0]!;
  for (let i = 1; i < args.length; i++) acc = temporalOperation(op, acc, args[i]!) ?? numbersOrStrings(op, [acc, args[i]!]);
  return acc;
}
