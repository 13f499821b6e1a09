import type { AlignmentDiffReply } from '../../api/index.js';
import { DiffCodeEditor } from '../../editor/DiffCodeEditor.js';
import { diffSummary } from './diff-summary.js';

/** The answer of GET /alignment-diff: a summary, the lists, and old | new for every changed cell. */
export function AlignmentDiffView({ result }: { result: AlignmentDiffReply }) {
  const { diff } = result;
  const title = `${result.old.name} ${result.old.version} → ${result.new.name} ${result.new.version}`;
  const headerRows = Object.entries(diff.header);
  const changedTexts = result.texts.filter((t) => t.kind === 'changed');
  return (
    <div className="diff-result" data-testid="alignment-diff" aria-label={`Differences ${title}`}>
      <h3>{title}</h3>
      <p role="status" data-testid="diff-summary">
        {diffSummary(result)}
      </p>
      {headerRows.length > 0 && (
        <table className="table" aria-label="Header changes">
          <thead>
            <tr>
              <th scope="col">Header</th>
              <th scope="col">Old</th>
              <th scope="col">New</th>
            </tr>
          </thead>
          <tbody>
            {headerRows.map(([field, change]) => (
              <tr key={field}>
                <th scope="row">{field}</th>
                <td>{change.old}</td>
                <td>{change.new}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <IdList label="Cells added" ids={diff.cells.added} testId="cells-added" />
      <IdList label="Cells removed" ids={diff.cells.removed} testId="cells-removed" />
      <IdList label="Cells renamed" ids={diff.cells.renamed.map((r) => `${r.from} → ${r.to}`)} testId="cells-renamed" />
      <IdList label="Steps added" ids={diff.steps.added} testId="steps-added" />
      <IdList label="Steps removed" ids={diff.steps.removed} testId="steps-removed" />
      <IdList label="Steps moved" ids={diff.steps.moved} testId="steps-moved" />
      {diff.cells.changed.map((change) => {
        const texts = changedTexts.find((t) => t.cell === change.cell);
        return (
          <section key={change.cell} className="cell-diff" data-testid="cell-diff" data-cell={change.cell} aria-label={`Cell ${change.cell} changed`}>
            <h4>
              Cell <code>{change.cell}</code>:{' '}
              {change.parts.map((p) => (
                <span key={p} className="badge" data-part={p}>
                  {p}
                </span>
              ))}
            </h4>
            <div className="diff-sides" aria-hidden="true">
              <span>{`${result.old.name} ${result.old.version}`}</span>
              <span>{`${result.new.name} ${result.new.version}`}</span>
            </div>
            <DiffCodeEditor
              original={texts?.old ?? ''}
              modified={texts?.new ?? ''}
              language="sparql"
              ariaLabel={`Cell ${change.cell}, old and new`}
              testId={`cell-diff-editor-${change.cell}`}
            />
          </section>
        );
      })}
    </div>
  );
}

function IdList({ label, ids, testId }: { label: string; ids: readonly string[]; testId: string }) {
  if (ids.length === 0) return null;
  return (
    <div className="diff-list">
      <h4>{label}</h4>
      <ul aria-label={label} data-testid={testId}>
        {ids.map((id, i) => (
          <li key={`${id}\u0000${i}`}>
            <code>{id}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
