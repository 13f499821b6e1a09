import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/src/**/*.test.ts', 'electron/src/**/*.test.ts', 'renderer/src/**/*.test.ts'],
    testTimeout: 20000,
    pool: 'forks',
  },
});
