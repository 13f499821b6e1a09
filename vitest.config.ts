import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/src/**/*.test.ts', 'electron/src/**/*.test.ts', 'renderer/src/**/*.test.ts'],
    testTimeout: 20000,
    pool: 'forks',
    // Vitest's default in a run is one file at a time on a 2-core machine (cores - 1), while most
    // of the slow files wait on brokers, servers and child processes rather than compute: two at
    // once (issue 37). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env['VITEST_MAX_WORKERS'] ?? 2),
  },
});
