#!/usr/bin/env node
// Runs the vitest suite and ends with one plain `Tests: N passed, N failed, N skipped` line, which
// CI reads as the run's verdict (vitest's own summary is not a format CI recognises).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const out = 'test-results/vitest.json';
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
  }
}
const code = run.status ?? 1;
if (code !== 0 && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(code);
