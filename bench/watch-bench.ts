/**
 * `mediator test --watch` over the suite bench's folder (issue 42): the command runs the suite once,
 * then each time an alignment file is saved again (a comment added, so it is compiled again, as
 * after a real edit). Measured per re-run: the report's own time (its cases per second, beside the
 * warm in-process rate) and the wall time from the save to the report's line on stdout, which is
 * what someone editing an alignment waits for (the file watch, the settle time, reading the folder,
 * compiling the changed file, the run and printing).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { api } from '@mediator/core/node';
import { median } from './stats.js';

export interface WatchFigures {
  /** Saves measured (one re-run each). */
  readonly changes: number;
  /** The first run's cases per second (a fresh process, as `mediator test` without --watch). */
  readonly firstCasesPerSecond: number;
  /** Median over the re-runs of their cases per second (each report's own time). */
  readonly rerunCasesPerSecond: number;
  /** Median over the re-runs of each one's rate against the in-process round run right after it. */
  readonly ratio: number;
  /** Median wall time from a save to its report on stdout. */
  readonly saveToReportMs: number;
  readonly passed: number;
}

/** Bound on each wait for a report: a loaded two-core machine runs 1,000 cases in well under a second. */
const REPORT_WAIT_MS = 60_000;

/**
 * `engineRound` is the in-process rate over the same cases, run in this process after each re-run
 * (the watching process idle then): each re-run is compared with its neighbour, as the suite's rows are.
 */
export async function measureWatch(cli: string, dir: string, files: readonly string[], engineRound: () => Promise<number>, changes = 6): Promise<WatchFigures> {
  const copies = mkdtempSync(join(tmpdir(), 'mediator-watch-bench-'));
  const alignments = files.map((f) => {
    const copy = join(copies, basename(f));
    copyFileSync(f, copy);
    return copy;
  });
  const child = spawn(process.execPath, [cli, 'test', dir, ...alignments.flatMap((a) => ['-a', a]), '--watch', '--json'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      resolve();
      wake?.();
    }),
  );
  const arrived: { report: api.SuiteRunReport; at: number }[] = [];
  let wake: (() => void) | undefined;
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const at = performance.now();
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      arrived.push({ report: JSON.parse(pending.slice(0, nl)) as api.SuiteRunReport, at });
      pending = pending.slice(nl + 1);
    }
    wake?.();
  });
  const report = async (n: number, what: string): Promise<{ report: api.SuiteRunReport; at: number }> => {
    const deadline = performance.now() + REPORT_WAIT_MS;
    const timer = setTimeout(() => wake?.(), REPORT_WAIT_MS);
    try {
      while (arrived.length < n) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`mediator test --watch ended (${child.exitCode ?? child.signalCode}) before ${what}`);
        if (performance.now() >= deadline) throw new Error(`waited ${REPORT_WAIT_MS} ms for ${what}`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return arrived[n - 1]!;
    } finally {
      clearTimeout(timer);
    }
  };
  try {
    const first = await report(1, 'the first report');
    const rates: number[] = [];
    const latencies: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < changes; i++) {
      const file = alignments[i % alignments.length]!;
      const text = readFileSync(file, 'utf8');
      const saved = performance.now();
      writeFileSync(file, `${text}<!-- edit ${i} -->\n`);
      const r = await report(i + 2, `the report after save ${i + 1}`);
      latencies.push(r.at - saved);
      const rate = (r.report.cases.length / r.report.ms) * 1000;
      rates.push(rate);
      ratios.push(rate / (await engineRound()));
    }
    return {
      changes,
      firstCasesPerSecond: (first.report.cases.length / first.report.ms) * 1000,
      rerunCasesPerSecond: median(rates),
      ratio: median(ratios),
      saveToReportMs: median(latencies),
      passed: arrived.at(-1)!.report.passed,
    };
  } finally {
    child.kill('SIGINT');
    const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timeout);
    rmSync(copies, { recursive: true, force: true });
  }
}
