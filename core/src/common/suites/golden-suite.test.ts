/**
 * Issue 12 acceptance, table-driven over the shared golden data: a suite built from the golden
 * pairs passes; the same suite against an alignment with one cell changed fails exactly the cases
 * that use that cell, with that cell's step as the first differing step; coverage over the shared
 * messages matches the per-step counts of the golden traces.
 */
import { basename } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { goldenPairs, goldenSteps, readData } from '../../test-support/shared-data.js';
import { coverageOf } from './coverage.js';
import { runSuite, type ChainResolver } from './run-suite.js';
import { goldenSuite, withCellChanged, type GoldenSuite } from '../../test-support/golden-suite.js';

let golden: GoldenSuite;

beforeAll(async () => {
  golden = await goldenSuite();
});

function resolverOf(alignments: Iterable<CompiledAlignment>): ChainResolver {
  const byName = new Map<string, CompiledAlignment>();
  for (const a of alignments) byName.set(a.header.name, a);
  return async (ids) =>
    ids.map((id) => {
      const found = byName.get(id.name);
      if (found === undefined) throw new Error(`no alignment ${id.name}`);
      return found;
    });
}

/** Per alignment file, the cells golden traces show firing, and on which pairs. */
function firingsByFile(): Map<string, Map<string, Set<string>>> {
  const out = new Map<string, Map<string, Set<string>>>();
  for (const pair of goldenPairs()) {
    for (const s of goldenSteps(pair.pair)) {
      if (s.deleted + s.inserted === 0) continue;
      const file = pair.alignments.find((f) => basename(f, '.rdf') === s.alignment)!;
      const cells = out.get(file) ?? new Map<string, Set<string>>();
      out.set(file, cells);
      const pairs = cells.get(s.cell) ?? new Set<string>();
      cells.set(s.cell, pairs);
      pairs.add(pair.pair);
    }
  }
  return out;
}

describe('a suite built from the golden pairs', () => {
  it('passes every case against the shared alignments', async () => {
    const report = await runSuite('golden', golden.cases, resolverOf(golden.compiled.values()));
    expect(report.cases.map((c) => [c.name, c.status, c.error ?? '', c.firstDifferingStep ?? null])).toEqual(
      golden.cases.map((c) => [c.name, 'passed', '', null]),
    );
    expect(report.passed).toBe(goldenPairs().length);
  });

  // Every cell that fires somewhere, in every alignment with golden pairs.
  const table = [...firingsByFile()].flatMap(([file, cells]) => [...cells].map(([cell, pairs]) => ({ file, cell, pairs: [...pairs].sort() })));

  it.each(table)('fails exactly the cases that use $cell of $file when that cell changes', async ({ file, cell, pairs }) => {
    const changed = await compileAlignment(withCellChanged(readData(file), cell), { source: file });
    const others = [...golden.compiled].filter(([f]) => f !== file).map(([, a]) => a);
    const report = await runSuite('golden', golden.cases, resolverOf([...others, changed]));
    const failed = report.cases.filter((c) => c.status !== 'passed');
    expect(failed.map((c) => c.name).sort()).toEqual(pairs);
    for (const result of failed) {
      expect(result.status).toBe('failed');
      expect(result.payloadMatches).toBe(false);
      // One constant triple more: the diff lists it as produced but not expected.
      expect(result.payloadDiff?.added.map((t) => t.nt)).toEqual([`<http://example.org/changed#by> <http://example.org/changed#cell> "${cell}" .`]);
      expect(result.payloadDiff?.removedCount).toBe(0);
      expect(result.firstDifferingStep?.expected?.cellId).toBe(cell);
      expect(result.firstDifferingStep?.actual?.cellId).toBe(cell);
      expect(result.firstDifferingStep?.actual?.inserted).toBe((result.firstDifferingStep?.expected?.inserted ?? 0) + 1);
    }
  });
});

describe('coverage over the shared messages', () => {
  // One corpus per chain of the manifest: the messages golden pairs translate with it.
  const chains = new Map<string, ReturnType<typeof goldenPairs>>();
  for (const pair of goldenPairs()) {
    const key = pair.alignments.join(' > ');
    chains.set(key, [...(chains.get(key) ?? []), pair]);
  }

  it.each([...chains].map(([chain, pairs]) => ({ chain, pairs })))('matches the golden traces for $chain', async ({ pairs }) => {
    const files = pairs[0]!.alignments;
    const chain = files.map((f) => golden.compiled.get(f)!);
    const report = await coverageOf(
      chain,
      pairs.map((p) => ({ name: p.pair, text: readData(p.message) })),
    );
    const titleOf = new Map(files.map((f, i) => [basename(f, '.rdf'), chain[i]!.header.name]));
    const expected = new Map<string, { fired: number; messages: string[] }>();
    for (const p of pairs) {
      for (const s of goldenSteps(p.pair)) {
        const key = `${titleOf.get(s.alignment)}/${s.cell}`;
        const entry = expected.get(key) ?? { fired: 0, messages: [] };
        expected.set(key, entry);
        if (s.deleted + s.inserted > 0) {
          entry.fired++;
          if (!entry.messages.includes(p.pair)) entry.messages.push(p.pair);
        }
      }
    }
    expect(report.messages).toBe(pairs.length);
    expect(report.unreadable).toEqual([]);
    const ours = report.cells.filter((c) => c.inSteps).map((c) => [`${c.alignment}/${c.cell}`, c.fired, c.messages]);
    const theirs = chain.flatMap((a) => [...new Set(a.steps.map((s) => s.cell.id))].map((id) => `${a.header.name}/${id}`));
    expect(ours).toEqual(theirs.map((key) => [key, expected.get(key)?.fired ?? 0, expected.get(key)?.messages ?? []]));
    expect(report.neverFired.map((c) => `${c.alignment}/${c.cell}`)).toEqual(report.cells.filter((c) => c.fired === 0).map((c) => `${c.alignment}/${c.cell}`));
  });

  it('lists a message that cannot be read and counts the rest', async () => {
    const chain = [golden.compiled.get('alignments/BodyCloud_CO.rdf')!];
    const report = await coverageOf(chain, [
      { name: 'broken.json', text: '{"@graph": [' },
      { name: 'bc-weight.json', text: readData('messages/bc-weight.json') },
    ]);
    expect(report.messages).toBe(1);
    expect(report.unreadable.map((u) => u.message)).toEqual(['broken.json']);
    expect(report.cells.find((c) => c.cell === '2_res_weight')?.messages).toEqual(['bc-weight.json']);
    expect(report.neverFired.some((c) => c.cell === '2_res_bp')).toBe(true);
  });
});
