import { describe, expect, it } from 'vitest';
import { warmEngine } from './warm-up.js';

describe('warmEngine', () => {
  it('compiles the two-cell warm-up alignment and translates its message through it', async () => {
    // warmEngine throws when the cells did not rename the class and add the id (the translation did nothing).
    const compiled = await warmEngine();
    expect(compiled.steps).toHaveLength(2);
    expect(compiled.header.name).toBe('warm-up');
  });
});
