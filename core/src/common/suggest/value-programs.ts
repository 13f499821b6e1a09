/**
 * Programs that compute an output value from input values (issue 41), found from examples the way
 * programming-by-example systems do (FlashFill, BlinkFill): candidate expressions are enumerated
 * cheapest first over the functions an IPSM-AF cell can run (reference-mediator.md 3.4), and a
 * candidate is kept only when the mediator's own function evaluator, run on it, gives every
 * example's wanted term exactly: lexical form and datatype (`"68500"` stays `"68500"`, never
 * `"68500.0"^^xsd:decimal`). Nothing here knows a vocabulary: the search works on text and numbers.
 *
 * Families, each bounded: a copy or a datatype change of one value; string programs (CONCAT of
 * constants and parts of inputs: the whole text, its case changes, ENCODE_FOR_URI, a REPLACE of
 * literal text, STRBEFORE/STRAFTER a delimiter, SUBSTR), ending in IRI() for an IRI; numbers (an
 * affine map solved from two examples, common unit conversions, rounding and casts); epoch seconds
 * to dates. Conditionals, where the examples split, are conditional-programs.ts's: the merge of
 * several examples tries them when nothing here fits.
 */
import { factory, NS, XSD_STRING, type RDF } from '../rdf/terms.js';
import { arithmetic, ExpressionError, resolveFunction, UNIX_EPOCH_TO_UTC_IRIS } from '../translation/functions.js';
import { fail } from '../translation/expression-error.js';

/** An expression over the sources (numbered as in the cases given), as a cell's functions will compute it. */
export type ProgramExpr =
  | { readonly kind: 'input'; readonly source: number }
  | { readonly kind: 'const'; readonly term: RDF.Literal }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly ProgramExpr[] }
  /** A typing (reference-mediator.md 3.3): STRDT(STR(arg), datatype). */
  | { readonly kind: 'typed'; readonly datatype: string; readonly arg: ProgramExpr };

export interface Program {
  readonly expr: ProgramExpr;
  /** Lower is simpler; programs are returned cheapest first. */
  readonly cost: number;
  readonly family: 'copy' | 'cast' | 'string' | 'number' | 'date';
  /** Found from a single example among many that would fit it (a scale or a shift of one number): a guess to ask about, never to take. */
  readonly guess?: boolean;
}

/** One example of the value: the source terms (the same sources, in the same order, in every case) and the term wanted. */
export interface ValueCase {
  readonly sources: ReadonlyArray<RDF.Term | undefined>;
  readonly wanted: RDF.Term;
}

export interface SynthesisOptions {
  /** Most programs returned. */
  readonly limit?: number;
  /** Whether the time budget is spent (checked between families and during the string search). */
  readonly expired?: () => boolean;
}

const XSD = NS.xsd;
const PREFIXES = new Map([['xsd', XSD]]);
const EPOCH_TO_UTC = `<${UNIX_EPOCH_TO_UTC_IRIS[0]}>`;
export const NUMERIC_TYPES = new Set(
  ['integer', 'decimal', 'double', 'float', 'int', 'long', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger'].map((t) => XSD + t),
);

// ---- building and evaluating ------------------------------------------------------------------

export const input = (source: number): ProgramExpr => ({ kind: 'input', source });
export const text = (value: string): ProgramExpr => ({ kind: 'const', term: factory.literal(value) });
export const call = (name: string, ...args: ProgramExpr[]): ProgramExpr => ({ kind: 'call', name, args });
const typed = (datatype: string, arg: ProgramExpr): ProgramExpr => ({ kind: 'typed', datatype, arg });

function numberConst(n: string): ProgramExpr {
  return { kind: 'const', term: factory.literal(n, factory.namedNode(`${XSD}${n.includes('.') ? 'decimal' : 'integer'}`)) };
}

const resolved = new Map<string, ReturnType<typeof resolveFunction>>();

function apply(name: string, args: readonly RDF.Term[]): RDF.Term {
  if (name === '+' || name === '-' || name === '*' || name === '/') return arithmetic(name, args);
  let fn = resolved.get(name);
  if (fn === undefined) resolved.set(name, (fn = resolveFunction(name, PREFIXES)));
  if (fn === undefined) fail(`unknown function ${name}`);
  return fn.impl(args);
}

/** The term the mediator computes for `e` from these sources; undefined where it fails (the variable would stay unbound). */
export function evaluate(e: ProgramExpr, sources: ReadonlyArray<RDF.Term | undefined>): RDF.Term | undefined {
  try {
    return run(e, sources);
  } catch (error) {
    if (error instanceof ExpressionError) return undefined;
    throw error;
  }
}

function run(e: ProgramExpr, sources: ReadonlyArray<RDF.Term | undefined>): RDF.Term {
  switch (e.kind) {
    case 'input': {
      const t = sources[e.source];
      if (t === undefined) fail('no source');
      return t;
    }
    case 'const':
      return e.term;
    case 'call':
      return apply(
        e.name,
        e.args.map((a) => run(a, sources)),
      );
    case 'typed':
      return apply('STRDT', [apply('STR', [run(e.arg, sources)]), factory.namedNode(e.datatype)]);
  }
}

function sameTerm(a: RDF.Term | undefined, b: RDF.Term): boolean {
  if (a === undefined || a.termType !== b.termType || a.value !== b.value) return false;
  if (a.termType !== 'Literal' || b.termType !== 'Literal') return true;
  return a.language === b.language && a.datatype.value === b.datatype.value;
}

/** Whether the program gives every case's wanted term exactly. */
export function fitsAll(e: ProgramExpr, cases: readonly ValueCase[]): boolean {
  return cases.every((c) => sameTerm(evaluate(e, c.sources), c.wanted));
}

/** Readable text of a program, sources named by `name`. */
export function describeProgram(e: ProgramExpr, name: (source: number) => string = () => 'value'): string {
  switch (e.kind) {
    case 'input':
      return name(e.source);
    case 'const':
      return e.term.datatype.value === XSD_STRING ? JSON.stringify(e.term.value) : e.term.value;
    case 'typed':
      return `${describeProgram(e.arg, name)} as ${e.datatype.startsWith(XSD) ? `xsd:${e.datatype.slice(XSD.length)}` : `<${e.datatype}>`}`;
    case 'call': {
      const args = e.args.map((a) => describeProgram(a, name));
      if (['+', '-', '*', '/'].includes(e.name)) return `(${args.join(` ${e.name} `)})`;
      return `${e.name === EPOCH_TO_UTC ? 'unixEpochToUTC' : e.name}(${args.join(', ')})`;
    }
  }
}

/** Characters of the result that are constant text of a CONCAT (the rest comes from the inputs). */
export function constantTextLength(e: ProgramExpr): number {
  if (e.kind === 'typed') return constantTextLength(e.arg);
  if (e.kind !== 'call') return 0;
  if (e.name === 'CONCAT') return e.args.reduce((n, a) => n + (a.kind === 'const' ? a.term.value.length : constantTextLength(a)), 0);
  if (e.name === 'IRI' || e.name === 'STR' || e.name === 'STRLANG' || e.name.startsWith('xsd:'))
    return e.args[0] === undefined ? 0 : constantTextLength(e.args[0]);
  return 0;
}

/** The sources a program reads. */
export function programSources(e: ProgramExpr, into: Set<number> = new Set()): Set<number> {
  if (e.kind === 'input') into.add(e.source);
  else if (e.kind === 'call') for (const a of e.args) programSources(a, into);
  else if (e.kind === 'typed') programSources(e.arg, into);
  return into;
}

// ---- finishing: from a computed value to the wanted term -----------------------------------------

/** Ways to turn a core value into the wanted kind of term, simplest first. */
function finishers(core: ProgramExpr, wanted: RDF.Term): ProgramExpr[] {
  if (wanted.termType === 'NamedNode') return [core, call('IRI', core), call('IRI', call('STR', core))];
  if (wanted.termType !== 'Literal') return [];
  if (wanted.language !== '') return [core, call('STRLANG', core, text(wanted.language)), call('STRLANG', call('STR', core), text(wanted.language))];
  const dt = wanted.datatype.value;
  if (dt === XSD_STRING) return [core, call('STR', core)];
  const out = [core, typed(dt, core)];
  if (dt.startsWith(XSD)) out.push(call(`xsd:${dt.slice(XSD.length)}`, core));
  return out;
}

function firstFitting(candidates: Iterable<ProgramExpr>, cases: readonly ValueCase[]): ProgramExpr | undefined {
  for (const c of candidates) if (fitsAll(c, cases)) return c;
  return undefined;
}

// ---- copies and casts ----------------------------------------------------------------------------

function copyPrograms(cases: readonly ValueCase[], sourceCount: number): Program[] {
  const out: Program[] = [];
  for (let s = 0; s < sourceCount; s++) {
    const x = input(s);
    if (fitsAll(x, cases)) {
      out.push({ expr: x, cost: 0, family: 'copy' });
      continue;
    }
    const wanted = cases[0]?.wanted;
    if (wanted === undefined) continue;
    const found = firstFitting(finishers(x, wanted).slice(1), cases);
    if (found !== undefined) out.push({ expr: found, cost: 1, family: 'cast' });
  }
  return out;
}

// ---- numbers ---------------------------------------------------------------------------------------

/** Common unit conversions as [factor, offset] of value * factor + offset, or [divisor, offset, 'div'] of (value + offset) / divisor. */
const CONVERSIONS: ReadonlyArray<readonly [string, string, 'mul' | 'div']> = [
  ['1000', '0', 'mul'], // kilo: kg to g, s to ms, km to m, kW to W
  ['1000', '0', 'div'],
  ['100', '0', 'mul'], // m to cm, ratio to percent, hPa to Pa
  ['100', '0', 'div'],
  ['60', '0', 'mul'], // minutes, hours
  ['60', '0', 'div'],
  ['3600', '0', 'mul'],
  ['3600', '0', 'div'],
  ['0.45359237', '0', 'mul'], // pounds to kilograms
  ['0.45359237', '0', 'div'],
  ['453.59237', '0', 'mul'], // pounds to grams
  ['453.59237', '0', 'div'],
  ['2.54', '0', 'mul'], // inches to centimetres
  ['2.54', '0', 'div'],
  ['1.609344', '0', 'mul'], // miles to kilometres
  ['1.609344', '0', 'div'],
  ['1.8', '32', 'mul'], // Celsius to Fahrenheit
  ['1.8', '-32', 'div'], // Fahrenheit to Celsius: (F - 32) / 1.8
  ['1', '273.15', 'mul'], // Celsius to Kelvin
  ['1', '-273.15', 'mul'],
];

/** A number written in a numeric literal or in text (no language tag), or undefined. */
export function parseNumber(t: RDF.Term | undefined): number | undefined {
  if (t === undefined || t.termType !== 'Literal' || t.language !== '') return undefined;
  if (t.datatype.value !== XSD_STRING && !NUMERIC_TYPES.has(t.datatype.value)) return undefined;
  const s = t.value.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** A number as a short decimal text (12 significant digits, no exponent), or undefined when it cannot be one. */
export function decimalText(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const rounded = Number(n.toPrecision(12));
  if (Object.is(rounded, -0) || rounded === 0) return '0';
  const abs = Math.abs(rounded);
  if (abs >= 1e15 || abs < 1e-9) return undefined;
  let s = abs >= 1e-6 ? String(rounded) : rounded.toFixed(12);
  if (s.includes('e')) return undefined;
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

function numericInput(s: number, cases: readonly ValueCase[]): ProgramExpr | undefined {
  const terms = cases.map((c) => c.sources[s]);
  if (terms.some((t) => parseNumber(t) === undefined)) return undefined;
  const x = input(s);
  const numeric = terms.every((t) => t?.termType === 'Literal' && NUMERIC_TYPES.has(t.datatype.value));
  return numeric ? x : call('xsd:decimal', x);
}

function affineExpr(x: ProgramExpr, factor: string, offset: string, form: 'mul' | 'div'): ProgramExpr {
  const negative = offset.startsWith('-');
  const off = negative ? offset.slice(1) : offset;
  if (form === 'div') {
    const shifted = off === '0' ? x : call(negative ? '-' : '+', x, numberConst(off));
    return call('/', shifted, numberConst(factor));
  }
  const scaled = factor === '1' ? x : call('*', x, numberConst(factor));
  return off === '0' ? scaled : call(negative ? '-' : '+', scaled, numberConst(off));
}

/** value * a + b through two cases with different values (undefined when they do not give one). */
function solvedAffine(values: ReadonlyArray<readonly [number, number]>): Array<readonly [string, string, 'mul' | 'div']> {
  const first = values[0];
  const other = values.find((v) => first !== undefined && v[0] !== first[0]);
  if (first === undefined || other === undefined) return [];
  const a = (other[1] - first[1]) / (other[0] - first[0]);
  const b = first[1] - a * first[0];
  const out: Array<readonly [string, string, 'mul' | 'div']> = [];
  const at = decimalText(a);
  const bt = decimalText(b);
  if (at !== undefined && bt !== undefined && at !== '0') out.push([at, bt, 'mul']);
  // (value + c) / d reads better, and is exact, when 1/a is short: Fahrenheit to Celsius is (F - 32) / 1.8.
  const d = decimalText(1 / a);
  const c = decimalText(b / a);
  if (d !== undefined && c !== undefined && d.length <= 8 && d !== '0') out.push([d, c, 'div']);
  return out;
}

/**
 * Constants written with 0 to 4 decimals: decimal arithmetic keeps scales as Java's BigDecimal
 * does (issue 38), so `x * 1.50` and `x * 1.5` give other lexical forms of one value, and the
 * wanted form names the scales the examples were made with.
 */
function scaledVariants(text: string): string[] {
  const [whole, fraction = ''] = text.split('.');
  const out = [text];
  for (let scale = fraction.length + 1; scale <= 4; scale++) out.push(`${whole}.${fraction.padEnd(scale, '0')}`);
  return out;
}

/** The first form of value * a + b (or (value + c) / d) that gives every wanted term exactly, the constants' scales tried last. */
function affineFitting(x: ProgramExpr, factor: string, offset: string, form: 'mul' | 'div', cases: readonly ValueCase[]): ProgramExpr | undefined {
  const wanted = cases[0]?.wanted as RDF.Term;
  const fitting = (f: string, o: string) =>
    firstFitting(
      numberForms(affineExpr(x, f, o, form)).flatMap((form2) => finishers(form2, wanted)),
      cases,
    );
  const plain = fitting(factor, offset);
  if (plain !== undefined || wanted.termType !== 'Literal' || !wanted.value.includes('.')) return plain;
  for (const f of scaledVariants(factor)) {
    for (const o of offset === '0' ? ['0'] : scaledVariants(offset)) {
      if (f === factor && o === offset) continue;
      const found = fitting(f, o);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** From one example, a number may be a scale or a shift of another (or anything else): both, to be asked about. */
function oneExampleMaps(value: readonly [number, number] | undefined): Array<readonly [string, string, 'mul' | 'div']> {
  if (value === undefined || value[0] === value[1]) return [];
  const out: Array<readonly [string, string, 'mul' | 'div']> = [];
  const factor = value[0] === 0 ? undefined : decimalText(value[1] / value[0]);
  const offset = decimalText(value[1] - value[0]);
  if (factor !== undefined && factor !== '0') out.push([factor, '0', 'mul']);
  if (offset !== undefined) out.push(['1', offset, 'mul']);
  return out;
}

/** Forms of a computed number: as it is, cast, rounded (to whole numbers, tenths or hundredths). */
function numberForms(core: ProgramExpr): ProgramExpr[] {
  const roundTo = (scale: string): ProgramExpr => call('/', call('ROUND', call('*', core, numberConst(scale))), numberConst(scale));
  return [
    core,
    call('xsd:integer', core),
    call('ROUND', core),
    call('xsd:decimal', core),
    call('xsd:double', core),
    call('FLOOR', core),
    call('CEIL', core),
    roundTo('10'),
    roundTo('100'),
    call('xsd:integer', call('ROUND', core)),
  ];
}

function numberPrograms(cases: readonly ValueCase[], sourceCount: number): Program[] {
  const wanted = cases.map((c) => (c.wanted.termType === 'Literal' ? parseNumber(factory.literal(c.wanted.value)) : undefined));
  if (wanted.some((w) => w === undefined)) return [];
  const out: Program[] = [];
  for (let s = 0; s < sourceCount; s++) {
    const x = numericInput(s, cases);
    if (x === undefined) continue;
    const values = cases.map((c, i) => [parseNumber(c.sources[s]) ?? NaN, wanted[i] ?? NaN] as const);
    // The value itself rounded or cast (ROUND(x), FLOOR(x), xsd:integer(x)): no map at all, so the simplest numbers there are.
    const first = cases[0]?.wanted;
    if (first !== undefined && values.every(([v, w]) => Math.abs(v - w) < 1)) {
      const found = firstFitting(
        numberForms(x)
          .slice(1)
          .flatMap((f) => finishers(f, first)),
        cases,
      );
      if (found !== undefined) out.push({ expr: found, cost: 3, family: 'number' });
    }
    const solved = solvedAffine(values);
    const guesses = cases.length === 1 ? oneExampleMaps(values[0]) : [];
    const seen = new Set<string>();
    const maps = [...solved, ...CONVERSIONS, ...guesses];
    for (const [at, [factor, offset, form]] of maps.entries()) {
      const key = `${factor} ${offset} ${form}`;
      if (seen.has(key) || (factor === '1' && offset === '0')) continue;
      seen.add(key);
      // Cheap numeric pre-check before evaluating forms with the engine.
      const f = Number(factor);
      const o = Number(offset);
      const fits = values.every(([v, w]) => {
        const y = form === 'mul' ? v * f + o : (v + o) / f;
        return Math.abs(y - w) <= Math.max(1, Math.abs(w)) * 0.01;
      });
      if (!fits) continue;
      const found = affineFitting(x, factor, offset, form, cases);
      const guess = at >= solved.length + CONVERSIONS.length;
      if (found !== undefined) out.push({ expr: found, cost: guess ? 8 : 4, family: 'number', ...(guess ? { guess } : {}) });
    }
  }
  return out;
}

// ---- dates -----------------------------------------------------------------------------------------

function datePrograms(cases: readonly ValueCase[], sourceCount: number): Program[] {
  const first = cases[0]?.wanted;
  if (first === undefined || first.termType !== 'Literal' || !/^\d{4}[-:]\d\d[-:]\d\d[T ]\d\d:\d\d:\d\d/.test(first.value)) return [];
  const out: Program[] = [];
  for (let s = 0; s < sourceCount; s++) {
    if (cases.some((c) => !/^\d{1,16}$/.test(c.sources[s]?.value ?? ''))) continue;
    const x = input(s);
    const seconds = [call('xsd:integer', x), call('xsd:integer', call('/', call('xsd:integer', x), numberConst('1000')))];
    for (const secs of seconds) {
      const utc = call(EPOCH_TO_UTC, secs);
      const iso = call('REPLACE', utc, text('^(\\d+):(\\d+):(\\d+) '), text('$1-$2-$3T'));
      const cores = [utc, iso, call('CONCAT', iso, text('Z'))];
      const found = firstFitting(
        cores.flatMap((c) => finishers(c, first)),
        cases,
      );
      if (found !== undefined) {
        out.push({ expr: found, cost: 6, family: 'date' });
        break;
      }
    }
  }
  return out;
}

// ---- strings ------------------------------------------------------------------------------------------

interface Atom {
  readonly expr: ProgramExpr;
  readonly cost: number;
  /** Its text in each case. */
  readonly values: readonly string[];
}

/** Regular-expression characters escaped, so that REPLACE matches the text literally. */
export function regexLiteral(textValue: string): string {
  return textValue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A replacement text taken literally (XPath: `\$` and `\\`). */
export function replacementLiteral(textValue: string): string {
  return textValue.replace(/[\\$]/g, '\\$&');
}

const MAX_ATOMS = 400;
/** Input text worth explaining inside constant text from a single example (below this a hit is chance). */
const MIN_EMBEDDED = 3;
const MAX_SUBSTR_SOURCE = 48;
const SEARCH_EXPANSIONS = 2000;

/** What a source's text may be replaced with: each run of non-alphanumeric characters, by the text between its neighbours in the wanted text. */
function replaceCandidates(source: string, target: string): Array<readonly [string, string, boolean?]> {
  const out: Array<readonly [string, string, boolean?]> = [];
  const runs = new Set(source.match(/[^\p{L}\p{N}]+/gu) ?? []);
  const lowerTarget = target.toLowerCase();
  for (const run of runs) {
    const parts = source.split(run);
    // The words either side of the separator (other separators around them may be replaced too).
    const head = (parts[0] ?? '').split(/[^\p{L}\p{N}]+/u).at(-1) ?? '';
    const next = (parts[1] ?? '').split(/[^\p{L}\p{N}]+/u)[0] ?? '';
    const lowerHead = head.toLowerCase();
    const start = lowerHead === '' ? -1 : lowerTarget.indexOf(lowerHead);
    if (start < 0 || next === '') {
      if (!target.includes(run)) out.push([run, '']);
      continue;
    }
    const from = start + head.length;
    const end = lowerTarget.indexOf(next.toLowerCase(), from);
    if (end < 0) continue;
    const to = target.slice(from, end);
    if (to !== run && to.length <= 8) out.push([run, to]);
  }
  // Several separators replaced by the same text ("a b/c" to "a_b_c"): one REPLACE of a character class.
  const byTo = new Map<string, string[]>();
  for (const [run, to] of out) if ([...run].length === 1) byTo.set(to, [...(byTo.get(to) ?? []), run]);
  for (const [to, runs] of byTo) if (runs.length > 1) out.push([`[${runs.map((r) => r.replace(/[\]\\^-]/g, '\\$&')).join('')}]`, to, true] as const);
  return out;
}

function atomsOf(cases: readonly ValueCase[], sourceCount: number, target: string): Atom[] {
  const atoms: Atom[] = [];
  const seen = new Map<string, number>();
  const add = (expr: ProgramExpr, cost: number): void => {
    if (atoms.length >= MAX_ATOMS) return;
    const values: string[] = [];
    for (const c of cases) {
      const t = evaluate(expr, c.sources);
      if (t === undefined || t.termType !== 'Literal') return;
      values.push(t.value);
    }
    if ((values[0] ?? '') === '' || !target.includes(values[0] ?? '')) return;
    const key = values.join('\u0000');
    const known = seen.get(key);
    if (known !== undefined && (atoms[known]?.cost ?? 0) <= cost) return;
    seen.set(key, atoms.length);
    atoms.push({ expr, cost, values });
  };
  for (let s = 0; s < sourceCount; s++) {
    const term = cases[0]?.sources[s];
    if (term === undefined || term.termType === 'BlankNode') continue;
    // Text as it is (a language tag kept through UCASE, SUBSTR, CONCAT of one tag, as in Jena), else STR of it.
    const plain = term.termType === 'Literal' && (term.datatype.value === XSD_STRING || term.language !== '');
    const base = plain ? input(s) : call('STR', input(s));
    const value = term.value;
    const lowerTarget = target.toLowerCase();
    // Only sources that share text with the target are worth the work.
    if (!sharesText(value.toLowerCase(), lowerTarget) && !sharesText(encodeURIComponent(value).toLowerCase(), lowerTarget)) continue;
    const caseVariants = (e: ProgramExpr, cost: number): void => {
      add(e, cost);
      add(call('LCASE', e), cost + 1);
      add(call('UCASE', e), cost + 1);
    };
    const variants = (e: ProgramExpr, cost: number): void => {
      caseVariants(e, cost);
      add(call('ENCODE_FOR_URI', e), cost + 1);
    };
    variants(base, 1);
    if (term.termType === 'NamedNode') {
      // An IRI's parts are its local name and its namespace, not arbitrary slices of "http://".
      variants(call('REPLACE', base, text('^.*[/#:]'), text('')), 2);
      variants(call('REPLACE', base, text('[^/#:]*$'), text('')), 3);
      continue;
    }
    for (const [from, to, pattern] of replaceCandidates(value, target))
      variants(call('REPLACE', base, text(pattern === true ? from : regexLiteral(from)), text(replacementLiteral(to))), 3);
    // Delimiters: each character that is no letter or digit, and each longer run of them ("::", " - ").
    const runs = new Set(value.match(/[^\p{L}\p{N}]+/gu) ?? []);
    const delimiters = [...new Set([...(value.match(/[^\p{L}\p{N}]/gu) ?? []), ...[...runs].filter((r) => r.length > 1)])];
    for (const delimiter of delimiters) {
      variants(call('STRBEFORE', base, text(delimiter)), 3);
      variants(call('STRAFTER', base, text(delimiter)), 3);
    }
    // The text between two delimiters ("a::part::7" -> "part"): STRBEFORE(STRAFTER(x, d1), d2).
    // (Tried only where that text, in some case, is in the target: most pairs are not.)
    for (const d1 of delimiters)
      for (const d2 of delimiters) {
        const between = value.split(d1)[1]?.split(d2)[0] ?? '';
        if (between !== '' && lowerTarget.includes(between.toLowerCase())) variants(call('STRBEFORE', call('STRAFTER', base, text(d1)), text(d2)), 4);
      }
    if (value.length <= MAX_SUBSTR_SOURCE) {
      const chars = [...value];
      for (let i = 0; i < chars.length; i++)
        for (let len = 2; i + len <= chars.length; len++) {
          if (!target.includes(chars.slice(i, i + len).join(''))) break;
          add(call('SUBSTR', base, numberConst(String(i + 1)), numberConst(String(len))), 5);
        }
      // The rest of the text from a position, whatever its length (the same start in every example).
      // (In its case variants only: pieces of a text are not percent-encoded on their own.)
      for (let i = 1; i < chars.length; i++)
        if (lowerTarget.includes(chars.slice(i).join('').toLowerCase())) caseVariants(call('SUBSTR', base, numberConst(String(i + 1))), 4);
      // The first character in another case (a capitalised word: UCASE(SUBSTR(x, 1, 1)) then the rest).
      if (lowerTarget.includes((chars[0] ?? '').toLowerCase())) caseVariants(call('SUBSTR', base, numberConst('1'), numberConst('1')), 1);
    }
  }
  return atoms;
}

function sharesText(a: string, b: string): boolean {
  if (a.length === 0) return false;
  if (a.length <= 2) return b.includes(a);
  for (let i = 0; i + 2 <= a.length; i++) if (b.includes(a.slice(i, i + 2))) return true;
  return false;
}

interface Partial {
  readonly at: number;
  readonly parts: ReadonlyArray<{ readonly atom?: Atom; readonly constant?: string }>;
  readonly cost: number;
  readonly lastConstant: boolean;
}

/** Paths through the wanted text of the first case, cheapest first: each a CONCAT of atoms and constants, checked on all cases. */
function stringPrograms(cases: readonly ValueCase[], sourceCount: number, options: SynthesisOptions, limit: number): Program[] {
  const first = cases[0]?.wanted;
  if (first === undefined || (first.termType !== 'Literal' && first.termType !== 'NamedNode')) return [];
  const target = first.value;
  if (target === '' || target.length > 2000) return [];
  const atoms = atomsOf(cases, sourceCount, target);
  if (atoms.length === 0) return [];
  const starts = new Map<number, Atom[]>();
  for (const atom of atoms) {
    const v = atom.values[0] ?? '';
    for (let at = target.indexOf(v); at >= 0; at = target.indexOf(v, at + 1)) starts.set(at, [...(starts.get(at) ?? []), atom]);
  }
  const stops = [...new Set([...starts.keys(), target.length])].sort((a, b) => a - b);
  const out: Program[] = [];
  const queue: Partial[] = [{ at: 0, parts: [], cost: 0, lastConstant: false }];
  for (let expansions = 0; queue.length > 0 && expansions < SEARCH_EXPANSIONS && out.length < limit; expansions++) {
    if (expansions % 256 === 0 && options.expired?.() === true) break;
    const p = queue.shift() as Partial;
    if (p.at === target.length) {
      const program = concatProgram(p, cases);
      if (program !== undefined) out.push(program);
      continue;
    }
    for (const atom of starts.get(p.at) ?? []) {
      const next = p.at + (atom.values[0] ?? '').length;
      enqueue(queue, { at: next, parts: [...p.parts, { atom }], cost: p.cost + atom.cost, lastConstant: false });
    }
    if (!p.lastConstant) {
      for (const stop of stops) {
        if (stop <= p.at) continue;
        enqueue(queue, { at: stop, parts: [...p.parts, { constant: target.slice(p.at, stop) }], cost: p.cost + 2 + (stop - p.at) * 0.01, lastConstant: true });
      }
    }
  }
  return out;
}

/** Inserts keeping the queue ordered by cost (cheapest first; equal costs in insertion order). */
function enqueue(queue: Partial[], p: Partial): void {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((queue[mid]?.cost ?? 0) <= p.cost) lo = mid + 1;
    else hi = mid;
  }
  queue.splice(lo, 0, p);
}

function concatProgram(p: Partial, cases: readonly ValueCase[]): Program | undefined {
  if (!p.parts.some((x) => x.atom !== undefined)) return undefined;
  // Text with sources varying per case: each case's text must be the same constants around that case's atom values.
  const ok = cases.every((c, i) => {
    const wantedText = c.wanted.value;
    return p.parts.map((x) => (x.atom === undefined ? (x.constant ?? '') : (x.atom.values[i] ?? ''))).join('') === wantedText;
  });
  if (!ok) return undefined;
  // From one example, a short piece of input inside constant text is likely chance (a "7" in "17").
  const inputText = p.parts.reduce((n, x) => n + (x.atom?.values[0]?.length ?? 0), 0);
  if (cases.length === 1 && p.parts.some((x) => x.atom === undefined) && inputText < MIN_EMBEDDED) return undefined;
  const args = p.parts.map((x) => (x.atom === undefined ? text(x.constant ?? '') : x.atom.expr));
  const core = args.length === 1 ? (args[0] as ProgramExpr) : call('CONCAT', ...args);
  const found = firstFitting(finishers(core, cases[0]?.wanted as RDF.Term), cases);
  return found === undefined ? undefined : { expr: found, cost: 2 + p.cost, family: 'string' };
}

// ---- the search -----------------------------------------------------------------------------------------

/**
 * Every program found that gives each case's wanted term from that case's sources, cheapest first
 * (at most `limit`); [] when none does. The constant (the wanted term itself) is not among them:
 * whether it fits is for the caller to say (it fits when all cases want the same term).
 */
export function synthesizePrograms(cases: readonly ValueCase[], options: SynthesisOptions = {}): Program[] {
  const limit = options.limit ?? 6;
  const sourceCount = Math.max(0, ...cases.map((c) => c.sources.length));
  if (cases.length === 0 || sourceCount === 0) return [];
  const found: Program[] = [...copyPrograms(cases, sourceCount)];
  // A copy or a retyping of an input is as simple as a program gets: nothing else is searched.
  if (found.length > 0) return found.slice(0, limit);
  const families = [numberPrograms, datePrograms];
  for (const family of families) {
    if (options.expired?.() === true) break;
    found.push(...family(cases, sourceCount));
  }
  if (options.expired?.() !== true) found.push(...stringPrograms(cases, sourceCount, options, limit));
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.cost - b.cost)
    .filter((p) => {
      const key = JSON.stringify(p.expr);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}
