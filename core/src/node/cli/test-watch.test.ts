/**
 * `mediator test --watch` (issue 42) on real folders and the system's file watching: runs again
 * after a change to an alignment or a case, reports a bad edit and goes on, starts no run for its
 * own report or editors' scratch files, and ends with the last run's exit code when stopped (an
 * AbortSignal in-process, SIGINT for the bundle run as the bin runs it).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { startCli, runCapturedCli, type RunningCli } from '../../test-support/cli-run.js';
import { goldenSuite, withCellChanged } from '../../test-support/golden-suite.js';
import { dataDir, goldenPairs, goldenSteps, mediatorCli } from '../../test-support/shared-data.js';
import { waitUntilTrue } from '../../test-support/wait-until.js';
import { writeSuiteFolder } from '../suites/suite-folder.js';
import { SETTLE_MS, watchSuite } from './test-watch.js';

const scratch = mkdtempSync(join(tmpdir(), 'mediator-test-watch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const FILES = ['BodyCloud_CO.rdf', 'CO_FIWARE.rdf', 'UniversAAL_CO.rdf'];
/** Long enough for a loaded two-core machine to notice a change and run 11 cases. */
const WAIT_MS = 20_000;
let cases: api.TestCase[];
let serial = 0;

beforeAll(async () => {
  cases = (await goldenSuite()).cases;
});

/** A fresh suite folder and its own copies of the alignment files (outside it, given with -a). */
async function workspace(): Promise<{ dir: string; alignments: string[]; args: string[] }> {
  const root = join(scratch, `w${serial++}`);
  const dir = join(root, 'suite');
  await writeSuiteFolder(dir, cases);
  mkdirSync(join(root, 'alignments'));
  const alignments = FILES.map((f) => {
    const copy = join(root, 'alignments', f);
    copyFileSync(join(dataDir, 'alignments', f), copy);
    return copy;
  });
  return { dir, alignments, args: alignments.flatMap((a) => ['-a', a]) };
}

const reports = (run: RunningCli): api.SuiteRunReport[] =>
  run
    .output()
    .stdout.split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as api.SuiteRunReport);

const waitForReports = (run: RunningCli, n: number): Promise<true> => waitUntilTrue(`report ${n} of the watch`, () => reports(run).length >= n, WAIT_MS);

const failing = (report: api.SuiteRunReport): string[] =>
  report.cases
    .filter((c) => c.status !== 'passed')
    .map((c) => c.name)
    .sort();

/** Long enough after a change for a run to have started if one were going to. */
const quietPeriod = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLE_MS * 8));

/** The bundle run as the bin runs it, with its output gathered as it comes. */
function spawnWatch(args: readonly string[]): {
  child: ReturnType<typeof spawn>;
  out: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [mediatorCli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out: () => ({ stdout, stderr }), exited };
}

const exitWithin = <T>(exited: Promise<T>): Promise<T | 'no exit'> =>
  Promise.race([exited, new Promise<'no exit'>((r) => setTimeout(() => r('no exit'), WAIT_MS))]);

describe('mediator test --watch', () => {
  it('runs again after an alignment file changes, fails the cases of the changed cell, passes once it is put back', async () => {
    const { dir, alignments, args } = await workspace();
    const stop = new AbortController();
    const run = startCli(['test', dir, ...args, '--watch', '--json'], { stop: stop.signal });
    await waitForReports(run, 1);
    expect(failing(reports(run)[0]!)).toEqual([]);
    expect(reports(run)[0]!.passed).toBe(cases.length);
    expect(run.output().stderr).toContain(`watching ${dir} and 3 alignment file(s) for changes`);

    const cell = 'cell2_weight';
    const users = goldenPairs()
      .filter((p) => goldenSteps(p.pair).some((s) => s.cell === cell && s.deleted + s.inserted > 0))
      .map((p) => p.pair)
      .sort();
    expect(users.length).toBeGreaterThan(0);
    const file = alignments[1]!;
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, withCellChanged(original, cell));
    await waitForReports(run, 2);
    expect(failing(reports(run)[1]!)).toEqual(users);
    expect(run.output().stderr).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] changed: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; running the suite again$`, 'm'),
    );

    writeFileSync(file, original);
    await waitForReports(run, 3);
    expect(failing(reports(run)[2]!)).toEqual([]);
    stop.abort();
    const done = await run.done;
    expect(done.code).toBe(0);
    expect(reports(run)).toHaveLength(3);
  });

  it('lists only the cases that did not pass, and what each save changed since the previous run', async () => {
    const { dir, alignments, args } = await workspace();
    const stop = new AbortController();
    const run = startCli(['test', dir, ...args, '--watch'], { stop: stop.signal });
    // Each run's output: up to its summary line, with the "since the previous run" line after it.
    const runs = (): string[] => {
      const out: string[] = [];
      let current = '';
      for (const line of run.output().stdout.split(/(?<=\n)/)) {
        if (line.startsWith('since the previous run: ') && out.length > 0) out[out.length - 1] += line;
        else current += line;
        if (/^\d+ passed, /.test(line)) {
          out.push(current);
          current = '';
        }
      }
      return out;
    };
    // A run counts once its summary (and, from the second on, its "since" line) is out.
    const waitForRuns = (n: number): Promise<true> =>
      waitUntilTrue(`run ${n} of the watch`, () => runs().length >= n && (n === 1 || runs()[n - 1]!.includes('since the previous run')), WAIT_MS);
    await waitForRuns(1);
    expect(runs()[0]).toMatch(new RegExp(`^${cases.length} passed, 0 failed, 0 error\\(s\\) in ${cases.length} case\\(s\\), \\d+ ms\n$`));

    const cell = 'cell2_weight';
    const users = goldenPairs()
      .filter((p) => goldenSteps(p.pair).some((s) => s.cell === cell && s.deleted + s.inserted > 0))
      .map((p) => p.pair)
      .sort();
    const file = alignments[1]!;
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, withCellChanged(original, cell));
    await waitForRuns(2);
    const second = runs()[1]!;
    const rows = second.split('\n').filter((l) => /\s(PASS|FAIL|ERROR)\s/.test(l));
    expect(rows.map((l) => l.split(/\s+/)[0]).sort()).toEqual(users);
    expect(rows.every((l) => /\sFAIL\s/.test(l))).toBe(true);
    expect(second).toContain(`${cases.length - users.length} passed, ${users.length} failed`);
    expect(second).toContain('(under --watch only the cases that did not pass are listed)');
    expect(second).toContain(`since the previous run: now failing ${users.join(', ')}\n`);

    writeFileSync(file, original);
    await waitForRuns(3);
    expect(runs()[2]).toMatch(new RegExp(`^${cases.length} passed, .* ms\nsince the previous run: now passing ${users.join(', ')}\n$`));
    writeFileSync(file, original);
    await waitForRuns(4);
    expect(runs()[3]).toMatch(/ ms\nsince the previous run: no case changed its result\n$/);
    stop.abort();
    expect((await run.done).code).toBe(0);
  });

  it('watches the suite own alignments/ folder when no -a is given', async () => {
    const { dir } = await workspace();
    mkdirSync(join(dir, 'alignments'));
    for (const f of FILES) copyFileSync(join(dataDir, 'alignments', f), join(dir, 'alignments', f));
    const stop = new AbortController();
    const run = startCli(['test', dir, '--watch', '--json'], { stop: stop.signal });
    await waitForReports(run, 1);
    expect(reports(run)[0]!.passed).toBe(cases.length);
    expect(run.output().stderr).toContain(`watching ${dir} for changes`);
    const file = join(dir, 'alignments', 'CO_FIWARE.rdf');
    writeFileSync(file, withCellChanged(readFileSync(file, 'utf8'), 'cell2_weight'));
    await waitForReports(run, 2);
    expect(reports(run)[1]!.failed).toBeGreaterThan(0);
    expect(run.output().stderr).toContain('changed: alignments/CO_FIWARE.rdf; running the suite again');
    stop.abort();
    expect((await run.done).code).toBe(1);
  });

  it('reports a case that does not parse with its position, goes on watching, and ends with the last run exit code', async () => {
    const { dir, args } = await workspace();
    const stop = new AbortController();
    const run = startCli(['test', dir, ...args, '--watch', '--json'], { stop: stop.signal });
    await waitForReports(run, 1);
    const caseFile = join(dir, cases[0]!.name, 'case.json');
    const good = readFileSync(caseFile, 'utf8');
    writeFileSync(caseFile, '{\n  "name": ,\n}\n');
    const error = `${cases[0]!.name}/case.json:2:`;
    await waitUntilTrue('the parse error of the broken case', () => run.output().stderr.includes(error), WAIT_MS);
    expect(run.output().stderr).toMatch(/\[PARSE_ERROR\]\n/);
    expect(reports(run)).toHaveLength(1);

    writeFileSync(caseFile, good);
    await waitForReports(run, 2);
    expect(reports(run)[1]!.passed).toBe(cases.length);

    // A new case folder, made after the watch began, is seen and run.
    await writeSuiteFolder(dir, [{ ...cases[1]!, name: 'zz-added-later' }]);
    await waitUntilTrue('a run with the added case', () => reports(run).some((r) => r.cases.length === cases.length + 1), WAIT_MS);
    expect(reports(run).at(-1)!.passed).toBe(cases.length + 1);

    writeFileSync(caseFile, 'not json');
    await waitUntilTrue('the second parse error', () => run.output().stderr.split(`${cases[0]!.name}/case.json:`).length > 2, WAIT_MS);
    stop.abort();
    expect((await run.done).code).toBe(1);
  });

  it('starts no run for its own JUnit report, hidden folders or editor scratch files, and one run for a burst of saves', async () => {
    const { dir, args } = await workspace();
    const junit = join(dir, 'report.xml');
    const stop = new AbortController();
    const run = startCli(['test', dir, ...args, '--watch', '--json', '--junit', junit], { stop: stop.signal });
    await waitForReports(run, 1);
    expect(readFileSync(junit, 'utf8')).toContain('<testsuites');
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, '.git', 'index'), 'x');
    writeFileSync(join(dir, 'notes.txt~'), 'x');
    writeFileSync(join(dir, cases[0]!.name, '.input.json.swp'), 'x');
    writeFileSync(join(dir, '4913'), '');
    await quietPeriod();
    expect(reports(run)).toHaveLength(1);

    const input = join(dir, cases[0]!.name, 'input.json');
    const text = readFileSync(input, 'utf8');
    for (let i = 0; i < 5; i++) writeFileSync(input, text);
    await waitForReports(run, 2);
    await quietPeriod();
    expect(reports(run)).toHaveLength(2);
    stop.abort();
    expect((await run.done).code).toBe(0);
  });

  it('sees a file saved while the first run is still running, and runs again after it', async () => {
    const dir = join(scratch, `w${serial++}`);
    mkdirSync(dir);
    const stop = new AbortController();
    let calls = 0;
    let stderr = '';
    const run = async (): Promise<number> => {
      calls++;
      if (calls === 1) {
        writeFileSync(join(dir, 'case.json'), '{}');
        await quietPeriod();
        return 1;
      }
      return 0;
    };
    const done = watchSuite({ dir, files: [], outputs: [] }, run, {
      stdout: () => undefined,
      stderr: (t) => (stderr += t),
      readStdin: async () => '',
      stop: stop.signal,
    });
    await waitUntilTrue('a second run', () => calls >= 2, WAIT_MS);
    await waitUntilTrue('the watch waiting after it', () => stderr.split('for changes').length > 2, WAIT_MS);
    stop.abort();
    expect(await done).toBe(0);
    expect(stderr).toContain('changed: case.json; running the suite again');
    expect(calls).toBe(2);
  });

  it('refuses an alignment from standard input, which it could not read again', async () => {
    const { dir } = await workspace();
    const r = await runCapturedCli(['test', dir, '-a', '-', '--watch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--watch reads the alignment files again after each change');
    expect(r.stdout).toBe('');
  });

  it('ends at SIGINT with the last run exit code, run from the start-up bundle as the bin runs it', async () => {
    const { dir, args } = await workspace();
    const { child, out, exited } = spawnWatch(['test', dir, ...args, '--watch', '--json']);
    try {
      await waitUntilTrue('the bundle watching after its first run', () => out().stderr.includes('for changes (Ctrl-C to stop)'), WAIT_MS);
      child.kill('SIGINT');
      expect(await exitWithin(exited)).toBe(0);
      const lines = out()
        .stdout.split('\n')
        .filter((l) => l !== '');
      expect(lines).toHaveLength(1);
      expect((JSON.parse(lines[0]!) as api.SuiteRunReport).passed).toBe(cases.length);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('hears Ctrl-C during a long run: the first stops after it, a second stops at once with 130', async () => {
    const { dir, alignments, args } = await workspace();
    // Enough cases that a run lasts well past the time the signals take to arrive.
    await writeSuiteFolder(
      dir,
      Array.from({ length: 2500 }, (_, i) => ({ ...cases[i % cases.length]!, name: `long-${String(i).padStart(4, '0')}` })),
    );
    const { child, out, exited } = spawnWatch(['test', dir, ...args, '--watch', '--json']);
    try {
      await waitUntilTrue('the first run to end', () => out().stderr.includes('for changes (Ctrl-C to stop)'), WAIT_MS * 3);
      writeFileSync(alignments[0]!, `${readFileSync(alignments[0]!, 'utf8')}<!-- saved again -->\n`);
      await waitUntilTrue('the second run to start', () => out().stderr.includes('running the suite again'), WAIT_MS);
      child.kill('SIGINT');
      await waitUntilTrue(
        'the watch to say it stops after the run',
        () => out().stderr.includes('stopping after the run in progress (Ctrl-C again to stop now)'),
        WAIT_MS,
      );
      child.kill('SIGINT');
      expect(await exitWithin(exited)).toBe(130);
      expect(
        out()
          .stdout.split('\n')
          .filter((l) => l !== ''),
      ).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
