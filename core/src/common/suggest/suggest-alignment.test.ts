import { describe, expect, it } from 'vitest';
import { goldenPairs, goldenFile } from '../../test-support/shared-data.js';
import { suggestAlignment } from './suggest-alignment.js';

const singles = goldenPairs().filter((p) => p.alignments.length === 1 && p.outputPayloadTriples > 0);

describe('suggestAlignment: fit on the golden pairs', () => {
  it.each(singles.map((p) => [p.pair]))('%s: the suggestion reproduces the example', async (pair) => {
    const suggestion = await suggestAlignment([{ input: goldenFile(pair, 'input.json'), output: goldenFile(pair, 'output.json') }]);
    expect(suggestion.checks).toEqual([{ reproduced: true, differingTriples: 0 }]);
  });
});
