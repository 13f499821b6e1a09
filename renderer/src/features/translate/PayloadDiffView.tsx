import type { DiffTriple, TraceStep, TripleOrigin } from '../../api/index.js';
import type { PayloadDiffResult } from '../../store/index.js';
import { cellHref } from '../../store/route.js';
import { originText } from '../graph/graph-model.js';

/**
 * Triples removed from and added to the payload graph, as the server compared them (`payloadDiff`
 * of the trace), grouped by the step and cell that removed or added them, each cell a link to it
 * in the alignment editor.
 */
export function PayloadDiffView({
  diff,
  beforeLabel = 'Input payload',
  afterLabel = 'Output payload',
  trace,
}: {
  diff: PayloadDiffResult;
  /** The translation's trace: orders the groups as the steps ran. */
  trace?: readonly TraceStep[];
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
      <p className="hint">
        Triples are compared with blank nodes as [] (labels change during translation); names use the prefixes the alignments declare, then the message’s;
        grouped by the step and cell that removed or added them.
      </p>
      <div className="diff-lists">
        <TripleList title="Removed" triples={d.removed} total={d.removedCount} sign="−" className="removed" trace={trace} />
        <TripleList title="Added" triples={d.added} total={d.addedCount} sign="+" className="added" trace={trace} />
      </div>
    </div>
  );
}

/** A diff line's cell: who inserted an added triple, who removed a removed one. */
function originOf(t: DiffTriple): TripleOrigin | undefined {
  return t.producedBy ?? t.removedBy;
}

interface Group {
  readonly key: string;
  readonly origin: TripleOrigin | undefined;
  readonly triples: DiffTriple[];
}

/**
 * The triples grouped by the step and cell that changed them (issue 25, point 7), in the order the
 * steps ran (the trace's order when given, else by alignment and step); triples no cell names (a
 * test case's expected payload) come last in one group.
 */
export function groupByCell(triples: readonly DiffTriple[], trace?: readonly TraceStep[]): Group[] {
  const groups = new Map<string, Group>();
  for (const t of triples) {
    const origin = originOf(t);
    const key = origin === undefined ? '' : `${origin.alignment}\u0000${origin.version}\u0000${origin.step}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { key, origin, triples: [] }));
    group.triples.push(t);
  }
  const rank = (g: Group): number => {
    if (g.origin === undefined) return Number.MAX_SAFE_INTEGER;
    const o = g.origin;
    const at = trace?.findIndex((r) => r.alignment === o.alignment && r.version === o.version && r.step === o.step) ?? -1;
    return at >= 0 ? at : o.step;
  };
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
}

function TripleList({
  title,
  triples,
  total,
  sign,
  className,
  trace,
}: {
  title: string;
  triples: readonly DiffTriple[];
  total: number;
  sign: string;
  className: string;
  trace: readonly TraceStep[] | undefined;
}) {
  const verb = sign === '+' ? 'added' : 'removed';
  return (
    // Focusable: the list scrolls, and a keyboard user must be able to scroll it (axe scrollable-region-focusable).
    <section className={`diff-list ${className}`} aria-label={`${title} triples`} tabIndex={0}>
      <h4>
        {title} ({total})
      </h4>
      {groupByCell(triples, trace).map((g) => (
        <div key={g.key} className="diff-group" data-testid="diff-group" data-cell={g.origin?.cellId ?? ''}>
          <h5>
            {g.origin === undefined ? (
              <span>
                {sign === '+' ? 'Not expected' : 'Expected'} ({g.triples.length})
              </span>
            ) : (
              <>
                Step {g.origin.step} of {g.origin.alignment} {g.origin.version}:{' '}
                <a
                  href={cellHref({ name: g.origin.alignment, version: g.origin.version }, g.origin.cellId)}
                  aria-label={`Open cell ${g.origin.cellId} (${g.origin.alignment} ${g.origin.version}) in the editor`}
                >
                  {g.origin.cellId}
                </a>{' '}
                <span className="hint">({g.triples.length})</span>
              </>
            )}
          </h5>
          <ul className="triples">
            {g.triples.map((t, i) => {
              const origin = originOf(t);
              return (
                <li key={i} title={origin === undefined ? t.nt : `${t.nt}\n${verb} by ${originText(origin)}`} data-testid="diff-triple">
                  <code>
                    {sign} {t.display}
                  </code>
                  {origin !== undefined && <span className="visually-hidden"> by {origin.cellId}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {total > triples.length && (
        <p className="hint">
          … {total - triples.length} more (the server lists the first {triples.length})
        </p>
      )}
    </section>
  );
}
