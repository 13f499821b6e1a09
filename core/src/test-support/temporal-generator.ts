/**
 * Seeded cases of `+`, `-`, `*` and `/` on dates, times and durations (temporal-arithmetic.ts),
 * for the differential against Jena 3.9 (jena-differential.test.ts): operands of every date,
 * time and duration type, with and without timezones, fractions of seconds, month ends, leap
 * days, 24:00:00 and negative years, numbers of each kind as factors, pairs no rule covers, and
 * chains whose intermediate results are read back from their lexical forms.
 */
import { factory, NS, type RDF } from '../common/rdf/terms.js';
import { caseOf, Random, type ExpressionSpec, type GeneratedCase } from './expression-generator.js';

const XSD = NS.xsd;
const typed = (lexical: string, type: string): RDF.Literal => factory.literal(lexical, factory.namedNode(`${XSD}${type}`));
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function count(r: Random): number {
  return r.pick([0, 1, 1, 2, 3, r.int(0, 59), r.int(0, 400), r.int(0, 100_000)]);
}

function secondsText(r: Random): string {
  const whole = r.pick([0, 1, 30, 59, r.int(0, 200), r.int(0, 100_000)]);
  if (r.chance(0.5)) return String(whole);
  return `${r.chance(0.1) ? '0' : ''}${whole}.${r.pick(['5', '25', '50', '001', '999', String(r.int(0, 999))])}`;
}

function duration(r: Random): RDF.Literal {
  const type = r.pick(['duration', 'dayTimeDuration', 'yearMonthDuration']);
  const allowed = type === 'yearMonthDuration' ? [0, 1] : type === 'dayTimeDuration' ? [2, 3, 4, 5] : [0, 1, 2, 3, 4, 5];
  const present = allowed.filter(() => r.chance(0.45));
  if (present.length === 0) present.push(r.pick(allowed));
  const value = (i: number): string => (i === 5 ? secondsText(r) : String(count(r)));
  let text = `${r.chance(0.25) ? '-' : ''}P`;
  for (const [i, designator] of [
    [0, 'Y'],
    [1, 'M'],
    [2, 'D'],
  ] as const)
    if (present.includes(i)) text += `${value(i)}${designator}`;
  if (present.some((i) => i >= 3)) {
    text += 'T';
    for (const [i, designator] of [
      [3, 'H'],
      [4, 'M'],
      [5, 'S'],
    ] as const)
      if (present.includes(i)) text += `${value(i)}${designator}`;
  }
  return typed(text, type);
}

function timezone(r: Random): string {
  if (r.chance(0.45)) return '';
  if (r.chance(0.4)) return 'Z';
  const minutes = r.pick([0, 60, 90, 300, 330, 600, 840, r.int(0, 14) * 60 + r.pick([0, 15, 30, 45])]);
  const bounded = Math.min(minutes, 840);
  return `${r.chance(0.5) ? '-' : '+'}${pad(Math.trunc(bounded / 60), 2)}:${pad(bounded % 60, 2)}`;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number): boolean => y % 400 === 0 || (y % 100 !== 0 && y % 4 === 0);

function dateText(r: Random): string {
  const year = r.pick([1, 4, 100, 1582, 1600, 1900, 1969, 1970, 1999, 2000, 2020, 2023, 2024, 2100, 9999, -44, -1, r.int(1000, 2200)]);
  const month = r.int(1, 12);
  const last = month === 2 && leap(year < 0 ? year + 1 : year) ? 29 : (DAYS[month - 1] ?? 31);
  const day = r.pick([1, last, last - 1, r.int(1, last)]);
  return `${year < 0 ? '-' : ''}${pad(Math.abs(year), 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function timeText(r: Random): string {
  if (r.chance(0.05)) return '24:00:00';
  const seconds = r.chance(0.3) ? `${pad(r.int(0, 59), 2)}.${r.pick(['5', '50', '123', '0', String(r.int(0, 999))])}` : pad(r.int(0, 59), 2);
  return `${pad(r.pick([0, 23, r.int(0, 23)]), 2)}:${pad(r.pick([0, 59, r.int(0, 59)]), 2)}:${seconds}`;
}

function calendar(r: Random): RDF.Literal {
  const kind = r.pick(['dateTime', 'dateTime', 'date', 'time', 'dateTimeStamp', 'gYear', 'gYearMonth', 'gMonthDay']);
  const zone = timezone(r);
  switch (kind) {
    case 'dateTime':
      return typed(`${dateText(r)}T${timeText(r)}${zone}`, kind);
    case 'dateTimeStamp':
      return typed(`${dateText(r)}T${timeText(r)}${zone === '' ? 'Z' : zone}`, kind);
    case 'date':
      return typed(`${dateText(r)}${zone}`, kind);
    case 'time':
      return typed(`${timeText(r)}${zone}`, kind);
    case 'gYear':
      return typed(`${dateText(r).slice(0, -6)}${zone}`, kind);
    case 'gYearMonth':
      return typed(`${dateText(r).slice(0, -3)}${zone}`, kind);
    default:
      return typed(`--${dateText(r).slice(-5)}${zone}`, kind);
  }
}

function number(r: Random): RDF.Literal {
  switch (r.int(0, 5)) {
    case 0:
      return typed(String(r.pick([0, 1, 2, 3, -1, -2, 10, 1000, r.int(-50, 50)])), 'integer');
    case 1:
      return typed(r.pick(['0.5', '2.5', '2.50', '1.25', '-0.5', '0.001', '1.0', '3', '-718.0926', '0.1']), 'decimal');
    case 2:
      return typed(r.pick(['1.5e0', '2.0E1', '0.5', '3', '-2.25e0', '1e-3', '1.0E20', 'NaN', 'INF']), 'double');
    case 3:
      return typed(r.pick(['1.5', '2', '0.5']), 'float');
    case 4:
      return typed(String(r.int(-5, 5)), r.pick(['int', 'long', 'short', 'byte']));
    default:
      return typed(String(r.int(0, 9)), 'unsignedInt');
  }
}

function operand(r: Random, kinds: 'duration' | 'calendar' | 'number' | 'any'): RDF.Literal {
  const kind = kinds === 'any' ? r.pick(['duration', 'calendar', 'number'] as const) : kinds;
  return kind === 'duration' ? duration(r) : kind === 'calendar' ? calendar(r) : number(r);
}

/** One operation, mostly of pairs a rule covers. */
function operation(r: Random): { readonly fn: string; readonly args: [ExpressionSpec, ExpressionSpec] } {
  const roll = r.next();
  if (roll < 0.3) return { fn: r.pick(['+', '-']), args: [duration(r), duration(r)] };
  if (roll < 0.55) return r.chance(0.8) ? { fn: r.pick(['+', '-']), args: [calendar(r), duration(r)] } : { fn: '+', args: [duration(r), calendar(r)] };
  if (roll < 0.7) return { fn: '-', args: [calendar(r), calendar(r)] };
  if (roll < 0.85) return { fn: '*', args: [duration(r), number(r)] };
  return { fn: r.pick(['+', '-', '*', '/']), args: [operand(r, 'any'), operand(r, 'any')] };
}

export function generateTemporalCases(seed: number, n: number): GeneratedCase[] {
  const r = new Random(seed);
  const cases: GeneratedCase[] = [];
  for (let i = 0; i < n; i++) {
    const first = operation(r);
    // A chain: the first result read back from its lexical form by the next operation.
    const spec: ExpressionSpec = r.chance(0.2) ? { fn: r.pick(['+', '-']), args: [first, duration(r)] } : first;
    cases.push(caseOf(spec));
  }
  return cases;
}
