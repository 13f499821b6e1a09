import type { api } from '@mediator/core';

/** A check's problems, each with the line it is about. */
export function ProblemLines({ problems, file, testId }: { problems: readonly api.CheckProblem[]; file: string; testId: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="problem-lines" role="alert" data-testid={testId}>
      {problems.map((p, i) => (
        <li key={i}>
          {p.line === undefined ? '' : <span className="line-ref">{`${file}:${p.line}`}</span>} {p.message}
        </li>
      ))}
    </ul>
  );
}
