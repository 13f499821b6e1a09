import { describe, expect, it } from 'vitest';
import { createShutdown, type Closer } from './shutdown.js';

function quitEvent() {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

/** A promise with its resolve and reject in hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run (no timers involved). */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function setup(timeoutMs?: number) {
  const log: string[] = [];
  const shutdown = createShutdown({
    quit: () => void log.push('quit'),
    report: (message) => void log.push(`report: ${message}`),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  /** A closer that logs, and finishes when `close` says (at once by default). */
  const closer =
    (close: () => Promise<void> = async () => {}): Closer =>
    async () => {
      log.push('close');
      await close();
      log.push('closed');
    };
  return { log, shutdown, closer };
}

describe('createShutdown: quit after the server started', () => {
  it('holds the first quit, closes the server, then quits again and lets that one through', async () => {
    const { log, shutdown, closer } = setup();
    const finish = deferred<void>();
    shutdown.track(Promise.resolve(closer(() => finish.promise)));

    const first = quitEvent();
    shutdown.onWillQuit(first);
    expect(first.prevented).toBe(true);
    expect(shutdown.state).toBe('closing');
    expect(shutdown.quitRequested).toBe(true);

    await flush();
    const impatient = quitEvent();
    shutdown.onWillQuit(impatient);
    expect(impatient.prevented).toBe(true);
    expect(log).toEqual(['close']);

    finish.resolve();
    await shutdown.closed;
    expect(log).toEqual(['close', 'closed', 'quit']);
    expect(shutdown.state).toBe('closed');

    const last = quitEvent();
    shutdown.onWillQuit(last);
    expect(last.prevented).toBe(false);
    expect(log).toEqual(['close', 'closed', 'quit']);
  });

  it('quits at once when nothing of ours runs (connected to another mediator)', async () => {
    const { log, shutdown } = setup();
    shutdown.track(Promise.resolve(undefined));
    shutdown.onWillQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['quit']);
  });

  it('still quits when closing fails, and says why', async () => {
    const { log, shutdown, closer } = setup();
    shutdown.track(
      Promise.resolve(
        closer(async () => {
          throw new Error('database is locked');
        }),
      ),
    );
    shutdown.onWillQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['close', 'report: Closing the mediator server failed; quitting anyway', 'quit']);
  });

  it('does not wait for ever on a server that will not close', async () => {
    const { log, shutdown, closer } = setup(20);
    shutdown.track(Promise.resolve(closer(() => new Promise<void>(() => {}))));
    shutdown.onWillQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['close', 'report: The mediator server did not close within 20 ms; quitting anyway', 'quit']);
  });
});

describe('createShutdown: quit during start-up', () => {
  it('waits for a pending start, closes the server as soon as it is up, and quits once', async () => {
    const { log, shutdown, closer } = setup();
    const start = deferred<Closer | undefined>();
    shutdown.track(start.promise);

    const event = quitEvent();
    shutdown.onWillQuit(event);
    expect(event.prevented).toBe(true);
    expect(shutdown.quitRequested).toBe(true);
    await flush();
    expect(log).toEqual([]);

    // A second quit (the user insists) while starting changes nothing.
    const again = quitEvent();
    shutdown.onWillQuit(again);
    expect(again.prevented).toBe(true);

    start.resolve(closer());
    await shutdown.closed;
    expect(log).toEqual(['close', 'closed', 'quit']);

    // Electron's own second 'will-quit', after our quit(): let through, nothing closed twice.
    const final = quitEvent();
    shutdown.onWillQuit(final);
    expect(final.prevented).toBe(false);
    expect(log).toEqual(['close', 'closed', 'quit']);
  });

  it('quits without closing anything when the start fails', async () => {
    const { log, shutdown } = setup();
    const start = deferred<Closer | undefined>();
    shutdown.track(start.promise);
    shutdown.onWillQuit(quitEvent());
    start.reject(new Error('unable to open database file'));
    await shutdown.closed;
    expect(log).toEqual(['quit']);
  });

  it('quits at once when the quit comes before any start (the start is then not begun: quitRequested)', async () => {
    const { log, shutdown } = setup();
    shutdown.onWillQuit(quitEvent());
    expect(shutdown.quitRequested).toBe(true);
    await shutdown.closed;
    expect(log).toEqual(['quit']);
  });

  it('closes a start tracked after the quit as soon as it is up, without a second quit', async () => {
    const { log, shutdown, closer } = setup();
    shutdown.onWillQuit(quitEvent());
    await shutdown.closed;
    const start = deferred<Closer | undefined>();
    shutdown.track(start.promise);
    start.resolve(closer());
    await flush();
    expect(log).toEqual(['quit', 'close', 'closed']);
  });

  it('gives up on a start that does not finish, and says which step hung', async () => {
    const { log, shutdown } = setup(20);
    shutdown.track(new Promise<Closer | undefined>(() => {}));
    shutdown.onWillQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['report: The mediator server did not finish starting within 20 ms; quitting anyway', 'quit']);
  });
});
