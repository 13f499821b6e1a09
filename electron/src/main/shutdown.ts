/**
 * Quitting closes the server before the process ends: HTTP first, then channels and the SQLite store
 * (`RunningServer.close()`), so no channel is cut mid-message and the database is closed cleanly.
 *
 * The listener goes on `app.on('will-quit')` and is registered before the server starts, so that a
 * quit during start-up (the port dialog, a slow database) still waits for the start and then closes
 * what it started. 'will-quit', not 'before-quit': Electron emits 'before-quit', then closes the
 * windows, each of which may refuse (a page with unsaved edits, unload-guard.ts), and only when all
 * have closed emits 'will-quit' (Electron docs, `app.quit()`). Closing the server in 'before-quit'
 * would close it even when the user then chose to stay.
 *
 * Electron does not wait for promises in 'will-quit', so the first quit is held back
 * (`preventDefault`), the server closes, and then the app quits again, this time let through.
 */

export interface QuitEventLike {
  preventDefault(): void;
}

/** Closes what the app started (`RunningServer.close()`). */
export type Closer = () => Promise<void>;

export interface ShutdownDeps {
  /** Asks the app to quit again (`app.quit()`). */
  quit(): void;
  /** Reports a start or close that failed or took too long; the app quits anyway. */
  report(message: string, error?: unknown): void;
  /** Longest wait for the start-up and `close` together before quitting regardless (default 10 s). */
  readonly timeoutMs?: number;
}

export type ShutdownState = 'running' | 'closing' | 'closed';

export interface Shutdown {
  readonly state: ShutdownState;
  /** True once a quit has reached the shutdown: start nothing more, open no window. */
  readonly quitRequested: boolean;
  /**
   * The server start-up in flight. It resolves to what closes the server it started, or to
   * undefined when nothing of ours runs (connected to another mediator, the user chose to quit); a
   * rejection means nothing started. A quit while it is pending waits for it, then closes.
   */
  track(starting: Promise<Closer | undefined>): void;
  /** Listener for `app.on('will-quit')`. */
  onWillQuit(event: QuitEventLike): void;
  /** Settles once closing has finished (or given up). */
  readonly closed: Promise<void>;
}

export function createShutdown(deps: ShutdownDeps): Shutdown {
  const timeoutMs = deps.timeoutMs ?? 10_000;
  let state: ShutdownState = 'running';
  let starting: Promise<Closer | undefined> = Promise.resolve(undefined);
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });

  /** What the start-up leaves to close; a start that failed leaves nothing. */
  const settled = (start: Promise<Closer | undefined>): Promise<Closer | undefined> => start.catch(() => undefined);

  async function closeThenQuit(): Promise<void> {
    let phase: 'start' | 'close' = 'start';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const work = async (): Promise<'closed'> => {
      const close = await starting;
      phase = 'close';
      if (close !== undefined) await close();
      return 'closed';
    };
    try {
      const outcome = await Promise.race([work(), timeout]);
      if (outcome === 'timeout') {
        deps.report(
          phase === 'start'
            ? `The mediator server did not finish starting within ${timeoutMs} ms; quitting anyway`
            : `The mediator server did not close within ${timeoutMs} ms; quitting anyway`,
        );
      }
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
    get quitRequested() {
      return state !== 'running';
    },
    closed,
    track(start: Promise<Closer | undefined>): void {
      if (state === 'running') {
        starting = settled(start);
        return;
      }
      // A start that began after the quit (main.ts does not do this): nobody waits for it, so
      // close what it starts as soon as it is there rather than leave it running.
      void settled(start).then(async (close) => {
        try {
          await close?.();
        } catch (error) {
          deps.report('Closing the mediator server failed', error);
        }
      });
    },
    onWillQuit(event: QuitEventLike): void {
      if (state === 'closed') return;
      event.preventDefault();
      if (state === 'closing') return;
      state = 'closing';
      void closeThenQuit();
    },
  };
}
