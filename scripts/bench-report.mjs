// The benchmark report (issue 42: "the README's tables are regenerated from a quiet run"). The
// benches print aligned text tables for people at a terminal; this turns a run's printed output
// into Markdown (the same tables, their titles and notes) and gathers every row that carries a
// goal's MET or MISSED into one summary, so the README shows what a run measured, stamped with
// the machine's load, instead of figures copied by hand. Pure functions: scripts/bench.mjs runs
// the benches and writes the files.

/** A column separator line under a table's header: runs of dashes two spaces apart. */
const RULE = /^-+( {2}-+)*$/u;
const VERDICT = /\b(MET|MISSED)\b/u;

/** The column starts of a rule line (each run of dashes). */
function columnStarts(rule) {
  const starts = [];
  for (const m of rule.matchAll(/-+/gu)) starts.push(m.index);
  return starts;
}

/** A line is a row of the table when every column boundary falls on the two-space gap the benches print. */
function fitsColumns(line, starts) {
  if (line.trim() === '' || RULE.test(line)) return false;
  return starts.slice(1).every((s) => line.length < s || line.slice(s - 2, s) === '  ');
}

function cellsAt(line, starts) {
  return starts.map((s, i) => line.slice(s, starts[i + 1] ?? line.length).trim());
}

/**
 * Splits printed output into blocks (runs of non-empty lines), each `{title, head, rows, notes}`:
 * `head` and `rows` present when the block holds a table, aligned (a dashed rule under its header)
 * or tab-separated (a header line with tabs and rows with as many).
 */
export function parseBlocks(text) {
  const blocks = [];
  for (const chunk of text.replaceAll('\r', '').split(/\n\s*\n/u)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const ruleAt = lines.findIndex((l) => RULE.test(l));
    if (ruleAt > 0) {
      const starts = columnStarts(lines[ruleAt]);
      let end = ruleAt + 1;
      while (end < lines.length && fitsColumns(lines[end], starts)) end += 1;
      blocks.push({
        title: lines.slice(0, ruleAt - 1),
        head: cellsAt(lines[ruleAt - 1], starts),
        rows: lines.slice(ruleAt + 1, end).map((l) => cellsAt(l, starts)),
        notes: lines.slice(end),
      });
      continue;
    }
    const tabAt = lines.findIndex((l) => l.includes('\t'));
    if (tabAt >= 0) {
      const width = lines[tabAt].split('\t').length;
      let end = tabAt + 1;
      while (end < lines.length && lines[end].split('\t').length === width) end += 1;
      if (end > tabAt + 1) {
        blocks.push({
          title: lines.slice(0, tabAt),
          head: lines[tabAt].split('\t'),
          rows: lines.slice(tabAt + 1, end).map((l) => l.split('\t')),
          notes: lines.slice(end),
        });
        continue;
      }
    }
    blocks.push({ title: lines, notes: [] });
  }
  return blocks;
}

const cell = (text) => (text === '' ? ' ' : text.replaceAll('|', '\\|'));

function markdownTable(head, rows) {
  const line = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map((r) => line(head.map((_, i) => r[i] ?? '')))].join('\n');
}

/** A table without a title of its own (printed straight under text) takes the text block before it as its title. */
function titled(blocks) {
  const out = [];
  for (const b of blocks) {
    const prev = out.at(-1);
    if (b.head && b.title.length === 0 && prev && !prev.head && prev.notes.length === 0) out[out.length - 1] = { ...b, title: prev.title };
    else out.push(b);
  }
  return out;
}

/** Every table row holding a verdict: the table's title, the row's first cell, and each verdict with its column's heading. */
export function goalRows(blocks) {
  const goals = [];
  for (const b of titled(blocks)) {
    if (!b.head) continue;
    // A table printed without a title names its subject in its first heading (the workbench's cold tables).
    const table = (b.title[0] ?? b.head[0] ?? '').replace(/^\s+/u, '');
    for (const r of b.rows) {
      const verdicts = r.map((c, i) => ({ c, h: b.head[i] ?? '' })).filter(({ c }, i) => i > 0 && VERDICT.test(c));
      if (verdicts.length === 0) continue;
      goals.push({
        table,
        row: r[0] ?? '',
        verdicts: verdicts.map(({ c, h }) => `${h}: ${c}`),
        met: verdicts.every(({ c }) => !/\bMISSED\b/u.test(c)),
      });
    }
  }
  return goals;
}

/** The first sentence-ish of a table's title, short enough for a summary cell. */
function shortTitle(title) {
  const cut = title.search(/[:;(]/u);
  const head = cut >= 8 ? title.slice(0, cut) : title;
  return head.length > 90 ? `${head.slice(0, 87)}...` : head.trim();
}

/**
 * The Markdown report of one run: a stamp (when, where, how loaded), the summary of every goal,
 * then each command's output with its tables as Markdown tables. `runs`: `[{command, output}]`.
 */
export function reportMarkdown(runs, stamp) {
  const blocks = runs.map((r) => ({ command: r.command, blocks: parseBlocks(r.output) }));
  const goals = blocks.flatMap((r) => goalRows(r.blocks));
  const met = goals.filter((g) => g.met).length;
  const out = [
    `Measured ${stamp.date} on ${stamp.machine} (node ${stamp.node}, commit ${stamp.commit}), ${stamp.seconds} s per figure;`,
    `load average ${stamp.loadBefore} before the run and ${stamp.loadAfter} after it${stamp.complete ? '' : '; partial run: ' + stamp.incomplete}.`,
    '',
    `Goals: ${met} met, ${goals.length - met} missed.`,
    '',
    markdownTable(
      ['benchmark', 'row', 'verdict'],
      goals.map((g) => [shortTitle(g.table), g.row, g.verdicts.join('; ')]),
    ),
  ];
  for (const r of blocks) {
    out.push('', `#### \`${r.command}\``);
    for (const b of titled(r.blocks)) {
      if (b.title.length > 0) out.push('', b.title.map((l) => l.trim()).join('\n'));
      if (b.head) out.push('', markdownTable(b.head, b.rows));
      if (b.notes.length > 0) out.push('', b.notes.map((l) => l.trim()).join('\n'));
    }
  }
  return `${out.join('\n')}\n`;
}

export const README_BEGIN = '<!-- bench:begin (written by `npm run bench:readme` from bench/results/report.md; do not edit) -->';
export const README_END = '<!-- bench:end -->';

/** The README with the text between the two markers replaced by `report`; throws when a marker is missing. */
export function withReport(readme, report) {
  const begin = readme.indexOf(README_BEGIN);
  const end = readme.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no "${README_BEGIN}" ... "${README_END}" section`);
  return `${readme.slice(0, begin + README_BEGIN.length)}\n\n${report.trim()}\n\n${readme.slice(end)}`;
}
