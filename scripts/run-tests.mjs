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
//
// Side by side (issue 37: a fresh clone's npm test took 27 minutes): lint is one ESLint process on
// one core while vitest's files spend much of their time waiting on brokers and servers, so lint
// starts with vitest and its output, kept, is printed whole when its turn comes, after vitest's.
// Everything else runs in turn, each runner's output straight to the log.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { plainEnv } from './ci-log.mjs';
import { exitFlushed } from './exit-flushed.mjs';

mkdirSync('test-results', { recursive: true });

// Every runner prints plain text, so its own summary is readable in the log (scripts/ci-log.mjs).
const runnerEnv = plainEnv();

/**
 * Where a suite writes: straight to the log (in turn), or kept and printed whole at its turn
 * (side by side with another suite), so no two runners' lines interleave.
 */
function makeLog(kept) {
  const chunks = [];
  return {
    write(text) {
      if (kept) chunks.push(Buffer.from(text));
      else process.stdout.write(text);
    },
    /** Runs `node args` with the runners' environment; answers its exit status. */
    run(args, env = runnerEnv) {
      return new Promise((resolveRun) => {
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
        const take = (stream) => (chunk) => (kept ? chunks.push(chunk) : stream.write(chunk));
        child.stdout.on('data', take(process.stdout));
        child.stderr.on('data', take(process.stderr));
        child.once('error', (error) => {
          chunks.push(Buffer.from(`${error.message}\n`));
          resolveRun(1);
        });
        child.once('close', (code) => resolveRun(code ?? 1));
      });
    },
    kept: () => Buffer.concat(chunks),
  };
}

/**
 * ESLint (type-aware, layering rules; zero warnings), Prettier's check, the dependency check
 * (dependency-cruiser: layers, file and folder cycles, the checked-in folder graph is current) and
 * the function-length check (at most 5 functions over 80 lines of their own,
 * scripts/long-functions.mjs), each one check.
 */
async function lint(log) {
  const checks = [
    ['eslint', ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.']],
    ['prettier', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']],
    ['dependencies', ['scripts/check-dependencies.mjs']],
    ['long functions', ['scripts/long-functions.mjs']],
  ];
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const [label, args] of checks) {
    log.write(`\n[lint] ${label}\n`);
    if ((await log.run(args)) === 0) counts.passed += 1;
    else counts.failed += 1;
  }
  return { code: counts.failed === 0 ? 0 : 1, ...counts };
}

async function vitest(log) {
  const out = 'test-results/vitest.json';
  rmSync(out, { force: true });
  const code = await log.run(['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    counts.passed = report.numPassedTests ?? 0;
    counts.failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) counts.failed += 1;
  }
  return { code, ...counts };
}

async function playwright(log, config, label) {
  if (!existsSync(config)) return undefined;
  const out = resolve('test-results', `${label}.json`);
  rmSync(out, { force: true });
  const code = await log.run(['node_modules/@playwright/test/cli.js', 'test', '-c', config, '--reporter=list,json'], {
    ...runnerEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    counts.passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    counts.failed = stats.unexpected ?? 0;
    counts.skipped = stats.skipped ?? 0;
  }
  return { code, ...counts };
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

async function script(log, path, label) {
  if (!existsSync(path)) return undefined;
  log.write(`\n[${label}] node ${path}\n`);
  const ok = (await log.run([path])) === 0;
  return { code: ok ? 0 : 1, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
}

/** In the order their output appears; `sideBySide` ones start at once and is printed at its turn. */
const suites = {
  vitest: { run: vitest },
  lint: { run: lint, sideBySide: true },
  // Issue 29: schemathesis against every operation of the served OpenAPI document (scripts/fuzz-api.mjs).
  fuzz: { run: (log) => script(log, 'scripts/fuzz-api.mjs', 'API fuzz (schemathesis)') },
  e2e: { run: (log) => playwright(log, 'e2e/playwright.config.ts', 'e2e') },
  desktop: {
    run: async (log) => {
      const missing = electronBinaryMissing();
      if (missing !== undefined) {
        log.write(`\n[desktop] skipped: ${missing}\n`);
        return { code: 0, passed: 0, failed: 0, skipped: 1 };
      }
      return playwright(log, 'electron/playwright.config.ts', 'desktop');
    },
  },
  packaging: {
    run: async (log) => {
      if (!existsSync('renderer/dist/index.html')) {
        log.write('\n[packaging smoke test] skipped: renderer/dist is not built (npm run build builds it)\n');
        return { code: 0, passed: 0, failed: 0, skipped: 1 };
      }
      return script(log, 'electron/scripts/package-smoke.mjs', 'packaging smoke test');
    },
  },
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(suites);
for (const name of wanted) {
  if (suites[name] === undefined) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    await exitFlushed(2);
  }
}
// Side-by-side suites start now, their output kept; a suite alone on the command line runs in the open.
const started = new Map();
for (const name of wanted) {
  if (suites[name].sideBySide && wanted.length > 1) {
    const log = makeLog(true);
    started.set(name, { log, result: suites[name].run(log) });
  }
}
const total = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
const lines = [];
for (const name of wanted) {
  const early = started.get(name);
  const result = early === undefined ? await suites[name].run(makeLog(false)) : await early.result;
  if (early !== undefined) process.stdout.write(early.log.kept());
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
