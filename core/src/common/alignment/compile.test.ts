/**
 * Compilation against the reference: every cell's SPARQL equals the reference's cells.sparql up to
 * blank-node variable names, triple order and whitespace; all five real alignments read and
 * validate without errors.
 */
import { describe, expect, it } from 'vitest';
import { analyzeAlignment, compileAlignment } from '../translation/index.js';
import { alignmentFiles, goldenCellSparql, goldenPairs, readData } from '../../test-support/shared-data.js';
import { sparqlDifference } from '../../test-support/sparql-equivalence.js';

describe.each(alignmentFiles())('real alignment %s', (file) => {
  it('parses and validates without errors', async () => {
    const result = await analyzeAlignment(readData(`alignments/${file}`), { source: file });
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.compiled).toBeDefined();
    expect(result.compiled!.steps.length).toBe(result.alignment!.steps.length);
  });
});

const referenceCells = new Map<string, string>();
for (const pair of goldenPairs()) {
  for (const { alignment, cell, sparql } of goldenCellSparql(pair.pair)) referenceCells.set(`${alignment}/${cell}`, sparql);
}
const alignmentsWithReference = [...new Set([...referenceCells.keys()].map((k) => k.split('/')[0]!))].sort();

describe.each(alignmentsWithReference)('compiled SPARQL of %s', (name) => {
  it('matches the reference cell by cell', async () => {
    const compiled = await compileAlignment(readData(`alignments/${name}.rdf`));
    let compared = 0;
    for (const [id, cell] of compiled.cells) {
      const reference = referenceCells.get(`${name}/${id}`);
      if (reference === undefined) continue;
      expect({ cell: id, difference: sparqlDifference(cell.sparql, reference) }).toEqual({ cell: id, difference: undefined });
      compared++;
    }
    expect(compared).toBe(compiled.cells.size);
  });
});

describe('compilation is deterministic', () => {
  it('gives the same text twice', async () => {
    const text = readData('alignments/CO_FIWARE.rdf');
    const a = await compileAlignment(text);
    const b = await compileAlignment(text);
    expect([...a.cells.values()].map((c) => c.sparql)).toEqual([...b.cells.values()].map((c) => c.sparql));
    expect(a.cells.get('cell5_metadata')!.sparql).toContain('_:BN_cell5_metadata_');
  });
});
