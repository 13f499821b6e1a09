// A one-test suite that core/src/ci-output.test.ts runs through vitest as `npm test` runs it.
import { expect, it } from 'vitest';

it('adds', () => {
  expect(1 + 1).toBe(2);
});
