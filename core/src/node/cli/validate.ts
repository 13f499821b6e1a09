/** `mediator validate`: every problem of alignment files, with line and column. */
import { analyzeAlignment, formatProblem } from '../../common/index.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const VALIDATE_USAGE = `  mediator validate ALIGN.rdf [ALIGN2.rdf ...] [--json]
      Print every problem with line and column; exit 1 if any is an error.
`;

export async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  if (positionals.length === 0) throw new UsageError('validate needs at least one ALIGN.rdf');
  let failed = false;
  const report: Array<{ file: string; valid: boolean; problems: unknown[] }> = [];
  for (const path of positionals) {
    const text = await readInputText(path, io);
    const result = await analyzeAlignment(text, { source: path });
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    const warnings = result.problems.length - errors;
    if (errors > 0) failed = true;
    if (values.json === true) {
      report.push({ file: path, valid: errors === 0, problems: [...result.problems] });
      continue;
    }
    for (const p of result.problems) io.stdout(`${formatProblem(p, path)}\n`);
    const header = result.alignment?.header;
    const what = header === undefined ? path : `${path} (${header.name} ${header.version}, ${result.alignment?.cells.length ?? 0} cells)`;
    io.stdout(`${what}: ${errors === 0 ? 'valid' : 'INVALID'}, ${errors} error(s), ${warnings} warning(s)\n`);
  }
  if (values.json === true) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  return failed ? 1 : 0;
}
