/**
 * Quitting closes the server before the process ends: HTTP first, then channels and the SQLite store
 * (`RunningServer.close()`), so no channel is cut mid-message and the database is closed cleanly.
 *
 * Electron does not wait for promises in 'before-quit', so the first quit is held back
 * (`preventDefault`), the server closes, and then the app quits again, this time let through.
 */

export interface QuitEventLike {
  preventDefault(): void;
}

export interface ShutdownDeps {
  /** Closes what the app owns (a no-op when connected to another mediator). */
  close(): Promise<void>;
  /** Asks the app to quit again (`app.quit()`). */
  quit(): void;
  /** Reports a close that failed or took too long; the app quits anyway. */
  report(message: string, error?: unknown): void;
  /** Longest wait for `close` before quitting regardless (default 10 s). */
  readonly timeoutMs?: number;
}

export type ShutdownState = 'running' | 'closing' | 'closed';

export interface Shutdown {
  readonly state: ShutdownState;
  /** Listener for `app.on('before-quit')`. */
  onBeforeQuit(event: QuitEventLike): void;
  /** Settles once closing has finished (or given up). */
  readonly closed: Promise<void>;
}

export function createShutdown(deps: ShutdownDeps): Shutdown {
  let state: ShutdownState = 'running';
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });

  async function closeThenQuit(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deps.timeoutMs ?? 10_000);
    });
    try {
      const outcome = await Promise.race([deps.close().then(() => 'closed' as const), timeout]);
      if (outcome === 'timeout') deps.report(`The mediator server did not close within ${deps.timeoutMs ?? 10_000} ms; quitting anyway`);
    } catch (error) {
      deps.report('Closing the mediator server failed; quitting anyway', error);
    } finally {
      clearTimeout(timer);
      state = 'closed';
      markClosed();
      deps.quit();
    }
  }

  return {
    get state() {
      return state;
    },
    closed,
    onBeforeQuit(event: QuitEventLike): void {
      if (state === 'closed') return;
      event.preventDefault();
      if (state === 'closing') return;
      state = 'closing';
      void closeThenQuit();
    },
  };
}
