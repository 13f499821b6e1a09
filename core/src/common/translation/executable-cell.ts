/**
 * Native execution of a compiled cell: the SPARQL 1.1 Update `DELETE {..} INSERT {..} WHERE {..}`
 * of reference-mediator.md 3.6, evaluated directly on a TermGraph instead of re-parsing SPARQL for
 * every message (the reference spent 4.3 of its 4.7 ms per message doing that).
 *
 * Semantics kept from the standard: all solutions of WHERE first, then every DELETE, then every
 * INSERT; template triples with an unbound variable are skipped; INSERT blank nodes are fresh per
 * solution; a BIND whose expression errors leaves its variable unbound.
 */
import type { Problem } from '../errors.js';
import { factory, termKey, type RDF } from '../rdf/terms.js';
import type { CellPlan, PatternTerm, TriplePattern } from '../alignment/cell-plan.js';
import { compileExpression, firstEvaluatedVariable, UNBOUND, type Evaluator, type ExpressionScope, type Row } from './expression-compiler.js';
import { ExpressionError } from './expression-error.js';
import { serialEra, serialOf } from './iri-serials.js';
import { tripleId, tripleIdText, type TermGraph } from './term-graph.js';

/** Upper bound on WHERE solutions of one cell application: a cross product past this is an error, not an out-of-memory. */
export const DEFAULT_MAX_SOLUTIONS = 200_000;

type Slot = { readonly kind: 'slot'; readonly index: number };
type Const = { readonly kind: 'const'; readonly key: string; readonly term: RDF.Term };
type Fresh = { readonly kind: 'fresh'; readonly index: number };
type Operand = Slot | Const | Fresh;

interface CompiledPattern {
  readonly s: Operand;
  readonly p: Const;
  readonly o: Operand;
}

/** What an INSERT template position holds: a solution's variable, a constant, a fresh blank node. */
const FROM_SLOT = 0;
const FROM_CONST = 1;
const FROM_FRESH = 2;

/**
 * An INSERT template triple as numbers only: the kind of its subject and object (FROM_*) and
 * their index (a slot, a place in the cell's table of constants `insertConsts`, a fresh node), and
 * its predicate's place among the constants. One shape for every position, where objects of three
 * kinds made every read of a position polymorphic (a visible share of a matching cell's run).
 */
interface InsertPattern {
  readonly sKind: number;
  readonly s: number;
  readonly p: number;
  readonly oKind: number;
  readonly o: number;
  /**
   * The subject may be a literal (a variable, or a literal constant): only then is the term read
   * to skip the triple (a fresh blank node or an IRI constant never is one).
   */
  readonly subjectMayBeLiteral: boolean;
}

/**
 * Sets every entry of a row to UNBOUND: a loop, not Array.prototype.fill, which on these few-entry
 * arrays cost more than the work around it (a builtin call per cell run and per solution).
 */
function clearRow(row: Row): Row {
  for (let i = 0; i < row.length; i++) row[i] = UNBOUND;
  return row;
}

/** An array of `n` UNBOUND entries (packed, not holey). */
function unboundRow(n: number): Row {
  const row: Row = [];
  for (let i = 0; i < n; i++) row.push(UNBOUND);
  return row;
}

interface CompiledBind {
  readonly target: number;
  readonly evaluate: Evaluator;
  readonly label: string;
  /**
   * The note of a BIND that fails on every solution, known when the cell is compiled: the first
   * thing its expression evaluates is a variable nothing binds. Such BINDs are noted without being
   * evaluated (a thrown error per solution, on every message, was a visible cost).
   */
  readonly alwaysFails: string | undefined;
}

export interface CellRunResult {
  /** WHERE solutions after filters. */
  readonly solutions: number;
  /** Net triples removed and added (a triple deleted then re-inserted counts in neither), when counted. */
  readonly deleted: number;
  readonly inserted: number;
  /**
   * When counted: the net-inserted triples as `"s p o"` term ids of the graph, so a trace can say
   * which cell produced each triple of the output (issue 12, part 4).
   */
  readonly insertedKeys?: readonly string[];
  /** With `insertedKeys`: the net-deleted triples the same way (a suite names what a cell removed). */
  readonly deletedKeys?: readonly string[];
  /**
   * BIND evaluation errors, one line per distinct message, with how many solutions hit it; only
   * when counted (a trace shows them; plain translation drops them, and so does not collect them).
   */
  readonly notes: readonly string[];
}

export class CellExecutionError extends Error {}

/**
 * What a run counts: nothing (plain translation), the net deleted/inserted counts (a trace, as test
 * suites and coverage use it), or the counts and the net-inserted triples (a trace that says which
 * cell produced each output triple).
 */
export type ChangeCounting = 'none' | 'counts' | 'origins';

const NO_NOTES: readonly string[] = Object.freeze([]);
/** What `scratchRows` holds between runs (never written: solve starts a list of its own). */
const NO_ROWS: Row[] = [];
/** The result of a cell that cannot match (most cells of a large alignment, for most messages): shared, not allocated. */
const NO_MATCH: CellRunResult = Object.freeze({ solutions: 0, deleted: 0, inserted: 0, notes: NO_NOTES });

export interface ExecutableCellOptions {
  readonly maxSolutions?: number;
}

export class ExecutableCell {
  readonly cellId: string;
  private readonly slotCount: number;
  private readonly where: CompiledPattern[];
  private readonly deletes: CompiledPattern[];
  private readonly inserts: InsertPattern[];
  /**
   * The INSERT template's distinct constants (predicates included): a run interns each once, on
   * first use, instead of once per solution and template triple.
   */
  private readonly insertConsts: Const[] = [];
  private readonly filters: Array<{ slot: number; datatype: string }>;
  private readonly binds: CompiledBind[];
  private readonly freshCount: number;
  /**
   * The distinct constants of WHERE (first, `whereConstCount` of them) and DELETE, looked up once
   * per run into `constIds` (a run looked each up again per pattern and per solution: hash lookups
   * were a third of the engine's time). A WHERE constant the graph lacks means no match; a DELETE
   * constant it lacks at the start of a run is in no triple (BINDs intern terms but add no triple).
   */
  private readonly constTerms: RDF.Term[];
  /** The `termKey`s of `constTerms`. */
  private readonly constKeys: string[];
  /**
   * The IRI serials (iri-serials.ts) of `constTerms` and `insertConsts` (-1 for other terms), valid
   * while `serialsEra` is the table's era: a run finds its constants by array index, not by hashing
   * each key again on every message.
   */
  private readonly constSerials: Int32Array;
  private readonly insertSerials: Int32Array;
  private serialsEra = 0;
  /** Set by `run`: the serials hold for this run. */
  private serialsValid = false;
  private readonly whereConstCount: number;
  /** Per WHERE pattern: the `constTerms` index of its subject, predicate and object (-1 for a variable). */
  private readonly whereConstIndex: Int32Array;
  /** The same per DELETE pattern. */
  private readonly deleteConstIndex: Int32Array;
  private readonly maxSolutions: number;

  private constructor(
    plan: CellPlan,
    parts: {
      slotCount: number;
      where: CompiledPattern[];
      deletes: CompiledPattern[];
      inserts: CompiledPattern[];
      filters: Array<{ slot: number; datatype: string }>;
      binds: CompiledBind[];
      freshCount: number;
    },
    options: ExecutableCellOptions,
  ) {
    this.cellId = plan.cellId;
    this.slotCount = parts.slotCount;
    this.where = parts.where;
    this.deletes = parts.deletes;
    const constIndex = new Map<string, number>();
    const indexed = (c: Const): number => {
      let i = constIndex.get(c.key);
      if (i === undefined) {
        i = this.insertConsts.length;
        constIndex.set(c.key, i);
        this.insertConsts.push(c);
      }
      return i;
    };
    const kind = (x: Operand): number => (x.kind === 'slot' ? FROM_SLOT : x.kind === 'const' ? FROM_CONST : FROM_FRESH);
    const index = (x: Operand): number => (x.kind === 'const' ? indexed(x) : x.index);
    this.inserts = parts.inserts.map((t) => ({
      sKind: kind(t.s),
      s: index(t.s),
      p: indexed(t.p),
      oKind: kind(t.o),
      o: index(t.o),
      subjectMayBeLiteral: t.s.kind === 'slot' || (t.s.kind === 'const' && t.s.term.termType === 'Literal'),
    }));
    this.filters = parts.filters;
    this.binds = parts.binds;
    this.freshCount = parts.freshCount;
    this.maxSolutions = options.maxSolutions ?? DEFAULT_MAX_SOLUTIONS;
    const keys = new Map<string, number>();
    const terms: RDF.Term[] = [];
    const constKeys: string[] = [];
    const indexes = (patterns: readonly CompiledPattern[]): Int32Array => {
      const out = new Int32Array(patterns.length * 3).fill(-1);
      patterns.forEach((t, i) =>
        [t.s, t.p, t.o].forEach((x, k) => {
          if (x.kind !== 'const') return;
          if (!keys.has(x.key)) {
            keys.set(x.key, keys.size);
            terms.push(x.term);
            constKeys.push(x.key);
          }
          out[i * 3 + k] = keys.get(x.key)!;
        }),
      );
      return out;
    };
    this.whereConstIndex = indexes(this.where);
    this.whereConstCount = keys.size;
    this.deleteConstIndex = indexes(this.deletes);
    this.constTerms = terms;
    this.constKeys = constKeys;
    this.constSerials = new Int32Array(terms.length).fill(-1);
    this.insertSerials = new Int32Array(this.insertConsts.length).fill(-1);
  }

  /** Brings the constants' IRI serials to the table's era; false when the table started again meanwhile. */
  private refreshSerials(): boolean {
    const era = serialEra();
    if (era === this.serialsEra) return true;
    const fill = (out: Int32Array, terms: ReadonlyArray<{ termType: string }>, key: (i: number) => string): void => {
      for (let i = 0; i < out.length; i++) out[i] = terms[i]!.termType === 'NamedNode' ? serialOf(key(i)) : -1;
    };
    fill(this.constSerials, this.constTerms, (i) => this.constKeys[i]!);
    fill(
      this.insertSerials,
      this.insertConsts.map((c) => c.term),
      (i) => this.insertConsts[i]!.key,
    );
    if (serialEra() !== era) return false;
    this.serialsEra = era;
    return true;
  }

  /**
   * Compiles a plan. Problems are returned for functions the mediator does not know or calls with
   * the wrong number of arguments; the cell is still returned (such BINDs always leave their variable unbound).
   */
  static compile(plan: CellPlan, prefixes: ReadonlyMap<string, string>, options: ExecutableCellOptions = {}): { cell: ExecutableCell; problems: Problem[] } {
    const problems: Problem[] = [];
    // The plan's constants come from the alignment's Turtle parser (N3.js terms, which re-derive
    // value, language and datatype from a string on every read); the writer reads those of every
    // inserted triple, so the cell keeps its own copies with plain fields.
    const own = <T extends RDF.Term>(term: T): T => (factory.fromTerm as (t: RDF.Term) => RDF.Term)(term) as T;
    const slots = new Map<string, number>();
    const slot = (name: string): number => {
      let i = slots.get(name);
      if (i === undefined) slots.set(name, (i = slots.size));
      return i;
    };
    const fresh = new Map<string, number>();
    const operand = (t: PatternTerm): Operand => {
      if (t.kind === 'var') return { kind: 'slot', index: slot(t.name) };
      if (t.kind === 'bnode') {
        let i = fresh.get(t.label);
        if (i === undefined) fresh.set(t.label, (i = fresh.size));
        return { kind: 'fresh', index: i };
      }
      return { kind: 'const', key: termKey(t.term), term: own(t.term) };
    };
    const pattern = (t: TriplePattern): CompiledPattern => ({
      s: operand(t.s),
      p: { kind: 'const', key: termKey(t.p), term: own(t.p) },
      o: operand(t.o),
    });
    const where = orderForJoin(plan.where.map(pattern));
    const deletes = plan.deleteTemplate.map(pattern);
    const inserts = plan.insertTemplate.map(pattern);
    const filters = plan.filters.map((f) => ({ slot: slot(f.variable), datatype: f.datatype }));

    const scope: ExpressionScope = { slot, prefixes, report: (p) => problems.push(p), cellId: plan.cellId, own };
    // Variables a solution always binds: the WHERE pattern's. A BIND target is bound only when its BIND succeeds.
    const bound = new Set<string>();
    for (const t of plan.where) for (const x of [t.s, t.o]) if (x.kind === 'var') bound.add(x.name);
    const assigned = new Set<string>();
    const binds = plan.binds.map((b) => {
      const never = firstEvaluatedVariable(b.expression, prefixes);
      const alwaysFails = never !== undefined && !bound.has(never) && !assigned.has(never) ? `?${b.variable}: ?${never} is unbound` : undefined;
      assigned.add(b.variable);
      return { target: slot(b.variable), evaluate: compileExpression(b.expression, scope), label: `?${b.variable}`, alwaysFails };
    });
    const cell = new ExecutableCell(plan, { slotCount: slots.size, where, deletes, inserts, filters, binds, freshCount: fresh.size }, options);
    return { cell, problems };
  }

  /** Applies the cell to the graph in place, counting what `counting` asks for (a trace's columns). */
  run(graph: TermGraph, counting: ChangeCounting = 'none'): CellRunResult {
    const ids = (this.scratchConstKeyIds ??= new Int32Array(this.constTerms.length));
    const serialsValid = (this.serialsValid = this.refreshSerials());
    for (let i = 0; i < this.constTerms.length; i++) {
      const serial = serialsValid ? this.constSerials[i]! : -1;
      const id = serial >= 0 ? graph.lookupSerial(serial, this.constKeys[i]!) : graph.lookupTerm(this.constTerms[i]!);
      // A WHERE constant the payload has never mentioned cannot match: nothing to do (the common case).
      if (id === undefined && i < this.whereConstCount) return NO_MATCH;
      ids[i] = id ?? UNBOUND;
    }
    const rows = this.solve(graph, ids);
    if (rows.length === 0) return NO_MATCH;
    const counted = counting !== 'none';
    // Notes are read only with a trace (a counted run): plain translation collects none.
    const notes = this.binds.length > 0 ? this.bindAll(rows, graph, counted) : undefined;
    // Uncounted runs record nothing, and allocate no list for it.
    const removed: Array<number | string> | undefined = counted ? [] : undefined;
    if (this.deletes.length > 0) this.deleteAll(rows, graph, ids, removed);
    // Net counts: a triple deleted then re-inserted is no change (remove/add report each triple once).
    const removedSet = removed === undefined || removed.length === 0 ? undefined : new Set(removed);
    let reinserted = 0;
    let inserted = 0;
    const reinsertedIds: Set<number | string> | undefined = counting === 'origins' && removedSet !== undefined ? new Set() : undefined;
    const insertedKeys: string[] | undefined = counting === 'origins' ? [] : undefined;
    if (this.inserts.length > 0) {
      const freshIds = (this.scratchFresh ??= unboundRow(this.freshCount));
      const constIds = clearRow((this.scratchConstIds ??= unboundRow(this.insertConsts.length)));
      for (const row of rows) {
        clearRow(freshIds);
        for (const t of this.inserts) {
          const s = this.instantiate(t.sKind, t.s, row, graph, freshIds, constIds);
          const o = this.instantiate(t.oKind, t.o, row, graph, freshIds, constIds);
          if (s === UNBOUND || o === UNBOUND) continue;
          // RDF forbids literal subjects; SPARQL skips such template triples.
          if (t.subjectMayBeLiteral && graph.term(s).termType === 'Literal') continue;
          const p = this.constId(t.p, graph, constIds);
          if (!graph.add(s, p, o) || !counted) continue;
          const id = tripleId(s, p, o);
          if (removedSet?.has(id) === true) {
            reinserted++;
            reinsertedIds?.add(id);
          } else {
            inserted++;
            insertedKeys?.push(tripleIdText(id));
          }
        }
      }
    }
    const deleted = (removed?.length ?? 0) - reinserted;
    const noteLines = notes === undefined ? NO_NOTES : [...notes].map(([note, count]) => (count === 1 ? note : `${note} (${count} solutions)`));
    // No spread of a conditional object: this runs for every cell that matches, and spreads cost.
    const result: { -readonly [K in keyof CellRunResult]: CellRunResult[K] } = { solutions: rows.length, deleted, inserted, notes: noteLines };
    if (insertedKeys !== undefined) {
      result.insertedKeys = insertedKeys;
      result.deletedKeys = (removed ?? []).filter((id) => reinsertedIds?.has(id) !== true).map(tripleIdText);
    }
    return result;
  }

  /**
   * Evaluates the BINDs on every solution; a failing one leaves its variable unbound and, when
   * `noting`, is noted (counted per note).
   */
  private bindAll(rows: readonly Row[], graph: TermGraph, noting: boolean): Map<string, number> | undefined {
    let notes: Map<string, number> | undefined;
    for (const row of rows) {
      for (const b of this.binds) {
        if (b.alwaysFails !== undefined) {
          row[b.target] = UNBOUND;
          if (!noting) continue;
          notes ??= new Map();
          notes.set(b.alwaysFails, (notes.get(b.alwaysFails) ?? 0) + 1);
          continue;
        }
        try {
          row[b.target] = graph.intern(b.evaluate(row, graph));
        } catch (error) {
          if (!(error instanceof ExpressionError)) throw error;
          row[b.target] = UNBOUND;
          if (!noting) continue;
          const note = `${b.label}: ${error.message}`;
          notes ??= new Map();
          notes.set(note, (notes.get(note) ?? 0) + 1);
        }
      }
    }
    return notes;
  }

  /** Removes every solution's DELETE triples; `removed` (when counting) gets the ids of those the graph had. */
  private deleteAll(rows: readonly Row[], graph: TermGraph, ids: Int32Array, removed: Array<number | string> | undefined): void {
    const index = this.deleteConstIndex;
    for (const row of rows) {
      for (let i = 0; i < this.deletes.length; i++) {
        const t = this.deletes[i]!;
        const s = t.s.kind === 'slot' ? (row[t.s.index] ?? UNBOUND) : t.s.kind === 'const' ? ids[index[i * 3]!]! : UNBOUND;
        const p = ids[index[i * 3 + 1]!]!;
        const o = t.o.kind === 'slot' ? (row[t.o.index] ?? UNBOUND) : t.o.kind === 'const' ? ids[index[i * 3 + 2]!]! : UNBOUND;
        if (s === UNBOUND || o === UNBOUND || p === UNBOUND) continue;
        if (graph.remove(s, p, o) && removed !== undefined) removed.push(tripleId(s, p, o));
      }
    }
  }

  /** An INSERT constant's id in `graph`, interned on its first use in this run (interning again would give the same id). */
  private constId(index: number, graph: TermGraph, constIds: Row): number {
    let id = constIds[index] ?? UNBOUND;
    if (id === UNBOUND) {
      const c = this.insertConsts[index]!;
      const serial = this.serialsValid ? this.insertSerials[index]! : -1;
      id = serial >= 0 ? graph.internSerial(serial, c.key, c.term as RDF.NamedNode) : graph.internKeyed(c.key, c.term);
      constIds[index] = id;
    }
    return id;
  }

  /** The id at an INSERT template position of kind `kind` (FROM_*) and index `index`. */
  private instantiate(kind: number, index: number, row: Row, graph: TermGraph, freshIds: Row, constIds: Row): number {
    if (kind === FROM_SLOT) return row[index] ?? UNBOUND;
    if (kind === FROM_CONST) return this.constId(index, graph, constIds);
    let id = freshIds[index] ?? UNBOUND;
    if (id === UNBOUND) {
      id = graph.freshBlank();
      freshIds[index] = id;
    }
    return id;
  }

  // Per-cell scratch state for `solve`. Runs are synchronous and never re-entrant, so one set of
  // buffers per cell is safe, and reusing it keeps the common no-match case allocation-free.
  private scratchRow: Row | undefined;
  private scratchConsts: Int32Array | undefined;
  private scratchConstKeyIds: Int32Array | undefined;
  private scratchRows: Row[] = NO_ROWS;
  private scratchFresh: Row | undefined;
  private scratchConstIds: Row | undefined;
  private scratchGraph: TermGraph | undefined;

  /** All solutions of the WHERE basic graph pattern that pass the filters. */
  private solve(graph: TermGraph, ids: Int32Array): Row[] {
    const n = this.where.length;
    const row = (this.scratchRow ??= unboundRow(this.slotCount));
    clearRow(row);
    const consts = (this.scratchConsts ??= new Int32Array(n * 3));
    const index = this.whereConstIndex;
    for (let i = 0; i < n * 3; i++) {
      const k = index[i]!;
      consts[i] = k < 0 ? UNBOUND : ids[k]!;
    }
    this.scratchRows = [];
    this.scratchGraph = graph;
    try {
      this.step(0);
      return this.scratchRows;
    } finally {
      this.scratchGraph = undefined;
      // Drops the returned rows (a shared empty list: the next solve starts a new one).
      this.scratchRows = NO_ROWS;
    }
  }

  private emit(): void {
    const graph = this.scratchGraph!;
    const row = this.scratchRow!;
    for (const f of this.filters) {
      const id = row[f.slot] ?? UNBOUND;
      if (id === UNBOUND) return;
      const term = graph.term(id);
      if (term.termType !== 'Literal') return;
      const datatype = term.language !== '' ? 'http://www.w3.org/1999/02/22-rdf-syntax-ns#langString' : term.datatype.value;
      if (datatype !== f.datatype) return;
    }
    if (this.scratchRows.length >= this.maxSolutions) {
      throw new CellExecutionError(`WHERE has more than ${this.maxSolutions} solutions; the cell was not applied`);
    }
    this.scratchRows.push(row.slice());
  }

  private step(i: number): void {
    if (i === this.where.length) {
      this.emit();
      return;
    }
    const graph = this.scratchGraph!;
    const row = this.scratchRow!;
    const consts = this.scratchConsts!;
    const t = this.where[i]!;
    const p = consts[i * 3 + 1]!;
    if (p === UNBOUND) return;
    const sSlot = t.s.kind === 'slot' ? t.s.index : -1;
    const oSlot = t.o.kind === 'slot' ? t.o.index : -1;
    const s = sSlot >= 0 ? row[sSlot]! : consts[i * 3]!;
    const o = oSlot >= 0 ? row[oSlot]! : consts[i * 3 + 2]!;
    if (s !== UNBOUND && o !== UNBOUND) {
      if (graph.has(s, p, o)) this.step(i + 1);
      return;
    }
    const list = graph.withPredicate(p);
    if (list === undefined) return;
    const subjects = list.s;
    const objects = list.o;
    const count = subjects.length;
    const sameVariable = sSlot >= 0 && sSlot === oSlot;
    for (let k = 0; k < count; k++) {
      const sv = subjects[k]!;
      const ov = objects[k]!;
      if (s !== UNBOUND && sv !== s) continue;
      if (o !== UNBOUND && ov !== o) continue;
      if (sameVariable && sv !== ov) continue;
      if (s === UNBOUND) row[sSlot] = sv;
      if (o === UNBOUND) row[oSlot] = ov;
      this.step(i + 1);
    }
    if (s === UNBOUND) row[sSlot] = UNBOUND;
    if (o === UNBOUND) row[oSlot] = UNBOUND;
  }
}

/**
 * Greedy join order: the most-bound pattern first (constants and already-bound variables), so
 * that later patterns are index lookups rather than scans. Ties keep document order.
 */
function orderForJoin(patterns: CompiledPattern[]): CompiledPattern[] {
  const remaining = [...patterns];
  const ordered: CompiledPattern[] = [];
  const bound = new Set<number>();
  const score = (t: CompiledPattern): number => {
    const sBound = t.s.kind === 'const' || (t.s.kind === 'slot' && bound.has(t.s.index));
    const oBound = t.o.kind === 'const' || (t.o.kind === 'slot' && bound.has(t.o.index));
    // A bound object with a constant (a class in `?x a C`) is the most selective start.
    return (sBound ? 2 : 0) + (oBound ? (t.o.kind === 'const' ? 3 : 2) : 0);
  };
  while (remaining.length > 0) {
    let best = 0;
    let bestScore = -1;
    for (let i = 0; i < remaining.length; i++) {
      const sc = score(remaining[i]!);
      if (sc > bestScore) {
        bestScore = sc;
        best = i;
      }
    }
    const [t] = remaining.splice(best, 1) as [CompiledPattern];
    ordered.push(t);
    if (t.s.kind === 'slot') bound.add(t.s.index);
    if (t.o.kind === 'slot') bound.add(t.o.index);
  }
  return ordered;
}
