import type { PayloadDiffResult } from '../../store/index.js';

const SHOW = 300;

/** Triples removed from and added to the payload graph (blank nodes compared by position). */
export function PayloadDiffView({ diff }: { diff: PayloadDiffResult }) {
  if (!diff.ok) return <p className="hint">The payload diff could not be computed in the browser: {diff.message}</p>;
  const d = diff.diff;
  return (
    <div className="payload-diff" data-testid="payload-diff">
      <dl className="counts">
        <div>
          <dt>Input payload</dt>
          <dd data-testid="triples-before">{d.before}</dd>
        </div>
        <div>
          <dt>Output payload</dt>
          <dd data-testid="triples-after">{d.after}</dd>
        </div>
        <div className="removed">
          <dt>Removed</dt>
          <dd data-testid="triples-removed">{d.removed.length}</dd>
        </div>
        <div className="added">
          <dt>Added</dt>
          <dd data-testid="triples-added">{d.added.length}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd data-testid="triples-unchanged">{d.unchanged}</dd>
        </div>
      </dl>
      <p className="hint">Triples are compared with blank nodes as [] (labels change during translation).</p>
      <div className="diff-lists">
        <TripleList title="Removed" lines={d.removed} sign="−" className="removed" />
        <TripleList title="Added" lines={d.added} sign="+" className="added" />
      </div>
    </div>
  );
}

function TripleList({ title, lines, sign, className }: { title: string; lines: readonly string[]; sign: string; className: string }) {
  return (
    <section className={`diff-list ${className}`} aria-label={`${title} triples`}>
      <h4>
        {title} ({lines.length})
      </h4>
      <pre>
        {lines.slice(0, SHOW).map((l) => `${sign} ${l}`).join('\n')}
        {lines.length > SHOW ? `\n… ${lines.length - SHOW} more` : ''}
      </pre>
    </section>
  );
}
