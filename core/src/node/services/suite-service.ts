/**
 * Alignment test suites as the REST API sees them (issue 12, part 1): suites and cases kept in the
 * store; "Save as test case" records what a chain produces from a message now; a run resolves each
 * case's chain from the stored alignments (the newest stored version of each name by default, so
 * a re-run after an upload shows which messages changed meaning) and yields the event loop between
 * cases, so a long suite never stalls other requests or channels.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BadRequestError,
  blameCells,
  ErrorCodes,
  MediatorError,
  NotFoundError,
  readExpectedPayload,
  erroredCase,
  suiteFromFiles,
  suiteToFiles,
  summarize,
  type api,
  type Logger,
} from '../../common/index.js';
import type { SuiteStore } from '../store/suite-store.js';
import type { AlignmentService } from './alignment-service.js';
import type { Chain, TranslationService } from './translation-service.js';

/** Consecutive cases of one chain sent to the engine at once: one job in the queue, not one per case. */
const BATCH = 25;

function isTimeout(error: unknown): error is MediatorError {
  return error instanceof MediatorError && error.code === ErrorCodes.timeout;
}

/** A case past the time limit stops the run with 503 naming it (issue 29): going on would spend the limit again per case. */
function stoppedAt(testCase: api.TestCase, error: MediatorError): MediatorError {
  return new MediatorError(`The run stopped at case "${testCase.name}": ${error.message}`, ErrorCodes.timeout);
}

export type VersionChoice = 'latest' | 'recorded';

export class SuiteService {
  constructor(
    private readonly suites: SuiteStore,
    private readonly alignments: AlignmentService,
    private readonly translation: TranslationService,
    private readonly log: Logger,
  ) {}

  list(): api.SuiteInfo[] {
    return this.suites.list();
  }

  get(name: string): api.Suite {
    return this.suites.get(name);
  }

  async create(name: string): Promise<api.SuiteInfo> {
    const info = await this.suites.create(name);
    this.log.info({ suite: name }, 'test suite created');
    return info;
  }

  async delete(name: string): Promise<void> {
    if (!(await this.suites.delete(name))) throw new NotFoundError(`Suite "${name}" not found`);
    this.log.info({ suite: name }, 'test suite deleted');
  }

  async deleteCase(suite: string, name: string): Promise<void> {
    if (!(await this.suites.deleteCase(suite, name))) throw new NotFoundError(`Suite "${suite}" has no case named "${name}"`);
  }

  /**
   * Stores a case. Without `expectedPayload` the chain (the exact stored versions) translates the
   * message now and its output and per-step counts become the expectation; a given payload must be
   * N-Triples (ParseError with the line otherwise).
   */
  async addCase(suite: string, body: api.NewTestCase): Promise<api.TestCase> {
    this.suites.get(suite);
    const chain = await this.chain(body.alignments, 'recorded');
    let testCase: api.TestCase;
    if (body.expectedPayload === undefined) {
      const [recorded] = await Promise.all(this.translation.run(chain, [{ kind: 'record', name: body.name, message: body.message }]));
      testCase = body.expectedSteps === undefined ? recorded! : { ...recorded!, expectedSteps: body.expectedSteps };
    } else {
      testCase = {
        name: body.name,
        alignments: body.alignments,
        message: body.message,
        expectedPayload: body.expectedPayload,
        ...(body.expectedSteps === undefined ? {} : { expectedSteps: body.expectedSteps }),
      };
      readExpectedPayload(testCase);
    }
    await this.suites.add(suite, [testCase]);
    this.log.info({ suite, case: body.name }, 'test case saved');
    return testCase;
  }

  /**
   * Runs every case in order, on the translation service: consecutive cases of one chain go
   * together, the event loop takes a turn between batches. Nothing of a finished case but its
   * result is kept. A case past the time limit stops the run (TIMEOUT, 503, naming the case).
   */
  async run(suite: string, versions: VersionChoice = 'latest'): Promise<api.SuiteRunReport> {
    const started = performance.now();
    const { cases } = this.suites.get(suite);
    const results: api.CaseResult[] = [];
    let at = 0;
    while (at < cases.length) {
      const first = cases[at]!;
      let chain: Chain;
      try {
        chain = await this.chain(first.alignments, versions);
      } catch (error) {
        // A chain that cannot be resolved is an error result, as a case whose expectation does not parse.
        results.push(erroredCase(first, error));
        at++;
        continue;
      }
      const same = JSON.stringify(first.alignments);
      let end = at + 1;
      while (end < cases.length && end - at < BATCH && JSON.stringify(cases[end]!.alignments) === same) end++;
      const batch = cases.slice(at, end);
      const outcomes = await Promise.allSettled(
        this.translation.run(
          chain,
          batch.map((testCase) => ({ kind: 'case', testCase }) as const),
          true,
        ),
      );
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'fulfilled') results.push(await this.blamed(batch[i]!, outcome.value, chain));
        else if (isTimeout(outcome.reason)) throw stoppedAt(batch[i]!, outcome.reason);
        else results.push(erroredCase(batch[i]!, outcome.reason));
      }
      at = end;
      if (at < cases.length) await nextTurn();
    }
    return summarize(suite, results, performance.now() - started);
  }

  async runOne(suite: string, name: string, versions: VersionChoice = 'latest'): Promise<api.CaseResult> {
    const testCase = this.suites.get(suite).cases.find((c) => c.name === name);
    if (testCase === undefined) throw new NotFoundError(`Suite "${suite}" has no case named "${name}"`);
    let chain: Chain;
    try {
      chain = await this.chain(testCase.alignments, versions);
    } catch (error) {
      return erroredCase(testCase, error);
    }
    try {
      const [result] = await Promise.all(this.translation.run(chain, [{ kind: 'case', testCase }]));
      return await this.blamed(testCase, result!, chain);
    } catch (error) {
      if (isTimeout(error)) throw stoppedAt(testCase, error);
      return erroredCase(testCase, error);
    }
  }

  exportFiles(suite: string): api.SuiteFiles {
    return { files: suiteToFiles(this.suites.get(suite).cases) };
  }

  /** Imports a suite folder's files into the suite (created when absent); cases of the same name are replaced. */
  async importFiles(suite: string, files: api.SuiteFiles): Promise<api.SuiteInfo> {
    const cases = suiteFromFiles(files.files);
    if (cases.length === 0) throw new BadRequestError('The files hold no test case (no <case>/case.json)');
    for (const c of cases) readExpectedPayload(c);
    if (!this.suites.list().some((s) => s.name === suite)) await this.suites.create(suite);
    await this.suites.add(suite, cases, true);
    this.log.info({ suite, cases: cases.length }, 'test suite imported');
    return this.suites.list().find((s) => s.name === suite) ?? { name: suite, caseCount: cases.length, createdAt: Date.now() };
  }

  /**
   * A failed case with the cells to blame: the message run through the recorded versions and
   * through the chain that failed, cells matched by meaning (cell-blame.ts). Left as it is when the
   * recorded versions are no longer stored, or when tracing fails: the payload diff still stands.
   */
  private async blamed(testCase: api.TestCase, result: api.CaseResult, chain: Chain): Promise<api.CaseResult> {
    if (result.status !== 'failed') return result;
    try {
      const recorded = await this.chain(testCase.alignments, 'recorded');
      const item = { kind: 'contributions', message: testCase.message } as const;
      const [expected, actual] = await Promise.all([...this.translation.run(recorded, [item]), ...this.translation.run(chain, [item])]);
      return { ...result, cellDifferences: blameCells(expected!, actual!) };
    } catch (error) {
      this.log.debug({ suite: testCase.name, error: error instanceof Error ? error.message : String(error) }, 'no cell blamed');
      return result;
    }
  }

  private async chain(ids: readonly api.AlignmentId[], versions: VersionChoice): Promise<Chain> {
    return this.translation.chain(
      ids.map((id) => ({ name: id.name, version: versions === 'recorded' ? id.version : this.latestVersion(id.name, id.version) })),
    );
  }

  /** The most recently uploaded version of the name; the recorded one when none is stored (compiledFor then says so). */
  private latestVersion(name: string, recorded: string): string {
    let best: { id: number; version: string } | undefined;
    for (const info of this.alignments.list())
      if (info.name === name && (best === undefined || info.id > best.id)) best = { id: info.id, version: info.version };
    return best?.version ?? recorded;
  }
}
