// @vitest-environment jsdom
/** The payload diff view shows the server's diff (the renderer no longer reads JSON-LD itself). */
import { cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PayloadDiff } from '../../api/index.js';
import { PayloadDiffView } from './PayloadDiffView.js';

afterEach(cleanup);

const diff: PayloadDiff = {
  before: 3,
  after: 3,
  unchanged: 1,
  removedCount: 2,
  addedCount: 3,
  removed: [
    { nt: '[] <http://ex.org/p> "1" .', display: '[] ex:p "1" .' },
    { nt: '<http://ex.org/x> <http://ex.org/p> "2" .', display: 'ex:x ex:p "2" .' },
  ],
  added: [
    { nt: '<http://ex.org/x> <http://ex.org/p> "3" .', display: 'ex:x ex:p "3" .' },
    { nt: '<http://ex.org/x> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex.org/T> .', display: 'ex:x a ex:T .' },
  ],
  limit: 2,
  blankNodes: 'shape',
};

describe('PayloadDiffView', () => {
  it("shows the server's counts and its removed and added triples in their display forms", () => {
    render(createElement(PayloadDiffView, { diff: { ok: true, diff } }));
    expect(screen.getByTestId('triples-before').textContent).toBe('3');
    expect(screen.getByTestId('triples-removed').textContent).toBe('2');
    expect(screen.getByTestId('triples-added').textContent).toBe('3');
    expect(screen.getByTestId('triples-unchanged').textContent).toBe('1');
    const removed = within(screen.getByRole('region', { name: 'Removed triples' })).getAllByTestId('diff-triple');
    expect(removed.map((li) => li.textContent)).toEqual(['− [] ex:p "1" .', '− ex:x ex:p "2" .']);
    expect(removed[1]?.getAttribute('title')).toBe('<http://ex.org/x> <http://ex.org/p> "2" .');
    const added = within(screen.getByRole('region', { name: 'Added triples' }));
    expect(added.getAllByTestId('diff-triple').map((li) => li.textContent)).toEqual(['+ ex:x ex:p "3" .', '+ ex:x a ex:T .']);
    expect(added.getByText(/1 more/)).toBeTruthy();
  });

  it('names the cell that inserted an added triple, beside it and in its hover text', () => {
    const origin = { alignment: 'CO_FIWARE_align', version: '1.0', step: 4, cellId: 'cell_4' };
    const withOrigin: PayloadDiff = { ...diff, added: [{ ...diff.added[0]!, producedBy: origin }] };
    render(createElement(PayloadDiffView, { diff: { ok: true, diff: withOrigin } }));
    const item = within(screen.getByRole('region', { name: 'Added triples' })).getByTestId('diff-triple');
    expect(item.textContent).toBe('+ ex:x ex:p "3" . by cell_4');
    expect(item.getAttribute('title')).toBe('<http://ex.org/x> <http://ex.org/p> "3" .\nadded by cell_4 (CO_FIWARE_align 1.0, step 4)');
  });

  it('says why there is no diff', () => {
    render(createElement(PayloadDiffView, { diff: { ok: false, message: 'Message with empty payload received - no translation applied' } }));
    expect(screen.getByText(/No payload diff: Message with empty payload/)).toBeTruthy();
  });
});
