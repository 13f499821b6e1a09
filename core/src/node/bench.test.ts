import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/payload-variants.js';
import { sliceRatio } from './bench.js';

/** Two functions whose true speed ratio is `ratio`, timed in interleaved slices on a machine that drifts and sometimes takes the core away. */
function slices(ratio: number, n: number, random: () => number) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < n; i++) {
    const speed = 0.5 + random(); // the machine's speed drifts from slice to slice, alike for both
    const stolenA = random() < 0.1 ? 0.2 : 1; // one function's slice preempted now and then
    a.push(10 * ratio * speed * stolenA);
    b.push(10 * speed);
  }
  const sample = (rates: number[]) => ({ count: rates.reduce((x, y) => x + y, 0) * 100, elapsedMs: rates.length * 100, sliceRates: rates });
  return [sample(a), sample(b)] as const;
}

describe('mediator bench ratio', () => {
  it('recovers the true ratio despite drift and preempted slices, where the ratio of totals is pulled off', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 50; run++) {
      const truth = 0.4 + random() * 0.6;
      const [a, b] = slices(truth, 20, random);
      expect(Math.abs(sliceRatio(a, b) - truth)).toBeLessThan(1e-9);
    }
    // The control: the ratio of the totals, which preempted slices drag down.
    const [a, b] = slices(0.7, 20, seededRandom(3));
    expect(a.count / a.elapsedMs / (b.count / b.elapsedMs)).toBeLessThan(0.69);
  });
});
