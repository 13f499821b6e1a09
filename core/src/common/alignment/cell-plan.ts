/**
 * Compiles a cell into a plan: the DELETE/INSERT templates, the WHERE pattern, filters and BINDs
 * of reference-mediator.md section 3. The same plan is rendered as SPARQL 1.1 Update text
 * (`render-sparql.ts`) and executed natively (`../translation`), so the two cannot drift apart.
 */
import type { Problem } from '../errors.js';
import { ProblemCodes } from '../problem-codes.js';
import { factory, NS, RDF_TYPE, type RDF } from '../rdf/terms.js';
import type { Cell, CellFunction } from './model.js';
import { sripasLocal } from './read-alignment.js';

export type PatternTerm =
  | { readonly kind: 'var'; readonly name: string }
  /** A blank node of an INSERT template: fresh for every solution. */
  | { readonly kind: 'bnode'; readonly label: string }
  | { readonly kind: 'const'; readonly term: RDF.Term };

export interface TriplePattern {
  readonly s: PatternTerm;
  /** Predicates are always constants (section 1.7). */
  readonly p: RDF.NamedNode;
  readonly o: PatternTerm;
}

export type Expression =
  | { readonly kind: 'var'; readonly name: string }
  | { readonly kind: 'const'; readonly term: RDF.Term }
  /** A function as written in the alignment (`str`, `IRI`, `fn:upper-case`, `<iri>`). */
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly Expression[] }
  | { readonly kind: 'arith'; readonly op: '+' | '-' | '*' | '/'; readonly args: readonly Expression[] };

export interface Bind {
  readonly expression: Expression;
  readonly variable: string;
  /** `function`: a transformation; `param-typing`/`result-typing`/`typing`: a typing's STRDT (section 3.3). */
  readonly role: 'function' | 'param-typing' | 'result-typing' | 'typing';
}

export interface Filter {
  readonly variable: string;
  readonly datatype: string;
}

export interface CellPlan {
  readonly cellId: string;
  readonly deleteTemplate: readonly TriplePattern[];
  readonly insertTemplate: readonly TriplePattern[];
  readonly where: readonly TriplePattern[];
  readonly filters: readonly Filter[];
  readonly binds: readonly Bind[];
}

export interface CellPlanResult {
  readonly plan: CellPlan;
  readonly problems: Problem[];
}

const TYPED_SUFFIX = '_typed';

/** A blank-node variable name that is deterministic (section 12.2 fix) and a legal VARNAME. */
function blankName(cellId: string, n: number): string {
  return `BN_${cellId.replace(/[^A-Za-z0-9_]/g, '_')}_${n}`;
}

interface EntityConversion {
  readonly patterns: TriplePattern[];
  /** Variables (section 3.1 "entity1 variables"): sripas IRIs as non-blank subject, predicate or object. */
  readonly namedVariables: Set<string>;
  /** Variable names that stand for untyped blank nodes. */
  readonly blankVariables: Set<string>;
}

/**
 * Converts parsed entity triples to patterns (section 1.7, 3.1): sripas IRIs in subject/object
 * position become variables, blank nodes typed with a sripas IRI become that variable, every
 * `?s rdf:type <sripas:...>` triple is dropped, other blank nodes get numbered names.
 */
function convertEntity(quads: readonly RDF.Quad[], cell: Cell, label: 'entity1' | 'entity2', counter: { n: number }, problems: Problem[]): EntityConversion {
  const typedBlank = new Map<string, string>();
  const namedVariables = new Set<string>();
  for (const q of quads) {
    if (q.predicate.value === RDF_TYPE && q.object.termType === 'NamedNode') {
      const local = sripasLocal(q.object.value);
      if (local !== undefined && q.subject.termType === 'BlankNode') typedBlank.set(q.subject.value, local);
    }
    for (const t of [q.subject, q.predicate, q.object]) {
      if (t.termType === 'NamedNode') {
        const local = sripasLocal(t.value);
        if (local !== undefined) namedVariables.add(local);
      }
    }
  }
  const blankNames = new Map<string, string>();
  const term = (t: RDF.Term): PatternTerm => {
    if (t.termType === 'NamedNode') {
      const local = sripasLocal(t.value);
      return local === undefined ? { kind: 'const', term: t } : { kind: 'var', name: local };
    }
    if (t.termType === 'BlankNode') {
      const typed = typedBlank.get(t.value);
      if (typed !== undefined) return { kind: 'var', name: typed };
      let name = blankNames.get(t.value);
      if (name === undefined) {
        name = blankName(cell.id, counter.n++);
        blankNames.set(t.value, name);
      }
      return { kind: 'var', name };
    }
    return { kind: 'const', term: t };
  };
  const patterns: TriplePattern[] = [];
  for (const q of quads) {
    if (q.predicate.value === RDF_TYPE && q.object.termType === 'NamedNode' && sripasLocal(q.object.value) !== undefined) {
      continue;
    }
    if (q.predicate.termType !== 'NamedNode') continue;
    if (sripasLocal(q.predicate.value) !== undefined) {
      // Section 1.7 "Predicates are never variables": the reference compiled a sripas IRI in
      // predicate position to that constant IRI and ran the cell (the middleware's own test
      // alignments have such cells), so we do the same and only warn (CONTRACT.md "Translation").
      problems.push({
        code: ProblemCodes.cellPredicateSripasConstant,
        severity: 'warning',
        message:
          label === 'entity1'
            ? `entity1 of cell ${cell.id} uses the sripas IRI <${q.predicate.value}> as a predicate; predicates are never variables, so it is taken as the constant IRI and the cell can never match unless a message really has that predicate`
            : `entity2 of cell ${cell.id} uses the sripas IRI <${q.predicate.value}> as a predicate; predicates are never variables, so it is taken as the constant IRI and inserted as written`,
        line: cell[`${label}Source`].line,
        column: cell[`${label}Source`].column,
        cellId: cell.id,
      });
    }
    patterns.push({ s: term(q.subject), p: q.predicate, o: term(q.object) });
  }
  return { patterns, namedVariables, blankVariables: new Set(blankNames.values()) };
}

function paramExpression(fn: CellFunction, typed: ReadonlySet<string>): Expression[] {
  return fn.params.map((p): Expression => {
    if (p.kind === 'variable') {
      return { kind: 'var', name: typed.has(p.variable) ? p.variable + TYPED_SUFFIX : p.variable };
    }
    const literal = p.datatype === undefined || p.datatype === '' ? factory.literal(p.value) : factory.literal(p.value, factory.namedNode(p.datatype));
    return { kind: 'const', term: literal };
  });
}

function functionExpression(fn: CellFunction, typed: ReadonlySet<string>): Expression {
  const args = paramExpression(fn, typed);
  if (fn.name === '+' || fn.name === '-' || fn.name === '*' || fn.name === '/') {
    return { kind: 'arith', op: fn.name, args };
  }
  return { kind: 'call', name: fn.name, args };
}

function typingBind(variable: string, datatype: string, role: Bind['role']): Bind {
  return {
    variable: variable + TYPED_SUFFIX,
    role,
    expression: {
      kind: 'call',
      name: 'STRDT',
      args: [
        { kind: 'call', name: 'STR', args: [{ kind: 'var', name: variable }] },
        { kind: 'const', term: factory.namedNode(datatype) },
      ],
    },
  };
}

function patternVariables(patterns: readonly TriplePattern[], into: Set<string> = new Set()): Set<string> {
  for (const t of patterns) {
    if (t.s.kind === 'var') into.add(t.s.name);
    if (t.o.kind === 'var') into.add(t.o.name);
  }
  return into;
}

export function planCell(cell: Cell): CellPlanResult {
  const problems: Problem[] = [];
  const counter = { n: 0 };
  const e1 = convertEntity(cell.entity1, cell, 'entity1', counter, problems);
  const e2 = convertEntity(cell.entity2, cell, 'entity2', counter, problems);
  const typings = cellTypings(cell, problems);
  const typed = new Set(typings.keys());
  const deleteTemplate = e1.patterns;
  const where = e1.patterns;
  const insertTemplate = insertTemplateOf(e2, typed);
  const filters = cellFilters(cell, e1, problems);
  const binds = cellBinds(cell, typings, typed);
  checkBindings(cell, binds, patternVariables(where), insertTemplate, problems);
  return { plan: { cellId: cell.id, deleteTemplate, insertTemplate, where, filters, binds }, problems };
}

/** The position of a cell's part, for a problem about it. */
function at(cell: Cell, x: { line: number; column: number }): { line: number; column: number; cellId: string } {
  return { line: x.line, column: x.column, cellId: cell.id };
}

/** One typing per variable (section 12.4 fix): repeated identical ones are harmless, conflicting ones are errors. */
function cellTypings(cell: Cell, problems: Problem[]): Map<string, string> {
  const typings = new Map<string, string>();
  for (const t of cell.typings) {
    const previous = typings.get(t.variable);
    if (previous === undefined) typings.set(t.variable, t.datatype);
    else if (previous === t.datatype) {
      problems.push({
        code: ProblemCodes.typingRepeated,
        severity: 'warning',
        message: `variable ?${t.variable} is typed twice with <${t.datatype}>`,
        ...at(cell, t),
      });
    } else {
      problems.push({
        code: ProblemCodes.typingConflict,
        severity: 'error',
        message: `variable ?${t.variable} is typed both <${previous}> and <${t.datatype}>`,
        ...at(cell, t),
      });
    }
  }
  return typings;
}

/**
 * Entity2: typed variables are read through their `_typed` twin (whole names only, section 12.3
 * fix); remaining blank-node variables become fresh blank nodes in INSERT.
 */
function insertTemplateOf(e2: EntityConversion, typed: ReadonlySet<string>): TriplePattern[] {
  const convert = (x: PatternTerm): PatternTerm => {
    if (x.kind !== 'var') return x;
    if (e2.blankVariables.has(x.name)) {
      return { kind: 'bnode', label: x.name };
    }
    return typed.has(x.name) ? { kind: 'var', name: x.name + TYPED_SUFFIX } : x;
  };
  return e2.patterns.map((t): TriplePattern => ({ s: convert(t.s), p: t.p, o: convert(t.o) }));
}

function cellFilters(cell: Cell, e1: EntityConversion, problems: Problem[]): Filter[] {
  const filters: Filter[] = [];
  for (const f of cell.filters) {
    if (e1.namedVariables.has(f.variable)) filters.push({ variable: f.variable, datatype: f.datatype });
    else {
      problems.push({
        code: ProblemCodes.filterDropped,
        severity: 'warning',
        message: `filter on ?${f.variable} is dropped: only variables of entity1 can be filtered (as in the reference mediator)`,
        ...at(cell, f),
      });
    }
  }
  return filters;
}

/** BINDs in the reference's placement (section 3.3-3.4), each typing emitted once. */
function cellBinds(cell: Cell, typings: ReadonlyMap<string, string>, typed: ReadonlySet<string>): Bind[] {
  const binds: Bind[] = [];
  const emittedTyping = new Set<string>();
  const results = new Set(cell.functions.map((f) => f.result));
  for (const fn of cell.functions) {
    for (const p of fn.params) {
      if (p.kind !== 'variable') continue;
      const datatype = typings.get(p.variable);
      if (datatype === undefined || emittedTyping.has(p.variable) || results.has(p.variable)) continue;
      emittedTyping.add(p.variable);
      binds.push(typingBind(p.variable, datatype, 'param-typing'));
    }
    binds.push({ variable: fn.result, role: 'function', expression: functionExpression(fn, typed) });
    const resultType = typings.get(fn.result);
    if (resultType !== undefined && !emittedTyping.has(fn.result)) {
      emittedTyping.add(fn.result);
      binds.push(typingBind(fn.result, resultType, 'result-typing'));
    }
  }
  for (const [variable, datatype] of typings) {
    if (!emittedTyping.has(variable)) binds.push(typingBind(variable, datatype, 'typing'));
  }
  return binds;
}

/** Variables bound twice, parameters bound by nothing, INSERT variables bound by nothing. */
function checkBindings(
  cell: Cell,
  binds: readonly Bind[],
  whereVariables: ReadonlySet<string>,
  insertTemplate: readonly TriplePattern[],
  problems: Problem[],
): void {
  const results = new Set(cell.functions.map((f) => f.result));
  // SPARQL scoping: a BIND may not rebind a variable already in scope (the reference's Jena
  // rejected such cells at every application and silently skipped them).
  const inScope = new Set(whereVariables);
  const fnByResult = new Map(cell.functions.map((f) => [f.result, f]));
  for (const b of binds) {
    if (inScope.has(b.variable)) {
      const fn = fnByResult.get(b.variable);
      problems.push({
        code: ProblemCodes.cellBindInScope,
        severity: 'error',
        message: `?${b.variable} is bound twice (by the WHERE pattern or an earlier BIND); SPARQL forbids rebinding, so the cell could never run`,
        ...at(cell, fn ?? cell),
      });
    }
    inScope.add(b.variable);
  }
  for (const fn of cell.functions) {
    for (const p of fn.params) {
      if (p.kind === 'variable' && !whereVariables.has(p.variable) && !results.has(p.variable)) {
        problems.push({
          code: ProblemCodes.paramUnbound,
          severity: 'warning',
          message: `parameter ?${p.variable} of ${fn.name} is not bound by entity1 or a function, so ?${fn.result} stays unbound`,
          ...at(cell, fn),
        });
      }
    }
  }
  const insertVariables = patternVariables(insertTemplate);
  for (const v of insertVariables) {
    if (!inScope.has(v)) {
      problems.push({
        code: ProblemCodes.cellUnboundInsertVariable,
        severity: 'warning',
        message: `entity2 uses ?${v}, which neither entity1 nor a function binds; triples with it are never inserted`,
        line: cell.entity2Source.line,
        column: cell.entity2Source.column,
        cellId: cell.id,
      });
    }
  }
}

export { TYPED_SUFFIX };
export const XSD = NS.xsd;
