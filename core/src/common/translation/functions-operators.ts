/**
 * The SPARQL operators a query writes between its terms (section 17.3): `=`, `!=`, `<`, `>`, `<=`,
 * `>=`, `&&`, `||`, `!`, unary `-` and `+`, `IN` and `NOT IN`. A cell cannot name them (the
 * reference wrote a cell's function as `name(args)`, which Jena does not parse for an operator), so
 * they are not in the function table; the expression compiler uses them for the W3C conformance
 * suite, and they are what FILTERs would need.
 *
 * Values compare as Jena 3.9 compares them: numbers of any kinds by value, strings by code points,
 * booleans, dates and times by their instants; terms of two different known value spaces are
 * unequal, and `=` on a literal of an unknown datatype is true only for the same term, an error
 * otherwise (RDFterm-equal).
 */
import type { RDF } from '../rdf/terms.js';
import { factory } from '../rdf/terms.js';
import { ExpressionError, fail } from './expression-error.js';
import { decimalFromBigInt, decimalSubtract } from './exact-decimal.js';
import { bool, def, describe, isPlainString, lazyDef, XSD, type FunctionDef, type Thunk } from './function-support.js';
import { effectiveBooleanValue, sameTerm } from './functions-conditional.js';
import { temporalParts, zoneOffsetMinutes } from './functions-datetime.js';
import { numberValue, numericArithmetic, numericKind, toNumeric, type Numeric } from './numeric.js';

export type OperatorName = '=' | '!=' | '<' | '>' | '<=' | '>=' | '&&' | '||' | '!' | 'u-' | 'u+' | 'IN' | 'NOT IN';

type ValueSpace = 'numeric' | 'string' | 'lang' | 'boolean' | 'dateTime' | 'date' | 'time' | 'other';

function valueSpace(t: RDF.Literal): ValueSpace {
  if (t.language !== '') return 'lang';
  if (isPlainString(t)) return 'string';
  const dt = t.datatype.value;
  if (numericKind(dt) !== undefined) {
    try {
      toNumeric(t, 'compare');
      return 'numeric';
    } catch {
      return 'other';
    }
  }
  if (dt === `${XSD}boolean`) return /^(true|false|1|0)$/.test(t.value) ? 'boolean' : 'other';
  if (dt === `${XSD}dateTime` || dt === `${XSD}date` || dt === `${XSD}time`) {
    return temporalParts(t) === undefined ? 'other' : (dt.slice(XSD.length) as ValueSpace);
  }
  return 'other';
}

function sign(n: bigint): number {
  return n < 0n ? -1 : n > 0n ? 1 : 0;
}

/** -1, 0, 1, or NaN when unordered (a NaN operand). */
function compareNumbers(a: Numeric, b: Numeric): number {
  if (a.kind === 'integer' && b.kind === 'integer') return sign(a.big - b.big);
  if ((a.kind === 'integer' || a.kind === 'decimal') && (b.kind === 'integer' || b.kind === 'decimal')) {
    const x = a.kind === 'integer' ? decimalFromBigInt(a.big) : a.decimal;
    const y = b.kind === 'integer' ? decimalFromBigInt(b.big) : b.decimal;
    return sign(decimalSubtract(x, y).unscaled);
  }
  const x = numberValue(a);
  const y = numberValue(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

/** Milliseconds of a date/time's instant (a missing timezone read as Z) and whether it had one. */
function instant(t: RDF.Literal): { ms: number; fraction: string; zoned: boolean } {
  const p = temporalParts(t)!;
  const zone = zoneOffsetMinutes(p.timezone) ?? 0;
  const [whole = '0', fraction = ''] = (p.second ?? '0').split('.');
  const year = (t.value.startsWith('-') ? -1 : 1) * Number(p.year ?? '1972');
  const d = new Date(0);
  d.setUTCFullYear(year, Number(p.month ?? '1') - 1, Number(p.day ?? '1'));
  d.setUTCHours(Number(p.hour ?? '0'), Number(p.minute ?? '0') - zone, Number(whole), 0);
  return { ms: d.getTime(), fraction: fraction.replace(/0+$/, ''), zoned: p.timezone !== undefined };
}

/** XPath's comparison of two dates or times: indeterminate (an error) when one has a timezone and they are within 14 hours. */
function compareTemporal(a: RDF.Literal, b: RDF.Literal): number {
  const x = instant(a);
  const y = instant(b);
  if (x.zoned !== y.zoned && Math.abs(x.ms - y.ms) <= 14 * 3_600_000) fail(`${describe(a)} and ${describe(b)} are not comparable (one has no timezone)`);
  if (x.ms !== y.ms) return x.ms < y.ms ? -1 : 1;
  return x.fraction === y.fraction ? 0 : x.fraction < y.fraction ? -1 : 1;
}

function booleanValue(t: RDF.Literal): boolean {
  return t.value === 'true' || t.value === '1';
}

/** The order of two literals of one value space; NaN when unordered. */
function compareSame(space: ValueSpace, a: RDF.Literal, b: RDF.Literal): number {
  switch (space) {
    case 'numeric':
      return compareNumbers(toNumeric(a, 'compare'), toNumeric(b, 'compare'));
    case 'string':
      return a.value === b.value ? 0 : a.value < b.value ? -1 : 1;
    case 'boolean':
      return Number(booleanValue(a)) - Number(booleanValue(b));
    case 'lang':
      return a.value === b.value && a.language.toLowerCase() === b.language.toLowerCase() ? 0 : NaN;
    default:
      return compareTemporal(a, b);
  }
}

/** RDFterm-equal with value equality for the known value spaces (`=`). */
export function termsEqual(a: RDF.Term, b: RDF.Term): boolean {
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return a.equals(b);
  const x = valueSpace(a);
  const y = valueSpace(b);
  if (x === y && x !== 'other') return compareSame(x, a, b) === 0;
  if (x !== 'other' && y !== 'other') return false;
  if (sameTerm(a, b)) return true;
  // Jena: a language-tagged string and any other literal have no value in common.
  if (a.language !== '' || b.language !== '') return false;
  return fail(`cannot tell whether ${describe(a)} equals ${describe(b)} (a datatype the engine does not know)`);
}

/** `<` and friends: literals of one ordered value space, or an error. */
function order(a: RDF.Term, b: RDF.Term): number {
  if (a.termType !== 'Literal' || b.termType !== 'Literal') fail(`cannot order ${describe(a)} and ${describe(b)}`);
  const x = valueSpace(a);
  if (x !== valueSpace(b) || x === 'other' || x === 'lang') fail(`cannot order ${describe(a)} and ${describe(b)}`);
  return compareSame(x, a, b);
}

/** `&&` and `||` with SPARQL's error rules: an error on one side is masked by a deciding value on the other. */
function logical(decisive: boolean): FunctionDef {
  return lazyDef(
    ([left, right]) => {
      let error: ExpressionError | undefined;
      for (const side of [left!, right!]) {
        try {
          if (effectiveBooleanValue(side()) === decisive) return bool(decisive);
        } catch (e) {
          if (!(e instanceof ExpressionError)) throw e;
          error = e;
        }
      }
      if (error !== undefined) fail(error.message);
      return bool(!decisive);
    },
    2,
    2,
  );
}

/** `x IN (...)`: true on the first equal member, an error if none is equal and one failed, else false. */
function membership(negated: boolean): FunctionDef {
  return lazyDef(
    ([needle, ...list]: readonly Thunk[]) => {
      const value = needle!();
      let error: ExpressionError | undefined;
      for (const member of list) {
        try {
          if (termsEqual(value, member())) return bool(!negated);
        } catch (e) {
          if (!(e instanceof ExpressionError)) throw e;
          error = e;
        }
      }
      if (error !== undefined) fail(error.message);
      return bool(negated);
    },
    1,
    Infinity,
  );
}

const MINUS_ONE = factory.literal('-1', factory.namedNode(`${XSD}integer`));

export const OPERATORS: Readonly<Record<OperatorName, FunctionDef>> = {
  '=': def(([a, b]) => bool(termsEqual(a!, b!)), 2),
  '!=': def(([a, b]) => bool(!termsEqual(a!, b!)), 2),
  '<': def(([a, b]) => bool(order(a!, b!) < 0), 2),
  '>': def(([a, b]) => bool(order(a!, b!) > 0), 2),
  '<=': def(([a, b]) => bool(order(a!, b!) <= 0), 2),
  '>=': def(([a, b]) => bool(order(a!, b!) >= 0), 2),
  '&&': logical(false),
  '||': logical(true),
  '!': def(([a]) => bool(!effectiveBooleanValue(a!)), 1),
  // Jena negates by value (an xsd:integer comes back for any integer type) and returns `+x` as it is.
  'u-': def(([a]) => numericArithmetic('*', [a!, MINUS_ONE]), 1),
  'u+': def(([a]) => {
    toNumeric(a, 'unary +');
    return a!;
  }, 1),
  IN: membership(false),
  'NOT IN': membership(true),
};
