/**
 * Runs one alignment test case (issue 12, part 1): translate the case's message through the chain
 * and compare the payload with the expected one as RDF graphs (isomorphism: blank-node labels are
 * not stable across translations), and, when the case has them, the per-step counts. A failure
 * carries the payload diff (expected versus actual), the first step whose counts differ and, when
 * the recorded chain is at hand, the cells whose contribution differs (cell-blame.ts).
 *
 * The payload is translated in place on the term graph, as translation does, but never written
 * back to JSON-LD: a test compares graphs, so serialising would be wasted work.
 */
import type { AlignmentId } from '../api/common.js';
import type { CaseResult, StepCounts, TestCase } from '../api/suites.js';
import type { CompiledAlignment } from '../translation/index.js';
import { ErrorCodes, MediatorError } from '../errors.js';
import { monotonicNow as now } from '../monotonic-clock.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../rdf/terms.js';
import { payloadDiff } from '../translation/payload-diff.js';
import { TermGraph } from '../translation/term-graph.js';
import { applyAlignments, readMessage, type CellFailure, type StepTrace } from '../translation/translate.js';
import type { ParsedMessage } from '../jsonld/index.js';
import { displayPrefixes } from '../translation/display-prefixes.js';
import { blameCells, chainContributions } from './cell-blame.js';
import { matchPayloadText } from './payload-match.js';
import { payloadToNTriples, readPayloadNTriples } from './payload-triples.js';
import { firstDifferingStep, stepCountsOf } from './step-counts.js';

/** Reads the case's expected payload; ParseError (naming the case, with the line) when it is not N-Triples. */
export function readExpectedPayload(testCase: TestCase): RDF.Quad[] {
  return readPayloadNTriples(testCase.expectedPayload, `case "${testCase.name}" expected payload`);
}

/** What a chain does to a message: the output payload and per-step counts (a test case's expectations, or its actual run). */
export interface ChainRun {
  readonly payload: RDF.Quad[];
  /** The translated payload as the engine holds it (undefined for a message without payload): matched without building quads. */
  readonly graph: TermGraph | undefined;
  readonly prefixes: ReadonlyArray<readonly [string, string]>;
  readonly steps: StepCounts[] | undefined;
  /** The trace rows the steps come from (with versions and errors), when steps were asked for. */
  readonly trace: readonly StepTrace[] | undefined;
  readonly failures: readonly CellFailure[];
}

function isPayload(q: RDF.Quad): boolean {
  return q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload;
}

/**
 * Translates the message's payload through the chain; ParseError for a message that cannot be read,
 * MediatorError TIMEOUT when the cells run longer than `timeoutMs` (checked between cells).
 */
export async function runChain(message: string, alignments: readonly CompiledAlignment[], withSteps: boolean, timeoutMs?: number): Promise<ChainRun> {
  return runParsedChain(await readMessage(message), alignments, withSteps, timeoutMs);
}

/** `runChain` on a message already read. */
function runParsedChain(parsed: ParsedMessage, alignments: readonly CompiledAlignment[], withSteps: boolean, timeoutMs?: number): ChainRun {
  const payload = parsed.quads.filter(isPayload);
  // A message without payload passes through untouched and runs no step (reference 6.8).
  if (payload.length === 0)
    return { payload: [], graph: undefined, prefixes: parsed.prefixes, steps: withSteps ? [] : undefined, trace: withSteps ? [] : undefined, failures: [] };
  const graph = TermGraph.fromQuads(payload);
  const { failures, trace } = applyAlignments(graph, alignments, { trace: withSteps, timing: false, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  return new TranslatedChain(graph, parsed.prefixes, trace, failures);
}

/**
 * A chain's run that builds its quads and counts only when somebody reads them: a passing test
 * case never does. A class, not an object literal with getters: those closures kept each run's
 * whole parse alive past young-generation collections (4 MB promoted per scavenge, GC pauses 20x
 * longer in a suite run).
 */
class TranslatedChain implements ChainRun {
  private quads: RDF.Quad[] | undefined;
  private counts: StepCounts[] | undefined;

  constructor(
    readonly graph: TermGraph,
    readonly prefixes: ReadonlyArray<readonly [string, string]>,
    readonly trace: readonly StepTrace[] | undefined,
    readonly failures: readonly CellFailure[],
  ) {}

  get payload(): RDF.Quad[] {
    return (this.quads ??= this.graph.toQuads(factory.defaultGraph()));
  }

  get steps(): StepCounts[] | undefined {
    return this.trace === undefined ? undefined : (this.counts ??= stepCountsOf(this.trace));
  }
}

/** The expectations of a new case: what the chain produces from the message now ("Save as test case"). */
export async function recordCase(name: string, message: string, alignments: readonly CompiledAlignment[], timeoutMs?: number): Promise<TestCase> {
  const run = await runChain(message, alignments, true, timeoutMs);
  return {
    name,
    alignments: chainIds(alignments),
    message,
    expectedPayload: payloadToNTriples(run.payload),
    ...(run.steps === undefined ? {} : { expectedSteps: run.steps }),
  };
}

export function chainIds(alignments: readonly CompiledAlignment[]): AlignmentId[] {
  return alignments.map((a) => ({ name: a.header.name, version: a.header.version }));
}

/** A case that could not run (an alignment missing, a message that does not parse). */
export function erroredCase(testCase: TestCase, error: unknown, ms = 0): CaseResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    name: testCase.name,
    status: 'error',
    alignments: [...testCase.alignments],
    payloadMatches: false,
    stepsMatch: null,
    error: error instanceof MediatorError ? `${message} [${error.code}]` : message,
    failedCells: [],
    ms,
  };
}

export interface RunCaseOptions {
  /**
   * The translation's time limit (checked between cells). A case that passes it is not a case
   * result but a stopped run: the TIMEOUT error is thrown, so the caller (the server) can answer
   * 503 naming the case instead of spending the limit again on every case of the suite.
   */
  readonly timeoutMs?: number;
  /**
   * The chain at the versions the case recorded. Given, a failing case names the cells whose
   * contribution differs between that chain and this one (`cellDifferences`, cell-blame.ts).
   */
  readonly recorded?: readonly CompiledAlignment[];
}

function isTimeout(error: unknown): boolean {
  return error instanceof MediatorError && error.code === ErrorCodes.timeout;
}

/**
 * Runs a case against the resolved chain. Never throws but for a time limit given in `options`
 * (above): a case that cannot run (a message or an expected payload that does not parse) is status
 * `error`.
 */
export async function runCase(testCase: TestCase, alignments: readonly CompiledAlignment[], options: RunCaseOptions = {}): Promise<CaseResult> {
  const started = now();
  let run: ChainRun;
  let payloadMatches: boolean;
  let expected: RDF.Quad[] | undefined;
  try {
    // Not awaited when the fast reader applied: a promise and a microtask turn per case otherwise.
    const parsed = readMessage(testCase.message);
    const withSteps = testCase.expectedSteps !== undefined;
    run = runParsedChain(parsed instanceof Promise ? await parsed : parsed, alignments, withSteps, options.timeoutMs);
    // The text is matched against the engine's graph (none for an empty payload) when it can be; n3 and the general check otherwise.
    const fast = matchPayloadText(testCase.expectedPayload, run.graph);
    if (fast === undefined) {
      expected = readExpectedPayload(testCase);
      payloadMatches = isomorphic(run.payload, expected);
    } else payloadMatches = fast;
    if (!payloadMatches) expected ??= readExpectedPayload(testCase);
  } catch (error) {
    if (options.timeoutMs !== undefined && isTimeout(error)) throw error;
    return erroredCase(testCase, error, now() - started);
  }
  const difference = testCase.expectedSteps === undefined || run.trace === undefined ? undefined : firstDifferingStep(testCase.expectedSteps, run.trace);
  const stepsMatch = testCase.expectedSteps === undefined ? null : difference === undefined;
  const passed = payloadMatches && stepsMatch !== false;
  const result: { -readonly [K in keyof CaseResult]: CaseResult[K] } = {
    name: testCase.name,
    status: passed ? 'passed' : 'failed',
    alignments: chainIds(alignments),
    payloadMatches,
    stepsMatch,
    failedCells: run.failures.length === 0 ? [] : run.failures.map((f) => f.cellId),
    ms: 0,
  };
  // Set, not spread from conditional objects: a suite builds one result per case.
  if (difference !== undefined) result.firstDifferingStep = difference;
  // The diff reads "removed" as expected-but-missing and "added" as produced-but-not-expected.
  if (expected !== undefined && !payloadMatches) result.payloadDiff = payloadDiff(expected, run.payload, displayPrefixes(run.prefixes, alignments));
  if (!passed && options.recorded !== undefined) {
    const [before, after] = [await chainContributions(testCase.message, options.recorded), await chainContributions(testCase.message, alignments)];
    result.cellDifferences = blameCells(before, after);
  }
  result.ms = now() - started;
  return result;
}
