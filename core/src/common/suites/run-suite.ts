/**
 * Runs every case of a suite in order (issue 12, part 1). Pure: the caller says how a chain of
 * alignment ids becomes compiled alignments (files given to the CLI, or the server's store with
 * the latest or the recorded versions), and may pause between cases so a long suite shares the
 * event loop (the server) and reports progress (the UI, the CLI).
 */
import type { AlignmentId } from '../api/common.js';
import type { CaseResult, SuiteRunReport, TestCase } from '../api/suites.js';
import type { CompiledAlignment } from '../translation/index.js';
import { monotonicNow as now } from '../monotonic-clock.js';
import { erroredCase, runCase } from './run-case.js';

/** Resolves a chain; may answer at once (files already compiled), which spares each case two turns of the event loop. */
export type ChainResolver = (ids: readonly AlignmentId[]) => readonly CompiledAlignment[] | Promise<readonly CompiledAlignment[]>;

export interface RunSuiteOptions {
  /** Called after each case, e.g. to print or show progress. */
  readonly onCase?: (result: CaseResult, done: number, total: number) => void;
  /** Awaited between cases, e.g. a macrotask so other requests get their turn. */
  readonly between?: () => Promise<void>;
}

/**
 * Runs the cases in order. Nothing of a finished case but its result is kept, so a long suite does
 * not fill the heap (reading every expected payload first made a 1,000-case run spend a fifth of
 * its time collecting garbage).
 */
export async function runSuite(suite: string, cases: readonly TestCase[], resolve: ChainResolver, options: RunSuiteOptions = {}): Promise<SuiteRunReport> {
  const started = now();
  const results: CaseResult[] = [];
  for (const testCase of cases) {
    let chain: readonly CompiledAlignment[] | undefined;
    let failure: unknown;
    try {
      const resolved = resolve(testCase.alignments);
      chain = resolved instanceof Promise ? await resolved : resolved;
    } catch (error) {
      failure = error;
    }
    // A chain that cannot be resolved is an error result, as runCase makes of an expectation that does not parse.
    const result = chain === undefined ? erroredCase(testCase, failure) : await runCase(testCase, chain);
    results.push(result);
    options.onCase?.(result, results.length, cases.length);
    if (options.between !== undefined && results.length < cases.length) await options.between();
  }
  return summarize(suite, results, now() - started);
}

export function summarize(suite: string, cases: readonly CaseResult[], ms: number): SuiteRunReport {
  const count = (status: CaseResult['status']) => cases.filter((c) => c.status === status).length;
  return { suite, passed: count('passed'), failed: count('failed'), errors: count('error'), ms, cases: [...cases] };
}
