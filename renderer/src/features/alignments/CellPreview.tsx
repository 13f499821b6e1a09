import { useEffect, useId } from 'react';
import type { DiffTriple } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { PayloadDiffView } from '../translate/PayloadDiffView.js';
import { SAMPLES } from '../translate/samples/index.js';

const TRANSLATE_MESSAGE = 'The Translate screen’s message';

function TripleLines({ title, triples, sign, className }: { title: string; triples: readonly DiffTriple[]; sign: string; className: string }) {
  return (
    <section className={`diff-list ${className}`} aria-label={title} tabIndex={0}>
      <h5>
        {title} ({triples.length})
      </h5>
      {triples.length > 0 && (
        <ul className="triples">
          {triples.map((t, i) => (
            <li key={i} title={t.nt} data-testid="preview-triple">
              <code>
                {sign} {t.display}
              </code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The live preview (issue 39): with a message chosen, every edit of the open alignment translates
 * it again (debounced, POST /translation-preview: the unsaved text, nothing stored), and what the
 * edited cell adds to and removes from the payload is listed apart from the rest of the diff.
 */
export function CellPreview({ text, cellIri }: { readonly text: string; readonly cellIri: string | undefined }) {
  const message = useWorkbench((s) => s.previewMessage);
  const choose = useWorkbench((s) => s.choosePreviewMessage);
  const schedule = useWorkbench((s) => s.schedulePreview);
  const preview = useWorkbench((s) => s.preview);
  const translateText = useWorkbench((s) => s.messageText);
  const view = useWorkbench((s) => s.editor?.view.view);
  const id = useId();
  useEffect(() => schedule(), [text, schedule]);
  const cellId = view?.cells.find((c) => c.iri === cellIri)?.id;
  const diff = preview.reply?.payloadDiff;
  const byCell = (t: DiffTriple) => cellId !== undefined && (t.producedBy ?? t.removedBy)?.cellId === cellId;
  const options = [
    ...SAMPLES.map((s) => ({ label: s.label, text: s.text })),
    ...(translateText.trim() === '' ? [] : [{ label: TRANSLATE_MESSAGE, text: translateText }]),
  ];
  return (
    <section className="cell-preview" aria-label="Live preview">
      <div className="row">
        <label htmlFor={id}>Preview with message</label>
        <select id={id} value={message?.label ?? ''} onChange={(e) => choose(options.find((o) => o.label === e.target.value))}>
          <option value="">– no preview –</option>
          {options.map((o) => (
            <option key={o.label} value={o.label}>
              {o.label}
            </option>
          ))}
        </select>
        <span className={preview.state === 'failed' ? 'error' : 'hint'} role="status" data-testid="preview-status">
          {preview.state === 'running'
            ? 'Translating…'
            : preview.state === 'failed'
              ? `Not previewed: ${preview.message ?? ''}`
              : (preview.reply?.message ?? '')}
        </span>
      </div>
      {message !== undefined && diff !== undefined && (
        <>
          <p className="hint">
            {cellId === undefined
              ? 'The picked cell is not in the server’s reading of this text yet.'
              : `Cell ${cellId} adds ${diff.added.filter(byCell).length} and removes ${diff.removed.filter(byCell).length} triples of this message.`}
          </p>
          <div className="diff-lists" data-testid="preview-cell-diff">
            <TripleLines title="Removed by this cell" triples={diff.removed.filter(byCell)} sign="−" className="removed" />
            <TripleLines title="Added by this cell" triples={diff.added.filter(byCell)} sign="+" className="added" />
          </div>
          <details>
            <summary>
              The whole payload diff ({diff.removedCount} removed, {diff.addedCount} added)
            </summary>
            <PayloadDiffView diff={{ ok: true, diff }} {...(preview.reply?.trace === undefined ? {} : { trace: preview.reply.trace })} />
          </details>
        </>
      )}
    </section>
  );
}
