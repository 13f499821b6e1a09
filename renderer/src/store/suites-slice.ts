/**
 * Alignment test suites and cell coverage (issue 12): the stored suites, "Save as test case" from
 * the translate screen (the current chain and message; the server records the output), running a
 * suite case by case (one request per case, so progress shows and the UI never waits on a whole
 * suite; a new run or leaving cancels the old one), and the coverage of one alignment over messages
 * the user chose, which the cell list shows as a heat column.
 */
import type { AlignmentId, CaseResult, CoverageReport, RunVersions, Suite, SuiteInfo } from '../api/index.js';
import { alignmentKey } from './alignment-key.js';
import { failed, isAbort } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface SuiteRunState {
  readonly suite: string;
  readonly done: number;
  readonly total: number;
  readonly running: boolean;
  readonly results: Readonly<Record<string, CaseResult>>;
}

export interface AlignmentCoverage {
  /** alignmentKey of the alignment the report is about. */
  readonly key: string;
  readonly report: CoverageReport;
}

export interface SuitesSlice {
  readonly suites: readonly SuiteInfo[];
  readonly suitesOp: Operation;
  readonly openSuite: Suite | undefined;
  readonly suiteRun: SuiteRunState | undefined;
  readonly runVersions: RunVersions;
  readonly saveCaseOp: Operation;
  readonly coverage: AlignmentCoverage | undefined;
  readonly coverageOp: Operation;
  loadSuites(): Promise<void>;
  openSuiteNamed(name: string): Promise<void>;
  setRunVersions(versions: RunVersions): void;
  /** Saves the translate screen's chain and message as a case of `suite` (created when new). */
  saveAsTestCase(suite: string, name: string): Promise<boolean>;
  deleteTestCase(name: string): Promise<void>;
  runOpenSuite(): Promise<void>;
  cancelSuiteRun(): void;
  computeCoverage(id: AlignmentId, messages: ReadonlyArray<{ name: string; text: string }>): Promise<void>;
  /** The alignment's part of a channel's coverage since the channel started. */
  computeChannelCoverage(id: AlignmentId, channelId: number): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends SuitesSlice {}
}

/** The part of a chain's report about one alignment of it. */
export function coverageOfAlignment(report: CoverageReport, id: AlignmentId): CoverageReport {
  const mine = (c: { alignment: string; version: string }) => c.alignment === id.name && c.version === id.version;
  return { ...report, cells: report.cells.filter(mine), neverFired: report.neverFired.filter(mine) };
}

/** "3 of 12 cases" while running, the tally when done. */
export function runSummary(run: SuiteRunState): string {
  const results = Object.values(run.results);
  const count = (status: CaseResult['status']) => results.filter((r) => r.status === status).length;
  const tally = `${count('passed')} passed, ${count('failed')} failed, ${count('error')} error(s)`;
  return run.running ? `Running ${run.done} of ${run.total}… ${tally}` : `${tally} of ${run.total}`;
}

export const createSuitesSlice: SliceCreator<SuitesSlice> = (set, get) => {
  let running: AbortController | undefined;
  /** Opens and runs so far: an open's answer is not shown over a newer open's, and keeps a run of its suite started while it loaded. */
  let opens = 0;
  let runs = 0;

  return {
    suites: [],
    suitesOp: IDLE,
    openSuite: undefined,
    suiteRun: undefined,
    runVersions: 'latest',
    saveCaseOp: IDLE,
    coverage: undefined,
    coverageOp: IDLE,

    async loadSuites() {
      set({ suitesOp: { state: 'running' } });
      try {
        set({ suites: await get().api.listSuites(), suitesOp: IDLE });
      } catch (error) {
        set({ suitesOp: failed(error) });
      }
    },

    async openSuiteNamed(name) {
      const open = ++opens;
      const runsBefore = runs;
      get().cancelSuiteRun();
      try {
        const suite = await get().api.getSuite(name);
        if (open !== opens) return;
        // The suite stays on screen while it loads again, Run all with it: a run of this suite
        // started meanwhile goes on, results and all (clearing them lost a run that had finished).
        const keepRun = runs !== runsBefore && get().suiteRun?.suite === name;
        if (!keepRun) get().cancelSuiteRun();
        set((s) => ({ openSuite: suite, suiteRun: keepRun ? s.suiteRun : undefined, suitesOp: IDLE }));
      } catch (error) {
        if (open === opens) set({ suitesOp: failed(error) });
      }
    },

    setRunVersions(runVersions) {
      set({ runVersions });
    },

    async saveAsTestCase(suite, name) {
      const { sequence, messageText, api } = get();
      set({ saveCaseOp: { state: 'running' } });
      try {
        if (!get().suites.some((s) => s.name === suite)) {
          const known = await api.listSuites();
          if (!known.some((s) => s.name === suite)) await api.createSuite(suite);
        }
        await api.addTestCase(suite, { name, alignments: [...sequence], message: messageText });
        set({ saveCaseOp: { state: 'done', message: `Saved “${name}” in suite “${suite}”` } });
        await get().loadSuites();
        return true;
      } catch (error) {
        set({ saveCaseOp: failed(error) });
        return false;
      }
    },

    async deleteTestCase(name) {
      const suite = get().openSuite;
      if (suite === undefined) return;
      try {
        await get().api.deleteTestCase(suite.name, name);
        await get().openSuiteNamed(suite.name);
        await get().loadSuites();
      } catch (error) {
        set({ suitesOp: failed(error) });
      }
    },

    async runOpenSuite() {
      const suite = get().openSuite;
      if (suite === undefined) return;
      runs++;
      running?.abort();
      const controller = new AbortController();
      running = controller;
      const versions = get().runVersions;
      set({ suiteRun: { suite: suite.name, done: 0, total: suite.cases.length, running: true, results: {} } });
      for (const c of suite.cases) {
        let result: CaseResult;
        try {
          result = await get().api.runTestCase(suite.name, c.name, versions, controller.signal);
        } catch (error) {
          if (isAbort(error) || controller.signal.aborted) return;
          const message = failed(error);
          result = {
            name: c.name,
            status: 'error',
            alignments: [...c.alignments],
            payloadMatches: false,
            stepsMatch: null,
            error: message.state === 'failed' ? message.message : 'failed',
            failedCells: [],
            ms: 0,
          };
        }
        if (controller.signal.aborted) return;
        set((s) => ({
          suiteRun: s.suiteRun === undefined ? undefined : { ...s.suiteRun, done: s.suiteRun.done + 1, results: { ...s.suiteRun.results, [c.name]: result } },
        }));
      }
      if (running === controller) running = undefined;
      set((s) => ({ suiteRun: s.suiteRun === undefined ? undefined : { ...s.suiteRun, running: false } }));
    },

    cancelSuiteRun() {
      running?.abort();
      running = undefined;
      set((s) => ({ suiteRun: s.suiteRun === undefined ? undefined : { ...s.suiteRun, running: false } }));
    },

    async computeCoverage(id, messages) {
      set({ coverageOp: { state: 'running' } });
      try {
        const report = await get().api.coverage(
          [id],
          messages.map((m) => ({ name: m.name, graphStr: m.text })),
        );
        set({ coverage: { key: alignmentKey(id), report }, coverageOp: IDLE });
      } catch (error) {
        set({ coverageOp: failed(error) });
      }
    },

    async computeChannelCoverage(id, channelId) {
      set({ coverageOp: { state: 'running' } });
      try {
        const report = coverageOfAlignment(await get().api.channelCoverage(channelId), id);
        set({ coverage: { key: alignmentKey(id), report }, coverageOp: IDLE });
      } catch (error) {
        set({ coverageOp: failed(error) });
      }
    },
  };
};
