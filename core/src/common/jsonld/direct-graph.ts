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
import { XSD_STRING } from '../rdf/terms.js';
import type { BlankLabels } from './blank-labels.js';
import { RDF_NIL } from './codec-terms.js';
import { compactIri, type PrefixData } from './prefix-tables.js';

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
}

/** A source's graph as `directTriples` took it: its triples (s, p, o flat) and its blank nodes' labels by id. */
export interface DirectGraph {
  readonly source: TripleSource;
  readonly triples: readonly number[];
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

/**
 * Takes the source's triples for direct writing, labelling its blank nodes in the general writer's
 * order; undefined when the source does not qualify (see the module comment).
 */
export function directTriples(source: TripleSource, labels: BlankLabels): DirectGraph | undefined {
  if (source.distinctTriples !== true) return undefined;
  const triples: number[] = [];
  const blankLabels: Array<string | undefined> = [];
  // Per id: bit 1 once checked as a subject, bit 2 once checked as an object.
  const seen: number[] = [];
  let ok = true;
  const take = (id: number, object: boolean): boolean => {
    const role = object ? 2 : 1;
    const was = seen[id] ?? 0;
    if ((was & role) !== 0) return true;
    const term = source.term(id);
    if (!takeTerm(term, object)) return false;
    if (term.termType === 'BlankNode' && blankLabels[id] === undefined) {
      // A blank node the other graphs already named is shared with them: the general rules decide.
      if (labels.has(term.value)) return false;
      blankLabels[id] = labels.label(term.value);
    }
    seen[id] = was | role;
    return true;
  };
  source.forEachTriple((s, p, o) => {
    if (!ok) return;
    triples.push(s, p, o);
    ok = take(s, false) && source.term(p).termType === 'NamedNode' && take(o, true);
  });
  return ok ? { source, triples, blankLabels } : undefined;
}

/**
 * Predicate ids sorted by IRI, the subjects in first-seen order, and per subject id its
 * (predicate rank, object) pairs by rank, then in source order (each subject's values as the
 * general writer lists them).
 */
function nodePairs(d: DirectGraph): { predicates: number[]; subjects: number[]; pairsOf: Array<number[] | undefined> } {
  const { source, triples } = d;
  const bucketOf: Array<number[] | undefined> = [];
  const predicates: number[] = [];
  const subjects: number[] = [];
  const pairsOf: Array<number[] | undefined> = [];
  for (let i = 0; i < triples.length; i += 3) {
    const s = triples[i]!;
    const p = triples[i + 1]!;
    if (pairsOf[s] === undefined) {
      pairsOf[s] = [];
      subjects.push(s);
    }
    let bucket = bucketOf[p];
    if (bucket === undefined) {
      bucket = bucketOf[p] = [];
      predicates.push(p);
    }
    bucket.push(s, triples[i + 2]!);
  }
  // Distinct ids are distinct IRIs (one id per term), so one comparison orders each pair.
  const iri = (id: number): string => source.term(id).value;
  predicates.sort((a, b) => (iri(a) < iri(b) ? -1 : 1));
  for (let r = 0; r < predicates.length; r++) {
    const bucket = bucketOf[predicates[r]!]!;
    for (let i = 0; i < bucket.length; i += 2) pairsOf[bucket[i]!]!.push(r, bucket[i + 1]!);
  }
  return { predicates, subjects, pairsOf };
}

/** The compact form of an object (the general writer's compactValue of the same term). */
function compactObject(data: PrefixData, d: DirectGraph, id: number): unknown {
  const term = d.source.term(id);
  if (term.termType === 'BlankNode') return { '@id': d.blankLabels[id] };
  if (term.termType !== 'Literal') return { '@id': compactIri(data, term.value, false) };
  if (term.language !== '') return { '@language': term.language, '@value': term.value };
  if (term.datatype.value === XSD_STRING) return term.value;
  return { '@type': compactIri(data, term.datatype.value, true), '@value': term.value };
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
  const { predicates, subjects, pairsOf } = nodePairs(d);
  const keys = predicates.map((p) => compactIri(data, d.source.term(p).value, true));
  if (!ordinaryKeys(keys)) return undefined;
  // Node ids are distinct (one id per term, blank labels apart from IRIs): sorted as strings by
  // the built-in order (no comparison function called per pair), then found again by id.
  const subjectOf = new Map<string, number>();
  const ids = new Array<string>(subjects.length);
  for (let i = 0; i < subjects.length; i++) {
    const s = subjects[i]!;
    const id = d.blankLabels[s] ?? d.source.term(s).value;
    ids[i] = id;
    subjectOf.set(id, s);
  }
  ids.sort();
  const objects: unknown[] = [];
  const out: unknown[] = new Array(ids.length);
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    const s = subjectOf.get(id)!;
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
