/**
 * `mediator coverage -a A.rdf [-a B.rdf ...] MESSAGES... [--json]` (issue 12, part 3): how often each
 * cell of the chain fired over a corpus of message files (folders are searched for *.json), and the
 * cells that never fired. Exits 1 when a message could not be read (the report still lists the rest).
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CoverageCounter, runChain, MediatorError, ErrorCodes, type api } from '../../common/index.js';
import { formatTable, parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';
import { loadAlignments } from './load-alignments.js';

export const COVERAGE_USAGE = `  mediator coverage -a ALIGN.rdf [-a ...] MESSAGES... [--json]
      How often each cell fired over the messages (files, or folders of *.json), and the
      cells that never fired.
`;

/** The message files a path names: the file itself, or every *.json under a folder (sorted). */
async function messageFiles(path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new MediatorError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`, ErrorCodes.fileUnreadable);
  }
  if (!info.isDirectory()) return [path];
  const out: string[] = [];
  const entries = await readdir(path, { withFileTypes: true });
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = join(path, e.name);
    if (e.isDirectory() && !e.name.startsWith('.')) out.push(...(await messageFiles(child)));
    else if (e.isFile() && e.name.endsWith('.json')) out.push(child);
  }
  return out;
}

function format(report: api.CoverageReport): string {
  const rows = [['alignment', 'cell', 'fired', 'messages']];
  for (const c of report.cells)
    rows.push([`${c.alignment}@${c.version}`, c.cell, String(c.fired), `${c.messages.length}/${report.messages}${c.inSteps ? '' : ' (in no step)'}`]);
  const lines = [formatTable(rows, (column) => (column >= 2 ? 'right' : 'left'))];
  lines.push('', `${report.messages} message(s); ${report.cells.length - report.neverFired.length} of ${report.cells.length} cell(s) fired`);
  if (report.neverFired.length > 0) lines.push(`never fired: ${report.neverFired.map((c) => `${c.alignment}/${c.cell}`).join(', ')}`);
  for (const u of report.unreadable) lines.push(`unreadable: ${u.message}: ${u.error}`);
  return `${lines.join('\n')}\n`;
}

export async function coverageCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, json: { type: 'boolean' } },
  });
  if ((values.alignment ?? []).length === 0) throw new UsageError('coverage needs at least one -a ALIGN.rdf');
  if (positionals.length === 0) throw new UsageError('coverage needs at least one message file or folder');
  const alignments = await loadAlignments(values.alignment ?? [], io);
  const files: string[] = [];
  for (const p of positionals) files.push(...(await messageFiles(p)));
  const counter = new CoverageCounter(alignments);
  for (const file of files) {
    try {
      const run = await runChain(await readInputText(file), alignments, true);
      counter.add(file, run.trace ?? []);
    } catch (error) {
      counter.addUnreadable(file, error);
    }
  }
  const report = counter.report();
  io.stdout(values.json === true ? `${JSON.stringify(report, null, 2)}\n` : format(report));
  for (const u of report.unreadable) io.stderr(`${u.message}: ${u.error}\n`);
  return report.unreadable.length === 0 ? 0 : 1;
}
