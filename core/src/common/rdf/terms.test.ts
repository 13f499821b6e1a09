import { describe, expect, it } from 'vitest';
import { TermGraph } from '../translation/term-graph.js';
import { factory, languageLiteral, termKey, type RDF } from './terms.js';

describe('termKey', () => {
  // IRI() of a blank node makes the IRI `_:b1` (Jena 3.9); an IRI's text may look like any other key.
  const texts = ['_:b1', '"x"^^http://www.w3.org/2001/XMLSchema#string', '"x"@en', '?v', '<_:b1>', '<<_:b1>>', 'http://example.org/a', '', '<'];
  const terms: RDF.Term[] = [
    ...texts.map((t) => factory.namedNode(t)),
    factory.blankNode('b1'),
    factory.literal('x'),
    factory.literal('x', 'en'),
    factory.variable!('v'),
    factory.literal('_:b1'),
  ];

  it('gives distinct terms distinct keys, whatever an IRI looks like', () => {
    const keys = terms.map(termKey);
    expect(new Set(keys).size).toBe(terms.length);
    // An absolute IRI keeps its text as its key (the plain N-Triples reader relies on it).
    expect(termKey(factory.namedNode('http://example.org/a'))).toBe('http://example.org/a');
  });

  it('keeps them apart in a TermGraph', () => {
    const graph = new TermGraph();
    const ids = terms.map((t) => graph.intern(t));
    expect(new Set(ids).size).toBe(terms.length);
    terms.forEach((t, i) => expect(graph.term(ids[i]!).equals(t)).toBe(true));
  });

  it('keeps a STRLANG tag in its letter case, as a term of its own', () => {
    const tagged = languageLiteral('x', 'en-US');
    expect(tagged.language).toBe('en-US');
    expect(termKey(tagged)).not.toBe(termKey(factory.literal('x', 'en-us')));
  });
});
