/**
 * Runs every case of a suite in order (issue 12, part 1). Pure: the caller says how a chain of
 * alignment ids becomes compiled alignments (files given to the CLI, or the server's store with
 * the latest or the recorded versions), and may pause between cases so a long suite shares the
 * event loop (the server) and reports progress (the UI, the CLI).
 */
import type { AlignmentId } from '../api/common.js';
import type { CaseResult, SuiteRunReport, TestCase } from '../api/suites.js';
import type { CompiledAlignment } from '../alignment/compile-alignment.js';
import { erroredCase, prepareCase, runCase, type PreparedCase } from './run-case.js';

export type ChainResolver = (ids: readonly AlignmentId[]) => Promise<readonly CompiledAlignment[]>;

export interface RunSuiteOptions {
  /** Called after each case, e.g. to print or show progress. */
  readonly onCase?: (result: CaseResult, done: number, total: number) => void;
  /** Awaited between cases, e.g. a macrotask so other requests get their turn. */
  readonly between?: () => Promise<void>;
}

const now: () => number = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/** Prepares the cases once (the expected payloads parsed); a case whose expectation does not parse becomes an error result when run. */
export function prepareCases(cases: readonly TestCase[]): Array<PreparedCase | { testCase: TestCase; error: unknown }> {
  return cases.map((testCase) => {
    try {
      return prepareCase(testCase);
    } catch (error) {
      return { testCase, error };
    }
  });
}

export async function runPreparedSuite(
  suite: string,
  prepared: ReadonlyArray<PreparedCase | { testCase: TestCase; error: unknown }>,
  resolve: ChainResolver,
  options: RunSuiteOptions = {},
): Promise<SuiteRunReport> {
  const started = now();
  const results: CaseResult[] = [];
  for (const entry of prepared) {
    const result = await runEntry(entry, resolve);
    results.push(result);
    options.onCase?.(result, results.length, prepared.length);
    if (options.between !== undefined && results.length < prepared.length) await options.between();
  }
  return summarize(suite, results, now() - started);
}

async function runEntry(entry: PreparedCase | { testCase: TestCase; error: unknown }, resolve: ChainResolver): Promise<CaseResult> {
  if ('error' in entry) return erroredCase(entry.testCase, entry.error);
  let chain: readonly CompiledAlignment[];
  try {
    chain = await resolve(entry.testCase.alignments);
  } catch (error) {
    return erroredCase(entry.testCase, error);
  }
  return runCase(entry, chain);
}

export async function runSuite(suite: string, cases: readonly TestCase[], resolve: ChainResolver, options: RunSuiteOptions = {}): Promise<SuiteRunReport> {
  return runPreparedSuite(suite, prepareCases(cases), resolve, options);
}

export function summarize(suite: string, cases: readonly CaseResult[], ms: number): SuiteRunReport {
  const count = (status: CaseResult['status']) => cases.filter((c) => c.status === status).length;
  return { suite, passed: count('passed'), failed: count('failed'), errors: count('error'), ms, cases: [...cases] };
}
