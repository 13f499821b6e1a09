import { describe, expect, it } from 'vitest';
import goldenInput from '../../../../shared/data/golden/weight__UniversAAL_CO__CO_FIWARE/input.json?raw';
import goldenOutput from '../../../../shared/data/golden/weight__UniversAAL_CO__CO_FIWARE/output.json?raw';
import goldenNt from '../../../../shared/data/golden/weight__UniversAAL_CO__CO_FIWARE/output-payload.nt?raw';
import emptyPayload from '../../../../shared/data/messages/emptyPayload.json?raw';
import { readPayloadTriples, type Triple } from './jsonld-payload.js';
import { diffTriples, tripleShape } from './triple-diff.js';

function triples(text: string): readonly Triple[] {
  const read = readPayloadTriples(text);
  if (!read.ok) throw new Error(read.error);
  return read.triples;
}

function ntriples(text: string): Triple[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const m = /^(\S+) (\S+) (.*) \.$/.exec(l.trim());
      if (m === null) throw new Error(`bad line ${l}`);
      return { subject: m[1] ?? '', predicate: m[2] ?? '', object: m[3] ?? '' };
    });
}

describe('readPayloadTriples', () => {
  it('reads the payload graph of a real INTER-IoT message (golden counts)', () => {
    expect(triples(goldenInput)).toHaveLength(23);
    expect(triples(goldenOutput)).toHaveLength(35);
  });

  it('reads the same triples as the reference wrote as N-Triples (up to blank-node labels)', () => {
    const ours = triples(goldenOutput).map(tripleShape).sort();
    const reference = ntriples(goldenNt).map(tripleShape).sort();
    expect(ours).toEqual(reference);
  });

  it('expands prefixes, types, typed and plain literals, numbers and booleans', () => {
    const msg = JSON.stringify({
      '@context': { ex: 'http://ex.org/', xsd: 'http://www.w3.org/2001/XMLSchema#', InterIoTMsg: 'http://inter-iot.eu/message/' },
      '@graph': [
        {
          '@id': 'InterIoTMsg:payload',
          '@graph': [{ '@id': 'ex:a', '@type': 'ex:T', 'ex:n': 5, 'ex:d': 1.5, 'ex:b': true, 'ex:s': 'x', 'ex:v': { '@value': '1', '@type': 'xsd:int' }, 'ex:o': { 'ex:p': 'y' } }],
        },
      ],
    });
    const lines = triples(msg).map(tripleShape);
    expect(lines).toContain('<http://ex.org/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex.org/T> .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/n> "5"^^<http://www.w3.org/2001/XMLSchema#integer> .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/d> "1.5E0"^^<http://www.w3.org/2001/XMLSchema#double> .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/b> "true"^^<http://www.w3.org/2001/XMLSchema#boolean> .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/s> "x" .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/v> "1"^^<http://www.w3.org/2001/XMLSchema#int> .');
    expect(lines).toContain('<http://ex.org/a> <http://ex.org/o> [] .');
    expect(lines).toContain('[] <http://ex.org/p> "y" .');
  });

  it('reports a message without payload graph, and text that is not JSON', () => {
    const empty = readPayloadTriples(emptyPayload);
    expect(empty).toMatchObject({ ok: true, hasPayload: false, triples: [] });
    expect(readPayloadTriples('{nope')).toMatchObject({ ok: false });
    expect(readPayloadTriples('{"@context":"http://remote/ctx","@graph":[]}')).toMatchObject({ ok: false, error: expect.stringContaining('remote') });
  });
});

describe('diffTriples', () => {
  it('counts removed and added triples of the golden UniversAAL_CO -> CO_FIWARE chain', () => {
    const diff = diffTriples(triples(goldenInput), triples(goldenOutput));
    expect(diff).toMatchObject({ before: 23, after: 35 });
    expect(diff.removed).toHaveLength(15);
    expect(diff.added).toHaveLength(27);
    expect(diff.unchanged).toBe(8);
  });

  it('treats blank nodes as interchangeable and counts duplicates', () => {
    const t = (s: string, o: string): Triple => ({ subject: s, predicate: '<p>', object: o });
    const diff = diffTriples([t('_:a', '"1"'), t('_:b', '"1"'), t('<x>', '"2"')], [t('_:z', '"1"'), t('<x>', '"3"')]);
    expect(diff.removed).toEqual(['<x> <p> "2" .', '[] <p> "1" .']);
    expect(diff.added).toEqual(['<x> <p> "3" .']);
    expect(diff.unchanged).toBe(1);
  });
});
