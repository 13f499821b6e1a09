/**
 * Suites compare by meaning per cell (issue 25, point 2): a new version that only renames a cell
 * passes; one that changes a cell fails naming that cell, with what it added in each run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { blameCells, chainContributions } from './cell-blame.js';
import { recordCase, runCase } from './run-case.js';

const MESSAGE = 'messages/weight.UniversAAL_CO.json';
let original: string;
let v10: CompiledAlignment;

/** Version 1.1 of CO_FIWARE with `edit` applied to its XML. */
async function version11(edit: (xml: string) => string): Promise<CompiledAlignment> {
  const xml = edit(original.replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>'));
  expect(xml).not.toBe(original);
  return compileAlignment(xml, { source: 'CO_FIWARE 1.1' });
}

/** cell0 renamed everywhere (its step and its definition). */
const renameCell0 = (xml: string): string => xml.replaceAll('sripas#cell0"', 'sripas#cell0_time"');
/** cell2_weight inserts one more triple. */
const changeWeight = (xml: string): string => xml.replace('fw:hasType "WeighingScale" ;', 'fw:hasType "WeighingScale" ; fw:hasLabel "v1.1" ;');

beforeAll(async () => {
  original = readData('alignments/CO_FIWARE.rdf');
  v10 = await compileAlignment(original, { source: 'CO_FIWARE.rdf' });
});

describe('suite cases compared by meaning per cell', () => {
  it('a version that only renames a cell passes, steps included', async () => {
    const renamed = await version11(renameCell0);
    expect([...renamed.cells.keys()]).toContain('cell0_time');
    const testCase = await recordCase('weight', readData(MESSAGE), [v10]);
    expect(testCase.expectedSteps?.some((s) => s.cellId === 'cell0')).toBe(true);
    const result = await runCase(testCase, [renamed], { recorded: [v10] });
    expect({ status: result.status, stepsMatch: result.stepsMatch, payloadMatches: result.payloadMatches }).toEqual({
      status: 'passed',
      stepsMatch: true,
      payloadMatches: true,
    });
    expect(blameCells(await chainContributions(testCase.message, [v10]), await chainContributions(testCase.message, [renamed]))).toEqual([]);
  });

  it('a rename plus a changed cell fails naming the changed cell (not the renamed one) with the triples it added in each run', async () => {
    const changed = await version11((xml) => changeWeight(renameCell0(xml)));
    const testCase = await recordCase('weight', readData(MESSAGE), [v10]);
    const result = await runCase(testCase, [changed], { recorded: [v10] });
    expect(result.status).toBe('failed');
    expect(result.cellDifferences?.map((d) => [d.cellId, d.change])).toEqual([['cell2_weight', 'meaning']]);
    const [difference] = result.cellDifferences!;
    expect(difference!.actual.addedCount).toBe(difference!.expected.addedCount + 1);
    expect(difference!.actual.added.filter((t) => !difference!.expected.added.includes(t))).toEqual([expect.stringContaining('"v1.1"')]);
    // The payload diff says the same triple, with the alignment's own prefix (fw:), not a generated one.
    expect(result.payloadDiff?.added.map((t) => t.display)).toEqual([expect.stringMatching(/fw:hasLabel "v1\.1" \.$/)]);
    // Counts differ only at cell2_weight; the renamed cell0 row is not a difference.
    expect(result.firstDifferingStep?.actual?.cellId).toBe('cell2_weight');
  });

  it('a cell gone from the new version is named as removed, with what it used to add', async () => {
    const gone = await version11((xml) => xml.replace(/<sripas:step sripas:order="2" sripas:cell="[^"]*cell2_weight"\/>/, ''));
    const testCase = await recordCase('weight', readData(MESSAGE), [v10]);
    const result = await runCase(testCase, [gone], { recorded: [v10] });
    expect(result.status).toBe('failed');
    const removed = result.cellDifferences?.find((d) => d.change === 'removed');
    expect(removed?.cellId).toBe('cell2_weight');
    expect(removed?.expected.addedCount).toBeGreaterThan(0);
    expect(removed?.actual).toEqual({ added: [], removed: [], addedCount: 0, removedCount: 0 });
  });
});
