/**
 * A small indexed triple store for one message payload. Terms are interned to integers (per
 * graph, so nothing grows across messages); triples are indexed subject->predicate->objects and
 * predicate->object->subjects, the two access paths cell patterns need (predicates are always
 * constants, reference-mediator.md 1.7).
 */
import { factory, termKey, type RDF } from '../rdf/terms.js';

export class TermGraph {
  private readonly ids = new Map<string, number>();
  readonly terms: RDF.Term[] = [];
  private readonly spo = new Map<number, Map<number, Set<number>>>();
  private readonly pos = new Map<number, Map<number, Set<number>>>();
  private blankCounter = 0;
  size = 0;

  static fromQuads(quads: Iterable<RDF.Quad>): TermGraph {
    const g = new TermGraph();
    for (const q of quads) g.add(g.intern(q.subject), g.intern(q.predicate), g.intern(q.object));
    return g;
  }

  intern(term: RDF.Term): number {
    const key = termKey(term);
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

  term(id: number): RDF.Term {
    const t = this.terms[id];
    if (t === undefined) throw new RangeError(`unknown term id ${id}`);
    return t;
  }

  /** A blank node whose label no other term of this graph uses. */
  freshBlank(): number {
    for (;;) {
      const label = `g${this.blankCounter++}`;
      if (!this.ids.has(`_:${label}`)) return this.intern(factory.blankNode(label));
    }
  }

  has(s: number, p: number, o: number): boolean {
    return this.spo.get(s)?.get(p)?.has(o) ?? false;
  }

  add(s: number, p: number, o: number): boolean {
    let ps = this.spo.get(s);
    if (ps === undefined) this.spo.set(s, (ps = new Map()));
    let os = ps.get(p);
    if (os === undefined) ps.set(p, (os = new Set()));
    if (os.has(o)) return false;
    os.add(o);
    let byO = this.pos.get(p);
    if (byO === undefined) this.pos.set(p, (byO = new Map()));
    let ss = byO.get(o);
    if (ss === undefined) byO.set(o, (ss = new Set()));
    ss.add(s);
    this.size++;
    return true;
  }

  remove(s: number, p: number, o: number): boolean {
    const ps = this.spo.get(s);
    const os = ps?.get(p);
    if (os === undefined || !os.delete(o)) return false;
    if (os.size === 0) {
      ps!.delete(p);
      if (ps!.size === 0) this.spo.delete(s);
    }
    const byO = this.pos.get(p)!;
    const ss = byO.get(o)!;
    ss.delete(s);
    if (ss.size === 0) {
      byO.delete(o);
      if (byO.size === 0) this.pos.delete(p);
    }
    this.size--;
    return true;
  }

  /** Objects of (s, p, ?). */
  objects(s: number, p: number): ReadonlySet<number> | undefined {
    return this.spo.get(s)?.get(p);
  }

  /** Subjects of (?, p, o). */
  subjects(p: number, o: number): ReadonlySet<number> | undefined {
    return this.pos.get(p)?.get(o);
  }

  /** All (object -> subjects) of predicate p. */
  byPredicate(p: number): ReadonlyMap<number, ReadonlySet<number>> | undefined {
    return this.pos.get(p);
  }

  *triples(): IterableIterator<[number, number, number]> {
    for (const [s, ps] of this.spo) for (const [p, os] of ps) for (const o of os) yield [s, p, o];
  }

  toQuads(graph: RDF.Quad_Graph): RDF.Quad[] {
    const out: RDF.Quad[] = [];
    for (const [s, p, o] of this.triples()) {
      out.push(factory.quad(this.term(s) as RDF.Quad_Subject, this.term(p) as RDF.Quad_Predicate, this.term(o) as RDF.Quad_Object, graph));
    }
    return out;
  }
}
