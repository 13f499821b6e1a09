import type { Operation } from '../store/index.js';

export interface OperationStatusProps {
  readonly op: Operation;
  readonly testId?: string;
  /** Shown while running when the operation has no progress text of its own. */
  readonly runningText?: string;
  readonly showDone?: boolean;
}

/** The outcome of a request next to the control that started it: progress, the server's message on failure. */
export function OperationStatus({ op, testId, runningText = 'Working…', showDone = true }: OperationStatusProps) {
  const id = testId === undefined ? {} : { 'data-testid': testId };
  switch (op.state) {
    case 'idle':
      return null;
    case 'running':
      return (
        <p className="op op-running" role="status" {...id}>
          <span className="spinner" aria-hidden="true" /> {op.progress ?? runningText}
        </p>
      );
    case 'done':
      return showDone ? (
        <p className="op op-done" role="status" {...id}>
          {op.message}
        </p>
      ) : null;
    case 'failed':
      return (
        <p className="op op-failed" role="alert" {...id}>
          {op.notAvailable ? 'Not available from this server: ' : ''}
          {op.message}
        </p>
      );
  }
}
