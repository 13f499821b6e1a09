/**
 * Alignment test suites (issue 12, part 1): a test case pins an alignment chain, an input message
 * and the payload the chain must produce (plus, optionally, the per-step counts); a suite is a
 * named list of cases. The same shapes are the REST bodies, the stored rows' content, the folder
 * format's `case.json` and what the pure runner (common/suites) takes and returns.
 */
import { Type, type Static } from 'typebox';
import { AlignmentId } from './common.js';
import { PayloadDiff } from './payload-diff.js';
import { ref } from './schema-support.js';

/** The counts of one step of the trace (the columns of the reference's steps.tsv, without timing). */
export const StepCounts = Type.Object(
  {
    alignment: Type.String({ description: 'The alignment name (dcelem:title)' }),
    step: Type.Integer({ minimum: 1, description: '1-based position of the step in its alignment' }),
    cellId: Type.String(),
    triplesBefore: Type.Integer({ minimum: 0 }),
    triplesAfter: Type.Integer({ minimum: 0 }),
    deleted: Type.Integer({ minimum: 0 }),
    inserted: Type.Integer({ minimum: 0 }),
  },
  { $id: 'StepCounts' },
);
export type StepCounts = Static<typeof StepCounts>;

const caseName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[^/\\\\\\u0000-\\u001f]+$',
  description: 'Unique within its suite; also the folder name on export, so no slashes or control characters',
});

export const TestCase = Type.Object(
  {
    name: caseName,
    alignments: Type.Array(ref(AlignmentId), { description: 'The chain, in order; a run may use another version of the same name' }),
    message: Type.String({ description: 'The input message (INTER-IoT JSON-LD), as text' }),
    expectedPayload: Type.String({ description: 'The expected output payload graph as N-Triples (compared up to blank-node renaming)' }),
    expectedSteps: Type.Optional(Type.Array(ref(StepCounts), { description: 'The expected per-step counts; absent: only the payload is compared' })),
  },
  { $id: 'TestCase' },
);
export type TestCase = Static<typeof TestCase>;

/** POST /suites/{suite}/cases: the expected payload and steps default to what the chain produces now ("Save as test case"). */
export const NewTestCase = Type.Object(
  {
    name: caseName,
    alignments: Type.Array(ref(AlignmentId)),
    message: Type.String(),
    expectedPayload: Type.Optional(Type.String({ description: 'N-Triples; default: the payload the chain produces now' })),
    expectedSteps: Type.Optional(Type.Array(ref(StepCounts), { description: "Default: the chain's per-step counts now" })),
  },
  { $id: 'NewTestCase' },
);
export type NewTestCase = Static<typeof NewTestCase>;

const suiteName = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^/\\\\\\u0000-\\u001f]+$' });

export const SuiteInfo = Type.Object(
  { name: suiteName, caseCount: Type.Integer({ minimum: 0 }), createdAt: Type.Integer({ description: 'Epoch milliseconds' }) },
  { $id: 'SuiteInfo' },
);
export type SuiteInfo = Static<typeof SuiteInfo>;

export const SuiteInfoList = Type.Array(ref(SuiteInfo));
export type SuiteInfoList = Static<typeof SuiteInfoList>;

export const NewSuite = Type.Object({ name: suiteName }, { $id: 'NewSuite' });
export type NewSuite = Static<typeof NewSuite>;

export const Suite = Type.Object({ name: suiteName, createdAt: Type.Integer(), cases: Type.Array(ref(TestCase)) }, { $id: 'Suite' });
export type Suite = Static<typeof Suite>;

export const SuiteParams = Type.Object({ suite: Type.String({ description: 'Suite name, URL-encoded' }) });
export type SuiteParams = Static<typeof SuiteParams>;

export const CaseParams = Type.Object({
  suite: Type.String({ description: 'Suite name, URL-encoded' }),
  case: Type.String({ description: 'Case name, URL-encoded' }),
});
export type CaseParams = Static<typeof CaseParams>;

/** Which versions a run uses: the latest stored version of each alignment name (default), or exactly the recorded ones. */
export const RunQuery = Type.Object({
  versions: Type.Optional(
    Type.Union([Type.Literal('latest'), Type.Literal('recorded')], {
      description:
        '`latest` (default): the most recently uploaded version of each name, so a run after an upload shows which messages changed meaning; `recorded`: the versions in the case',
    }),
  ),
});
export type RunQuery = Static<typeof RunQuery>;

/** Where the actual per-step counts first part from the expected ones. */
export const StepDifference = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: '0-based row of the trace' }),
    expected: Type.Union([ref(StepCounts), Type.Null()], { description: 'Null when the run had more steps than expected' }),
    actual: Type.Union([ref(StepCounts), Type.Null()], { description: 'Null when the run had fewer steps than expected' }),
  },
  { $id: 'StepDifference' },
);
export type StepDifference = Static<typeof StepDifference>;

/** What one cell did to the payload in one run: the triples it added and removed (display forms, blank nodes as `[]`). */
export const CellContribution = Type.Object(
  {
    added: Type.Array(Type.String(), { description: 'Triples the cell inserted, at most 50' }),
    removed: Type.Array(Type.String(), { description: 'Triples the cell deleted, at most 50' }),
    addedCount: Type.Integer({ minimum: 0 }),
    removedCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'CellContribution' },
);
export type CellContribution = Static<typeof CellContribution>;

/**
 * A cell whose contribution differs between the run that recorded the case (the recorded versions)
 * and this run. Cells are matched by meaning (their compiled SPARQL), not by name, so a rename alone
 * is never a difference.
 */
export const CellDifference = Type.Object(
  {
    alignment: Type.String(),
    version: Type.String({ description: 'The version this run used (the recorded one for a cell this run lacks)' }),
    step: Type.Integer({ minimum: 1, description: "1-based step in this run's alignment (the recorded run's for a cell this run lacks)" }),
    cellId: Type.String({ description: 'The cell as this run names it (as the recorded run named it, for a cell this run lacks)' }),
    expectedCellId: Type.Optional(Type.String({ description: 'The name of the matching cell in the recorded run, when it differs' })),
    change: Type.Union([Type.Literal('meaning'), Type.Literal('added'), Type.Literal('removed'), Type.Literal('input')], {
      description:
        '`meaning`: the cell of that name means something else now; `added`: a cell the recorded run had no match for; `removed`: a recorded cell this run has no match for; `input`: same meaning, but it met a different payload (an earlier cell changed)',
    }),
    expected: ref(CellContribution),
    actual: ref(CellContribution),
  },
  { $id: 'CellDifference' },
);
export type CellDifference = Static<typeof CellDifference>;

export const CaseResult = Type.Object(
  {
    name: Type.String(),
    status: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('error')], {
      description: '`error`: the case could not run (an alignment missing, a message that does not parse)',
    }),
    alignments: Type.Array(ref(AlignmentId), { description: 'The chain that actually ran' }),
    payloadMatches: Type.Boolean({ description: 'Actual payload isomorphic to the expected one' }),
    stepsMatch: Type.Union([Type.Boolean(), Type.Null()], { description: 'Null when the case has no expected steps' }),
    firstDifferingStep: Type.Optional(ref(StepDifference)),
    cellDifferences: Type.Optional(
      Type.Array(ref(CellDifference), {
        description:
          'On a failure, when the recorded versions are still stored: the cells whose contribution differs, in chain order (cells matched by meaning, so renames do not count)',
      }),
    ),
    // On a payload mismatch: `removed` = expected but missing, `added` = produced but not expected.
    payloadDiff: Type.Optional(ref(PayloadDiff)),
    error: Type.Optional(Type.String()),
    failedCells: Type.Array(Type.String(), { description: 'Cells that failed at run time (skipped)' }),
    ms: Type.Number({ description: 'Time the case took' }),
  },
  { $id: 'CaseResult' },
);
export type CaseResult = Static<typeof CaseResult>;

export const SuiteRunReport = Type.Object(
  {
    suite: Type.String(),
    passed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    errors: Type.Integer({ minimum: 0 }),
    ms: Type.Number(),
    cases: Type.Array(ref(CaseResult)),
  },
  { $id: 'SuiteRunReport' },
);
export type SuiteRunReport = Static<typeof SuiteRunReport>;

/** A suite as the files of its folder (export and import): `<case>/case.json`, `<case>/input.json`, `<case>/expected-payload.nt`. */
export const SuiteFiles = Type.Object(
  {
    files: Type.Array(Type.Object({ path: Type.String({ description: 'Relative, `/`-separated' }), content: Type.String() })),
  },
  { $id: 'SuiteFiles' },
);
export type SuiteFiles = Static<typeof SuiteFiles>;
