/**
 * A named graph written straight from a source's term ids (issue 42, point 6): the translation
 * engine's payload graph. The general writer turns every triple into a value record in a Map per
 * subject and property, sorts each node's properties, then compacts every record again; here the
 * source's subjects and predicates are sorted once per graph, each distinct object is compacted
 * once, and each node's JSON object is filled predicate by predicate in sorted order: the same
 * objects, so JSON.stringify writes the same text.
 *
 * It applies when the source promises distinct triples over terms of one id each and nothing in
 * it calls for the general rules: no RDF list end (rdf:nil as an object: lists are folded by the
 * general writer), no blank node shared with the other graphs (they decide list folding there),
 * no IRI that reads as a blank-node label, no literal subject. Otherwise `directTriples` declines
 * (undefined) and the caller adds the triples the general way; blank labels given meanwhile were
 * given in the general writer's order (subject, then object, triple by triple), so nothing differs.
 */
import type * as RDF from '@rdfjs/types';
import type { BlankLabels } from './blank-labels.js';
import { RDF_NIL } from './codec-terms.js';
import { compactIri, compactLiteral, type PrefixData, type SortMemo } from './prefix-tables.js';

/**
 * The triples of one more graph, given by term ids instead of quads (the translation engine's
 * payload graph): written without building a quad per triple.
 */
export interface TripleSource {
  /** Visits every triple, in a fixed order (the order quads of the same triples would be listed in). */
  forEachTriple(f: (s: number, p: number, o: number) => void): void;
  term(id: number): RDF.Term;
  /**
   * True when every triple is listed once and every term has one id (a TermGraph): the graph may
   * then be written straight from its ids.
   */
  readonly distinctTriples?: boolean;
  /**
   * The same triples as forEachTriple in the same order, a predicate at a time with its subjects
   * and objects index-aligned (a TermGraph's own lists: no triple handed over one call at a time).
   */
  forEachPredicate?(f: (p: number, subjects: readonly number[], objects: readonly number[]) => void): void;
}

/** Subjects and objects of one predicate, index-aligned. */
interface PredicateList {
  readonly s: readonly number[];
  readonly o: readonly number[];
}

/** A source's graph as `directTriples` took it: its predicates with their lists, and its blank nodes' labels by id. */
export interface DirectGraph {
  readonly source: TripleSource;
  /** Predicate ids in source order, and index-aligned, each one's triples. */
  readonly predicates: readonly number[];
  readonly lists: readonly PredicateList[];
  readonly blankLabels: ReadonlyArray<string | undefined>;
}

/** True when the direct writer can take `term` as a subject (`object` false) or as an object. */
function takeTerm(term: RDF.Term, object: boolean): boolean {
  if (term.termType === 'Literal') return object;
  if (term.termType === 'BlankNode') return true;
  const value = term.value;
  // An IRI that reads as a blank label would be the same node id as that blank node.
  if (value.charCodeAt(0) === 95 && value.charCodeAt(1) === 58) return false;
  return !(object && value === RDF_NIL);
}

/** Checks a source's terms for direct writing, labelling its blank nodes on first sight. */
class TermCheck {
  readonly blankLabels: Array<string | undefined> = [];
  /** Per id: bit 1 once checked as a subject, bit 2 once checked as an object. */
  private readonly seen: number[] = [];

  constructor(
    private readonly source: TripleSource,
    private readonly labels: BlankLabels,
  ) {}

  take(id: number, object: boolean): boolean {
    const role = object ? 2 : 1;
    const was = this.seen[id] ?? 0;
    if ((was & role) !== 0) return true;
    const term = this.source.term(id);
    if (!takeTerm(term, object)) return false;
    if (term.termType === 'BlankNode' && this.blankLabels[id] === undefined) {
      // A blank node the other graphs already named is shared with them: the general rules decide.
      if (this.labels.has(term.value)) return false;
      this.blankLabels[id] = this.labels.label(term.value);
    }
    this.seen[id] = was | role;
    return true;
  }

  /** Takes one triple, subject then object (the general writer's labelling order). */
  triple(s: number, p: number, o: number): boolean {
    return this.take(s, false) && this.source.term(p).termType === 'NamedNode' && this.take(o, true);
  }
}

/**
 * Takes the source's triples for direct writing, labelling its blank nodes in the general writer's
 * order; undefined when the source does not qualify (see the module comment).
 */
export function directTriples(source: TripleSource, labels: BlankLabels): DirectGraph | undefined {
  if (source.distinctTriples !== true) return undefined;
  const check = new TermCheck(source, labels);
  const predicates: number[] = [];
  const lists: PredicateList[] = [];
  if (source.forEachPredicate !== undefined) {
    source.forEachPredicate((p, s, o) => {
      if (s.length === 0) return;
      predicates.push(p);
      lists.push({ s, o });
    });
    for (let k = 0; k < lists.length; k++) {
      // The predicate checked once for its list (labels given before a decline are a prefix of the general writer's).
      if (source.term(predicates[k]!).termType !== 'NamedNode') return undefined;
      const { s, o } = lists[k]!;
      for (let i = 0; i < s.length; i++) if (!check.take(s[i]!, false) || !check.take(o[i]!, true)) return undefined;
    }
    return { source, predicates, lists, blankLabels: check.blankLabels };
  }
  // Any other source: its triples bucketed by predicate as they come.
  const at: number[] = [];
  let ok = true;
  source.forEachTriple((s, p, o) => {
    if (!ok) return;
    let k = at[p];
    if (k === undefined) {
      k = at[p] = lists.length;
      predicates.push(p);
      lists.push({ s: [], o: [] });
    }
    (lists[k]!.s as number[]).push(s);
    (lists[k]!.o as number[]).push(o);
    ok = check.triple(s, p, o);
  });
  return ok ? { source, predicates, lists, blankLabels: check.blankLabels } : undefined;
}

/**
 * The order of distinct strings (their positions, by string), or `memo`'s when the strings are
 * those it sorted last, in the same order: then an element-wise comparison (mostly of the same
 * string objects: IRIs the reader and the cells share, the shared blank labels) replaces the sort.
 */
function sortedOrder(memo: SortMemo, keys: readonly string[], sort: (keys: readonly string[]) => number[]): readonly number[] {
  const last = memo.keys;
  if (last.length === keys.length) {
    let i = 0;
    while (i < keys.length && last[i] === keys[i]) i++;
    if (i === keys.length) return memo.order;
  }
  const order = sort(keys);
  memo.keys = keys;
  memo.order = order;
  memo.derived = undefined;
  return order;
}

/** Positions by string with one comparison per pair (the strings are distinct): for a few strings. */
function sortByComparison(keys: readonly string[]): number[] {
  return keys.map((_, k) => k).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
}

/**
 * Positions by string through the built-in string order (no comparison function called per pair),
 * then each string found again by a Map: for the node ids, more of them.
 */
function sortByStrings(keys: readonly string[]): number[] {
  const at = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) at.set(keys[i]!, i);
  const sorted = [...keys].sort();
  const order = new Array<number>(sorted.length);
  for (let k = 0; k < sorted.length; k++) order[k] = at.get(sorted[k]!)!;
  return order;
}

/**
 * Predicate ids sorted by IRI, the subjects, and per subject id its (predicate rank, object)
 * pairs by rank, then in source order (each subject's values as the general writer lists them).
 */
function nodePairs(memo: SortMemo, d: DirectGraph): { predicates: number[]; subjects: number[]; pairsOf: Array<number[] | undefined> } {
  const { source, predicates, lists } = d;
  // Distinct ids are distinct IRIs (one id per term).
  const order = sortedOrder(
    memo,
    predicates.map((p) => source.term(p).value),
    sortByComparison,
  );
  const subjects: number[] = [];
  const pairsOf: Array<number[] | undefined> = [];
  for (let r = 0; r < order.length; r++) {
    const { s, o } = lists[order[r]!]!;
    for (let i = 0; i < s.length; i++) {
      const subject = s[i]!;
      let pairs = pairsOf[subject];
      if (pairs === undefined) {
        pairs = pairsOf[subject] = [];
        subjects.push(subject);
      }
      pairs.push(r, o[i]!);
    }
  }
  return { predicates: order.map((k) => predicates[k]!), subjects, pairsOf };
}

/** The compact form of an object (the general writer's compactValue of the same term). */
function compactObject(data: PrefixData, d: DirectGraph, id: number): unknown {
  const term = d.source.term(id);
  if (term.termType === 'BlankNode') return { '@id': d.blankLabels[id] };
  if (term.termType !== 'Literal') return { '@id': compactIri(data, term.value, false) };
  return compactLiteral(data, term.value, term.language, term.datatype.value);
}

/**
 * True when the keys are distinct and none is a keyword or `__proto__` (assigned in order, they
 * then make the properties the general writer's assignments make). A pairwise check: the few keys
 * of a payload cost less so than in a Set made per message.
 */
function ordinaryKeys(keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.charCodeAt(0) === 64 || k === '__proto__') return false;
    for (let j = 0; j < i; j++) if (keys[j] === k) return false;
  }
  return true;
}

/**
 * The graph's node objects, sorted by node id, as the general writer's graphNodes makes them; or
 * undefined when two predicates compact to the same key or a key is not an ordinary property
 * (the general writer's object assignments then decide what is written).
 */
export function directNodes(data: PrefixData, d: DirectGraph): unknown[] | undefined {
  const memo = data.predicateSort;
  const { predicates, subjects, pairsOf } = nodePairs(memo, d);
  // The same predicates as last time under these prefixes: the same keys, checked then.
  let keys = memo.derived;
  if (keys === undefined) {
    keys = predicates.map((p) => compactIri(data, d.source.term(p).value, true));
    if (!ordinaryKeys(keys)) return undefined;
    memo.derived = keys;
  }
  // Node ids are distinct (one id per term, blank labels apart from IRIs).
  const ids = new Array<string>(subjects.length);
  for (let i = 0; i < subjects.length; i++) {
    const s = subjects[i]!;
    ids[i] = d.blankLabels[s] ?? d.source.term(s).value;
  }
  const order = sortedOrder(data.subjectSort, ids, sortByStrings);
  const objects: unknown[] = [];
  const out: unknown[] = new Array(ids.length);
  for (let k = 0; k < order.length; k++) {
    const s = subjects[order[k]!]!;
    const id = ids[order[k]!]!;
    const node = { '@id': d.blankLabels[s] === undefined ? compactIri(data, id, false) : id } as Record<string, unknown>;
    const pairs = pairsOf[s]!;
    // Each property written once (a value, or the array of its values): no read of the node.
    for (let j = 0; j < pairs.length;) {
      const r = pairs[j]!;
      let end = j + 2;
      while (end < pairs.length && pairs[end] === r) end += 2;
      if (end === j + 2) node[keys[r]!] = objects[pairs[j + 1]!] ??= compactObject(data, d, pairs[j + 1]!);
      else {
        const values: unknown[] = [];
        for (let v = j + 1; v < end; v += 2) values.push((objects[pairs[v]!] ??= compactObject(data, d, pairs[v]!)));
        node[keys[r]!] = values;
      }
      j = end;
    }
    out[k] = node;
  }
  return out;
}
