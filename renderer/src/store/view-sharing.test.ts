import { describe, expect, it } from 'vitest';
import { alignmentView, viewCell } from './alignment-view.test-support.js';
import { sharingUnchanged } from './view-sharing.js';

/** The same view as the server sends it again: equal content, new objects. */
const fromJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('sharingUnchanged', () => {
  const cells = ['a', 'b', 'c', 'd'].map((id, i) => viewCell({ id, line: 10 * (i + 1), sparql: `INSERT DATA { <x> <p> "${id}" }` }));
  const previous = alignmentView(cells, { prefixes: [{ prefix: 'ex', iri: 'http://example.org/' }] });

  it('keeps every cell and the prefixes of a view sent again unchanged', () => {
    const next = sharingUnchanged(previous, fromJson(previous));
    expect(next.cells.every((c, i) => c === previous.cells[i])).toBe(true);
    expect(next.prefixes).toBe(previous.prefixes);
    expect(next).toEqual(previous);
  });

  it('takes the changed cell, and any cell whose line moved, from the new view; the others by IRI, wherever they now are', () => {
    const sent = fromJson(previous);
    // b edited (its SPARQL), a cell inserted before c, and d's line moved by the insertion.
    sent.cells[1] = { ...sent.cells[1]!, sparql: 'INSERT DATA { <x> <p> "B" }' };
    sent.cells.splice(2, 0, viewCell({ id: 'new', line: 25 }));
    sent.cells[4] = { ...sent.cells[4]!, line: 45 };
    const next = sharingUnchanged(previous, sent);
    expect(next).toEqual(sent);
    expect(next.cells.map((c) => previous.cells.includes(c))).toEqual([true, false, false, true, false]);
    expect(next.cells[3]).toBe(previous.cells[2]);
  });

  it('takes new prefixes and keeps nothing without a previous view', () => {
    const sent = fromJson(previous);
    sent.prefixes = [{ prefix: 'ex', iri: 'http://example.org/ns#' }];
    expect(sharingUnchanged(previous, sent).prefixes).toBe(sent.prefixes);
    const first = fromJson(previous);
    expect(sharingUnchanged(undefined, first)).toBe(first);
  });
});
