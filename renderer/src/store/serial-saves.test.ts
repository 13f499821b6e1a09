import { describe, expect, it } from 'vitest';
import { serialSaves } from './serial-saves.js';
import { flush } from './fake-api.test-support.js';

/** A small seeded generator, so a failing walk can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('serialSaves', () => {
  it('runs one save at a time, in the order given, always ends with the newest value, and says when a run is superseded (seeded walks)', async () => {
    let superseded = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const started: number[] = [];
      const answers: (() => void)[] = [];
      const supersededAtAnswer: boolean[] = [];
      const newerCame: boolean[] = [];
      const given: number[] = [];
      let running = 0;
      let most = 0;
      const save = serialSaves<number>(async (value, superseded) => {
        running++;
        most = Math.max(most, running);
        started.push(value);
        const calls = given.length;
        await new Promise<void>((resolve) => answers.push(resolve));
        supersededAtAnswer.push(superseded());
        newerCame.push(given.length > calls);
        running--;
        if (next() < 0.2) throw new Error('the server refused');
      });
      const settled: boolean[] = [];
      for (let step = 0; step < 40; step++) {
        if (next() < 0.5) {
          const value = given.length;
          given.push(value);
          void save(value).then(() => (settled[value] = true));
        } else {
          answers.shift()?.();
        }
        await flush();
      }
      while (answers.length > 0) {
        answers.shift()?.();
        await flush();
      }
      await flush();
      expect(most).toBeLessThanOrEqual(1);
      // In the order given, each at most once, and the last value given is always saved.
      expect([...started].sort((a, b) => a - b)).toEqual(started);
      expect(new Set(started).size).toBe(started.length);
      if (given.length > 0) expect(started.at(-1)).toBe(given.at(-1));
      // A run is superseded exactly when a newer value came while it ran.
      expect(supersededAtAnswer).toEqual(newerCame);
      expect(supersededAtAnswer.length).toBe(started.length);
      superseded += supersededAtAnswer.filter(Boolean).length;
      // Every call's promise settles, whether its own value ran or a newer one replaced it.
      expect(given.every((v) => settled[v] === true)).toBe(true);
    }
    expect(superseded).toBeGreaterThan(0); // the walks reach the case that matters
  });
});
