/**
 * A small triple store for one message payload. Terms are interned to integers (per graph, so
 * nothing grows across messages). Triples live in one pair of parallel arrays per predicate:
 * payloads hold tens of triples, and scanning a short array beat nested Map/Set indexes by a wide
 * margin (allocation and hashing dominated). Membership scans the predicate's list too until it
 * grows past SCAN_LIMIT; a longer list keeps a set of its (subject, object) pairs. Cell patterns
 * always have a constant predicate (reference-mediator.md 1.7), so the per-predicate list is
 * always the access path.
 */
import { factory, iriKey, termKey, type RDF } from '../rdf/terms.js';
import { ownsStamps, stampAt, stampedAt, stampedId, stampedOrStamp, takeStamps } from './iri-serials.js';

/** Subjects and objects of one predicate, index-aligned. */
export interface PredicateTriples {
  readonly s: number[];
  readonly o: number[];
}

/** Packed keys are exact while term ids stay below 2^17 (17 + 17 + 17 bits < 53). */
const PACK_LIMIT = 1 << 17;
/**
 * A predicate's list up to this length answers membership by a scan; past it, by a set of pair
 * keys. A set per graph (every triple's key added, the set grown step by step from empty) cost
 * more than scanning the few triples a payload has per predicate.
 */
const SCAN_LIMIT = 16;
/**
 * Pair keys of ids below 2^15 are below 2^30: small integers, which a Set holds unboxed (a key
 * past 2^30 is a heap number, allocated and hashed as a double: building a long list's set cost
 * more than the rest of its message's interning). Larger ids give negative keys, exact while both
 * stay below 2^26 (26 + 26 bits < 53), then strings.
 */
const SMALL_PAIR = 1 << 15;
const PAIR_LIMIT = 1 << 26;

/** A predicate's triples, with the set of their pair keys once the list is long. */
interface PredicateList extends PredicateTriples {
  keys: Set<number | string> | undefined;
}

function pairKey(s: number, o: number): number | string {
  if (s < SMALL_PAIR && o < SMALL_PAIR) return s * SMALL_PAIR + o;
  return s < PAIR_LIMIT && o < PAIR_LIMIT ? -(s * PAIR_LIMIT + o) - 1 : `${s} ${o}`;
}

/** Index of (s, o) in the list, or -1. */
function indexOf(list: PredicateTriples, s: number, o: number): number {
  const subjects = list.s;
  const objects = list.o;
  for (let i = 0; i < subjects.length; i++) if (subjects[i] === s && objects[i] === o) return i;
  return -1;
}

/** A triple's identity as the graph keys it: one exact number while its ids stay below 2^17, else `"s p o"`. */
export function tripleId(s: number, p: number, o: number): number | string {
  return s < PACK_LIMIT && p < PACK_LIMIT && o < PACK_LIMIT ? (s * PACK_LIMIT + p) * PACK_LIMIT + o : `${s} ${p} ${o}`;
}

/** A `tripleId` as `"s p o"` text. */
export function tripleIdText(id: number | string): string {
  if (typeof id === 'string') return id;
  const o = id % PACK_LIMIT;
  const sp = (id - o) / PACK_LIMIT;
  const p = sp % PACK_LIMIT;
  return `${(sp - p) / PACK_LIMIT} ${p} ${o}`;
}

/**
 * A graph finds its literals by scanning the list of them up to this many; past it, by tables
 * (Maps per datatype and per tag) made then. A payload holds a few literals: tables made on every
 * message, one per datatype, cost more than comparing a few strings.
 */
const LITERAL_SCAN_LIMIT = 32;

/** Fresh blank nodes whose keys and terms are made once and shared by every graph of this thread. */
const FRESH_SHARED = 256;
const FRESH_KEYS: string[] = [];
const FRESH_TERMS: RDF.BlankNode[] = [];

export class TermGraph {
  /**
   * Ids of blank nodes and other non-literal terms (by `termKey`), and of IRIs (by `iriKey`) once
   * the graph no longer owns the IRI stamps (iri-serials.ts): until then its IRIs are found there.
   */
  private readonly ids = new Map<string, number>();
  private readonly stamp = takeStamps(this);
  /** True while this graph's IRIs live in the stamps rather than in `ids`. */
  private stamped = true;
  /** The ids of the graph's literals while it scans them (see LITERAL_SCAN_LIMIT); then undefined. */
  private literalList: number[] | undefined = [];
  /**
   * Past the scan: ids of literals by datatype IRI, then lexical form, and of language-tagged ones
   * by tag. A key string built per literal (`"v"^^dt`, new on every message, so flattened and
   * hashed each time) cost several times the lookup itself.
   */
  private literalIds: Map<string, Map<string, number>> | undefined;
  private taggedIds: Map<string, Map<string, number>> | undefined;
  readonly terms: RDF.Term[] = [];
  /**
   * The triples of each predicate, indexed by its term id (ids are dense, so an array beats a Map
   * keyed by them), and the predicates in the order of their first triple, which is the order
   * triples are listed in (and so the order the writer meets them in).
   */
  private readonly lists: Array<PredicateList | undefined> = [];
  private readonly predicates: number[] = [];
  private blankCounter = 0;
  size = 0;

  static fromQuads(quads: Iterable<RDF.Quad>): TermGraph {
    const g = new TermGraph();
    for (const q of quads) g.triple(q.subject, q.predicate, q.object);
    return g;
  }

  /**
   * Blank nodes given to `triple` by identity, and the last subject given and its id: a reader
   * shares one term object per IRI and per blank node of a message, triples come node by node,
   * and a blank node's key would be built again at every mention.
   */
  private readBlanks: Map<RDF.Term, number> | undefined;
  private lastSubject: RDF.Term | undefined;
  private lastSubjectId = 0;

  /**
   * Adds a triple given by its terms (fromQuads, and the fast reader's TripleSink: the payload
   * graph read straight into a TermGraph, without a quad per triple).
   */
  triple(s: RDF.Term, p: RDF.Term, o: RDF.Term): void {
    if (s !== this.lastSubject) {
      this.lastSubject = s;
      this.lastSubjectId = this.internShared(s);
    }
    this.add(this.lastSubjectId, this.intern(p), this.internShared(o));
  }

  /** `intern`, remembering blank nodes by identity. */
  private internShared(term: RDF.Term): number {
    if (term.termType !== 'BlankNode') return this.intern(term);
    const blanks = (this.readBlanks ??= new Map<RDF.Term, number>());
    let id = blanks.get(term);
    if (id === undefined) {
      id = this.intern(term);
      blanks.set(term, id);
    }
    return id;
  }

  intern(term: RDF.Term): number {
    if (term.termType === 'Literal') return this.internLiteral(term);
    return this.internKeyed(term.termType === 'NamedNode' ? iriKey(term.value) : termKey(term), term);
  }

  /** `intern` with the term's key already computed (compiled cells precompute their constants' keys; literals go by their fields). */
  internKeyed(key: string, term: RDF.Term): number {
    if (term.termType === 'Literal') return this.internLiteral(term);
    if (term.termType === 'NamedNode' && this.usesStamps()) {
      const next = this.terms.length;
      const found = stampedOrStamp(this.stamp, key, next);
      if (found === next) this.terms.push(term);
      if (found >= 0) return found;
      // The table started again: this graph's IRIs move to its own Map.
      this.localize();
    }
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(key, id);
    }
    return id;
  }

  /** True while the IRI stamps are this graph's; once another graph owns them, moves its IRIs to `ids`. */
  private usesStamps(): boolean {
    if (!this.stamped) return false;
    if (ownsStamps(this)) return true;
    this.localize();
    return false;
  }

  /** Puts the graph's IRIs in `ids` and stops using the stamps (another graph owns them now). */
  private localize(): void {
    if (!this.stamped) return;
    this.stamped = false;
    for (let i = 0; i < this.terms.length; i++) {
      const t = this.terms[i]!;
      if (t.termType === 'NamedNode') this.ids.set(iriKey(t.value), i);
    }
  }

  /**
   * The id of an IRI constant whose serial (iri-serials.ts) the caller keeps for the current era,
   * with its `iriKey` for when the graph no longer uses the stamps; undefined when not in the graph.
   */
  lookupSerial(serial: number, key: string): number | undefined {
    if (!this.usesStamps()) return this.ids.get(key);
    const id = stampedAt(this.stamp, serial);
    return id < 0 ? undefined : id;
  }

  /** `internKeyed` of an IRI whose serial the caller keeps for the current era (see lookupSerial). */
  internSerial(serial: number, key: string, term: RDF.NamedNode): number {
    if (!this.usesStamps()) return this.internKeyed(key, term);
    let id = stampedAt(this.stamp, serial);
    if (id < 0) {
      id = this.terms.length;
      this.terms.push(term);
      stampAt(this.stamp, serial, id);
    }
    return id;
  }

  /** The id of an IRI by its `iriKey`. */
  private iriId(key: string): number | undefined {
    if (!this.usesStamps()) return this.ids.get(key);
    const id = stampedId(this.stamp, key);
    return id < 0 ? undefined : id;
  }

  /** The table of a datatype (`language` '') or of a tag, made when `create`; only past the scan. */
  private literalTable(datatype: string, language: string, create: boolean): Map<string, number> | undefined {
    const tagged = language !== '';
    // Language-tagged literals are rare in payloads: their table is made on the first one.
    const tables = tagged ? (this.taggedIds ??= new Map<string, Map<string, number>>()) : (this.literalIds ??= new Map<string, Map<string, number>>());
    const name = tagged ? language : datatype;
    let table = tables.get(name);
    if (table === undefined && create) tables.set(name, (table = new Map<string, number>()));
    return table;
  }

  /**
   * The id of the literal with this lexical form and language tag, or with this form and datatype
   * IRI when untagged (`datatype` is read only then: '' will do for a tagged one).
   */
  private findLiteral(value: string, language: string, datatype: string): number | undefined {
    const list = this.literalList;
    if (list === undefined) return this.literalTable(datatype, language, false)?.get(value);
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      const t = this.terms[id] as RDF.Literal;
      if (t.value === value && t.language === language && (language !== '' || t.datatype.value === datatype)) return id;
    }
    return undefined;
  }

  private internLiteral(term: RDF.Literal): number {
    const language = term.language;
    const found = this.findLiteral(term.value, language, language === '' ? term.datatype.value : '');
    if (found !== undefined) return found;
    const id = this.terms.length;
    this.terms.push(term);
    const list = this.literalList;
    if (list === undefined) this.tableLiteral(id);
    else if (list.push(id) > LITERAL_SCAN_LIMIT) {
      this.literalList = undefined;
      for (const each of list) this.tableLiteral(each);
    }
    return id;
  }

  /** Puts literal `id` in its table (past the scan). */
  private tableLiteral(id: number): void {
    const t = this.terms[id] as RDF.Literal;
    this.literalTable(t.language === '' ? t.datatype.value : '', t.language, true)!.set(t.value, id);
  }

  /** Id of a term, or undefined when the graph has never seen it. */
  lookupTerm(term: RDF.Term): number | undefined {
    if (term.termType === 'Literal') return this.findLiteral(term.value, term.language, term.language === '' ? term.datatype.value : '');
    return term.termType === 'NamedNode' ? this.iriId(iriKey(term.value)) : this.ids.get(termKey(term));
  }

  /** Id of a literal by its lexical form and datatype IRI, or by its form and language tag (as the graph holds it). */
  lookupLiteral(value: string, datatype: string, language: string): number | undefined {
    return this.findLiteral(value, language, datatype);
  }

  /** Id of a term given its `termKey`, or undefined when the graph has never seen it. */
  lookupKey(key: string): number | undefined {
    const c = key.charCodeAt(0);
    if (c === 34) return this.lookupLiteralKey(key);
    // `_:` blank nodes, `?` variables and the empty key of other terms; iriKey brackets IRIs that start so.
    return c === 95 || c === 63 || key === '' ? this.ids.get(key) : this.iriId(key);
  }

  /**
   * A literal's id by its key `"v"^^dt` or `"v"@tag`, split at the last quote. A datatype IRI
   * holding a quote would split wrong, so a miss is confirmed against every literal's key.
   */
  private lookupLiteralKey(key: string): number | undefined {
    const quote = key.lastIndexOf('"');
    const value = key.slice(1, quote);
    let id: number | undefined;
    if (key.charCodeAt(quote + 1) === 64) id = this.findLiteral(value, key.slice(quote + 2), '');
    else if (key.charCodeAt(quote + 1) === 94 && key.charCodeAt(quote + 2) === 94) id = this.findLiteral(value, '', key.slice(quote + 3));
    if (id !== undefined) return id;
    for (let i = 0; i < this.terms.length; i++) {
      const t = this.terms[i]!;
      if (t.termType === 'Literal' && termKey(t) === key) return i;
    }
    return undefined;
  }

  /** Each triple is held once and each term has one id (the writer's TripleSource may rely on it). */
  get distinctTriples(): true {
    return true;
  }

  get termCount(): number {
    return this.terms.length;
  }

  isBlank(id: number): boolean {
    return this.term(id).termType === 'BlankNode';
  }

  /** The triples a predicate at a time, in forEachTriple's order (do not modify while iterating). */
  forEachPredicate(f: (p: number, subjects: readonly number[], objects: readonly number[]) => void): void {
    for (const p of this.predicates) {
      const list = this.lists[p]!;
      f(p, list.s, list.o);
    }
  }

  forEachTriple(f: (s: number, p: number, o: number) => void): void {
    for (const p of this.predicates) {
      const list = this.lists[p]!;
      for (let i = 0; i < list.s.length; i++) f(list.s[i]!, p, list.o[i]!);
    }
  }

  term(id: number): RDF.Term {
    const t = this.terms[id];
    if (t === undefined) throw new RangeError(`unknown term id ${id}`);
    return t;
  }

  /** A blank node whose label no other term of this graph uses. */
  freshBlank(): number {
    for (;;) {
      const n = this.blankCounter++;
      // The key is the term's termKey; the first ones, and their terms, are shared by every graph
      // (immutable values), so a cell's fresh nodes build no string and no term per message.
      const key = n < FRESH_SHARED ? (FRESH_KEYS[n] ??= `_:g${n}`) : `_:g${n}`;
      if (this.ids.has(key)) continue;
      const term = n < FRESH_SHARED ? (FRESH_TERMS[n] ??= factory.blankNode(key.slice(2))) : factory.blankNode(key.slice(2));
      return this.internKeyed(key, term);
    }
  }

  has(s: number, p: number, o: number): boolean {
    const list = this.lists[p];
    if (list === undefined) return false;
    return list.keys === undefined ? indexOf(list, s, o) >= 0 : list.keys.has(pairKey(s, o));
  }

  add(s: number, p: number, o: number): boolean {
    let list = this.lists[p];
    if (list === undefined) {
      list = { s: [], o: [], keys: undefined };
      // Filling any gap first keeps the array's elements packed (ids below p may be subjects or objects only).
      while (this.lists.length < p) this.lists.push(undefined);
      this.lists[p] = list;
      this.predicates.push(p);
    } else if (list.keys === undefined) {
      if (indexOf(list, s, o) >= 0) return false;
    } else {
      const key = pairKey(s, o);
      if (list.keys.has(key)) return false;
      list.keys.add(key);
    }
    list.s.push(s);
    list.o.push(o);
    if (list.keys === undefined && list.s.length > SCAN_LIMIT) {
      const keys = new Set<number | string>();
      for (let i = 0; i < list.s.length; i++) keys.add(pairKey(list.s[i]!, list.o[i]!));
      list.keys = keys;
    }
    this.size++;
    return true;
  }

  remove(s: number, p: number, o: number): boolean {
    const list = this.lists[p];
    if (list === undefined) return false;
    if (list.keys !== undefined && !list.keys.delete(pairKey(s, o))) return false;
    const i = indexOf(list, s, o);
    if (i < 0) return false;
    // Swap-remove: order inside a predicate list carries no meaning.
    const last = list.s.length - 1;
    list.s[i] = list.s[last]!;
    list.o[i] = list.o[last]!;
    list.s.pop();
    list.o.pop();
    this.size--;
    return true;
  }

  /** The triples of predicate p (do not modify while iterating). */
  withPredicate(p: number): PredicateTriples | undefined {
    return this.lists[p];
  }

  *triples(): IterableIterator<[number, number, number]> {
    for (const p of this.predicates) {
      const list = this.lists[p]!;
      for (let i = 0; i < list.s.length; i++) yield [list.s[i]!, p, list.o[i]!];
    }
  }

  /** The triples as quads in `graph`, appended to `out` (a new array by default). */
  toQuads(graph: RDF.Quad_Graph, out: RDF.Quad[] = []): RDF.Quad[] {
    for (const p of this.predicates) {
      const list = this.lists[p]!;
      const predicate = this.term(p) as RDF.Quad_Predicate;
      for (let i = 0; i < list.s.length; i++) {
        out.push(factory.quad(this.term(list.s[i]!) as RDF.Quad_Subject, predicate, this.term(list.o[i]!) as RDF.Quad_Object, graph));
      }
    }
    return out;
  }
}
