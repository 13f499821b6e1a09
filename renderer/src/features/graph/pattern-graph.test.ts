import { describe, expect, it } from 'vitest';
import { graphModel } from './graph-model.js';
import { patternGraph, prefixedName } from './pattern-graph.js';

const prefixes = [
  { prefix: 'var', iri: 'http://www.inter-iot.eu/sripas#node_' },
  { prefix: 'sripas', iri: 'http://www.inter-iot.eu/sripas#' },
  { prefix: 'bc', iri: 'http://inter-iot.eu/syntax/BodyCloud#' },
  { prefix: 'xsd', iri: 'http://www.w3.org/2001/XMLSchema#' },
];

describe('patternGraph', () => {
  it('reads a cell pattern with the alignment prefixes and names its terms with them', () => {
    const input = patternGraph(
      'var:CTX bc:hasTypeMessage "weight_scale" ;\n  bc:hasData var:CTY .\nvar:CTY a bc:BodyCloudAttributes ; bc:hasWeight "1.5"^^xsd:float .',
      prefixes,
    );
    const model = graphModel(input, { collapseLiterals: false });
    expect(model.edges.map((e) => `${e.source} ${e.label} ${e.target}`)).toHaveLength(4);
    expect(input.terms.map((t) => t.display)).toEqual([
      'var:CTX',
      'bc:hasTypeMessage',
      '"weight_scale"',
      'bc:hasData',
      'var:CTY',
      'rdf:type',
      'bc:BodyCloudAttributes',
      'bc:hasWeight',
      '"1.5"^^xsd:float',
    ]);
  });

  it('picks the longest namespace that leaves a plain local name', () => {
    expect(prefixedName('http://www.inter-iot.eu/sripas#node_CTX', prefixes)).toBe('var:CTX');
    expect(prefixedName('http://www.inter-iot.eu/sripas#cell', prefixes)).toBe('sripas:cell');
    expect(prefixedName('http://other.org/x/y', prefixes)).toBe('<http://other.org/x/y>');
    expect(prefixedName('http://inter-iot.eu/syntax/BodyCloud#a/b', prefixes)).toBe('<http://inter-iot.eu/syntax/BodyCloud#a/b>');
  });

  it('throws for text that is not Turtle, with the line', () => {
    expect(() => patternGraph('var:CTX bc:p', prefixes)).toThrow(/line/);
  });
});
