import type { DiffTriple } from '../../api/index.js';
import type { PayloadDiffResult } from '../../store/index.js';
import { originText } from '../graph/graph-model.js';

/** Triples removed from and added to the payload graph, as the server compared them (`payloadDiff` of the trace). */
export function PayloadDiffView({
  diff,
  beforeLabel = 'Input payload',
  afterLabel = 'Output payload',
}: {
  diff: PayloadDiffResult;
  /** What the two sides are: a translation's input and output, or a test case's expected and actual payload. */
  beforeLabel?: string;
  afterLabel?: string;
}) {
  if (!diff.ok) return <p className="hint">No payload diff: {diff.message}</p>;
  const d = diff.diff;
  return (
    <div className="payload-diff" data-testid="payload-diff">
      <dl className="counts">
        <div>
          <dt>{beforeLabel}</dt>
          <dd data-testid="triples-before">{d.before}</dd>
        </div>
        <div>
          <dt>{afterLabel}</dt>
          <dd data-testid="triples-after">{d.after}</dd>
        </div>
        <div className="removed">
          <dt>Removed</dt>
          <dd data-testid="triples-removed">{d.removedCount}</dd>
        </div>
        <div className="added">
          <dt>Added</dt>
          <dd data-testid="triples-added">{d.addedCount}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd data-testid="triples-unchanged">{d.unchanged}</dd>
        </div>
      </dl>
      <p className="hint">Triples are compared with blank nodes as [] (labels change during translation); names use the message’s prefixes.</p>
      <div className="diff-lists">
        <TripleList title="Removed" triples={d.removed} total={d.removedCount} sign="−" className="removed" />
        <TripleList title="Added" triples={d.added} total={d.addedCount} sign="+" className="added" />
      </div>
    </div>
  );
}

function TripleList({
  title,
  triples,
  total,
  sign,
  className,
}: {
  title: string;
  triples: readonly DiffTriple[];
  total: number;
  sign: string;
  className: string;
}) {
  return (
    <section className={`diff-list ${className}`} aria-label={`${title} triples`}>
      <h4>
        {title} ({total})
      </h4>
      <ul className="triples">
        {triples.map((t, i) => (
          <li key={i} title={t.producedBy === undefined ? t.nt : `${t.nt}\nadded by ${originText(t.producedBy)}`} data-testid="diff-triple">
            <code>
              {sign} {t.display}
            </code>
            {t.producedBy !== undefined && <span className="origin"> by {t.producedBy.cellId}</span>}
          </li>
        ))}
      </ul>
      {total > triples.length && (
        <p className="hint">
          … {total - triples.length} more (the server lists the first {triples.length})
        </p>
      )}
    </section>
  );
}
