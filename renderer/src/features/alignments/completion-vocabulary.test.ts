import { describe, expect, it } from 'vitest';
import weight from '../translate/samples/weight.json?raw';
import { irisFromMessage, irisFromTurtle, termSuggestions, wordBefore, xmlCompletions } from './completion-vocabulary.js';

const prefixes = [
  { prefix: 'sosa', iri: 'http://www.w3.org/ns/sosa/' },
  { prefix: 'var', iri: 'http://www.inter-iot.eu/sripas#node_' },
];

describe('completion vocabulary', () => {
  it('takes IRIs from a pattern (full and prefixed, not variables) and from a JSON-LD message', () => {
    expect(irisFromTurtle('var:x a sosa:Observation ;\n  <http://ex.org/p> [ sosa:madeBySensor var:s ] .', prefixes).sort()).toEqual([
      'http://ex.org/p',
      'http://www.w3.org/ns/sosa/Observation',
      'http://www.w3.org/ns/sosa/madeBySensor',
    ]);
    const iris = irisFromMessage(weight);
    expect(iris).toContain('http://ontology.universAAL.org/Context.owl#hasType');
    const compact = JSON.stringify({
      '@graph': [{ '@id': 'ex:a', '@type': 'sosa:Sensor', 'sosa:observes': { '@id': 'ex:b' } }],
      '@context': { sosa: 'http://www.w3.org/ns/sosa/', n: 5 },
    });
    expect(irisFromMessage(compact).sort()).toEqual(['http://www.w3.org/ns/sosa/Sensor', 'http://www.w3.org/ns/sosa/observes']);
    expect(irisFromMessage('not json')).toEqual([]);
  });

  it('suggests prefixes and IRIs written with the document prefixes, those starting with the word first', () => {
    const iris = ['http://www.w3.org/ns/sosa/Observation', 'http://ex.org/sosaLike', 'http://www.w3.org/ns/sosa/madeBySensor'];
    expect(termSuggestions('sosa:ma', iris, prefixes).map((s) => s.text)).toEqual(['sosa:madeBySensor']);
    expect(termSuggestions('so', iris, prefixes).map((s) => s.text)[0]).toBe('sosa:');
    expect(termSuggestions('soslike', iris, prefixes)).toEqual([]);
    expect(termSuggestions('s', iris, prefixes)).toEqual([]);
    expect(wordBefore('var:x a sosa:Obs', 16)).toEqual({ word: 'sosa:Obs', start: 8 });
  });

  it('completes element names after <, attributes inside a tag, and terms with snippets elsewhere', () => {
    const elements = xmlCompletions('    <align:Ce', [], prefixes);
    expect(elements.map((c) => c.label)).toContain('align:Cell');
    expect(elements.every((c) => c.kind === 'element' && c.replace === 'align:Ce'.length)).toBe(true);
    const attributes = xmlCompletions('<sripas:param sripas:order="1" sri', [], prefixes);
    expect(attributes.map((c) => c.label)).toContain('sripas:about');
    const terms = xmlCompletions('   var:x a sosa:Ob', ['http://www.w3.org/ns/sosa/Observation'], prefixes);
    expect(terms.map((c) => c.label)).toEqual(['sosa:Observation', 'new cell', 'new function']);
    expect(terms.find((c) => c.label === 'new cell')?.insertText).toContain('<align:entity1');
  });
});
