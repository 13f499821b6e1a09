/**
 * The server's stdout log, written in batches (issue 42, point 2). At the default level every
 * POST /translation logs two lines, and each went out as its own write: under autocannon those
 * writes cost `mediator serve` 8-10 % of its requests per second. The lines were first gathered
 * per event-loop turn (1.9 -> 0.45 writes per request under autocannon), but a server answering
 * one request at a time still wrote twice per request, each a system call through Node's
 * synchronous stdout. Lines are now written at most `windowMs` (10 ms) after the first of them
 * was logged, or at once when `maxPendingBytes` are waiting. Measured against the per-turn
 * batches, alternating builds, weight message:
 * - one client sending 8,000 requests one after another: `--translation-workers 0` 179-186 ->
 *   170-174 µs of CPU per request (3 pairs; 162-181 at `warn`), one worker 306-313 -> 298-305;
 * - autocannon, 8 connections, one worker: 2.2-2.8 -> 1.7-1.8 write calls per request (what is
 *   left: the response and the threads' wake-ups), 139-153 -> 135-146 µs per request (4 pairs).
 * A line reaches a terminal or a log collector at most 10 ms late, in order.
 *
 * Nothing logged is lost on the ways a process ends by itself: the server's close and the
 * process's `exit` event (process.exit, an uncaught exception, an event loop left empty: the
 * timer does not keep a process alive) write what is pending at once. Only a process killed by a
 * signal it cannot handle (SIGKILL) loses what it logged in its last window, as it loses any
 * output still in a pipe.
 */

/** What pino needs of a destination, and the server's close. */
export interface BatchedLog {
  write(line: string): boolean;
  /** Writes what is pending now, then calls `done` (pino's `logger.flush(cb)` calls it so). */
  flush(done?: (error?: Error) => void): void;
  /** Writes what is pending, then each line as it comes (the server's close). */
  close(): void;
}

export interface BatchedLogOptions {
  /** Longest a line waits, default 10 ms. */
  readonly windowMs?: number;
  /** Waiting text (UTF-16 code units) that is written at once, default 64 Ki. */
  readonly maxPendingBytes?: number;
}

/** Batches not yet written when the process exits: written from one `exit` listener for all. */
const live = new Set<() => void>();
let exitHook = false;

/** Lines written to `target` in batches, each at most `windowMs` after its first line. */
export function batchedLog(target: NodeJS.WritableStream, { windowMs = 10, maxPendingBytes = 64 * 1024 }: BatchedLogOptions = {}): BatchedLog {
  let pending: string[] = [];
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    pendingBytes = 0;
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
      pendingBytes += line.length;
      if (pendingBytes >= maxPendingBytes) flush();
      else if (timer === undefined) timer = setTimeout(flush, windowMs).unref();
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
