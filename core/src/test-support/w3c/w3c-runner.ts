/**
 * Runs one W3C query test on the engine: the data in a TermGraph (the structure cells run on), the
 * WHERE evaluated bottom-up as SPARQL's algebra says (BGP matching, Join, LeftJoin for OPTIONAL,
 * Union, Extend for BIND, Filter), and every expression, FILTERs included, compiled by the engine's
 * own expression compiler. Results compare as multisets, blank nodes matching any blank node.
 */
import { termKey, type RDF } from '../../common/rdf/terms.js';
import type { Problem } from '../../common/errors.js';
import {
  compileExpression,
  UNBOUND,
  type EngineExpression,
  type Evaluator,
  type ExpressionScope,
  type Row,
} from '../../common/translation/expression-compiler.js';
import { ExpressionError } from '../../common/translation/expression-error.js';
import { effectiveBooleanValue } from '../../common/translation/functions-conditional.js';
import { TermGraph } from '../../common/translation/term-graph.js';
import { numericKind, toNumeric } from '../../common/translation/numeric.js';
import type { Group, Query, QueryTerm, TriplePatternQ } from './sparql-subset.js';
import type { Results, Solution } from './w3c-files.js';

class Evaluation {
  readonly slots = new Map<string, number>();
  readonly problems: Problem[] = [];
  readonly scope: ExpressionScope;
  private readonly compiled = new Map<EngineExpression, Evaluator>();

  constructor(
    readonly graph: TermGraph,
    prefixes: ReadonlyMap<string, string>,
  ) {
    this.scope = { slot: (name) => this.slot(name), prefixes, report: (p) => this.problems.push(p) };
  }

  slot(name: string): number {
    let i = this.slots.get(name);
    if (i === undefined) this.slots.set(name, (i = this.slots.size));
    return i;
  }

  /** The value of an expression on a row, or undefined where it errs. */
  value(e: EngineExpression, row: Row): RDF.Term | undefined {
    let f = this.compiled.get(e);
    if (f === undefined) this.compiled.set(e, (f = compileExpression(e, this.scope)));
    try {
      return f(row, this.graph);
    } catch (error) {
      if (error instanceof ExpressionError) return undefined;
      throw error;
    }
  }

  passes(filter: EngineExpression, row: Row): boolean {
    const v = this.value(filter, row);
    if (v === undefined) return false;
    try {
      return effectiveBooleanValue(v);
    } catch (error) {
      if (error instanceof ExpressionError) return false;
      throw error;
    }
  }

  private termId(t: QueryTerm, row: Row): number | undefined {
    if (t.kind === 'var') return row[this.slot(t.name)] ?? UNBOUND;
    return this.graph.lookupKey(termKey(t.term)) ?? -2;
  }

  private matchTriple(t: TriplePatternQ, row: Row): Row[] {
    const ids = [t.s, t.p, t.o].map((x) => this.termId(x, row));
    const out: Row[] = [];
    if (ids.includes(-2)) return out;
    for (const triple of this.graph.triples()) {
      const next = row.slice();
      let ok = true;
      [t.s, t.p, t.o].forEach((x, i) => {
        const want = ids[i] ?? UNBOUND;
        const have = triple[i]!;
        if (want !== UNBOUND) ok &&= want === have;
        else if (x.kind === 'var') {
          const slot = this.slot(x.name);
          const current = next[slot] ?? UNBOUND;
          if (current === UNBOUND) next[slot] = have;
          else ok &&= current === have;
        }
      });
      if (ok) out.push(next);
    }
    return out;
  }

  private static compatible(a: Row, b: Row): Row | undefined {
    const merged = a.slice();
    for (let i = 0; i < b.length; i++) {
      const v = b[i] ?? UNBOUND;
      if (v === UNBOUND) continue;
      const w = merged[i] ?? UNBOUND;
      if (w !== UNBOUND && w !== v) return undefined;
      merged[i] = v;
    }
    return merged;
  }

  private join(left: readonly Row[], right: readonly Row[]): Row[] {
    const out: Row[] = [];
    for (const a of left)
      for (const b of right) {
        const m = Evaluation.compatible(a, b);
        if (m !== undefined) out.push(m);
      }
    return out;
  }

  group(g: Group): Row[] {
    let rows: Row[] = [[]];
    for (const element of g.elements) {
      switch (element.kind) {
        case 'triples':
          for (const t of element.triples) rows = rows.flatMap((r) => this.matchTriple(t, r));
          break;
        case 'bind': {
          const slot = this.slot(element.variable);
          rows = rows.map((r) => {
            const v = this.value(element.expression, r);
            const next = r.slice();
            next[slot] = v === undefined ? UNBOUND : this.graph.intern(v);
            return next;
          });
          break;
        }
        case 'optional': {
          const inner = this.group({ elements: element.group.elements, filters: [] });
          rows = rows.flatMap((r) => {
            const matches = inner
              .map((i) => Evaluation.compatible(r, i))
              .filter((m): m is Row => m !== undefined && element.group.filters.every((f) => this.passes(f, m)));
            return matches.length > 0 ? matches : [r];
          });
          break;
        }
        case 'union':
          rows = this.join(
            rows,
            element.groups.flatMap((x) => this.group(x)),
          );
          break;
      }
    }
    return rows.filter((r) => g.filters.every((f) => this.passes(f, r)));
  }
}

const hidden = (name: string) => name.startsWith('_anon') || name.startsWith('_bnode_');

/** What the engine answers to a parsed query over `data`, with the compile problems (unknown functions). */
export function runQuery(query: Query, data: readonly RDF.Quad[]): { results: Results; problems: readonly Problem[] } {
  const evaluation = new Evaluation(TermGraph.fromQuads(data), query.prefixes);
  const rows = evaluation.group(query.where);
  if (query.form === 'ASK') return { results: { kind: 'boolean', value: rows.length > 0 }, problems: evaluation.problems };
  const projection: ReadonlyArray<{ readonly variable: string; readonly expression?: EngineExpression }> =
    query.projection === '*' ? [...evaluation.slots.keys()].filter((n) => !hidden(n)).map((variable) => ({ variable })) : query.projection;
  let solutions: Solution[] = rows.map((row) => {
    const r = row.slice();
    const solution = new Map<string, RDF.Term>();
    for (const p of projection) {
      const slot = evaluation.slot(p.variable);
      if (p.expression !== undefined) {
        const v = evaluation.value(p.expression, r);
        r[slot] = v === undefined ? UNBOUND : evaluation.graph.intern(v);
      }
      const id = r[slot] ?? UNBOUND;
      if (id !== UNBOUND) solution.set(p.variable, evaluation.graph.term(id));
    }
    return solution;
  });
  if (query.distinct) {
    const seen = new Set<string>();
    solutions = solutions.filter((s) => !seen.has(solutionKey(s)) && seen.add(solutionKey(s)) !== undefined);
  }
  return { results: { kind: 'solutions', solutions }, problems: evaluation.problems };
}

function termText(t: RDF.Term): string {
  if (t.termType === 'BlankNode') return '_:';
  if (t.termType === 'Literal') return t.language !== '' ? `"${t.value}"@${t.language.toLowerCase()}` : `"${t.value}"^^<${t.datatype.value}>`;
  return `<${t.value}>`;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';

/**
 * A literal's value with its datatype, for the comparison by value: the suites' expected results
 * write numbers in several lexical forms for one value (`"0E0"`, `"0.0"` and `"0"` for a float
 * zero), so, as Jena's own runner of these suites does, a number or boolean of the right datatype
 * and value matches whatever its lexical form.
 */
function valueText(t: RDF.Term): string {
  if (t.termType !== 'Literal' || t.language !== '') return termText(t);
  const type = t.datatype.value;
  const lex = t.value.trim();
  if (type === `${XSD}boolean` && /^(true|false|1|0)$/.test(lex)) return `${lex === 'true' || lex === '1'}^^<${type}>`;
  if (numericKind(type) === undefined) return termText(t);
  try {
    const n = toNumeric(t, 'compare');
    const canonical = n.kind === 'integer' ? n.big.toString() : n.kind === 'decimal' ? decimalText(lex) : String(n.value);
    return `${canonical}^^<${type}>`;
  } catch {
    return termText(t);
  }
}

/** A decimal lexical form without sign noise, leading zeros or trailing fractional zeros. */
function decimalText(lex: string): string {
  const negative = lex.startsWith('-');
  const [whole = '', fraction = ''] = lex.replace(/^[+-]/, '').split('.');
  const w = whole.replace(/^0+/, '') || '0';
  const f = fraction.replace(/0+$/, '');
  const text = f === '' ? w : `${w}.${f}`;
  return negative && text !== '0' ? `-${text}` : text;
}

function keyOf(s: Solution, text: (t: RDF.Term) => string): string {
  return [...s.entries()]
    .map(([k, v]) => `?${k}=${text(v)}`)
    .sort()
    .join(' ');
}

export function solutionKey(s: Solution): string {
  return keyOf(s, termText);
}

/** A short text of results, for messages; `byValue` writes numbers by value. */
export function resultsText(r: Results, byValue = false): string {
  if (r.kind === 'boolean') return String(r.value);
  return r.solutions
    .map((s) => keyOf(s, byValue ? valueText : termText))
    .sort()
    .join('\n');
}

/** `same`: equal as terms; `same-value`: equal once numbers and booleans compare by value; `different`. */
export function compareResults(ours: Results, expected: Results): 'same' | 'same-value' | 'different' {
  if (ours.kind !== expected.kind) return 'different';
  if (resultsText(ours) === resultsText(expected)) return 'same';
  return resultsText(ours, true) === resultsText(expected, true) ? 'same-value' : 'different';
}
