/**
 * Date and time accessors (SPARQL 1.1 section 17.4.5, fn:*-from-dateTime) as Jena 3.9 computes
 * them: on the lexical form (its DateTimeStruct), so YEAR, MONTH, DAY, HOURS and MINUTES keep the
 * digits as written (`MONTH("2010-05-03T...")` is `"05"^^xsd:integer`, a departure from the spec's
 * 5) and SECONDS is the seconds field as written, typed xsd:decimal (`"01.5"`). The argument must
 * be a valid literal of a type carrying the field, or the call is an error.
 */
import type { RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { def, describe, FN, simpleLiteral, typedLiteral, XSD, type FunctionDef } from './function-support.js';

interface DateTimeParts {
  readonly year?: string;
  readonly month?: string;
  readonly day?: string;
  readonly hour?: string;
  readonly minute?: string;
  readonly second?: string;
  /** `Z`, `+hh:mm`, `-hh:mm`, or undefined when the value has none. */
  readonly timezone?: string;
}

const TZ = '(Z|[+-]\\d\\d:\\d\\d)?';
const YEAR = '-?(\\d{4,})';
const TIME = '(\\d\\d):(\\d\\d):(\\d\\d(?:\\.\\d+)?)';
export type Field = keyof DateTimeParts;

/** Per temporal datatype: its lexical pattern and the fields its groups hold, in order. */
const SHAPES: Record<string, { re: RegExp; fields: readonly Field[] }> = {
  dateTime: { re: new RegExp(`^${YEAR}-(\\d\\d)-(\\d\\d)T${TIME}${TZ}$`), fields: ['year', 'month', 'day', 'hour', 'minute', 'second', 'timezone'] },
  dateTimeStamp: {
    re: new RegExp(`^${YEAR}-(\\d\\d)-(\\d\\d)T${TIME}(Z|[+-]\\d\\d:\\d\\d)$`),
    fields: ['year', 'month', 'day', 'hour', 'minute', 'second', 'timezone'],
  },
  date: { re: new RegExp(`^${YEAR}-(\\d\\d)-(\\d\\d)${TZ}$`), fields: ['year', 'month', 'day', 'timezone'] },
  time: { re: new RegExp(`^${TIME}${TZ}$`), fields: ['hour', 'minute', 'second', 'timezone'] },
  gYear: { re: new RegExp(`^${YEAR}${TZ}$`), fields: ['year', 'timezone'] },
  gYearMonth: { re: new RegExp(`^${YEAR}-(\\d\\d)${TZ}$`), fields: ['year', 'month', 'timezone'] },
  gMonth: { re: new RegExp(`^--(\\d\\d)${TZ}$`), fields: ['month', 'timezone'] },
  gMonthDay: { re: new RegExp(`^--(\\d\\d)-(\\d\\d)${TZ}$`), fields: ['month', 'day', 'timezone'] },
  gDay: { re: new RegExp(`^---(\\d\\d)${TZ}$`), fields: ['day', 'timezone'] },
};

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A Gregorian leap year, reckoned on the year number as written (-0004 is one, -0001 is not). */
export function isLeapYear(year: bigint | number): boolean {
  const y = BigInt(year);
  return y % 400n === 0n || (y % 100n !== 0n && y % 4n === 0n);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1 to 12) of a year. */
export function daysInMonth(year: bigint | number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return MONTH_DAYS[month - 1] ?? 31;
}

/** A timezone as written (`Z`, `+hh:mm`, `-hh:mm`) in minutes east of UTC; undefined for none. */
export function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'Z') return 0;
  return (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
}

/** Minutes east of UTC as a timezone is written (`Z` for 0); '' for none. */
export function zoneText(offset: number | undefined): string {
  if (offset === undefined) return '';
  if (offset === 0) return 'Z';
  const a = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** XSD's value-space checks on the fields a lexical form has (an ill-typed literal is no date). */
function validParts(p: DateTimeParts): boolean {
  const month = p.month === undefined ? 1 : Number(p.month);
  if (month < 1 || month > 12) return false;
  // XML Schema 1.0 has no year 0 (Jena's validator refuses it).
  if (p.year !== undefined && /^0+$/.test(p.year)) return false;
  if (p.day !== undefined) {
    const day = Number(p.day);
    if (day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 31)) return false;
    // February 29 only in leap years, reckoned on the year as written (-0004 is one, -0001 is not).
    if (month === 2 && day === 29 && p.year !== undefined && !isLeapYear(BigInt(p.year))) return false;
  }
  if (p.hour !== undefined) {
    const hour = Number(p.hour);
    const endOfDay = hour === 24 && Number(p.minute) === 0 && Number(p.second) === 0;
    if ((hour > 23 && !endOfDay) || Number(p.minute) > 59 || Number(p.second) >= 60) return false;
  }
  if (p.timezone !== undefined && p.timezone !== 'Z') {
    const [h, m] = p.timezone.slice(1).split(':').map(Number) as [number, number];
    if (m > 59 || h * 60 + m > 14 * 60) return false;
  }
  return true;
}

/** The fields of a valid temporal literal, or undefined for anything else. */
export function temporalParts(t: RDF.Term): (DateTimeParts & { readonly type: string }) | undefined {
  if (t.termType !== 'Literal' || !t.datatype.value.startsWith(XSD)) return undefined;
  const type = t.datatype.value.slice(XSD.length);
  const shape = SHAPES[type];
  const match = shape?.re.exec(t.value);
  if (shape === undefined || match === null || match === undefined) return undefined;
  const parts: Partial<Record<Field, string>> = {};
  shape.fields.forEach((field, i) => {
    const value = match[i + 1];
    if (value !== undefined) parts[field] = value;
  });
  return validParts(parts) ? { ...parts, type } : undefined;
}

const DURATION = /^-?P(?=\d|T\d)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
const DURATION_TYPES = new Set(['duration', 'dayTimeDuration', 'yearMonthDuration'].map((l) => XSD + l));
const DURATION_FIELDS: Partial<Record<Field, number>> = { year: 1, month: 2, day: 3, hour: 4, minute: 5, second: 6 };

/**
 * A valid duration literal's parts as written: its sign and the digits of years, months, days,
 * hours, minutes and seconds (undefined where absent). Undefined for anything else, Jena's
 * validator's way: the derived types' lexical spaces (years and months only, or days and time
 * only), and the whole-number fields read as Java ints.
 */
export function durationParts(t: RDF.Term): { readonly negative: boolean; readonly fields: ReadonlyArray<string | undefined> } | undefined {
  if (t.termType !== 'Literal' || !DURATION_TYPES.has(t.datatype.value)) return undefined;
  const m = DURATION.exec(t.value);
  if (m === null) return undefined;
  const type = t.datatype.value.slice(XSD.length);
  if (type === 'yearMonthDuration' && (m[3] !== undefined || m[4] !== undefined || m[5] !== undefined || m[6] !== undefined)) return undefined;
  if (type === 'dayTimeDuration' && (m[1] !== undefined || m[2] !== undefined)) return undefined;
  for (let g = 1; g <= 5; g++) if (m[g] !== undefined && BigInt(m[g]!) > 2_147_483_647n) return undefined;
  return { negative: t.value.startsWith('-'), fields: m.slice(1, 7) };
}

/**
 * A field of a duration, as Jena 3.9's XSDFuncOp.accessDuration reads it (javax Duration.getField):
 * the field's magnitude as written, without the sign and not normalised (`PT90M` has 90 minutes),
 * 0 when absent; seconds as xsd:decimal. Undefined when `t` is not a valid duration.
 */
export function durationField(t: RDF.Term, field: Field): RDF.Literal | undefined {
  const group = DURATION_FIELDS[field];
  const parts = group === undefined ? undefined : durationParts(t);
  if (parts === undefined || group === undefined) return undefined;
  const value = parts.fields[group - 1];
  if (field === 'second') return typedLiteral(value === undefined ? '0' : value.replace(/^0+(?=\d)/, ''), `${XSD}decimal`);
  return typedLiteral(BigInt(value ?? '0').toString(), `${XSD}integer`);
}

/** An accessor: the field as written, for the types Jena's XSDFuncOp accepts for it. */
/**
 * Jena 3.9 reads the time fields and the timezone of a node as a literal before any type check:
 * an IRI or a blank node there throws a Java exception that fails the whole cell, not an
 * expression error (YEAR, MONTH and DAY check first and only leave the variable unbound).
 */
function literalOrCellFailure(name: string, t: RDF.Term | undefined): void {
  if (t !== undefined && t.termType !== 'Literal') throw new CellFailure(`${name}(): ${describe(t)} is not a literal node`);
}

function accessor(name: string, field: Field, types: readonly string[], datatype: string, durations = true): FunctionDef {
  const timeField = types === WITH_TIME;
  return def(([t]) => {
    if (timeField) literalOrCellFailure(name, t);
    const fromDuration = durations && t !== undefined ? durationField(t, field) : undefined;
    if (fromDuration !== undefined) return fromDuration;
    const parts = t === undefined ? undefined : temporalParts(t);
    const value = parts?.[field];
    if (parts === undefined || !types.includes(parts.type) || value === undefined) {
      fail(`${name}() needs a valid ${types.join(', ')} literal, got ${t === undefined ? 'nothing' : describe(t)}`);
    }
    return typedLiteral(value, datatype);
  }, 1);
}

const WITH_YEAR = ['dateTime', 'dateTimeStamp', 'date', 'gYear', 'gYearMonth'];
const WITH_MONTH = ['dateTime', 'dateTimeStamp', 'date', 'gYearMonth', 'gMonth', 'gMonthDay'];
const WITH_DAY = ['dateTime', 'dateTimeStamp', 'date', 'gMonthDay', 'gDay'];
const WITH_TIME = ['dateTime', 'dateTimeStamp', 'time'];

/** Two timezone digits as Jena writes them in a duration: no leading zero, nothing for 00. */
function durationDigits(digits: string, designator: string): string {
  return digits === '00' ? '' : `${Number(digits)}${designator}`;
}

/** TIMEZONE: the timezone as an xsd:dayTimeDuration (`-PT5H`, `PT5H30M`, `PT0S` for Z). */
function timezone([t]: readonly RDF.Term[]): RDF.Term {
  literalOrCellFailure('TIMEZONE', t);
  const parts = t === undefined ? undefined : temporalParts(t);
  if (parts?.timezone === undefined) fail(`TIMEZONE() needs a date or time with a timezone, got ${t === undefined ? 'nothing' : describe(t)}`);
  const tz = parts.timezone;
  const dayTime = `${XSD}dayTimeDuration`;
  if (tz === 'Z' || tz === '+00:00') return typedLiteral('PT0S', dayTime);
  if (tz === '-00:00') return typedLiteral('-PT0S', dayTime);
  const sign = tz.startsWith('-') ? '-' : '';
  return typedLiteral(`${sign}PT${durationDigits(tz.slice(1, 3), 'H')}${durationDigits(tz.slice(4, 6), 'M')}`, dayTime);
}

/** TZ: the timezone as written, or the empty string. */
function tz([t]: readonly RDF.Term[]): RDF.Term {
  literalOrCellFailure('TZ', t);
  const parts = t === undefined ? undefined : temporalParts(t);
  if (parts === undefined) fail(`TZ() needs a date or time literal, got ${t === undefined ? 'nothing' : describe(t)}`);
  return simpleLiteral(parts.timezone ?? '');
}

/** fn:dateTime(date, time): one dateTime, failing on two different timezones. */
function dateTime([d, t]: readonly RDF.Term[]): RDF.Term {
  const date = d === undefined ? undefined : temporalParts(d);
  const time = t === undefined ? undefined : temporalParts(t);
  if (date?.type !== 'date' || time?.type !== 'time') fail('fn:dateTime needs an xsd:date and an xsd:time');
  if (date.timezone !== undefined && time.timezone !== undefined && date.timezone !== time.timezone) fail('fn:dateTime: two different timezones');
  const zone = date.timezone ?? time.timezone ?? '';
  const sign = d!.value.startsWith('-') ? '-' : '';
  return typedLiteral(`${sign}${date.year}-${date.month}-${date.day}T${time.hour}:${time.minute}:${time.second}${zone}`, `${XSD}dateTime`);
}

/** NOW(): the time of the call (Jena fixes it per query; a cell is one query). */
const now = def(() => typedLiteral(new Date().toISOString(), `${XSD}dateTime`), 0);

const INTEGER = `${XSD}integer`;
const DECIMAL = `${XSD}decimal`;
const year = accessor('YEAR', 'year', WITH_YEAR, INTEGER);
const month = accessor('MONTH', 'month', WITH_MONTH, INTEGER);
const day = accessor('DAY', 'day', WITH_DAY, INTEGER);
const hours = accessor('HOURS', 'hour', WITH_TIME, INTEGER);
const minutes = accessor('MINUTES', 'minute', WITH_TIME, INTEGER);
const seconds = accessor('SECONDS', 'second', WITH_TIME, DECIMAL);
const timezoneDef = def(timezone, 1);

export const DATETIME_BUILTINS: Record<string, FunctionDef> = {
  YEAR: year,
  MONTH: month,
  DAY: day,
  HOURS: hours,
  MINUTES: minutes,
  SECONDS: seconds,
  TIMEZONE: timezoneDef,
  TZ: def(tz, 1),
  NOW: now,
};

/** fn:years-from-duration and friends: Jena registers them for durations only. */
function fromDuration(field: Field): FunctionDef {
  return def(([t]) => {
    const value = t === undefined ? undefined : durationField(t, field);
    if (value === undefined) fail(`fn:*-from-duration needs a valid duration, got ${t === undefined ? 'nothing' : describe(t)}`);
    return value;
  }, 1);
}

export const DATETIME_BY_IRI: Record<string, FunctionDef> = {
  [`${FN}years-from-duration`]: fromDuration('year'),
  [`${FN}months-from-duration`]: fromDuration('month'),
  [`${FN}days-from-duration`]: fromDuration('day'),
  [`${FN}hours-from-duration`]: fromDuration('hour'),
  [`${FN}minutes-from-duration`]: fromDuration('minute'),
  [`${FN}seconds-from-duration`]: fromDuration('second'),
  [`${FN}year-from-dateTime`]: accessor('fn:year-from-dateTime', 'year', WITH_YEAR, INTEGER, false),
  [`${FN}month-from-dateTime`]: accessor('fn:month-from-dateTime', 'month', WITH_MONTH, INTEGER, false),
  [`${FN}day-from-dateTime`]: accessor('fn:day-from-dateTime', 'day', WITH_DAY, INTEGER, false),
  [`${FN}hours-from-dateTime`]: accessor('fn:hours-from-dateTime', 'hour', WITH_TIME, INTEGER, false),
  [`${FN}minutes-from-dateTime`]: accessor('fn:minutes-from-dateTime', 'minute', WITH_TIME, INTEGER, false),
  [`${FN}seconds-from-dateTime`]: accessor('fn:seconds-from-dateTime', 'second', WITH_TIME, DECIMAL, false),
  [`${FN}timezone-from-dateTime`]: timezoneDef,
  [`${FN}dateTime`]: def(dateTime, 2),
};
