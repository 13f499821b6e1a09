import { describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { analyzeRecent, checkAlignment } from './alignment-check.js';
import { textView } from './alignment-views.js';

/** The shipped alignment with `n` in a comment: a text of its own with the same reading. */
const text = (n: number): string => readData('alignments/CO_FIWARE.rdf').replace('<align:Alignment>', `<align:Alignment><!-- ${n} -->`);

describe('analyzeRecent: POST /validate and POST /view of one edited text read it once (issue 42)', () => {
  it('answers the same text, even another string of the same characters, with the same reading', async () => {
    const first = analyzeRecent(text(1));
    // Built anew, character by character: equal, not the same string.
    expect(analyzeRecent(Array.from(text(1)).join(''))).toBe(first);
    // Validation and the view share it.
    const compiled = await checkAlignment(text(1));
    expect(compiled).toBe((await first).compiled);
    expect((await textView(text(1))).cells.length).toBe(compiled.cells.size);
  });

  it('reads again a text one character apart, a text with other options, and one read three texts ago', async () => {
    const first = analyzeRecent(text(2));
    expect(analyzeRecent(`${text(2)} `)).not.toBe(first);
    expect(analyzeRecent(text(2), { source: 'other.rdf' })).not.toBe(analyzeRecent(text(2)));
    const again = analyzeRecent(text(3));
    await analyzeRecent(text(4));
    await analyzeRecent(text(5));
    expect(analyzeRecent(text(3))).not.toBe(again);
    // A text with errors is read and reported the same way each time.
    const broken = text(6).replace(/<align:entity1[^>]*>/, '<align:entity1>{{{');
    await expect(checkAlignment(broken)).rejects.toThrow(/Error validating alignment/);
    await expect(checkAlignment(broken)).rejects.toThrow(/Error validating alignment/);
  });
});
