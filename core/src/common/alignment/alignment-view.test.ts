/**
 * The alignment view (what the workbench shows): core's ids, positions and compiled SPARQL, for the
 * real alignments and for a cell IRI outside the sripas namespace.
 */
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { AlignmentView } from '../api/alignment-view.js';
import { alignmentFiles, CO_FIWARE_STEP_CELLS, readData } from '../../test-support/shared-data.js';
import { alignmentView } from './alignment-view.js';
import { convertCellsToRdfXml, readAlignment } from './index.js';
import { compileAlignment } from '../translation/index.js';

const coFiware = readData('alignments/CO_FIWARE.rdf');

async function viewOf(text: string, compiled = true): Promise<AlignmentView> {
  if (compiled) {
    const c = await compileAlignment(text);
    return alignmentView(c.alignment, c);
  }
  const read = await readAlignment(text);
  if (read.alignment === undefined) throw new Error(JSON.stringify(read.problems));
  return alignmentView(read.alignment);
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not found: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

describe('alignmentView', () => {
  it('shows the header, cells, functions, typings and steps of CO_FIWARE with their positions', async () => {
    const view = await viewOf(coFiware);
    expect(view).toMatchObject({
      name: 'CO_FIWARE_align',
      version: '1.0',
      creator: 'SRIPAS',
      cellFormat: 'turtle',
      sourceOntology: 'http://inter-iot.eu/GOIoTPex#',
    });
    expect(view.cells.map((c) => c.id)).toEqual(CO_FIWARE_STEP_CELLS);
    expect(view.steps).toHaveLength(11);
    expect(view.steps[0]).toMatchObject({ position: 1, cellId: 'cell0', order: '0', line: lineOf(coFiware, 'sripas:order="0"') });
    const weight = view.cells.find((c) => c.id === 'cell2_weight');
    expect(weight).toMatchObject({
      iri: 'http://www.inter-iot.eu/sripas#cell2_weight',
      line: lineOf(coFiware, '<align:Cell rdf:about="http://www.inter-iot.eu/sripas#cell2_weight">'),
      column: 13,
      relation: '=',
      steps: [3],
    });
    expect(weight?.entity1).toMatchObject({
      format: 'turtle',
      turtle: 'var:CTX a phd:WeighingScale .',
      triples: 1,
      line: lineOf(coFiware, 'var:CTX a phd:WeighingScale .'),
      column: 21,
    });
    expect(weight?.entity2.turtle).toBe('var:CTX a fw:Entity ;\n    fw:hasType "WeighingScale" ;\n    fw:hasId var:sensor_iri .');
    expect(weight?.functions).toEqual([
      {
        name: 'str',
        params: ['?node_CTX'],
        result: 'node_sensor_iri',
        display: '?node_sensor_iri = str(?node_CTX)',
        line: lineOf(coFiware, '<sripas:function sripas:about="str">'),
        column: 21,
      },
    ]);
    expect(weight?.typings).toMatchObject([
      { variable: 'node_1', datatype: 'http://www.w3.org/2001/XMLSchema#int', display: '?node_1 : <http://www.w3.org/2001/XMLSchema#int>' },
    ]);
    expect(Value.Check(AlignmentView, view)).toBe(true);
  });

  it('carries the compiled SPARQL of every cell, the same with or without a compiled alignment', async () => {
    const compiled = await compileAlignment(coFiware);
    const view = await viewOf(coFiware);
    for (const cell of view.cells) expect(cell.sparql).toBe(compiled.cells.get(cell.id)?.sparql);
    expect((await viewOf(coFiware, false)).cells.map((c) => c.sparql)).toEqual(view.cells.map((c) => c.sparql));
  });

  it('names a cell whose IRI is outside the sripas namespace as the steps and traces do, with its SPARQL', async () => {
    const iri = 'http://example.org/cells#weight';
    const text = coFiware.replaceAll('http://www.inter-iot.eu/sripas#cell2_weight', iri);
    const view = await viewOf(text);
    const cell = view.cells.find((c) => c.iri === iri);
    // core's cellIdFromIri keeps a foreign IRI whole; cutting at the last `#` would say `weight`.
    expect(cell?.id).toBe(iri);
    expect(view.steps.map((s) => s.cellId)).toContain(iri);
    expect(cell?.steps).toEqual([3]);
    expect(cell?.sparql).toContain('DELETE {');
    expect(cell?.sparql).toContain('<http://ontology.universAAL.org/PersonalHealthDevice.owl#WeighingScale>');
  });

  it('writes the patterns of RDF/XML cells as Turtle with the alignment prefixes', async () => {
    const view = await viewOf(await convertCellsToRdfXml(coFiware));
    const weight = view.cells.find((c) => c.id === 'cell2_weight');
    expect(weight?.entity1.format).toBe('rdfxml');
    expect(weight?.entity1.source).toContain('<');
    expect(weight?.entity1.turtle).toBe('var:CTX a phd:WeighingScale .');
    expect(weight?.entity2.triples).toBe(3);
  });

  it.each(alignmentFiles())('builds a schema-valid view of %s', async (file) => {
    const view = await viewOf(readData(`alignments/${file}`));
    expect(Value.Check(AlignmentView, view)).toBe(true);
    expect(view.cells.length).toBeGreaterThan(0);
  });
});
