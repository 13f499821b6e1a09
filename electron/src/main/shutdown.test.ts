import { describe, expect, it } from 'vitest';
import { createShutdown, type ShutdownDeps } from './shutdown.js';

function quitEvent() {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

function setup(close: () => Promise<void>, timeoutMs?: number) {
  const log: string[] = [];
  const deps: ShutdownDeps = {
    close: async () => {
      log.push('close');
      await close();
      log.push('closed');
    },
    quit: () => void log.push('quit'),
    report: (message) => void log.push(`report: ${message}`),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
  return { log, shutdown: createShutdown(deps) };
}

describe('createShutdown', () => {
  it('holds the first quit, closes the server, then quits again and lets that one through', async () => {
    let finish: () => void = () => {};
    const { log, shutdown } = setup(() => new Promise<void>((resolve) => (finish = resolve)));

    const first = quitEvent();
    shutdown.onBeforeQuit(first);
    expect(first.prevented).toBe(true);
    expect(shutdown.state).toBe('closing');

    const impatient = quitEvent();
    shutdown.onBeforeQuit(impatient);
    expect(impatient.prevented).toBe(true);
    expect(log).toEqual(['close']);

    finish();
    await shutdown.closed;
    expect(log).toEqual(['close', 'closed', 'quit']);
    expect(shutdown.state).toBe('closed');

    const last = quitEvent();
    shutdown.onBeforeQuit(last);
    expect(last.prevented).toBe(false);
    expect(log).toEqual(['close', 'closed', 'quit']);
  });

  it('still quits when closing fails, and says why', async () => {
    const { log, shutdown } = setup(async () => {
      throw new Error('database is locked');
    });
    shutdown.onBeforeQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['close', 'report: Closing the mediator server failed; quitting anyway', 'quit']);
  });

  it('does not wait for ever on a server that will not close', async () => {
    const { log, shutdown } = setup(() => new Promise<void>(() => {}), 20);
    shutdown.onBeforeQuit(quitEvent());
    await shutdown.closed;
    expect(log).toEqual(['close', 'report: The mediator server did not close within 20 ms; quitting anyway', 'quit']);
  });
});
