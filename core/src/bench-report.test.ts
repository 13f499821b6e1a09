// The benchmark report (scripts/bench-report.mjs): printed tables back to cells, every verdict row
// found, the README section replaced between its markers.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';
import { seededRandom } from './test-support/payload-variants.js';

interface Block {
  title: string[];
  head?: string[];
  rows?: string[][];
  notes: string[];
}
interface Goal {
  table: string;
  row: string;
  verdicts: string[];
  met: boolean;
}
interface BenchReport {
  parseBlocks(text: string): Block[];
  goalRows(blocks: Block[]): Goal[];
  reportMarkdown(runs: Array<{ command: string; output: string }>, stamp: Record<string, unknown>): string;
  withReport(readme: string, report: string): string;
  README_BEGIN: string;
  README_END: string;
}
const report = (await import(pathToFileURL(join(repoRoot, 'scripts/bench-report.mjs')).href)) as BenchReport;

/** The benches' own table printing (bench/run.ts): first column left, the rest right, two spaces apart. */
function printed(head: string[], rows: string[][], leftFirst = true): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: string[]) => r.map((x, i) => (i === 0 && leftFirst ? x.padEnd(w[i]!) : x.padStart(w[i]!))).join('  ');
  return [fmt(head), w.map((x) => '-'.repeat(x)).join('  '), ...rows.map(fmt)].join('\n');
}

const stamp = {
  date: '2026-11-28T12:00:00Z',
  machine: '2 cores',
  node: 'v20',
  commit: 'abc1234',
  seconds: '2',
  loadBefore: '0.1',
  loadAfter: '0.2',
  complete: true,
  incomplete: '',
};

describe('bench report', () => {
  it('reads random printed tables back cell for cell, notes printed right under a table kept apart', () => {
    const random = seededRandom(42);
    const word = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => 'abcdefghij'.slice(0, 1 + Math.floor(random() * 9))).join(' ');
    for (let n = 0; n < 200; n++) {
      const cols = 2 + Math.floor(random() * 6);
      const head = Array.from({ length: cols }, word);
      const rows = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
        Array.from({ length: cols }, (_, i) => (i > 0 && random() < 0.15 ? '' : random() < 0.2 ? `${(random() * 100).toFixed(0)}% MET` : word())),
      );
      // A row must have a first cell (the benches always name the row).
      for (const r of rows) if (r[0] === '') r[0] = 'row';
      const note = 'Target: a sentence that runs on past the columns with single spaces only, as the benches print it.';
      const blocks = report.parseBlocks(`\nA title line\n${printed(head, rows, random() < 0.7)}\n${note}\n`);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]!.title).toEqual(['A title line']);
      expect(blocks[0]!.head).toEqual(head.map((h) => h.trim()));
      expect(blocks[0]!.rows).toEqual(rows.map((r) => r.map((c) => c.trim())));
      expect(blocks[0]!.notes).toEqual([note]);
    }
  });

  it('finds every verdict, a MISSED in any column makes the row missed', () => {
    const output = [
      '',
      'Start-up: from spawn to the first answer (median of 5)',
      printed(
        ['process', 'ms', 'goal 4x', 'goal < 1000 ms'],
        [
          ['serve', '400', 'MET', 'MET'],
          ['compiled', '900', '', ''],
          ['node -e 0', '100', '', ''],
        ],
      ),
      '',
      'Kafka: a channel',
      printed(['client', 'of in-process', 'goal 50%'], [['platformatic', '44%', 'MISSED']], false),
      '',
      'run\tsource ms\tchecked ms',
      '1\t900\t950',
      '2\t200\t230',
      '',
      printed(['open', 'ms', 'goal < 500 ms'], [['cold (first)', '620', 'MISSED']]),
    ].join('\n');
    const goals = report.goalRows(report.parseBlocks(output));
    expect(goals.map((g) => [g.row, g.met, g.verdicts])).toEqual([
      ['serve', true, ['goal 4x: MET', 'goal < 1000 ms: MET']],
      ['platformatic', false, ['goal 50%: MISSED']],
      ['cold (first)', false, ['goal < 500 ms: MISSED']],
    ]);
    expect(goals.map((g) => g.table)).toEqual(['Start-up: from spawn to the first answer (median of 5)', 'Kafka: a channel', 'open']);
    // The untitled cold table takes the text block before it (here the tab table has rows, so its own "run" header line is no title).
    const markdown = report.reportMarkdown([{ command: 'node bench/dist/run.js', output }], stamp);
    expect(markdown).toContain('Goals: 1 met, 2 missed.');
    expect(markdown).toContain('| run | source ms | checked ms |');
    expect(markdown).toContain('| serve | 400 | MET | MET |');
    expect(markdown).not.toContain('partial run');
    expect(report.reportMarkdown([], { ...stamp, complete: false, incomplete: 'BENCH_ONLY=cli' })).toContain('partial run: BENCH_ONLY=cli');
  });

  it('replaces only the text between the README markers, and refuses a README without them', () => {
    const readme = `# T\n\nbefore\n\n${report.README_BEGIN}\n\nold figures\n\n${report.README_END}\n\nafter\n`;
    const next = report.withReport(readme, 'new figures\n');
    expect(next).toBe(`# T\n\nbefore\n\n${report.README_BEGIN}\n\nnew figures\n\n${report.README_END}\n\nafter\n`);
    expect(report.withReport(next, 'newer\n')).toContain(`${report.README_BEGIN}\n\nnewer\n\n${report.README_END}`);
    expect(() => report.withReport('# T\n', 'x')).toThrow(/bench:begin/);
  });
});
