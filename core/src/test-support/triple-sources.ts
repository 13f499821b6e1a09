/**
 * TripleSources over quads, as the engine's TermGraph offers them to the JSON-LD writer (ids into a
 * table of terms), for the codec's tests: the graph of each quad is dropped.
 */
import { termKey, type RDF } from '../common/rdf/terms.js';
import type { TripleSource } from '../common/jsonld/index.js';

/** Every triple of `quads` in order, repeats kept, one id per term object. */
export function sourceOf(quads: readonly RDF.Quad[]): TripleSource {
  const terms: RDF.Term[] = [];
  const ids = new Map<RDF.Term, number>();
  const id = (t: RDF.Term): number => {
    let i = ids.get(t);
    if (i === undefined) ids.set(t, (i = terms.push(t) - 1));
    return i;
  };
  const triples = quads.map((q) => [id(q.subject), id(q.predicate), id(q.object)] as const);
  return {
    forEachTriple: (f) => {
      for (const [s, p, o] of triples) f(s, p, o);
    },
    term: (i) => terms[i]!,
  };
}

/** The distinct triples of `quads`, one id per term (by value), promising so: the writer may write it straight from the ids. */
export function distinctSourceOf(quads: readonly RDF.Quad[]): TripleSource {
  const terms: RDF.Term[] = [];
  const ids = new Map<string, number>();
  const id = (t: RDF.Term): number => {
    const key = `${t.termType} ${termKey(t)}`;
    let i = ids.get(key);
    if (i === undefined) ids.set(key, (i = terms.push(t) - 1));
    return i;
  };
  const seen = new Set<string>();
  const triples: Array<readonly [number, number, number]> = [];
  for (const q of quads) {
    const t = [id(q.subject), id(q.predicate), id(q.object)] as const;
    if (!seen.has(t.join(' '))) triples.push(t);
    seen.add(t.join(' '));
  }
  return {
    forEachTriple: (f) => {
      for (const [s, p, o] of triples) f(s, p, o);
    },
    term: (i) => terms[i]!,
    distinctTriples: true,
  };
}
