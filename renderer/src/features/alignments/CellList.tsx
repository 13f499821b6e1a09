import type { CompiledCell } from '../../api/index.js';
import type { CellView } from '../../model/alignment-xml.js';
import type { CompiledState } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

export interface CellListProps {
  readonly cells: readonly CellView[];
  readonly steps: readonly { readonly order: string; readonly cellId: string }[];
  readonly compiled: CompiledState;
  readonly canCompile: boolean;
  readonly onShowInSource: (line: number) => void;
  readonly onRetryCompiled: () => void;
}

/** The cells read from the XML in the browser, with the compiled SPARQL from the server when it has it. */
export function CellList({ cells, steps, compiled, canCompile, onShowInSource, onRetryCompiled }: CellListProps) {
  const sparql = new Map<string, CompiledCell>((compiled.cells ?? []).map((c) => [c.id, c]));
  const stepOf = new Map<string, number>();
  steps.forEach((s, i) => {
    if (!stepOf.has(s.cellId)) stepOf.set(s.cellId, i + 1);
  });
  return (
    <div className="cells">
      <p className="hint">
        {cells.length} cells, {steps.length} steps (run in document order).{' '}
        {compiled.state === 'loading' && <span role="status">Loading compiled SPARQL…</span>}
        {compiled.state === 'unavailable' && (
          <span role="status" data-testid="compiled-unavailable">
            {compiled.message}
          </span>
        )}
        {!canCompile && <span>Compiled SPARQL is shown for stored alignments.</span>}
      </p>
      {compiled.state === 'failed' && (
        <div className="row">
          <OperationStatus op={{ state: 'failed', message: compiled.message ?? 'Failed' }} />
          <button type="button" onClick={onRetryCompiled}>
            Retry
          </button>
        </div>
      )}
      <ol className="cell-list" aria-label="Cells">
        {cells.map((c) => {
          const compiledCell = sparql.get(c.id);
          return (
            <li key={c.iri} className="cell" data-testid="cell" data-cell-id={c.id}>
              <div className="cell-header">
                <h4>{c.id}</h4>
                <span className="hint">{stepOf.has(c.id) ? `step ${stepOf.get(c.id)}` : 'not in steps'}</span>
                {c.relation !== '' && <span className="hint">relation {c.relation}</span>}
                {c.line !== undefined && (
                  <button type="button" className="link" onClick={() => onShowInSource(c.line ?? 1)} aria-label={`Show ${c.id} in the source`}>
                    line {c.line}
                  </button>
                )}
              </div>
              <div className="cell-entities">
                <figure>
                  <figcaption>entity1 (matched, deleted)</figcaption>
                  <pre>{c.entity1 || '(empty)'}</pre>
                </figure>
                <figure>
                  <figcaption>entity2 (inserted)</figcaption>
                  <pre>{c.entity2 || '(empty)'}</pre>
                </figure>
              </div>
              {c.functions.length > 0 && (
                <p className="cell-functions">
                  Functions:{' '}
                  {c.functions.map((f, i) => (
                    <code key={i}>
                      {f.result ?? '?'} = {f.name}({f.params.join(', ')}){' '}
                    </code>
                  ))}
                </p>
              )}
              {c.typings.length > 0 && <p className="cell-functions">Typings: {c.typings.join('; ')}</p>}
              {c.filters.length > 0 && <p className="cell-functions">Filters: {c.filters.join('; ')}</p>}
              <details className="compiled" data-testid="compiled-sparql">
                <summary>Compiled SPARQL (from GET /alignments/…/cells)</summary>
                {compiledCell !== undefined ? (
                  <pre>{compiledCell.sparql}</pre>
                ) : (
                  <p className="hint">
                    {compiled.state === 'unavailable'
                      ? 'Not available from this server.'
                      : compiled.state === 'loading'
                        ? 'Loading…'
                        : canCompile
                          ? 'No compiled SPARQL for this cell.'
                          : 'Upload the alignment to see its compiled SPARQL.'}
                  </p>
                )}
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
