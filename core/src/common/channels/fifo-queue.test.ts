import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { FifoQueue } from './fifo-queue.js';

describe('FifoQueue', () => {
  it('behaves as an array used with push, shift, index reads and filter, over random sequences of operations', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed);
      const queue = new FifoQueue<number>();
      let model: number[] = [];
      let value = 0;
      for (let step = 0; step < 40; step++) {
        const pick = next();
        if (pick < 0.4) {
          // Bursts long enough to cross the compaction threshold (1024 dead slots).
          const count = Math.floor(next() * 3000);
          for (let i = 0; i < count; i++) {
            queue.push(value);
            model.push(value++);
          }
        } else if (pick < 0.85) {
          const count = Math.floor(next() * 2500);
          const shifted = Array.from({ length: count }, () => queue.shift());
          // Past the end, shift gives undefined as an array's does.
          const expected: Array<number | undefined> = model.slice(0, count);
          while (expected.length < count) expected.push(undefined);
          model = model.slice(count);
          expect(shifted, `seed ${seed}`).toEqual(expected);
        } else {
          const modulus = 1 + Math.floor(next() * 4);
          queue.retain((x) => x % modulus === 0);
          model = model.filter((x) => x % modulus === 0);
        }
        expect(queue.length, `seed ${seed}`).toBe(model.length);
        for (const i of [0, 1, Math.floor(model.length / 2), model.length - 1, model.length, model.length + 5]) {
          if (i >= 0) expect(queue.at(i), `seed ${seed}, index ${i}`).toBe(model[i]);
        }
      }
    }
  });
});
