import { describe, expect, it } from 'vitest';
import { ApiError, type CaseResult, type NewTestCase, type Suite, type SuiteInfo } from '../api/index.js';
import { storeWith } from './fake-api.test-support.js';
import { coverageOfAlignment, runSummary } from './suites-slice.js';

const A = { name: 'A', version: '1' };

const result = (name: string, status: CaseResult['status']): CaseResult => ({
  name,
  status,
  alignments: [A],
  payloadMatches: status === 'passed',
  stepsMatch: status === 'passed',
  failedCells: [],
  ms: 1,
});

describe('suites slice', () => {
  it('saves the chain and message as a case, creating the suite when it is new', async () => {
    const created: string[] = [];
    const saved: Array<[string, NewTestCase]> = [];
    const store = storeWith({
      listSuites: async () => [] as SuiteInfo[],
      createSuite: async (name) => {
        created.push(name);
        return { name, caseCount: 0, createdAt: 0 };
      },
      addTestCase: async (suite, testCase) => {
        saved.push([suite, testCase]);
        return { ...testCase, expectedPayload: '' };
      },
    });
    store.getState().setAutoRun(false);
    store.getState().addToSequence(A);
    store.getState().setMessageText('{"@graph": []}');
    expect(await store.getState().saveAsTestCase('regression', 'weight')).toBe(true);
    expect(created).toEqual(['regression']);
    expect(saved).toEqual([['regression', { name: 'weight', alignments: [A], message: '{"@graph": []}' }]]);
    expect(store.getState().saveCaseOp).toEqual({ state: 'done', message: 'Saved “weight” in suite “regression”' });
  });

  it('shows why a save was refused', async () => {
    const store = storeWith({
      listSuites: async () => [{ name: 's', caseCount: 1, createdAt: 0 }],
      addTestCase: async () => Promise.reject(new ApiError('Suite "s" already has a case named "x"', 409, 'CONFLICT')),
    });
    await store.getState().loadSuites();
    expect(await store.getState().saveAsTestCase('s', 'x')).toBe(false);
    expect(store.getState().saveCaseOp).toMatchObject({ state: 'failed', message: 'Suite "s" already has a case named "x"' });
  });

  it('runs a suite case by case with progress, the chosen versions, and a case whose request fails as an error', async () => {
    const suite: Suite = {
      name: 's',
      createdAt: 0,
      cases: ['one', 'two', 'three'].map((name) => ({ name, alignments: [A], message: '', expectedPayload: '' })),
    };
    const calls: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const store = storeWith({
      getSuite: async () => suite,
      runTestCase: async (_s, name, versions) => {
        calls.push(`${name}:${versions}`);
        if (name === 'two') await gate;
        if (name === 'three') throw new ApiError('boom', 500, 'INTERNAL');
        return result(name, name === 'one' ? 'passed' : 'failed');
      },
    });
    await store.getState().openSuiteNamed('s');
    store.getState().setRunVersions('recorded');
    const run = store.getState().runOpenSuite();
    await new Promise((r) => setTimeout(r, 0));
    // Waiting on case two: one done, the page free.
    expect(store.getState().suiteRun).toMatchObject({ done: 1, total: 3, running: true });
    expect(runSummary(store.getState().suiteRun!)).toBe('Running 1 of 3… 1 passed, 0 failed, 0 error(s)');
    release();
    await run;
    expect(calls).toEqual(['one:recorded', 'two:recorded', 'three:recorded']);
    const state = store.getState().suiteRun!;
    expect(state.running).toBe(false);
    expect(Object.values(state.results).map((r) => [r.name, r.status])).toEqual([
      ['one', 'passed'],
      ['two', 'failed'],
      ['three', 'error'],
    ]);
    expect(runSummary(state)).toBe('1 passed, 1 failed, 1 error(s) of 3');
  });

  it("keeps the alignment's part of a channel's chain coverage", async () => {
    const B = { name: 'B', version: '2' };
    const cell = (a: typeof A, id: string, fired: number) => ({
      alignment: a.name,
      version: a.version,
      cell: id,
      fired,
      messages: [],
      failed: 0,
      inSteps: true,
    });
    const report = {
      messages: 2,
      cells: [cell(A, 'x', 2), cell(A, 'y', 0), cell(B, 'x', 0)],
      neverFired: [
        { alignment: 'A', version: '1', cell: 'y' },
        { alignment: 'B', version: '2', cell: 'x' },
      ],
      unreadable: [],
    };
    expect(coverageOfAlignment(report, A)).toEqual({
      ...report,
      cells: [cell(A, 'x', 2), cell(A, 'y', 0)],
      neverFired: [{ alignment: 'A', version: '1', cell: 'y' }],
    });
    const store = storeWith({ channelCoverage: async () => report });
    await store.getState().computeChannelCoverage(B, 7);
    expect(store.getState().coverage?.report.cells).toEqual([cell(B, 'x', 0)]);
  });

  describe('opening a suite while it or another loads', () => {
    const suiteNamed = (name: string): Suite => ({ name, createdAt: 0, cases: [{ name: 'one', alignments: [A], message: '', expectedPayload: '' }] });
    /** getSuite answers at once, except for the names held until `release(name)`. */
    function heldSuites() {
      const gates = new Map<string, () => void>();
      return {
        hold(name: string) {
          let release: () => void = () => {};
          const gate = new Promise<void>((r) => (release = r));
          gates.set(name, release);
          return gate;
        },
        release: (name: string) => gates.get(name)!(),
      };
    }

    it('a run of the suite started while it loads again keeps its results', async () => {
      const held = heldSuites();
      let gate = Promise.resolve();
      const store = storeWith({
        getSuite: async (name) => {
          await gate;
          return suiteNamed(name);
        },
        runTestCase: async (_s, name) => result(name, 'passed'),
      });
      await store.getState().openSuiteNamed('s');
      // Back on the screen: the suite is loaded again, and Run all is clicked before it answers.
      gate = held.hold('s');
      const reopened = store.getState().openSuiteNamed('s');
      await store.getState().runOpenSuite();
      expect(runSummary(store.getState().suiteRun!)).toBe('1 passed, 0 failed, 0 error(s) of 1');
      held.release('s');
      await reopened;
      expect(store.getState().openSuite?.name).toBe('s');
      expect(runSummary(store.getState().suiteRun!)).toBe('1 passed, 0 failed, 0 error(s) of 1');
    });

    it('opening the suite again without a run clears the previous results, as a fresh open does', async () => {
      const store = storeWith({ getSuite: async (name) => suiteNamed(name), runTestCase: async (_s, name) => result(name, 'failed') });
      await store.getState().openSuiteNamed('s');
      await store.getState().runOpenSuite();
      expect(store.getState().suiteRun).toBeDefined();
      await store.getState().openSuiteNamed('s');
      expect(store.getState().suiteRun).toBeUndefined();
    });

    it("an older open's answer does not replace a newer one's", async () => {
      const held = heldSuites();
      const gateA = held.hold('a');
      const store = storeWith({
        getSuite: async (name) => {
          if (name === 'a') await gateA;
          return suiteNamed(name);
        },
      });
      const first = store.getState().openSuiteNamed('a');
      await store.getState().openSuiteNamed('b');
      held.release('a');
      await first;
      expect(store.getState().openSuite?.name).toBe('b');
    });

    it('a run of the suite on screen is stopped and cleared when another suite opens', async () => {
      const held = heldSuites();
      const gateB = held.hold('b');
      const gateRun = held.hold('run');
      const store = storeWith({
        getSuite: async (name) => {
          if (name === 'b') await gateB;
          return suiteNamed(name);
        },
        runTestCase: async (_s, name) => {
          await gateRun;
          return result(name, 'passed');
        },
      });
      await store.getState().openSuiteNamed('a');
      const opening = store.getState().openSuiteNamed('b');
      // Run all on suite a, still on screen while b loads.
      const run = store.getState().runOpenSuite();
      held.release('b');
      await opening;
      held.release('run');
      await run;
      expect(store.getState().openSuite?.name).toBe('b');
      expect(store.getState().suiteRun).toBeUndefined();
    });
  });
});
