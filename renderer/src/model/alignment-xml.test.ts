// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import coFiware from './fixtures/CO_FIWARE.rdf?raw';
import { cellIdOf, cellLines, readAlignmentXml } from './alignment-xml.js';

describe('readAlignmentXml', () => {
  it('reads the header, cells, functions and steps of a real alignment (with DTD entities)', () => {
    const read = readAlignmentXml(coFiware);
    if (!read.ok) throw new Error(read.error);
    const a = read.alignment;
    expect(a).toMatchObject({ name: 'CO_FIWARE_align', version: '1.0', creator: 'SRIPAS', source: 'http://inter-iot.eu/GOIoTPex#', target: 'http://inter-iot.eu/onto/syntax/FIWAREv2#' });
    expect(a.cells.map((c) => c.id)).toEqual(['cell0', 'cell1', 'cell2_weight', 'cell2_bp', 'cell2_hr', 'cell3_entity', 'cell4_entity_weight', 'cell4_entity_hr', 'cell4_entity_bp', 'cell4_entity_cleanup', 'cell5_metadata']);
    expect(a.steps).toHaveLength(11);
    expect(a.steps[0]).toEqual({ order: '0', cellId: 'cell0' });
    const weight = a.cells.find((c) => c.id === 'cell2_weight');
    expect(weight?.line).toBe(104);
    expect(weight?.entity1).toBe('var:CTX a phd:WeighingScale .');
    expect(weight?.functions).toEqual([{ name: 'str', params: ['?CTX'], result: '?sensor_iri' }]);
    expect(weight?.typings).toEqual(['?1 : int']);
  });

  it('reports XML that does not parse', () => {
    expect(readAlignmentXml('<a><b></a>')).toMatchObject({ ok: false });
    expect(readAlignmentXml('<root/>')).toEqual({ ok: false, error: 'No align:Alignment element' });
  });

  it('locates cells by their start tag and names them as the server does', () => {
    expect(cellLines(coFiware).get('http://www.inter-iot.eu/sripas#cell0')).toBe(78);
    expect(cellIdOf('http://www.inter-iot.eu/sripas#cell0')).toBe('cell0');
    expect(cellIdOf('urn:x')).toBe('urn:x');
  });
});
