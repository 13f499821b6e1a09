/**
 * fn:adjust-dateTime-to-timezone, fn:adjust-date-to-timezone and fn:adjust-time-to-timezone as
 * Jena 3.9 registers them (one class for the three, XSDFuncOp.adjustDatetimeToTimezone, on Java's
 * XMLGregorianCalendar): any xsd:dateTime, xsd:date or xsd:time is taken by each name and keeps its
 * type. The wanted timezone is a duration's sign, hours and minutes fields as written (days are
 * ignored, whole seconds are an error, beyond 14 hours is an error), the empty string (the
 * timezone removed, the clock unchanged), or, without a second argument, the system's own offset.
 * A value with a timezone is moved by the difference in minutes (which turns 24:00:00 into the next day's 00:00:00), carrying into hours, days,
 * months and years as XMLGregorianCalendar.add does; one without gets the timezone only.
 */
import type { RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { def, describe, FN, isStringLiteral, typedLiteral, XSD, type FunctionDef } from './function-support.js';
import { daysInMonth, durationField, temporalParts, zoneOffsetMinutes, zoneText } from './functions-datetime.js';

const ADJUSTABLE = new Set(['dateTime', 'date', 'time']);
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Java's BigInteger.intValue() of a field written in decimal. */
const javaInt = (digits: string): number => Number(BigInt.asIntN(32, BigInt(digits)));

/** The timezone asked for, in minutes; undefined to remove it. */
function wantedOffset(arg: RDF.Term | undefined): number | undefined {
  if (arg === undefined) return -new Date().getTimezoneOffset();
  const hours = durationField(arg, 'hour');
  if (hours === undefined) {
    // Jena reads anything but a duration with getString(): only the empty string is taken.
    if (!isStringLiteral(arg)) return fail(`fn:adjust-*-to-timezone: ${describe(arg)} is no duration`);
    if (arg.value !== '') return fail(`fn:adjust-*-to-timezone: "${arg.value}" is not a valid duration`);
    return undefined;
  }
  const seconds = durationField(arg, 'second')!.value;
  if (javaInt(seconds.replace(/\..*/, '')) > 0) fail('fn:adjust-*-to-timezone: the timezone must be whole minutes');
  // Duration.getSign(): 0 when every field is zero.
  const zero = (['year', 'month', 'day', 'hour', 'minute', 'second'] as const).every((f) => Number(durationField(arg, f)!.value) === 0);
  const sign = zero ? 0 : arg.value.startsWith('-') ? -1 : 1;
  const offset = sign * ((javaInt(durationField(arg, 'minute')!.value) + 60 * javaInt(hours.value)) | 0);
  if (Math.abs(offset) > 14 * 60) fail('fn:adjust-*-to-timezone: the timezone must be between -PT14H and PT14H');
  return offset;
}

interface Clock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** XMLGregorianCalendar.add of a whole number of minutes (the fields a date lacks count as 0). */
function addMinutes(c: Clock, minutes: number): void {
  const totalMinutes = c.minute + minutes;
  c.minute = ((totalMinutes % 60) + 60) % 60;
  const totalHours = c.hour + Math.floor(totalMinutes / 60);
  c.hour = ((totalHours % 24) + 24) % 24;
  let day = Math.min(Math.max(c.day, 1), daysInMonth(c.year, c.month)) + Math.floor(totalHours / 24);
  for (;;) {
    if (day < 1) {
      day += c.month >= 2 ? daysInMonth(c.year, c.month - 1) : daysInMonth(c.year - 1, 12);
      c.month -= 1;
    } else if (day > daysInMonth(c.year, c.month)) {
      day -= daysInMonth(c.year, c.month);
      c.month += 1;
    } else break;
    if (c.month < 1) {
      c.month = 12;
      c.year -= 1;
    } else if (c.month > 12) {
      c.month = 1;
      c.year += 1;
    }
  }
  c.day = day;
}

function adjust([value, zone]: readonly RDF.Term[]): RDF.Term {
  const parts = value === undefined ? undefined : temporalParts(value);
  if (parts === undefined || !ADJUSTABLE.has(parts.type))
    return fail(`fn:adjust-*-to-timezone needs an xsd:dateTime, xsd:date or xsd:time, got ${value === undefined ? 'nothing' : describe(value)}`);
  const wanted = wantedOffset(zone);
  const clock: Clock = {
    year: parts.year === undefined ? 1970 : Number(`${value!.value.startsWith('-') ? '-' : ''}${parts.year}`),
    month: Number(parts.month ?? 1),
    day: Number(parts.day ?? 1),
    hour: Number(parts.hour ?? 0),
    minute: Number(parts.minute ?? 0),
  };
  const current = zoneOffsetMinutes(parts.timezone);
  if (current !== undefined && wanted !== undefined) addMinutes(clock, wanted - current);
  // Jena writes the result through Java's XMLGregorianCalendar, which refuses the year 0000 (an
  // IllegalArgumentException, not an expression error: the whole update fails).
  if (clock.year === 0 && parts.type !== 'time') throw new CellFailure('fn:adjust-*-to-timezone: the year 0000 is not a valid XML Gregorian Calendar value');
  const year = `${clock.year < 0 ? '-' : ''}${pad(Math.abs(clock.year), 4)}`;
  const date = `${year}-${pad(clock.month)}-${pad(clock.day)}`;
  const time = `${pad(clock.hour)}:${pad(clock.minute)}:${parts.second ?? '00'}`;
  const text = parts.type === 'date' ? date : parts.type === 'time' ? time : `${date}T${time}`;
  return typedLiteral(text + zoneText(wanted), XSD + parts.type);
}

const ADJUST = def(adjust, 1, 2);

export const ADJUST_TIMEZONE_BY_IRI: Record<string, FunctionDef> = {
  [`${FN}adjust-dateTime-to-timezone`]: ADJUST,
  [`${FN}adjust-date-to-timezone`]: ADJUST,
  [`${FN}adjust-time-to-timezone`]: ADJUST,
};
