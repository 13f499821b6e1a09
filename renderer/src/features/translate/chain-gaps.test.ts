import { describe, expect, it } from 'vitest';
import { alignmentInfo } from '../../store/fake-api.test-support.js';
import { chainGaps } from './chain-gaps.js';

const universaal = alignmentInfo('UniversAAL_CO', '3.0.1', {
  sourceOntologyURI: 'http://ontology.universAAL.org/Context.owl#',
  targetOntologyURI: 'http://inter-iot.eu/GOIoTPex#',
});
const coFiware = alignmentInfo('CO_FIWARE', '1.0', {
  sourceOntologyURI: 'http://inter-iot.eu/GOIoTPex',
  targetOntologyURI: 'http://inter-iot.eu/onto/syntax/FIWAREv2#',
});
const all = [universaal, coFiware];
const id = (a: { name: string; version: string }) => ({ name: a.name, version: a.version });

describe('chainGaps', () => {
  it('finds none in a chain that meets (a trailing # or / is the same namespace)', () => {
    expect(chainGaps([id(universaal), id(coFiware)], all)).toEqual([]);
    expect(chainGaps([id(universaal)], all)).toEqual([]);
  });

  it('names the step that does not meet the next, with both ontologies', () => {
    expect(chainGaps([id(coFiware), id(universaal)], all)).toEqual([
      {
        index: 0,
        from: { name: 'CO_FIWARE', version: '1.0', target: 'http://inter-iot.eu/onto/syntax/FIWAREv2#' },
        to: { name: 'UniversAAL_CO', version: '3.0.1', source: 'http://ontology.universAAL.org/Context.owl#' },
      },
    ]);
  });

  it('says nothing about an alignment it does not know', () => {
    expect(chainGaps([id(coFiware), { name: 'gone', version: '1' }], all)).toEqual([]);
  });
});
