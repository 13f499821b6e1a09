/**
 * Per-step counts of a translation (the columns of the reference's steps.tsv without timing) and
 * where two such lists first part. Rows are compared by their counts, never by the cell's name: a
 * cell renamed in a new version with the same meaning does the same, and must not fail a case
 * (issue 25, point 2); which cell is to blame comes from cell-blame.ts, which matches by meaning.
 */
import type { StepCounts, StepDifference } from '../api/suites.js';
import type { StepTrace } from '../translation/translate.js';

/** A row's counts alone (a trace row has more: version, timing, solutions). */
export function countsOf(t: StepCounts): StepCounts {
  return {
    alignment: t.alignment,
    step: t.step,
    cellId: t.cellId,
    triplesBefore: t.triplesBefore,
    triplesAfter: t.triplesAfter,
    deleted: t.deleted,
    inserted: t.inserted,
  };
}

export function stepCountsOf(trace: readonly StepTrace[]): StepCounts[] {
  return trace.map(countsOf);
}

function sameCounts(a: StepCounts, b: StepCounts): boolean {
  return (
    a.alignment === b.alignment &&
    a.step === b.step &&
    a.triplesBefore === b.triplesBefore &&
    a.triplesAfter === b.triplesAfter &&
    a.deleted === b.deleted &&
    a.inserted === b.inserted
  );
}

/**
 * The first row where `actual` differs from `expected` (a missing or extra row counts), or undefined
 * when they agree. `actual` may be trace rows: only their counts are compared and reported.
 */
export function firstDifferingStep(expected: readonly StepCounts[], actual: readonly StepCounts[]): StepDifference | undefined {
  const rows = Math.max(expected.length, actual.length);
  for (let index = 0; index < rows; index++) {
    const e = expected[index];
    const a = actual[index];
    if (e !== undefined && a !== undefined && sameCounts(e, a)) continue;
    return { index, expected: e === undefined ? null : countsOf(e), actual: a === undefined ? null : countsOf(a) };
  }
  return undefined;
}
