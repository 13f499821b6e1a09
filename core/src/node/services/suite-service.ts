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
  NotFoundError,
  readExpectedPayload,
  recordCase,
  runCase,
  runSuite,
  erroredCase,
  suiteFromFiles,
  suiteToFiles,
  type api,
  type ChainResolver,
  type CompiledAlignment,
  type Logger,
} from '../../common/index.js';
import type { SuiteStore } from '../store/suite-store.js';
import type { AlignmentService } from './alignment-service.js';

export type VersionChoice = 'latest' | 'recorded';

export class SuiteService {
  constructor(
    private readonly suites: SuiteStore,
    private readonly alignments: AlignmentService,
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
      const recorded = await recordCase(body.name, body.message, chain);
      testCase = body.expectedSteps === undefined ? recorded : { ...recorded, expectedSteps: body.expectedSteps };
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

  async run(suite: string, versions: VersionChoice = 'latest'): Promise<api.SuiteRunReport> {
    const { cases } = this.suites.get(suite);
    return runSuite(suite, cases, this.resolver(versions), { between: async () => void (await nextTurn()) });
  }

  async runOne(suite: string, name: string, versions: VersionChoice = 'latest'): Promise<api.CaseResult> {
    const testCase = this.suites.get(suite).cases.find((c) => c.name === name);
    if (testCase === undefined) throw new NotFoundError(`Suite "${suite}" has no case named "${name}"`);
    let chain: readonly CompiledAlignment[];
    try {
      chain = await this.resolver(versions)(testCase.alignments);
    } catch (error) {
      return erroredCase(testCase, error);
    }
    return runCase(testCase, chain);
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

  private resolver(versions: VersionChoice): ChainResolver {
    return async (ids) => this.chain(ids, versions);
  }

  private async chain(ids: readonly api.AlignmentId[], versions: VersionChoice): Promise<CompiledAlignment[]> {
    const out: CompiledAlignment[] = [];
    for (const id of ids) {
      const version = versions === 'recorded' ? id.version : this.latestVersion(id.name, id.version);
      out.push(await this.alignments.compiledFor(id.name, version));
    }
    return out;
  }

  /** The most recently uploaded version of the name; the recorded one when none is stored (compiledFor then says so). */
  private latestVersion(name: string, recorded: string): string {
    let best: { id: number; version: string } | undefined;
    for (const info of this.alignments.list())
      if (info.name === name && (best === undefined || info.id > best.id)) best = { id: info.id, version: info.version };
    return best?.version ?? recorded;
  }
}
