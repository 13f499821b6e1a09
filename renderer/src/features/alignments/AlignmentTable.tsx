import type { AlignmentInfo } from '../../api/index.js';
import { formatDate, shortIri } from '../../app/format.js';
import { sameAlignment, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

export function AlignmentTable() {
  const alignments = useWorkbench((s) => s.alignments);
  const op = useWorkbench((s) => s.alignmentsOp);
  const editor = useWorkbench((s) => s.editor);
  const open = useWorkbench((s) => s.openStoredAlignment);
  const requestDelete = useWorkbench((s) => s.requestDelete);
  const reload = useWorkbench((s) => s.loadAlignments);
  const openId = editor?.source.kind === 'stored' ? editor.source.id : undefined;

  return (
    <section className="panel" aria-labelledby="alignments-title" data-drop-target="alignments">
      <div className="panel-header">
        <h2 id="alignments-title">Alignments ({alignments.length})</h2>
        <button type="button" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      <OperationStatus op={op} runningText="Loading alignments…" />
      {alignments.length === 0 && op.state === 'failed' ? null : alignments.length === 0 && op.state !== 'running' ? (
        <p className="empty">No alignments yet. Drop .rdf or .xml files anywhere on this window, pick files, or paste XML.</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="Alignments">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Version</th>
                <th scope="col">Source → target ontology</th>
                <th scope="col">Creator</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Cells</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alignments.map((a) => (
                <AlignmentRow
                  key={`${a.name}\u0000${a.version}`}
                  a={a}
                  selected={openId !== undefined && sameAlignment(openId, a)}
                  onOpen={() => void open({ name: a.name, version: a.version })}
                  onDelete={() => requestDelete({ name: a.name, version: a.version })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AlignmentRow({ a, selected, onOpen, onDelete }: { a: AlignmentInfo; selected: boolean; onOpen: () => void; onDelete: () => void }) {
  return (
    <tr aria-selected={selected} data-testid="alignment-row" data-name={a.name} data-version={a.version}>
      <th scope="row" title={a.description}>
        <button type="button" className="link" onClick={onOpen} aria-label={`Open ${a.name} ${a.version}`}>
          {a.name}
        </button>
      </th>
      <td>{a.version}</td>
      <td className="iri">
        <span title={a.sourceOntologyURI}>{shortIri(a.sourceOntologyURI)}</span> → <span title={a.targetOntologyURI}>{shortIri(a.targetOntologyURI)}</span>
      </td>
      <td>{a.creator}</td>
      <td className="date">{formatDate(a.date)}</td>
      <td className="num">{a.cellCount}</td>
      <td className="actions">
        <button type="button" onClick={onDelete} aria-label={`Delete alignment ${a.name} ${a.version}`}>
          Delete…
        </button>
      </td>
    </tr>
  );
}
