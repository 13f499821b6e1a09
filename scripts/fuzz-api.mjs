#!/usr/bin/env node
// The API fuzz suite of `npm test` (issue 29): schemathesis generates requests for every operation
// of the OpenAPI document a real server serves (examples, coverage, fuzzing and stateful phases)
// and checks each answer: no 5xx, the status documented for the operation, the documented content
// type, headers and schema. The conversion routes answer the seed's documented 500 when a
// conversion fails (CONTRACT.md), so they run without the no-5xx check but with every other. The
// server must still answer at the end. FUZZ_EXAMPLES (default 25 per operation) and FUZZ_SEED set
// the size and the seed; `npm run bench` runs a longer one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { unbannered } from './ci-log.mjs';
import { exitFlushed } from './exit-flushed.mjs';

const root = resolve(import.meta.dirname, '..');
const st = join(root, '.venv-fuzz', 'bin', 'st');
const examples = process.env.FUZZ_EXAMPLES ?? '25';
const seed = process.env.FUZZ_SEED ?? '20261125';
const shared = process.env.MEDIATOR_SHARED_DIR ?? resolve(root, '..', 'shared');
const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_headers_conformance', 'response_schema_conformance'];

if (!existsSync(st)) {
  console.error('[fuzz] schemathesis is not installed: run `npm run setup` (it creates .venv-fuzz; needs python3-venv)');
  await exitFlushed(1);
}

async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(url, ms) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const reply = await fetch(`${url}/version`);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`[fuzz] the server did not answer GET /version within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function seedData(url) {
  // Something to find: two stored alignments and a channel, so lookups and deletions reach stored data.
  for (const file of ['UniversAAL_CO.rdf', 'CO_FIWARE.rdf']) {
    const path = join(shared, 'data', 'alignments', file);
    if (!existsSync(path)) continue;
    const { readFileSync } = await import('node:fs');
    await fetch(`${url}/alignments`, { method: 'POST', body: readFileSync(path, 'utf8'), headers: { 'content-type': 'application/xml' } });
  }
  await fetch(`${url}/channels`, {
    method: 'POST',
    body: JSON.stringify({ source: 'fuzz-src', sink: 'fuzz-sink' }),
    headers: { 'content-type': 'application/json' },
  });
}

/** Undefined when GET /version answers 200 within 10 s, else why not: the server's exit, or the answer or error. */
async function stillAnswering(url) {
  if (server.exitCode !== null || server.signalCode !== null) return `the server exited: ${server.signalCode ?? `code ${server.exitCode}`}`;
  try {
    const reply = await fetch(`${url}/version`, { signal: AbortSignal.timeout(10_000) });
    if (reply.status === 200) return undefined;
    return `GET /version answered ${reply.status}`;
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    const exited = server.exitCode !== null || server.signalCode !== null ? `; the server exited: ${server.signalCode ?? `code ${server.exitCode}`}` : '';
    return `GET /version failed: ${cause}${exited}`;
  }
}

/** One schemathesis run; answers its counts from the summary. */
function fuzz(url, label, args) {
  console.log(`\n[fuzz] ${label}`);
  const reports = join(root, 'test-results', `fuzz-${label}`);
  mkdirSync(reports, { recursive: true });
  const result = spawnSync(
    st,
    [
      'run',
      `${url}/swagger/json`,
      '--checks',
      args.checks.join(','),
      '--max-examples',
      examples,
      '--seed',
      seed,
      '--workers',
      '2',
      '--phases',
      'examples,coverage,fuzzing,stateful',
      '--report',
      'junit',
      '--report-dir',
      reports,
      '--no-color',
      ...args.filter,
    ],
    { cwd: reports, encoding: 'utf8', timeout: 15 * 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SCHEMATHESIS_TELEMETRY: 'false' } },
  );
  // Schemathesis closes with banners in pytest's shape ("===== No issues found in 6.89s ====="),
  // which a log reader takes for a run of no tests (issue 37): its report goes to a file, and the
  // log gets our own one-line count, or the whole report when something failed.
  const report = join(reports, 'schemathesis.log');
  writeFileSync(report, `${result.stdout ?? ''}${result.stderr ?? ''}`);
  const summary = /(\d+) generated, (?:(\d+) found (\d+) unique failures|(\d+) passed)/u.exec(result.stdout ?? '');
  const generated = Number(summary?.[1] ?? 0);
  const failures = Number(summary?.[3] ?? 0);
  const ok = result.status === 0 && generated > 0;
  if (ok) console.log(`[fuzz] ${label}: ${generated} cases generated, ${failures} failures (report: ${relative(root, report)})`);
  else {
    console.log(`[fuzz] ${label} FAILED (exit ${result.status ?? result.signal}); schemathesis' report follows (also in ${relative(root, report)})`);
    process.stdout.write(unbannered(result.stdout ?? ''));
    process.stderr.write(unbannered(result.stderr ?? ''));
  }
  return { ok, generated, failures, status: result.status };
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'mediator-fuzz-'));
const server = spawn(process.execPath, [join(root, 'core/dist/bundle/cli.mjs'), 'serve', '--port', String(port), '--data', dataDir, '--log-level', 'warn'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
let ok = false;
try {
  await waitForServer(url, 30_000);
  await seedData(url);
  const api = fuzz(url, 'api', { checks: CHECKS, filter: ['--exclude-path-regex', '/convert'] });
  const conversions = fuzz(url, 'conversions', { checks: CHECKS.filter((c) => c !== 'not_a_server_error'), filter: ['--include-path-regex', '/convert'] });
  const health = await stillAnswering(url);
  const alive = health === undefined;
  console.log(
    `\n[fuzz] ${api.generated + conversions.generated} cases (seed ${seed}, ${examples} examples per operation): ` +
      `${api.failures + conversions.failures} failures; server ${alive ? 'still answering' : `NOT answering at the end (${health})`}`,
  );
  ok = api.ok && conversions.ok && alive;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
await exitFlushed(ok ? 0 : 1);
