import { describe, expect, it } from 'vitest';
import type { GraphTerm, GraphTriple } from '../../api/index.js';
import { graphModel, originText } from './graph-model.js';

const iri = (display: string): GraphTerm => ({ kind: 'iri', value: `http://ex.org/${display.split(':')[1] ?? display}`, display });
const lit = (value: string): GraphTerm => ({ kind: 'literal', value, display: `"${value}"` });
const terms: GraphTerm[] = [
  iri('ex:obs'), // 0
  iri('ex:value'), // 1
  lit('21.5'), // 2
  iri('ex:sensor'), // 3
  iri('ex:madeBy'), // 4
  { kind: 'blank', value: 'b0', display: '_:b0' }, // 5
  lit('1'), // 6
  iri('ex:new'), // 7
  lit('x'.repeat(80)), // 8
];
const cell = { alignment: 'A', version: '1.0', step: 3, cellId: 'c3' };
const triples: GraphTriple[] = [
  { s: 0, p: 1, o: 2 },
  { s: 0, p: 4, o: 3, change: 'removed' },
  { s: 5, p: 1, o: 6 },
  { s: 0, p: 7, o: 8, change: 'added', producedBy: cell },
  { s: 5, p: 4, o: 3, change: 'added', producedBy: cell },
];

describe('graphModel', () => {
  it('draws resources and literals as nodes and properties as labelled edges, a literal node per triple', () => {
    const m = graphModel({ terms, triples }, { collapseLiterals: false });
    expect(m.nodes.map((n) => [n.kind, n.label.split('\n')[0]])).toEqual([
      ['iri', 'ex:obs'],
      ['literal', '"21.5"'],
      ['iri', 'ex:sensor'],
      ['blank', '_:b0'],
      ['literal', '"1"'],
      ['literal', `"${'x'.repeat(46)}…`],
    ]);
    expect(m.edges.map((e) => [e.source, e.label, e.target, e.change])).toEqual([
      ['t0', 'ex:value', 'l0', undefined],
      ['t0', 'ex:madeBy', 't3', 'removed'],
      ['t5', 'ex:value', 'l2', undefined],
      ['t0', 'ex:new', 'l3', 'added'],
      ['t5', 'ex:madeBy', 't3', 'added'],
    ]);
    expect(m).toMatchObject({ triples: 5, added: 2, removed: 1 });
  });

  it('names the producing cell in the hover text of an added triple, and keeps long literals whole there', () => {
    const m = graphModel({ terms, triples }, { collapseLiterals: false });
    const edge = m.edges.find((e) => e.label === 'ex:new');
    expect(edge?.title).toBe(`ex:obs ex:new "${'x'.repeat(80)}" [added by ${originText(cell)}]`);
    expect(originText(cell)).toBe('c3 (A 1.0, step 3)');
    expect(m.nodes.find((n) => n.id === 'l3')).toMatchObject({ change: 'added', title: `"${'x'.repeat(80)}"\nex:new [added by c3 (A 1.0, step 3)]` });
  });

  it('marks a node whose every triple is added or removed, not one with some', () => {
    const m = graphModel(
      {
        terms,
        triples: [
          { s: 0, p: 4, o: 3, change: 'removed' },
          { s: 5, p: 4, o: 3 },
        ],
      },
      { collapseLiterals: false },
    );
    expect(m.nodes.map((n) => [n.id, n.change])).toEqual([
      ['t0', 'removed'],
      ['t3', undefined],
      ['t5', undefined],
    ]);
  });

  it('folds literals into their subject when collapsed, with signs for changed ones and the cell on hover', () => {
    const m = graphModel({ terms, triples }, { collapseLiterals: true, maxLiteral: 10 });
    expect(m.nodes.map((n) => n.id)).toEqual(['t0', 't3', 't5']);
    expect(m.edges.map((e) => e.label)).toEqual(['ex:madeBy', 'ex:madeBy']);
    const obs = m.nodes[0]!;
    expect(obs.label).toBe('ex:obs\nex:value "21.5"\n+ ex:new "xxxxxxxx…');
    expect(obs.change).toBe('changed');
    expect(obs.title).toContain('[added by c3 (A 1.0, step 3)]');
    expect(m).toMatchObject({ triples: 5, added: 2, removed: 1 });
  });
});

describe('graphModel, rdf:type', () => {
  const typeTerms: GraphTerm[] = [
    iri('ex:a'),
    { kind: 'iri', value: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type', display: 'rdf:type' },
    iri('sosa:Observation'),
    iri('ex:b'),
  ];
  const typed: GraphTriple[] = [
    { s: 0, p: 1, o: 2 },
    { s: 3, p: 1, o: 2, change: 'added', producedBy: cell },
  ];

  it('draws the class as a node shared by its instances, or folds it into each instance as an `a` line when collapsed', () => {
    expect(graphModel({ terms: typeTerms, triples: typed }, { collapseLiterals: false }).nodes.map((n) => n.id)).toEqual(['t0', 't2', 't3']);
    const m = graphModel({ terms: typeTerms, triples: typed }, { collapseLiterals: true });
    expect(m.edges).toEqual([]);
    expect(m.nodes.map((n) => [n.label, n.change])).toEqual([
      ['ex:a\na sosa:Observation', undefined],
      ['ex:b\n+ a sosa:Observation', 'added'],
    ]);
  });
});
