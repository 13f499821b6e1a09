/**
 * A small triple store for one message payload. Terms are interned to integers (per graph, so
 * nothing grows across messages). Triples live in one pair of parallel arrays per predicate, with
 * a set of packed triple keys for membership: payloads hold tens of triples, and scanning a short
 * array beat nested Map/Set indexes by a wide margin (allocation and hashing dominated). Cell
 * patterns always have a constant predicate (reference-mediator.md 1.7), so the per-predicate
 * list is always the access path.
 */
import { factory, iriKey, termKey, type RDF } from '../rdf/terms.js';

/** Subjects and objects of one predicate, index-aligned. */
export interface PredicateTriples {
  readonly s: number[];
  readonly o: number[];
}

/** Packed keys are exact while term ids stay below 2^17 (17 + 17 + 17 bits < 53). */
const PACK_LIMIT = 1 << 17;
/**
 * Below 2^10 per id the packed key fits 30 bits, a small integer V8 keeps unboxed: a Set of those
 * hashes without allocating a heap number per key, which the 51-bit keys cost on every add and
 * lookup. Every payload of the golden pairs has far fewer than 1024 terms.
 */
const SMALL_LIMIT = 1 << 10;

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

export class TermGraph {
  private readonly ids = new Map<string, number>();
  readonly terms: RDF.Term[] = [];
  /**
   * The triples of each predicate, indexed by its term id (ids are dense, so an array beats a Map
   * keyed by them), and the predicates in the order of their first triple, which is the order
   * triples are listed in (and so the order the writer meets them in).
   */
  private readonly lists: Array<PredicateTriples | undefined> = [];
  private readonly predicates: number[] = [];
  /** Keys of triples whose ids are all below SMALL_LIMIT (ids only grow, so a triple's set never changes). */
  private readonly small = new Set<number>();
  /** The larger keys' sets, made when a graph first needs them. */
  private packedKeys: Set<number> | undefined;
  private wideKeys: Set<string> | undefined;
  private blankCounter = 0;
  size = 0;

  static fromQuads(quads: Iterable<RDF.Quad>): TermGraph {
    const g = new TermGraph();
    // A reader shares one term object per IRI and per blank node of a message: the last subject
    // and predicate seen are compared by identity first (quads come node by node), and blank
    // nodes, whose keys would be built again at every mention, are remembered by identity.
    const blanks = new Map<RDF.Term, number>();
    let lastSubject: RDF.Term | undefined;
    let lastSubjectId = 0;
    for (const q of quads) {
      const subject = q.subject;
      if (subject !== lastSubject) {
        lastSubject = subject;
        lastSubjectId = g.internShared(subject, blanks);
      }
      g.add(lastSubjectId, g.intern(q.predicate), g.internShared(q.object, blanks));
    }
    return g;
  }

  /** `intern`, remembering blank nodes by identity in `blanks`. */
  private internShared(term: RDF.Term, blanks: Map<RDF.Term, number>): number {
    if (term.termType !== 'BlankNode') return this.intern(term);
    let id = blanks.get(term);
    if (id === undefined) {
      id = this.intern(term);
      blanks.set(term, id);
    }
    return id;
  }

  intern(term: RDF.Term): number {
    return this.internKeyed(term.termType === 'NamedNode' ? iriKey(term.value) : termKey(term), term);
  }

  /** `intern` with the term's key already computed (compiled cells precompute their constants' keys). */
  internKeyed(key: string, term: RDF.Term): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(term);
      this.ids.set(key, id);
    }
    return id;
  }

  /** Id of a term given its `termKey`, or undefined when the graph has never seen it. */
  lookupKey(key: string): number | undefined {
    return this.ids.get(key);
  }

  get termCount(): number {
    return this.terms.length;
  }

  isBlank(id: number): boolean {
    return this.term(id).termType === 'BlankNode';
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
      // The key built once (it is the term's termKey), not again by intern.
      const key = `_:g${this.blankCounter++}`;
      if (!this.ids.has(key)) return this.internKeyed(key, factory.blankNode(key.slice(2)));
    }
  }

  private hasKey(s: number, p: number, o: number): boolean {
    if (s < SMALL_LIMIT && p < SMALL_LIMIT && o < SMALL_LIMIT) return this.small.has((s * SMALL_LIMIT + p) * SMALL_LIMIT + o);
    if (s < PACK_LIMIT && p < PACK_LIMIT && o < PACK_LIMIT) return this.packedKeys?.has((s * PACK_LIMIT + p) * PACK_LIMIT + o) === true;
    return this.wideKeys?.has(`${s} ${p} ${o}`) === true;
  }

  has(s: number, p: number, o: number): boolean {
    return this.hasKey(s, p, o);
  }

  add(s: number, p: number, o: number): boolean {
    if (s < SMALL_LIMIT && p < SMALL_LIMIT && o < SMALL_LIMIT) {
      const k = (s * SMALL_LIMIT + p) * SMALL_LIMIT + o;
      if (this.small.has(k)) return false;
      this.small.add(k);
    } else if (s < PACK_LIMIT && p < PACK_LIMIT && o < PACK_LIMIT) {
      const k = (s * PACK_LIMIT + p) * PACK_LIMIT + o;
      const packed = (this.packedKeys ??= new Set());
      if (packed.has(k)) return false;
      packed.add(k);
    } else {
      const k = `${s} ${p} ${o}`;
      const wide = (this.wideKeys ??= new Set());
      if (wide.has(k)) return false;
      wide.add(k);
    }
    let list = this.lists[p];
    if (list === undefined) {
      list = { s: [], o: [] };
      // Filling any gap first keeps the array's elements packed (ids below p may be subjects or objects only).
      while (this.lists.length < p) this.lists.push(undefined);
      this.lists[p] = list;
      this.predicates.push(p);
    }
    list.s.push(s);
    list.o.push(o);
    this.size++;
    return true;
  }

  remove(s: number, p: number, o: number): boolean {
    if (s < SMALL_LIMIT && p < SMALL_LIMIT && o < SMALL_LIMIT) {
      if (!this.small.delete((s * SMALL_LIMIT + p) * SMALL_LIMIT + o)) return false;
    } else if (s < PACK_LIMIT && p < PACK_LIMIT && o < PACK_LIMIT) {
      if (this.packedKeys?.delete((s * PACK_LIMIT + p) * PACK_LIMIT + o) !== true) return false;
    } else if (this.wideKeys?.delete(`${s} ${p} ${o}`) !== true) {
      return false;
    }
    const list = this.lists[p]!;
    const last = list.s.length - 1;
    for (let i = 0; i <= last; i++) {
      if (list.s[i] === s && list.o[i] === o) {
        // Swap-remove: order inside a predicate list carries no meaning.
        list.s[i] = list.s[last]!;
        list.o[i] = list.o[last]!;
        list.s.pop();
        list.o.pop();
        break;
      }
    }
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

  toQuads(graph: RDF.Quad_Graph): RDF.Quad[] {
    const out: RDF.Quad[] = [];
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
