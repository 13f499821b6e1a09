// @vitest-environment jsdom
/**
 * A failed cell is shown to the user as text (issue 14: the table printed `f.message ??
 * JSON.stringify(f)`, but the server sends `error`, so users saw raw JSON). The failure here has
 * the shape core's API module declares, the one POST /translation sends.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceStep, TranslationFailure } from '../../api/index.js';
import { TraceTable } from './TraceTable.js';

afterEach(cleanup);

const failure: TranslationFailure = { alignment: 'CO_FIWARE_align', version: '1.0', cellId: '5_time', step: 3, error: 'STRDT of a blank node' };
const step = (over: Partial<TraceStep>): TraceStep => ({
  alignment: 'CO_FIWARE_align',
  version: '1.0',
  step: 1,
  cellId: 'c1',
  triplesBefore: 10,
  triplesAfter: 10,
  deleted: 0,
  inserted: 0,
  solutions: 0,
  ms: 0.2,
  ...over,
});

describe('TraceTable', () => {
  it("shows a failed cell's error as text, with the cell and alignment, never as JSON", () => {
    render(createElement(TraceTable, { trace: [step({ step: 3, cellId: '5_time', error: failure.error })], failures: [failure] }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/CO_FIWARE_align 1\.0, step 3, cell 5_time: STRDT of a blank node/)).toBeTruthy();
    expect(alert.textContent).not.toContain('{');
    expect(alert.textContent).not.toContain('"error"');
  });

  it('shows the error and the notes of a step in its row', () => {
    render(
      createElement(TraceTable, {
        trace: [step({ error: 'boom' }), step({ step: 2, cellId: 'c2', notes: ['unbound ?x', 'unbound ?y'], inserted: 2 })],
        failures: [],
      }),
    );
    const rows = screen.getAllByTestId('trace-row');
    expect(rows[0]?.textContent).toContain('boom');
    expect(rows[1]?.textContent).toContain('unbound ?x; unbound ?y');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
