/**
 * Playwright for the desktop app itself (`_electron`), separate from e2e/'s browser suite. It needs
 * the Electron binary; without it the test reports itself skipped and says why.
 * Run from the repository root after `npm run build`: npx playwright test -c electron/playwright.config.ts
 */
import { defineConfig } from '@playwright/test';

// A default export, against the house rule, because Playwright reads its config only from one.
export default defineConfig({
  testDir: './tests',
  testMatch: '*.electron.spec.ts',
  // One app at a time: it holds port 8888 and a single-instance lock.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env['CI'],
  reporter: [['list']],
  outputDir: '../test-results/electron-playwright',
});
