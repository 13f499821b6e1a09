/**
 * Conditionals where the examples split (issue 41): the wanted value is one of a few constants, and
 * a test on one input says which. What a cell can write for it (reference-mediator.md 3.4 has no
 * comparison operators, only named functions and + - * /): `IF(test, a, b)`, nested for more
 * values, with tests that are themselves function calls:
 *
 * - `sameTerm(x, v)`: the input is one value the examples showed (a category, a code, a flag);
 * - `STRSTARTS`, `STRENDS`, `CONTAINS` of a word of the text (`ERR-17` and `ERR-20` against `OK-3`);
 * - a threshold on a number, `STRSTARTS(STR(x - t), "-")` (x < t): never pinned by examples, so it
 *   always comes with a second threshold, and the merge asks which.
 *
 * Searched only where no single function of the input fits: a conditional explains any split, so it
 * is the last explanation, not the first.
 */
import { factory, NS, termKey, XSD_STRING, type RDF } from '../rdf/terms.js';
import { call, decimalText, evaluate, fitsAll, input, parseNumber, text, type Program, type ProgramExpr, type ValueCase } from './value-programs.js';

/** Most distinct values a conditional chooses between (a longer lookup is a table, not a test). */
const MAX_BRANCHES = 4;
/** Most tests tried per branch. */
const MAX_TESTS = 6;

interface Branch {
  readonly wanted: RDF.Term;
  readonly cases: readonly number[];
}

/** The constant of a branch as a cell writes it: a literal parameter, or IRI() of its text. */
function constantOf(t: RDF.Term): ProgramExpr | undefined {
  if (t.termType === 'Literal') return { kind: 'const', term: t };
  if (t.termType === 'NamedNode') return call('IRI', text(t.value));
  return undefined;
}

/** Runs of letters, of digits, and single other characters: where a test on text may cut it. */
function words(value: string): string[] {
  return value.match(/\p{L}+|\p{N}+|[^\p{L}\p{N}]/gu) ?? [];
}

const hasLetter = (s: string): boolean => /\p{L}/u.test(s);

/** The input's text for the string tests: itself when it is a simple string, else STR of it. */
function textOf(x: ProgramExpr, t: RDF.Term): ProgramExpr {
  return t.termType === 'Literal' && t.language === '' && t.datatype.value === XSD_STRING ? x : call('STR', x);
}

/** Tests that hold on every case of `inside` and on none of `outside`, most general first. */
function separatingTests(source: number, cases: readonly ValueCase[], inside: readonly number[], outside: readonly number[]): ProgramExpr[] {
  const x = input(source);
  const termAt = (i: number): RDF.Term | undefined => cases[i]?.sources[source];
  const first = termAt(inside[0] ?? -1);
  if (first === undefined) return [];
  const candidates: ProgramExpr[] = [];
  const parts = words(first.value);
  const stringTest = textOf(x, first);
  if (parts.length > 1) {
    for (let n = 1; n < parts.length; n++) {
      const prefix = parts.slice(0, n).join('');
      if (hasLetter(prefix)) candidates.push(call('STRSTARTS', stringTest, text(prefix)));
    }
    for (let n = parts.length - 1; n >= 1; n--) {
      const suffix = parts.slice(n).join('');
      if (hasLetter(suffix)) candidates.push(call('STRENDS', stringTest, text(suffix)));
    }
    for (const part of new Set(parts)) if (part.length > 1 && hasLetter(part)) candidates.push(call('CONTAINS', stringTest, text(part)));
  }
  const same = constantOf(first);
  if (same !== undefined) candidates.push(call('sameTerm', x, same));
  const holds = (test: ProgramExpr, i: number): boolean | undefined => {
    const v = evaluate(test, cases[i]?.sources ?? []);
    return v?.termType === 'Literal' && v.datatype.value === `${NS.xsd}boolean` ? v.value === 'true' : undefined;
  };
  return candidates.filter((t) => inside.every((i) => holds(t, i) === true) && outside.every((i) => holds(t, i) === false)).slice(0, MAX_TESTS);
}

/** The cases' wanted values in order of first appearance, with the cases that want each. */
function branchesOf(cases: readonly ValueCase[]): Branch[] | undefined {
  const byKey = new Map<string, { wanted: RDF.Term; cases: number[] }>();
  cases.forEach((c, i) => {
    const k = termKey(c.wanted);
    const b = byKey.get(k);
    if (b === undefined) byKey.set(k, { wanted: c.wanted, cases: [i] });
    else b.cases.push(i);
  });
  const branches = [...byKey.values()];
  return branches.length < 2 || branches.length > MAX_BRANCHES ? undefined : branches;
}

/** IF(test1, a1, IF(test2, a2, ... else)): the first branches tested in order, the last one the rest. */
function chain(tests: readonly ProgramExpr[], branches: readonly Branch[]): ProgramExpr | undefined {
  const constants = branches.map((b) => constantOf(b.wanted));
  if (constants.some((c) => c === undefined)) return undefined;
  let expr = constants[constants.length - 1] as ProgramExpr;
  for (let i = tests.length - 1; i >= 0; i--) expr = call('IF', tests[i] as ProgramExpr, constants[i] as ProgramExpr, expr);
  return expr;
}

/**
 * How far an input's values vary inside the branches (0 when each branch has one value, as a
 * category has): an input whose every value differs (an identifier, a free text beside the
 * category) separates any examples, so it is the weaker explanation.
 */
function spread(source: number, cases: readonly ValueCase[], branches: readonly Branch[]): number {
  const varying = branches.reduce((n, b) => n + new Set(b.cases.map((i) => termKey(cases[i]?.sources[source] ?? factory.literal('')))).size - 1, 0);
  // With one example per branch nothing varies: a value of one word (a category, a code) is then the
  // likelier test than text of several ("ab 123" beside "active").
  const wordy = cases.some((c) => words(c.sources[source]?.value ?? '').length > 1) ? 1 : 0;
  return varying + wordy;
}

/** Tests on text or values: every order of the branches with each one as the rest, the first test of each branch. */
function valueConditionals(source: number, cases: readonly ValueCase[], branches: readonly Branch[]): Program[] {
  const out: Program[] = [];
  for (let rest = branches.length - 1; rest >= 0; rest--) {
    const ordered = [...branches.filter((_, i) => i !== rest), branches[rest] as Branch];
    const tests: ProgramExpr[] = [];
    for (let i = 0; i < ordered.length - 1; i++) {
      const inside = ordered[i]?.cases ?? [];
      const outside = ordered.slice(i + 1).flatMap((b) => b.cases);
      const found = separatingTests(source, cases, inside, outside)[0];
      if (found === undefined) break;
      tests.push(found);
    }
    if (tests.length !== ordered.length - 1) continue;
    const expr = chain(tests, ordered);
    if (expr !== undefined && fitsAll(expr, cases)) out.push({ expr, cost: 10 + tests.length * 2 + spread(source, cases, branches), family: 'string' });
  }
  return out;
}

/**
 * Where a person puts a threshold between the examples: among the numbers in (low, high] with the
 * fewest significant digits, the one nearest the middle (between 12 and 45.5: 30, not 20).
 */
function roundThreshold(low: number, high: number): number | undefined {
  const middle = (low + high) / 2;
  for (let digits = 1; digits <= 12; digits++) {
    const step = 10 ** (Math.floor(Math.log10(Math.max(Math.abs(low), Math.abs(high), 1e-9))) - digits + 1);
    const first = Math.floor(low / step + 1);
    const last = Math.floor(high / step);
    if (first > last) continue;
    const n = Math.min(last, Math.max(first, Math.round(middle / step)));
    return Number((n * step).toPrecision(digits + 1));
  }
  return undefined;
}

/** `x < t` as a cell writes it: the difference's text starts with a minus sign. */
function below(x: ProgramExpr, t: number): ProgramExpr | undefined {
  const constant = decimalText(t);
  if (constant === undefined) return undefined;
  const term = factory.literal(constant, factory.namedNode(`${NS.xsd}${constant.includes('.') ? 'decimal' : 'integer'}`));
  return call('STRSTARTS', call('STR', call('-', x, { kind: 'const', term })), text('-'));
}

/** Two values split by a number: a threshold between the examples, two of them so that the choice is asked. */
function thresholdConditionals(source: number, cases: readonly ValueCase[], branches: readonly Branch[]): Program[] {
  if (branches.length !== 2) return [];
  const numbers = cases.map((c) => parseNumber(c.sources[source]));
  if (numbers.some((n) => n === undefined)) return [];
  const of = (b: Branch): number[] => b.cases.map((i) => numbers[i] as number);
  const [a, b] = branches as [Branch, Branch];
  const [lowBranch, highBranch] = Math.max(...of(a)) < Math.min(...of(b)) ? [a, b] : Math.max(...of(b)) < Math.min(...of(a)) ? [b, a] : [];
  if (lowBranch === undefined || highBranch === undefined) return [];
  const low = Math.max(...of(lowBranch));
  const high = Math.min(...of(highBranch));
  const thresholds = [...new Set([roundThreshold(low, high), high].filter((t): t is number => t !== undefined))];
  const out: Program[] = [];
  // Numbers written as text are read as decimals first.
  const typedNumber = cases.every((c) => {
    const t = c.sources[source];
    return t?.termType === 'Literal' && t.datatype.value !== XSD_STRING;
  });
  const x = typedNumber ? input(source) : call('xsd:decimal', input(source));
  for (const t of thresholds) {
    const test = below(x, t);
    const expr = test === undefined ? undefined : chain([test], [lowBranch, highBranch]);
    // A measurement (a number with a fraction) is split by a threshold before its values are taken as codes.
    const cost = numbers.some((n) => !Number.isInteger(n)) ? 11 : 14;
    if (expr !== undefined && fitsAll(expr, cases)) out.push({ expr, cost, family: 'number', guess: true });
  }
  // One threshold alone would be taken without a word; the examples never pin it.
  return out.length > 1 ? out : [];
}

/**
 * Conditionals that give every case's wanted term: for each input, tests on its text or value
 * first, then thresholds on numbers; cheapest first, at most `limit`.
 */
export function conditionalPrograms(cases: readonly ValueCase[], limit = 6): Program[] {
  const branches = cases.length < 2 ? undefined : branchesOf(cases);
  if (branches === undefined) return [];
  const sourceCount = Math.max(0, ...cases.map((c) => c.sources.length));
  const out: Program[] = [];
  for (let s = 0; s < sourceCount; s++) {
    if (cases.some((c) => c.sources[s] === undefined)) continue;
    out.push(...valueConditionals(s, cases, branches), ...thresholdConditionals(s, cases, branches));
  }
  return out.sort((a, b) => a.cost - b.cost).slice(0, limit);
}
