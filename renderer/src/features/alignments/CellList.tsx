import { memo, useState } from 'react';
import type { AlignmentId, CellCoverage, CoverageReport, ViewCell } from '../../api/index.js';
import type { ViewState } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { CellHeat, CoverageControls } from './CellCoverage.js';
import { PatternGraphs } from './PatternGraphs.js';

export interface CellListProps {
  readonly view: ViewState;
  /** A stored alignment: its coverage can be counted and shown (issue 12). */
  readonly storedId?: AlignmentId;
  /** The coverage of this alignment, when counted. */
  readonly coverage?: CoverageReport;
  readonly onShowInSource: (line: number, column: number) => void;
  readonly onRetry: () => void;
  /** The cell a link asked for: marked as current and focusable, so the editor can scroll to it. */
  readonly focusedCell?: string;
}

function stepsText(steps: readonly number[]): string {
  if (steps.length === 0) return 'not in steps';
  return `${steps.length === 1 ? 'step' : 'steps'} ${steps.join(', ')}`;
}

/**
 * The cells as the server read and compiled them (GET /alignments/…/view, or POST /view for text
 * that is not stored): core's cell ids, patterns in Turtle, functions, typings, filters, where each
 * cell is in the source, and its compiled SPARQL.
 *
 * Memoised, like each cell (issue 42): the list stays in the editor panel while another tab shows,
 * and the panel renders again on a tab switch and on every edit, which rendered 200 cells again for
 * the same view (with the cell form's reading, since made linear, the Cells tab's click was 60-88 ms
 * of script in Chromium traces; 25-30 ms after both).
 */
export const CellList = memo(function CellList({ view, storedId, coverage: report, onShowInSource, onRetry, focusedCell }: CellListProps) {
  const shown = view.view;
  const [neverFiredOnly, setNeverFiredOnly] = useState(false);
  const byCell = new Map((report?.cells ?? []).map((c) => [c.cell, c]));
  const max = Math.max(0, ...(report?.cells ?? []).map((c) => c.fired));
  const cells =
    shown === undefined ? [] : report !== undefined && neverFiredOnly ? shown.cells.filter((c) => (byCell.get(c.id)?.fired ?? 0) === 0) : shown.cells;
  return (
    <div className="cells">
      {view.state === 'loading' && <OperationStatus op={{ state: 'running' }} runningText="Reading the cells on the server…" />}
      {view.state === 'unavailable' && (
        <p className="hint" role="status" data-testid="view-unavailable">
          {view.message}
        </p>
      )}
      {view.state === 'failed' && (
        <div className="row">
          <OperationStatus op={{ state: 'failed', message: view.message ?? 'Failed' }} />
          <button type="button" onClick={onRetry}>
            Retry
          </button>
          {shown !== undefined && <span className="hint">Showing the cells of the last text the server could read.</span>}
        </div>
      )}
      {shown === undefined ? (
        view.state === 'idle' && <p className="empty">No cells to show.</p>
      ) : (
        <>
          <p className="hint">
            {shown.cells.length} cells, {shown.steps.length} steps (run in document order).
          </p>
          {storedId !== undefined && (
            <CoverageControls
              id={storedId}
              neverFiredOnly={neverFiredOnly}
              onNeverFiredOnly={setNeverFiredOnly}
              messages={report?.messages}
              neverFired={report?.neverFired.length}
            />
          )}
          <ol className="cell-list" aria-label="Cells">
            {cells.map((c) => (
              <CellItem
                key={c.iri}
                cell={c}
                prefixes={shown.prefixes}
                onShowInSource={onShowInSource}
                focused={c.id === focusedCell}
                {...(report === undefined ? {} : { heat: { coverage: byCell.get(c.id), max, messages: report.messages } })}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
});

interface Heat {
  readonly coverage: CellCoverage | undefined;
  readonly max: number;
  readonly messages: number;
}

const CellItem = memo(function CellItem({
  cell: c,
  prefixes,
  onShowInSource,
  heat,
  focused,
}: {
  cell: ViewCell;
  focused: boolean;
  prefixes: ReadonlyArray<{ prefix: string; iri: string }>;
  onShowInSource: CellListProps['onShowInSource'];
  heat?: Heat;
}) {
  // Drawn on request: an alignment of 200 cells must not lay out 400 graphs.
  const [drawn, setDrawn] = useState(false);
  return (
    <li
      className={focused ? 'cell focused-cell' : 'cell'}
      data-testid="cell"
      data-cell-id={c.id}
      aria-current={focused ? 'true' : undefined}
      aria-label={focused ? `Cell ${c.id} (linked)` : undefined}
      tabIndex={focused ? -1 : undefined}
    >
      <div className="cell-header">
        {heat !== undefined && <CellHeat coverage={heat.coverage} max={heat.max} messages={heat.messages} />}
        <h4 title={c.iri}>{c.id}</h4>
        <span className="hint">{stepsText(c.steps)}</span>
        {c.relation !== null && c.relation !== '' && <span className="hint">relation {c.relation}</span>}
        <button type="button" className="link" onClick={() => onShowInSource(c.line, c.column)} aria-label={`line ${c.line}: show ${c.id} in the source`}>
          line {c.line}
        </button>
        <button
          type="button"
          className="link"
          aria-expanded={drawn}
          onClick={() => setDrawn(!drawn)}
          aria-label={`${drawn ? 'hide graphs' : 'draw patterns'}: ${c.id}`}
        >
          {drawn ? 'hide graphs' : 'draw patterns'}
        </button>
      </div>
      {drawn && <PatternGraphs cell={c} prefixes={prefixes} />}
      <div className="cell-entities">
        <figure>
          <figcaption>entity1 (matched, deleted){c.entity1.format === 'rdfxml' ? ', as Turtle' : ''}</figcaption>
          <pre>{c.entity1.turtle || '(empty)'}</pre>
        </figure>
        <figure>
          <figcaption>entity2 (inserted){c.entity2.format === 'rdfxml' ? ', as Turtle' : ''}</figcaption>
          <pre>{c.entity2.turtle || '(empty)'}</pre>
        </figure>
      </div>
      {c.functions.length > 0 && (
        <p className="cell-functions">
          Functions:{' '}
          {c.functions.map((f, i) => (
            <code key={i}>{f.display} </code>
          ))}
        </p>
      )}
      {c.typings.length > 0 && <p className="cell-functions">Typings: {c.typings.map((t) => t.display).join('; ')}</p>}
      {c.filters.length > 0 && <p className="cell-functions">Filters: {c.filters.map((t) => t.display).join('; ')}</p>}
      <details className="compiled" data-testid="compiled-sparql">
        <summary>Compiled SPARQL</summary>
        <pre>{c.sparql}</pre>
      </details>
    </li>
  );
});
