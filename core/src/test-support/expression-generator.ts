/**
 * Random expressions for the Jena 3.9 differential (issue 38): chains of BINDs as an IPSM-AF cell's
 * functions make them (one BIND per function; a parameter is a variable or a constant literal),
 * over operands of every kind a payload carries (the integer family with in- and out-of-range
 * values, decimals of varied scale, doubles and floats with NaN, INF, -0 and exponent forms,
 * strings, language-tagged strings, dates, booleans, ill-typed literals, IRIs, blank nodes) and
 * calls drawn from the mediator's own function table, so the generator grows with the table.
 * Deterministic for a seed.
 */
import type { Expression } from '../common/alignment/cell-plan.js';
import { escapeLiteral, factory, NS, type RDF } from '../common/rdf/terms.js';
import type { BindStep } from '../common/translation/evaluate-binds.js';
import type { RegisteredFunction } from '../common/translation/functions.js';

const XSD = NS.xsd;
const FN = 'http://www.w3.org/2005/xpath-functions#';

export const GENERATOR_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['xsd', XSD],
  ['fn', FN],
  ['rdf', NS.rdf],
  ['afn', 'http://jena.apache.org/ARQ/function#'],
]);

/** What an argument should mostly be (a wrong kind is drawn now and then, for the error paths). */
type Want =
  | 'num'
  | 'int'
  | 'precision'
  | 'exponent'
  | 'str'
  | 'bool'
  | 'date'
  | 'clock'
  | 'zone'
  | 'any'
  | 'iri'
  | 'pattern'
  | 'replacement'
  | 'flags'
  | 'dtiri'
  | 'langtag'
  | 'langrange';

interface Signature {
  readonly args: readonly Want[];
  /** The kind every further argument has (CONCAT, COALESCE). */
  readonly rest?: Want;
  readonly result: Want;
}

/** Argument kinds of the functions we know the meaning of; a function without one gets arbitrary operands. */
const SIGNATURES: Record<string, Signature> = {
  STR: { args: ['any'], result: 'str' },
  IRI: { args: ['str'], result: 'iri' },
  URI: { args: ['str'], result: 'iri' },
  CONCAT: { args: [], rest: 'str', result: 'str' },
  REPLACE: { args: ['str', 'pattern', 'replacement', 'flags'], result: 'str' },
  STRDT: { args: ['str', 'dtiri'], result: 'any' },
  STRLANG: { args: ['str', 'langtag'], result: 'str' },
  LCASE: { args: ['str'], result: 'str' },
  UCASE: { args: ['str'], result: 'str' },
  STRLEN: { args: ['str'], result: 'num' },
  SUBSTR: { args: ['str', 'int', 'int'], result: 'str' },
  STRSTARTS: { args: ['str', 'str'], result: 'bool' },
  STRENDS: { args: ['str', 'str'], result: 'bool' },
  CONTAINS: { args: ['str', 'str'], result: 'bool' },
  STRBEFORE: { args: ['str', 'str'], result: 'str' },
  STRAFTER: { args: ['str', 'str'], result: 'str' },
  ENCODE_FOR_URI: { args: ['str'], result: 'str' },
  LANG: { args: ['any'], result: 'str' },
  DATATYPE: { args: ['any'], result: 'iri' },
  ABS: { args: ['num'], result: 'num' },
  CEIL: { args: ['num'], result: 'num' },
  FLOOR: { args: ['num'], result: 'num' },
  ROUND: { args: ['num'], result: 'num' },
  ISIRI: { args: ['any'], result: 'bool' },
  ISURI: { args: ['any'], result: 'bool' },
  ISBLANK: { args: ['any'], result: 'bool' },
  ISLITERAL: { args: ['any'], result: 'bool' },
  ISNUMERIC: { args: ['any'], result: 'bool' },
  IF: { args: ['bool', 'any', 'any'], result: 'any' },
  COALESCE: { args: [], rest: 'any', result: 'any' },
  SAMETERM: { args: ['any', 'any'], result: 'bool' },
  REGEX: { args: ['str', 'pattern', 'flags'], result: 'bool' },
  LANGMATCHES: { args: ['str', 'langrange'], result: 'bool' },
  YEAR: { args: ['date'], result: 'num' },
  MONTH: { args: ['date'], result: 'num' },
  DAY: { args: ['date'], result: 'num' },
  HOURS: { args: ['date'], result: 'num' },
  MINUTES: { args: ['date'], result: 'num' },
  SECONDS: { args: ['date'], result: 'num' },
  TIMEZONE: { args: ['date'], result: 'any' },
  TZ: { args: ['date'], result: 'str' },
  MD5: { args: ['str'], result: 'str' },
  SHA1: { args: ['str'], result: 'str' },
  SHA256: { args: ['str'], result: 'str' },
  SHA384: { args: ['str'], result: 'str' },
  SHA512: { args: ['str'], result: 'str' },
  [`${FN}upper-case`]: { args: ['str'], result: 'str' },
  [`${FN}lower-case`]: { args: ['str'], result: 'str' },
  [`${FN}concat`]: { args: ['str', 'str'], rest: 'str', result: 'str' },
  [`${FN}substring`]: { args: ['str', 'int', 'int'], result: 'str' },
  [`${FN}string-length`]: { args: ['str'], result: 'num' },
  [`${FN}contains`]: { args: ['str', 'str'], result: 'bool' },
  [`${FN}starts-with`]: { args: ['str', 'str'], result: 'bool' },
  [`${FN}ends-with`]: { args: ['str', 'str'], result: 'bool' },
  [`${FN}replace`]: { args: ['str', 'pattern', 'replacement', 'flags'], result: 'str' },
  [`${FN}encode-for-uri`]: { args: ['str'], result: 'str' },
  [`${FN}normalize-space`]: { args: ['str'], result: 'str' },
  [`${FN}matches`]: { args: ['str', 'pattern', 'flags'], result: 'bool' },
  [`${FN}abs`]: { args: ['num'], result: 'num' },
  // The precision is optional (F&O 3.0 rounding in Jena 3.9).
  [`${FN}round`]: { args: ['num', 'precision'], result: 'num' },
  [`${FN}round-half-to-even`]: { args: ['num', 'precision'], result: 'num' },
  [`${FN}ceiling`]: { args: ['num'], result: 'num' },
  [`${FN}floor`]: { args: ['num'], result: 'num' },
  // A constant exponent: Jena computes 10^n exactly for any int n and writes all its digits (minutes for 10^7).
  ['http://www.w3.org/2005/xpath-functions/math#exp10']: { args: ['exponent'], result: 'num' },
  [`${FN}adjust-dateTime-to-timezone`]: { args: ['clock', 'zone'], result: 'date' },
  [`${FN}adjust-date-to-timezone`]: { args: ['clock', 'zone'], result: 'date' },
  [`${FN}adjust-time-to-timezone`]: { args: ['clock', 'zone'], result: 'date' },
  [`${FN}year-from-dateTime`]: { args: ['date'], result: 'num' },
  [`${FN}month-from-dateTime`]: { args: ['date'], result: 'num' },
  [`${FN}day-from-dateTime`]: { args: ['date'], result: 'num' },
};

/**
 * Functions left out whatever the table says: non-deterministic ones, BOUND (a variable, not an
 * expression), the reference's custom function (a class of IPSM's, not of Jena), and afn:collation.
 */
const EXCLUDED = new Set([
  'RAND',
  'NOW',
  'UUID',
  'STRUUID',
  'BNODE',
  'BOUND',
  'http://www.inter-iot.eu/sripas/functions#unixEpochToUTC',
  'java:eu.interiot.ipsm.core.functions.unixEpochToUTC',
  // A sort key inside another call is no string to Jena (UCASE of it is an error); a cell binds
  // every result to a variable first, where it is the plain string. Its regression examples check it.
  'http://jena.apache.org/ARQ/function#collation',
  'java:org.apache.jena.sparql.function.library.collation',
]);

// ---- random source -----------------------------------------------------------------------------

/** mulberry32: small, fast and deterministic for a seed. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

// ---- operands ----------------------------------------------------------------------------------

/** An operand: a constant term, or a blank node of the payload (the variable ?b1 or ?b2). */
type Leaf = { readonly kind: 'term'; readonly term: RDF.Term } | { readonly kind: 'blank'; readonly name: 'b1' | 'b2' };

const INTEGER_TYPES = [
  'integer',
  'integer',
  'integer',
  'int',
  'long',
  'short',
  'byte',
  'unsignedInt',
  'unsignedLong',
  'unsignedShort',
  'unsignedByte',
  'nonNegativeInteger',
  'positiveInteger',
  'negativeInteger',
  'nonPositiveInteger',
];
const INTEGER_LEX = [
  '0',
  '-0',
  '+5',
  '007',
  '-007',
  '1',
  '-1',
  '2',
  '10',
  '127',
  '128',
  '-129',
  '255',
  '256',
  '32767',
  '65536',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '123456789012345678901234567890',
];
const DECIMAL_LEX = [
  '1.25',
  '2.50',
  '-0.0',
  '0.10',
  '3',
  '.5',
  '5.',
  '+1.0',
  '-12.345000',
  '0.000001',
  '100',
  '-2.5',
  '2.5',
  '0.5',
  '1e3',
  '12345678901234567890.123456789',
];
const DOUBLE_LEX = [
  '1.5e0',
  '1E3',
  'NaN',
  'INF',
  '-INF',
  '+INF',
  '-0.0e0',
  '0.0',
  '0.1',
  '2.5',
  '-2.5',
  '1.0E20',
  '1e-7',
  '3',
  '12345678.9',
  '-1.25E-5',
  '1.7976931348623157E308',
  '4.9E-324',
  '.5',
  '1e400',
  '0.001',
  '1234567.0',
  '1.0E7',
  '9.999999999999999E22',
];
const FLOAT_LEX = ['3', '1.1', 'NaN', 'INF', '-INF', '-0', '0.1', '16777217', '3.4028235E38', '1e39', '2.5', '-2.5', '1.0E-5', '123456.7', '1.0E7'];
const STRINGS = [
  'abc',
  '',
  'foobar',
  'Hello World',
  ' 4 ',
  '4',
  '-7',
  '1.5',
  '1e3',
  'true',
  'false',
  '1',
  '0',
  'NaN',
  'INF',
  'é',
  '\u{1d11e}x',
  'a b&c/d?e',
  '2020-05-03T10:00:00Z',
  '2020-05-03',
  'http://example.org/x',
  'ABC',
  'aBc',
  'x*y',
  '\t4',
  '007',
  '2.50',
  'b',
  'o',
  'ba',
];
const LANGUAGES = ['en', 'fr', 'en-US', 'EN', 'de-CH'];
const DATETIMES = [
  '2020-05-03T10:00:00Z',
  '2020-05-03T10:00:00.5+02:00',
  '2020-12-31T23:59:59.999-05:30',
  '2020-05-03T10:00:00',
  '1999-01-01T00:00:00.000Z',
  '2020-02-29T12:34:56.78Z',
  '0001-01-01T00:00:00Z',
  '2020-05-03T24:00:00Z',
  '2020-13-01T00:00:00Z',
  '2017-05-08T13:48:19.428+02:00',
];
const DATES = ['2020-05-03', '2020-05-03Z', '2020-05-03+01:00', '2020-5-3'];
/**
 * Precisions past the usual: a year, a 2^16 padding, a value Java's intValue() wraps. Not ones in
 * the millions or more, computed or constant: Jena pads a decimal to that many digits (a zero even
 * past the overflow of 10^precision) and does not finish, or runs out of memory (the regression
 * list has the overflow).
 */
const PRECISIONS = ['2020', '-2020', '65536', '-1100', '4294967297'];
const TIMES = ['10:00:00', '23:59:59.50+02:00', '00:00:00Z', '24:00:00-01:00', '12:30:00-05:30', '7:00:00'];
/** Timezones for fn:adjust-*-to-timezone: durations (days and seconds too, and out of range), "" and a non-duration. */
const ZONES = ['PT2H', '-PT5H30M', 'PT0S', 'P1D', 'PT90M', 'PT15H', 'PT1.5S', 'PT0.5S', '-PT14H', 'PT14H1M', 'P1Y', '-P0D'];
const PATTERNS = ['b', 'x*', '^a', '[0-9]+', '(a)(b)', 'a|b', '.', '\\d', 'o', 'O', '(', '$', 'a b', '^$'];
const REPLACEMENTS = ['-', '$1', '[$0]', '\\$', '', 'X', '$2'];
const FLAGS = ['', 'i', 'x', 's', 'm', 'q', 'ii', 'z'];
const DATATYPE_IRIS = ['integer', 'int', 'decimal', 'double', 'float', 'string', 'boolean', 'dateTime', 'byte', 'unsignedByte'].map((l) => XSD + l);
const LANG_RANGES = ['*', 'en', 'EN', 'en-US', 'fr', '', 'en-*'];
const IRIS = ['http://example.org/a', 'urn:x:1', 'http://example.org/a%20b', 'http://example.org/dt'];

const lit = (lex: string, datatype: string): Leaf => ({ kind: 'term', term: factory.literal(lex, factory.namedNode(datatype)) });
const plain = (lex: string): Leaf => ({ kind: 'term', term: factory.literal(lex) });

function numberLeaf(r: Random): Leaf {
  const which = r.int(0, 3);
  if (which === 0) return lit(r.chance(0.5) ? String(r.int(-1000, 1000)) : r.pick(INTEGER_LEX), XSD + r.pick(INTEGER_TYPES));
  if (which === 1) return lit(r.chance(0.4) ? `${r.int(-999, 999)}.${String(r.int(0, 999)).padStart(r.int(1, 4), '0')}` : r.pick(DECIMAL_LEX), `${XSD}decimal`);
  if (which === 2) return lit(r.chance(0.3) ? `${r.int(-99, 99)}.${r.int(0, 99)}e${r.int(-3, 3)}` : r.pick(DOUBLE_LEX), `${XSD}double`);
  return lit(r.pick(FLOAT_LEX), `${XSD}float`);
}

function stringLeaf(r: Random): Leaf {
  const s = r.pick(STRINGS);
  const which = r.int(0, 9);
  if (which < 5) return plain(s);
  if (which < 7) return lit(s, `${XSD}string`);
  return { kind: 'term', term: factory.literal(s, r.pick(LANGUAGES)) };
}

function dateLeaf(r: Random): Leaf {
  const which = r.int(0, 9);
  if (which < 6) return lit(r.pick(DATETIMES), `${XSD}dateTime`);
  if (which < 8) return lit(r.pick(DATES), `${XSD}date`);
  return plain(r.pick(DATETIMES));
}

/** A value fn:adjust-*-to-timezone takes (dateTime, date, time), now and then something else. */
function clockLeaf(r: Random): Leaf {
  return r.chance(0.3) ? lit(r.pick(TIMES), `${XSD}time`) : dateLeaf(r);
}

function zoneLeaf(r: Random): Leaf {
  if (r.chance(0.2)) return plain(r.pick(['', 'PT1H', 'Z']));
  return lit(r.pick(ZONES), XSD + r.pick(['dayTimeDuration', 'dayTimeDuration', 'duration', 'yearMonthDuration']));
}

function anyLeaf(r: Random): Leaf {
  const which = r.int(0, 19);
  if (which < 7) return numberLeaf(r);
  if (which < 12) return stringLeaf(r);
  if (which < 14) return dateLeaf(r);
  if (which < 15) return lit(r.pick(['true', 'false', '1', '0', 'yes']), `${XSD}boolean`);
  if (which < 16) return lit(r.pick(['abc', '1.5', '', 'x']), XSD + r.pick(['integer', 'double', 'decimal', 'int', 'boolean', 'dateTime']));
  if (which < 17) return lit(r.pick(['x', '10:00:00', '2020']), r.pick(['http://example.org/dt', `${XSD}time`, `${XSD}gYear`]));
  if (which < 19) return { kind: 'term', term: factory.namedNode(r.pick(IRIS)) };
  return { kind: 'blank', name: r.pick(['b1', 'b2'] as const) };
}

function leaf(want: Want, r: Random): Leaf {
  // Now and then any operand at all, so every function meets wrong kinds too.
  if (r.chance(0.08)) return anyLeaf(r);
  switch (want) {
    case 'num':
      return numberLeaf(r);
    case 'int':
      return r.chance(0.7) ? lit(String(r.int(-2, 8)), `${XSD}integer`) : numberLeaf(r);
    case 'str':
      return stringLeaf(r);
    case 'bool':
      return r.chance(0.5) ? lit(r.pick(['true', 'false', '1', '0']), `${XSD}boolean`) : anyLeaf(r);
    case 'date':
      return dateLeaf(r);
    case 'exponent':
      return numberLeaf(r);
    case 'precision':
      return r.chance(0.8) ? lit(String(r.int(-3, 8)), `${XSD}integer`) : lit(r.pick(PRECISIONS), XSD + r.pick(['integer', 'int', 'long']));
    case 'clock':
      return clockLeaf(r);
    case 'zone':
      return zoneLeaf(r);
    case 'iri':
      return { kind: 'term', term: factory.namedNode(r.pick(IRIS)) };
    case 'pattern':
      return plain(r.pick(PATTERNS));
    case 'replacement':
      return plain(r.pick(REPLACEMENTS));
    case 'flags':
      return plain(r.pick(FLAGS));
    case 'dtiri':
      return { kind: 'term', term: factory.namedNode(r.pick(DATATYPE_IRIS)) };
    case 'langtag':
      return plain(r.pick([...LANGUAGES, '', '1x', 'en_US']));
    case 'langrange':
      return plain(r.pick(LANG_RANGES));
    case 'any':
      return anyLeaf(r);
  }
}

// ---- calls -------------------------------------------------------------------------------------

type Tree = Leaf | { readonly kind: 'call'; readonly fn: Callable; readonly spelled: string; readonly args: readonly Tree[] };

interface Callable {
  readonly name: string;
  readonly keyword: boolean;
  /** `+ - * /`, written between the operands. */
  readonly operator?: '+' | '-' | '*' | '/';
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly signature: Signature | undefined;
}

const OPERATORS: readonly Callable[] = (['+', '-', '*', '/'] as const).map((op) => ({
  name: op,
  keyword: true,
  operator: op,
  minArgs: 2,
  maxArgs: 3,
  signature: { args: ['num', 'num'], rest: 'num', result: 'num' },
}));

function castSignature(name: string): Signature | undefined {
  if (!name.startsWith(XSD)) return undefined;
  return { args: ['any'], result: /string|boolean|dateTime|date$/.test(name) ? 'any' : 'num' };
}

/** The calls to draw from: the table's functions (and the four operators, drawn more often). */
export function callables(table: readonly RegisteredFunction[]): Callable[] {
  const fns = table.filter((f) => !EXCLUDED.has(f.name)).map((f): Callable => ({ ...f, signature: SIGNATURES[f.name] ?? castSignature(f.name) }));
  return [...fns, ...OPERATORS, ...OPERATORS, ...OPERATORS];
}

function spell(fn: Callable, r: Random): string {
  if (fn.operator !== undefined) return fn.operator;
  if (fn.keyword) {
    const which = r.int(0, 9);
    if (which < 6) return fn.name;
    if (which < 9) return fn.name.toLowerCase();
    return [...fn.name].map((c) => (r.chance(0.5) ? c.toLowerCase() : c)).join('');
  }
  for (const [prefix, ns] of GENERATOR_PREFIXES) {
    const local = fn.name.slice(ns.length);
    if (fn.name.startsWith(ns) && /^[A-Za-z][\w-]*$/.test(local) && r.chance(0.7)) return `${prefix}:${local}`;
  }
  return `<${fn.name}>`;
}

function argCount(fn: Callable, r: Random): number {
  const wanted = fn.signature === undefined ? fn.minArgs : fn.signature.args.length + (fn.signature.rest !== undefined ? r.int(0, 2) : 0);
  const hi = Math.min(fn.maxArgs, Math.max(wanted, fn.minArgs) + (fn.signature === undefined ? 1 : 0));
  const lo = Math.min(fn.minArgs, hi);
  // Optional trailing arguments (SUBSTR's length, REGEX's flags) present about half the time.
  return r.chance(0.5) ? hi : r.int(lo, hi);
}

function tree(want: Want, depth: number, calls: readonly Callable[], r: Random): Tree {
  // A precision or exponent is a constant, never computed (see PRECISIONS and math:exp10's signature).
  if (want === 'precision' || want === 'exponent') return leaf(want, r);
  if (depth > 0 && (depth >= 3 || !r.chance(0.4 - 0.1 * depth))) return leaf(want, r);
  const fitting = want === 'any' ? calls : calls.filter((c) => c.signature?.result === want || (want === 'int' && c.signature?.result === 'num'));
  const fn = r.pick(fitting.length > 0 && r.chance(0.85) ? fitting : calls);
  const n = argCount(fn, r);
  const args: Tree[] = [];
  for (let i = 0; i < n; i++) {
    const sig = fn.signature;
    args.push(tree(sig === undefined ? 'any' : (sig.args[i] ?? sig.rest ?? 'any'), depth + 1, calls, r));
  }
  return { kind: 'call', fn, spelled: spell(fn, r), args };
}

// ---- rendering ---------------------------------------------------------------------------------

function termSparql(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  const lex = `"${escapeLiteral(t.value)}"`;
  if (t.termType !== 'Literal') throw new Error(`no SPARQL constant for ${t.termType}`);
  if (t.language !== '') return `${lex}@${t.language}`;
  // A plain literal is an xsd:string (RDF 1.1), as the reference wrote a parameter without a datatype.
  return t.datatype.value === `${XSD}string` ? lex : `${lex}^^<${t.datatype.value}>`;
}

export interface GeneratedCase {
  /** The WHERE body Jena runs: the BINDs, the last to ?r. */
  readonly sparql: string;
  /** The same BINDs for our evaluator. */
  readonly steps: readonly BindStep[];
}

/** Flattens a tree into one BIND per call, as an IPSM-AF cell's functions are (section 3.4). */
function flatten(root: Tree): GeneratedCase {
  const steps: BindStep[] = [];
  const text: string[] = [];
  const visit = (t: Tree, target?: string): { expression: Expression; sparql: string } => {
    if (t.kind === 'term') return { expression: { kind: 'const', term: t.term }, sparql: termSparql(t.term) };
    if (t.kind === 'blank') return { expression: { kind: 'var', name: t.name }, sparql: `?${t.name}` };
    const args = t.args.map((a) => visit(a));
    const variable = target ?? `t${steps.length + 1}`;
    const expression: Expression =
      t.fn.operator !== undefined
        ? { kind: 'arith', op: t.fn.operator, args: args.map((a) => a.expression) }
        : { kind: 'call', name: t.spelled, args: args.map((a) => a.expression) };
    const call = t.fn.operator !== undefined ? args.map((a) => a.sparql).join(` ${t.fn.operator} `) : `${t.spelled}(${args.map((a) => a.sparql).join(', ')})`;
    steps.push({ variable, expression });
    text.push(`BIND(${call} AS ?${variable})`);
    return { expression: { kind: 'var', name: variable }, sparql: `?${variable}` };
  };
  visit(root, 'r');
  return { sparql: text.join(' '), steps };
}

/** `count` cases for `seed`, drawing calls from `table`. */
export function generateCases(seed: number, count: number, table: readonly RegisteredFunction[]): GeneratedCase[] {
  const r = new Random(seed);
  const calls = callables(table);
  const out: GeneratedCase[] = [];
  for (let i = 0; i < count; i++) out.push(flatten(tree('any', 0, calls, r)));
  return out;
}

/** A hand-written expression: a constant, one of the payload's blank nodes, or a call spelled as a cell would. */
export type ExpressionSpec = RDF.Term | 'b1' | 'b2' | { readonly fn: string; readonly args: readonly ExpressionSpec[] };

function specTree(spec: ExpressionSpec): Tree {
  if (spec === 'b1' || spec === 'b2') return { kind: 'blank', name: spec };
  if (!('fn' in spec)) return { kind: 'term', term: spec };
  const operator = OPERATORS.find((o) => o.operator === spec.fn);
  const fn: Callable = operator ?? { name: spec.fn, keyword: /^[A-Za-z_]+$/.test(spec.fn), minArgs: 0, maxArgs: Infinity, signature: undefined };
  return { kind: 'call', fn, spelled: spec.fn, args: spec.args.map(specTree) };
}

/** The case of a hand-written expression (the differential's regression list). */
export function caseOf(spec: ExpressionSpec): GeneratedCase {
  return flatten(specTree(spec));
}
