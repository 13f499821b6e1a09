import { DiffCodeEditor } from '../../editor/DiffCodeEditor.js';
import { useWorkbench, type AlignmentEditor } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

/**
 * What to do when an upload did not store the editor's text (issue 25, point 3): the same name and
 * version hold a different content (409) -> save as a new version, or compare with the stored one;
 * only comments or whitespace changed (208) -> say plainly that nothing new was stored.
 */
export function SaveOutcomePanel({ editor }: { readonly editor: AlignmentEditor }) {
  const suggested = useWorkbench((s) => s.suggestedVersion());
  const saveAsNewVersion = useWorkbench((s) => s.saveAsNewVersion);
  const compareWithStored = useWorkbench((s) => s.compareWithStored);
  const outcome = editor.saveOutcome;
  if (outcome === undefined) return <CompareView editor={editor} />;
  const stored = `${outcome.id.name} ${outcome.id.version}`;
  return (
    <div className="save-outcome" data-testid="save-outcome" data-kind={outcome.kind}>
      {outcome.kind === 'unchanged' ? (
        <p role="status">
          The meaning is unchanged: {stored} is already stored with the same cells and metadata, so nothing new was stored. Changes to comments or whitespace
          are not kept by the mediator{editor.text !== editor.loadedText ? '; the editor still holds them (edited)' : ''}.
        </p>
      ) : (
        <p role="alert">{stored} is already stored with a different content. Store this text under a new version, or compare it with the stored one.</p>
      )}
      <div className="row">
        {suggested !== undefined && (outcome.kind === 'conflict' || editor.text !== editor.loadedText) && (
          <button type="button" className="primary" onClick={() => void saveAsNewVersion()} disabled={editor.saveOp.state === 'running'}>
            Save as new version {suggested}
          </button>
        )}
        <button type="button" onClick={() => void compareWithStored()}>
          Compare with the stored version
        </button>
      </div>
      <CompareView editor={editor} />
    </div>
  );
}

function CompareView({ editor }: { readonly editor: AlignmentEditor }) {
  const close = useWorkbench((s) => s.closeCompare);
  const compare = editor.compare;
  if (compare.state === 'closed') return null;
  const title = `Stored ${compare.id.name} ${compare.id.version} ↔ this text`;
  return (
    <section className="compare" aria-label={title} data-testid="compare-stored">
      <div className="panel-header">
        <h3>{title}</h3>
        <button type="button" onClick={close}>
          Close the comparison
        </button>
      </div>
      {compare.state === 'loading' && <OperationStatus op={{ state: 'running' }} runningText="Reading the stored version…" />}
      {compare.state === 'failed' && <OperationStatus op={{ state: 'failed', message: compare.message }} />}
      {compare.state === 'ready' && (
        <DiffCodeEditor original={compare.storedText} modified={editor.text} language="xml" ariaLabel={title} testId="compare-diff" maxHeight={360} />
      )}
    </section>
  );
}
