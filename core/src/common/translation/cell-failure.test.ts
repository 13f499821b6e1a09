/**
 * A cell that fails at run time (CONTRACT.md, Translation): it does not abort the message, changes
 * nothing, and is never silent: the result's `failures` and the trace's error column name the
 * alignment, step and cell, and the cells after it still run. The failure here is real: the
 * solution limit (a guard against runaway joins) set low enough that the blood pressure
 * message's two-solution cells exceed it.
 */
import { describe, expect, it } from 'vitest';
import { compileAlignment } from './compile-alignment.js';
import { traceToTsv, translateMessage } from './index.js';
import { goldenPairs, goldenSteps, readData } from '../../test-support/shared-data.js';

// The blood pressure chain: two of its cells (the systolic/diastolic pair) have two solutions each.
const { pair: PAIR, message: MESSAGE, alignments: CHAIN } = goldenPairs().find((p) => p.pair === 'bloodPressure__UniversAAL_CO__CO_FIWARE')!;

describe('a cell failing at run time', () => {
  it('is reported with its cell id, skipped, and the other cells still run', async () => {
    const limited = await Promise.all(CHAIN.map(async (f) => compileAlignment(readData(f), { maxSolutions: 1 })));
    const result = await translateMessage(readData(MESSAGE), limited, { trace: true });
    const trace = result.trace ?? [];

    // Which cells fail is decided by the data: those whose WHERE has more than one solution.
    const reference = goldenSteps(PAIR);
    expect(trace.map((t) => t.cellId)).toEqual(reference.map((s) => s.cell));
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.failures.length).toBeLessThan(trace.length);

    for (const failure of result.failures) {
      expect(failure.error).toMatch(/more than 1 solutions; the cell was not applied/);
      const row = trace.find((t) => t.alignment === failure.alignment && t.step === failure.step)!;
      expect(row.cellId).toBe(failure.cellId);
      expect(row.error).toBe(failure.error);
      // Skipped whole: nothing half-applied.
      expect([row.deleted, row.inserted, row.triplesAfter - row.triplesBefore]).toEqual([0, 0, 0]);
    }
    // The cells after a failure still ran and changed the payload.
    const firstFailure = trace.findIndex((t) => t.error !== undefined);
    expect(trace.slice(firstFailure + 1).some((t) => t.error === undefined && t.deleted + t.inserted > 0)).toBe(true);

    // The message is still translated and differs from the unlimited translation.
    const unlimited = await Promise.all(CHAIN.map(async (f) => compileAlignment(readData(f))));
    const full = await translateMessage(readData(MESSAGE), unlimited);
    expect(full.failures).toEqual([]);
    expect(result.message).not.toBe(full.message);

    // The TSV trace (CLI --trace, UI) carries the error in its last column.
    const tsv = traceToTsv(trace).split('\n');
    for (const failure of result.failures) {
      expect(tsv.some((line) => line.startsWith(`${failure.alignment}\t${failure.step}\t${failure.cellId}\t`) && line.endsWith(failure.error))).toBe(true);
    }
  });
});
