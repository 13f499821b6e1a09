#!/usr/bin/env node
// `npm test` after the type-check: every suite in turn, then one closing verdict line over all of
// them in the plain form `Tests: P passed, F failed, S skipped`, alone on the last line, so that a
// reader of the log that looks for a closing count takes the whole run's, not the last suite's.
// The per-suite lines above it are worded differently on purpose (`lint  passed 4 · failed 0 ·
// skipped 0`): a suite that only skipped, read as a closing count, would say no test ran. Vitest
// and Playwright print their own summaries in forms such readers do not know. Exit code non-zero
// if any suite failed.
//
// A suite that cannot run here prints its reason and is counted as skipped without starting its
// runner: a runner that closes on "1 skipped" as the last summary in the log reads as a run in
// which no test executed (the Electron app test, before this, closed the log that way).
//
// Suites: lint (ESLint with zero warnings, Prettier's check, the dependency check, the function-length check: four checks), vitest (core, electron main-process logic, renderer store), Playwright end-to-end in
// Debian's Chromium (e2e/), the Electron app test (skips with a reason when the Electron binary
// is absent), and the offline packaging smoke test (electron-builder with a stub Electron).
// `node scripts/run-tests.mjs vitest` runs only the named suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { plainEnv } from './ci-log.mjs';
import { exitFlushed } from './exit-flushed.mjs';

mkdirSync('test-results', { recursive: true });

// Every runner prints plain text, so its own summary is readable in the log (scripts/ci-log.mjs).
const runnerEnv = plainEnv();

/**
 * ESLint (type-aware, layering rules; zero warnings), Prettier's check, the dependency check
 * (dependency-cruiser: layers, file and folder cycles, the checked-in folder graph is current) and
 * the function-length check (at most 5 functions over 80 lines of their own,
 * scripts/long-functions.mjs), each one check.
 */
function lint() {
  const checks = [
    ['eslint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']],
    ['prettier', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']],
    ['dependencies', ['scripts/check-dependencies.mjs']],
    ['long functions', ['scripts/long-functions.mjs']],
  ];
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const [label, args] of checks) {
    console.log(`\n[lint] ${label}`);
    const run = spawnSync(process.execPath, args, { stdio: 'inherit', env: runnerEnv });
    if (run.status === 0) counts.passed += 1;
    else counts.failed += 1;
  }
  return { code: counts.failed === 0 ? 0 : 1, ...counts };
}

function vitest() {
  const out = 'test-results/vitest.json';
  rmSync(out, { force: true });
  const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    stdio: 'inherit',
    env: runnerEnv,
  });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts.passed = report.numPassedTests ?? 0;
    counts.failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) counts.failed += 1;
  }
  return { code: run.status ?? 1, ...counts };
}

function playwright(config, label) {
  if (!existsSync(config)) return undefined;
  const out = resolve('test-results', `${label}.json`);
  rmSync(out, { force: true });
  const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', config, '--reporter=list,json'], {
    stdio: 'inherit',
    env: { ...runnerEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    counts.passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    counts.failed = stats.unexpected ?? 0;
    counts.skipped = stats.skipped ?? 0;
  }
  return { code: run.status ?? 1, ...counts };
}

/**
 * Why the Electron app test cannot run, or undefined when it can: the same check as the test's
 * own (electron/tests/app.electron.spec.ts), the binary that the electron package's path.txt names.
 */
function electronBinaryMissing() {
  const reason = 'Electron binary not installed (npx install-electron downloads it): cannot launch the desktop app here';
  const packageDir = resolve('node_modules/electron');
  const pathFile = resolve(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return reason;
  const relativePath = readFileSync(pathFile, 'utf8').trim();
  return relativePath !== '' && existsSync(resolve(packageDir, 'dist', relativePath)) ? undefined : reason;
}

function script(path, label) {
  if (!existsSync(path)) return undefined;
  console.log(`\n[${label}] node ${path}`);
  const run = spawnSync(process.execPath, [path], { stdio: 'inherit', env: runnerEnv });
  const ok = run.status === 0;
  return { code: run.status ?? 1, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
}

const suites = {
  lint,
  vitest,
  // Issue 29: schemathesis against every operation of the served OpenAPI document (scripts/fuzz-api.mjs).
  fuzz: () => script('scripts/fuzz-api.mjs', 'API fuzz (schemathesis)'),
  e2e: () => playwright('e2e/playwright.config.ts', 'e2e'),
  desktop: () => {
    const missing = electronBinaryMissing();
    if (missing !== undefined) {
      console.log(`\n[desktop] skipped: ${missing}`);
      return { code: 0, passed: 0, failed: 0, skipped: 1 };
    }
    return playwright('electron/playwright.config.ts', 'desktop');
  },
  packaging: () => {
    if (!existsSync('renderer/dist/index.html')) {
      console.log('\n[packaging smoke test] skipped: renderer/dist is not built (npm run build builds it)');
      return { code: 0, passed: 0, failed: 0, skipped: 1 };
    }
    return script('electron/scripts/package-smoke.mjs', 'packaging smoke test');
  },
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(suites);
const total = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const lines = [];
for (const name of wanted) {
  const suite = suites[name];
  if (suite === undefined) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    await exitFlushed(2);
  }
  const result = suite();
  if (result === undefined) continue;
  if (result.code !== 0 && result.failed === 0) result.failed = 1;
  if (result.code !== 0) exitCode = 1;
  total.passed += result.passed;
  total.failed += result.failed;
  total.skipped += result.skipped;
  lines.push(`  ${name.padEnd(10)} passed ${result.passed} · failed ${result.failed} · skipped ${result.skipped}`);
}
console.log(`\n${lines.join('\n')}`);
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
await exitFlushed(exitCode);
