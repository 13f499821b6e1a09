import { describe, expect, it } from 'vitest';
import { pauseBeforeWholeText } from './whole-text-pause.js';

describe('pauseBeforeWholeText', () => {
  it('is the base delay for texts up to 256 Ki characters, longer for longer ones, never past the cap', () => {
    expect(pauseBeforeWholeText(0, 120, 700)).toBe(120);
    expect(pauseBeforeWholeText(238_109, 120, 700)).toBe(120);
    expect(pauseBeforeWholeText(512 * 1024, 120, 700)).toBe(240);
    expect(pauseBeforeWholeText(2_362_918, 120, 700)).toBe(700);
    let previous = 0;
    for (let length = 0; length < 4_000_000; length += 37_411) {
      const pause = pauseBeforeWholeText(length, 250, 2000);
      expect(pause).toBeGreaterThanOrEqual(previous);
      expect(pause).toBeGreaterThanOrEqual(250);
      expect(pause).toBeLessThanOrEqual(2000);
      previous = pause;
    }
  });
});
