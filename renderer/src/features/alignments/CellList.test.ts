// @vitest-environment jsdom
/**
 * The cell list shows what the server read and compiled (issue 14). The renderer once read the XML
 * itself and named a cell by cutting its IRI at the last `#` or `/`, while the server names it by
 * removing the sripas namespace only: a cell outside that namespace never found its SPARQL.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alignmentView, viewCell } from '../../store/alignment-view.test-support.js';
import { CellList } from './CellList.js';

afterEach(cleanup);

const FOREIGN = 'http://example.org/cells#weight';

describe('CellList', () => {
  it('shows the compiled SPARQL of a cell whose IRI is outside the sripas namespace', () => {
    const cell = viewCell({ id: FOREIGN, iri: FOREIGN, steps: [3], sparql: 'DELETE {\n\t?node_CTX a <http://x/WeighingScale> .\n} INSERT {\n} WHERE {\n}\n' });
    const view = alignmentView([viewCell({ id: 'cell0', steps: [1] }), cell]);
    render(createElement(CellList, { view: { state: 'ready', view }, onShowInSource: () => {}, onRetry: () => {} }));
    const item = screen.getAllByTestId('cell').find((li) => li.getAttribute('data-cell-id') === FOREIGN);
    expect(item).toBeDefined();
    expect(within(item as HTMLElement).getByTestId('compiled-sparql').textContent).toContain('?node_CTX a <http://x/WeighingScale>');
    expect(within(item as HTMLElement).getByText('step 3')).toBeTruthy();
  });

  it('shows patterns in Turtle, functions, typings and filters as the server wrote them, and jumps to the cell', () => {
    const onShow = vi.fn();
    const cell = viewCell({
      id: 'cell2_weight',
      line: 104,
      column: 13,
      entity1: { format: 'rdfxml', turtle: 'var:CTX a phd:WeighingScale .', source: '<rdf:Description/>', triples: 1, line: 106, column: 21 },
      functions: [{ name: 'str', params: ['?node_CTX'], result: 'node_sensor_iri', display: '?node_sensor_iri = str(?node_CTX)', line: 117, column: 21 }],
      typings: [{ variable: 'node_1', datatype: 'http://www.w3.org/2001/XMLSchema#int', display: '?node_1 : xsd:int', line: 122, column: 21 }],
      filters: [{ variable: 'node_2', datatype: 'http://www.w3.org/2001/XMLSchema#float', display: '?node_2 : xsd:float', line: 125, column: 21 }],
    });
    render(createElement(CellList, { view: { state: 'ready', view: alignmentView([cell]) }, onShowInSource: onShow, onRetry: () => {} }));
    expect(screen.getByText('var:CTX a phd:WeighingScale .')).toBeTruthy();
    expect(screen.getByText(/entity1 \(matched, deleted\), as Turtle/)).toBeTruthy();
    expect(screen.getByText(/\?node_sensor_iri = str\(\?node_CTX\)/)).toBeTruthy();
    expect(screen.getByText('Typings: ?node_1 : xsd:int')).toBeTruthy();
    expect(screen.getByText('Filters: ?node_2 : xsd:float')).toBeTruthy();
    expect(screen.getByText('not in steps')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'line 104: show cell2_weight in the source' }));
    expect(onShow).toHaveBeenCalledWith(104, 13);
  });

  it('keeps showing the last cells with the reason when the server cannot read newer text', () => {
    const onRetry = vi.fn();
    render(
      createElement(CellList, {
        view: { state: 'failed', message: 'not well-formed', view: alignmentView([viewCell({ id: 'cell0' })]) },
        onShowInSource: () => {},
        onRetry,
      }),
    );
    expect(screen.getByText('not well-formed')).toBeTruthy();
    expect(screen.getAllByTestId('cell')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
