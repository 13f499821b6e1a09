import { describe, expect, it } from 'vitest';
import { preloadChunksWhenIdle } from './preload-chunks.js';

/** A window whose idle callbacks (or timers, without requestIdleCallback) run only when the test says. */
function idleWindow(withIdle: boolean) {
  const pending: Array<() => void> = [];
  const timeouts: number[] = [];
  const win = {
    setTimeout: ((run: () => void, ms?: number) => {
      pending.push(run);
      timeouts.push(ms ?? 0);
      return pending.length;
    }) as Window['setTimeout'],
    ...(withIdle
      ? {
          requestIdleCallback: (run: () => void, options?: { timeout: number }) => {
            pending.push(run);
            timeouts.push(options?.timeout ?? Infinity);
            return pending.length;
          },
        }
      : {}),
  };
  /** Runs the callbacks queued so far, then lets their promises settle. */
  const idle = async () => {
    for (const run of pending.splice(0)) run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { win, idle, timeouts };
}

describe('preloadChunksWhenIdle', () => {
  it('loads nothing until the page is idle, then one chunk per idle period, in order, past a failed one', async () => {
    const { win, idle, timeouts } = idleWindow(true);
    const loaded: string[] = [];
    const loader =
      (name: string, fails = false) =>
      () => {
        loaded.push(name);
        return fails ? Promise.reject(new Error(`${name} is offline`)) : Promise.resolve();
      };
    preloadChunksWhenIdle(win, [loader('editor', true), loader('graph')]);
    expect(loaded).toEqual([]);
    await idle();
    expect(loaded).toEqual(['editor']);
    await idle();
    expect(loaded).toEqual(['editor', 'graph']);
    await idle();
    expect(loaded).toEqual(['editor', 'graph']);
    // A page that is never idle still gets its chunks: each wait is bounded.
    expect(timeouts).toEqual([1000, 1000]);
  });

  it('waits on a timer where the browser has no requestIdleCallback', async () => {
    const { win, idle, timeouts } = idleWindow(false);
    const loaded: string[] = [];
    preloadChunksWhenIdle(win, [() => Promise.resolve(loaded.push('editor'))]);
    expect(loaded).toEqual([]);
    await idle();
    expect(loaded).toEqual(['editor']);
    expect(timeouts).toEqual([200]);
  });
});
