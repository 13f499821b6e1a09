import { describe, expect, it } from 'vitest';
import { TurnBudget } from './turn-budget.js';

/** A hand-driven clock and event loop: `turn()` runs what was queued so far, like one loop turn. */
function fakeLoop(): { budget: TurnBudget; advance: (ms: number) => void; turn: () => void; queued: () => number } {
  let t = 1000;
  let queue: Array<() => void> = [];
  return {
    budget: new TurnBudget(
      2,
      () => t,
      (callback) => queue.push(callback),
    ),
    advance: (ms) => {
      t += ms;
    },
    turn: () => {
      const run = queue;
      queue = [];
      for (const callback of run) callback();
    },
    queued: () => queue.length,
  };
}

describe('TurnBudget', () => {
  it('lets work go on until the burst has run for the budget, then pauses it until the next turn', async () => {
    const loop = fakeLoop();
    expect(loop.budget.pause()).toBeUndefined();
    expect(loop.queued()).toBe(1); // the burst's end marker
    loop.advance(1.9);
    expect(loop.budget.pause()).toBeUndefined();
    loop.advance(0.2);
    const pause = loop.budget.pause();
    expect(pause).toBeInstanceOf(Promise);
    let resumed = false;
    void pause!.then(() => {
      resumed = true;
    });
    await Promise.resolve();
    expect(resumed).toBe(false);
    loop.turn();
    await Promise.resolve();
    expect(resumed).toBe(true);
  });

  it('starts a new burst after each turn: time the loop spent elsewhere does not count', () => {
    const loop = fakeLoop();
    expect(loop.budget.pause()).toBeUndefined();
    loop.advance(50);
    loop.turn();
    expect(loop.budget.pause()).toBeUndefined();
    loop.advance(1);
    expect(loop.budget.pause()).toBeUndefined();
    loop.advance(1);
    expect(loop.budget.pause()).toBeInstanceOf(Promise);
  });

  it('pauses every caller that comes once the budget is spent, until the turn', async () => {
    const loop = fakeLoop();
    expect(loop.budget.pause()).toBeUndefined();
    loop.advance(3);
    const first = loop.budget.pause();
    const second = loop.budget.pause();
    expect(first).toBeInstanceOf(Promise);
    expect(second).toBeInstanceOf(Promise);
    loop.turn();
    await Promise.all([first, second]);
    expect(loop.budget.pause()).toBeUndefined();
  });
});
