import type { Problem } from '../../api/index.js';

export interface ProblemListProps {
  readonly problems: readonly Problem[];
  readonly onJump: (problem: Problem) => void;
}

/** Validation problems; each one jumps to its line and column in the editor. */
export function ProblemList({ problems, onJump }: ProblemListProps) {
  if (problems.length === 0) return <p className="empty">No problems.</p>;
  return (
    <ul className="problems" aria-label="Problems">
      {problems.map((p, i) => (
        <li key={i} className={`problem ${p.severity}`} data-testid="problem" data-line={p.line ?? ''}>
          <button type="button" className="link" onClick={() => onJump(p)} disabled={p.line === undefined}>
            <span className="badge">{p.severity}</span>
            {p.line !== undefined && (
              <span className="where">
                Line {p.line}
                {p.column !== undefined ? `, col ${p.column}` : ''}
              </span>
            )}
            <span className="message">{p.message}</span>
            {p.cellId !== undefined && <span className="problem-cell">cell {p.cellId}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
