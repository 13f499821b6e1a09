/**
 * The server's stdout log, written once per event-loop turn (issue 42, point 2). At the default
 * level every POST /translation logs two lines, and each went out as its own write: under
 * autocannon those writes cost `mediator serve` 8-10 % of its requests per second (the same
 * server with the lines formatted but not written answered about as many as at `warn`). The lines
 * of one turn now go out in one write at its end (`setImmediate`), in order, so none is held past
 * the turn that logged it: a terminal shows it as before. Under autocannon the log's writes fell
 * from 1.9 to 0.45 per request (`syscw` of /proc/PID/io) and the requests per second rose 1-2 %
 * more (medians of 6 alternating runs: 8895 -> 9010, the bare node:http handler 9030).
 *
 * Nothing logged is lost on the ways a process ends by itself: the server's close and the
 * process's `exit` event (process.exit, an uncaught exception) write what is pending at once.
 * Only a process killed by a signal it cannot handle (SIGKILL) loses the lines of its last turn,
 * as it loses any output still in a pipe.
 */

/** What pino needs of a destination, and the server's close. */
export interface TurnBatchedLog {
  write(line: string): boolean;
  /** Writes what is pending now, then calls `done` (pino's `logger.flush(cb)` calls it so). */
  flush(done?: (error?: Error) => void): void;
  /** Writes what is pending, then each line as it comes (the server's close). */
  close(): void;
}

/** Batches not yet written when the process exits: written from one `exit` listener for all. */
const live = new Set<() => void>();
let exitHook = false;

/** Lines written to `target` once per event-loop turn. */
export function turnBatchedLog(target: NodeJS.WritableStream): TurnBatchedLog {
  let pending: string[] = [];
  let scheduled = false;
  let closed = false;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    target.write(text);
  };
  live.add(flush);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const pendingFlush of live) pendingFlush();
    });
  }
  return {
    write(line: string): boolean {
      if (closed) return target.write(line);
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    flush(done?: (error?: Error) => void): void {
      flush();
      done?.();
    },
    close(): void {
      flush();
      closed = true;
      live.delete(flush);
    },
  };
}
