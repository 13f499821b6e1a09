import { describe, expect, it } from 'vitest';
import { TranslationPermits } from './translation-permits.js';

describe('TranslationPermits', () => {
  it('grants at most its size at once, and a released permit again', () => {
    const permits = new TranslationPermits(2);
    expect(permits.tryAcquire()).toBe(true);
    expect(permits.tryAcquire()).toBe(true);
    expect(permits.tryAcquire()).toBe(false);
    permits.release();
    expect(permits.tryAcquire()).toBe(true);
    expect(permits.tryAcquire()).toBe(false);
  });

  it('has one permit when its size is below one or not a number, and the whole part of a fraction', () => {
    for (const [size, granted] of [
      [0, 1],
      [-3, 1],
      [0.5, 1],
      [Number.NaN, 1],
      [Number.POSITIVE_INFINITY, 1],
      [3.7, 3],
    ] as const) {
      const permits = new TranslationPermits(size);
      let n = 0;
      while (n < 10 && permits.tryAcquire()) n++;
      expect(n, `size ${size}`).toBe(granted);
    }
  });

  it('grants nothing after cancel(), also what is released later', () => {
    const permits = new TranslationPermits(1);
    expect(permits.tryAcquire()).toBe(true);
    permits.cancel();
    permits.release();
    expect(permits.isCancelled).toBe(true);
    expect(permits.tryAcquire()).toBe(false);
  });
});
