import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/payload-variants.js';
import { factory, termKey, type RDF } from '../rdf/terms.js';
import { SERIAL_LIMIT } from './iri-serials.js';
import { TermGraph } from './term-graph.js';

/**
 * TermGraph's membership against a plain set of "s p o" strings, under random adds and removes:
 * predicates whose lists cross the length where membership switches from scanning to a set (and
 * shrink back), and ids past the range where pair keys are numbers.
 */
describe('TermGraph membership', () => {
  const ops = (seed: number, ids: () => number, predicates: number) => {
    const random = seededRandom(seed);
    const graph = new TermGraph();
    const reference = new Set<string>();
    const pick = (n: number) => Math.floor(random() * n);
    for (let i = 0; i < 4000; i++) {
      const s = ids();
      const p = pick(predicates);
      const o = ids();
      const key = `${s} ${p} ${o}`;
      if (random() < 0.6) {
        expect(graph.add(s, p, o), `add ${key}`).toBe(!reference.has(key));
        reference.add(key);
      } else {
        expect(graph.remove(s, p, o), `remove ${key}`).toBe(reference.has(key));
        reference.delete(key);
      }
      expect(graph.size).toBe(reference.size);
    }
    for (const key of reference) {
      const [s, p, o] = key.split(' ').map(Number) as [number, number, number];
      expect(graph.has(s, p, o), key).toBe(true);
    }
    const listed = [...graph.triples()].map(([s, p, o]) => `${s} ${p} ${o}`).sort();
    expect(listed).toEqual([...reference].sort());
  };

  it('agrees with a set of triples on small ids (lists growing past the scan limit)', () => {
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed * 7919);
      ops(seed, () => Math.floor(random() * 12), 3);
    }
  });

  it('agrees with a set of triples on ids on both sides of the small-integer pair keys (2^15)', () => {
    const random = seededRandom(15);
    // Ids just below and above 2^15 mixed: a small key must never equal a large pair's key.
    ops(15, () => (1 << 15) + Math.floor(random() * 8) - 4, 2);
    ops(16, () => (random() < 0.5 ? Math.floor(random() * 4) : (1 << 15) * (1 + Math.floor(random() * 3)) + Math.floor(random() * 4)), 2);
  });

  it('agrees with a set of triples on ids past the numeric pair-key range', () => {
    const random = seededRandom(42);
    ops(42, () => (random() < 0.5 ? Math.floor(random() * 6) : (1 << 26) + Math.floor(random() * 6)), 2);
  });
});

describe('TermGraph term ids', () => {
  it('finds every term by itself and by its termKey, and none it was not given (literals with quotes, tags, odd datatypes)', () => {
    const random = seededRandom(7);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const values = ['', 'a', '"', 'a"b', '"@en', '"^^x', '72.5', 'x"^^http://e.org/d'];
    const datatypes = ['http://www.w3.org/2001/XMLSchema#string', 'http://e.org/d', 'http://e.org/"q', 'http://e.org/d"^^x', 'http://e.org/"@en'];
    const tags = ['en', 'en-gb', 'de'];
    const term = (): RDF.Term => {
      const r = random();
      if (r < 0.2) return factory.namedNode(pick(datatypes));
      if (r < 0.3) return factory.blankNode(`b${Math.floor(random() * 4)}`);
      if (r < 0.5) return factory.literal(pick(values), pick(tags));
      return factory.literal(pick(values), factory.namedNode(pick(datatypes)));
    };
    const graph = new TermGraph();
    const given = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const t = term();
      const key = termKey(t);
      if (random() < 0.5) {
        const id = graph.intern(t);
        expect(given.get(key) ?? id, key).toBe(id);
        given.set(key, id);
      }
      expect(graph.lookupKey(key), key).toBe(given.get(key));
      expect(graph.lookupTerm(t), key).toBe(given.get(key));
      if (t.termType === 'Literal') expect(graph.lookupLiteral(t.value, t.language === '' ? t.datatype.value : '', t.language), key).toBe(given.get(key));
    }
    for (const [key, id] of given) expect(termKey(graph.term(id))).toBe(key);
  });
});

/**
 * IRI ids live in stamps that one graph owns at a time (iri-serials.ts): graphs used in turn, and
 * a table that fills up and starts again, must keep every graph's ids as a Map per graph would.
 */
describe('TermGraph IRI stamps', () => {
  const iri = (n: number) => factory.namedNode(n % 7 === 0 ? `_x${n}` : n % 11 === 0 ? `<y${n}` : `http://e.org/i${n}`);

  it('keeps each graph its ids while several graphs intern and look up in turn', () => {
    const random = seededRandom(11);
    const graphs: Array<{ graph: TermGraph; given: Map<string, number> }> = [];
    for (let i = 0; i < 3000; i++) {
      if (graphs.length === 0 || random() < 0.02) graphs.push({ graph: new TermGraph(), given: new Map() });
      const { graph, given } = graphs[Math.floor(random() * graphs.length)]!;
      const t = random() < 0.1 ? factory.blankNode(`b${Math.floor(random() * 5)}`) : iri(Math.floor(random() * 60));
      const key = termKey(t);
      if (random() < 0.5) {
        const id = graph.intern(t);
        expect(given.get(key) ?? id, key).toBe(id);
        given.set(key, id);
      }
      expect(graph.lookupTerm(t), key).toBe(given.get(key));
      expect(graph.lookupKey(key), key).toBe(given.get(key));
    }
    for (const { graph, given } of graphs) for (const [key, id] of given) expect(termKey(graph.term(id))).toBe(key);
  });

  it('keeps the ids of a graph whose IRIs outnumber the shared table (it starts again), and of a graph made after', () => {
    const first = new TermGraph();
    const ids: number[] = [];
    for (let n = 0; n < SERIAL_LIMIT + 100; n++) ids.push(first.intern(iri(n)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let n = 0; n < SERIAL_LIMIT + 100; n++) expect(first.lookupTerm(iri(n))).toBe(ids[n]);
    const second = new TermGraph();
    expect(second.lookupTerm(iri(5))).toBeUndefined();
    const id = second.intern(iri(5));
    expect(second.lookupKey(termKey(iri(5)))).toBe(id);
    expect(first.intern(iri(5))).toBe(ids[5]);
    expect(first.lookupTerm(iri(SERIAL_LIMIT + 99))).toBe(ids[SERIAL_LIMIT + 99]);
  });
});
