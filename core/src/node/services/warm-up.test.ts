import { describe, expect, it } from 'vitest';
import { warmEngine } from './warm-up.js';

describe('warmEngine', () => {
  it('compiles the one-cell warm-up alignment and translates its message through it', async () => {
    // warmEngine throws when the cell did not rename the class (the translation did nothing).
    const compiled = await warmEngine();
    expect(compiled.steps).toHaveLength(1);
    expect(compiled.header.name).toBe('warm-up');
  });
});
