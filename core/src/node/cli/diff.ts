/**
 * `mediator diff OLD.rdf NEW.rdf [--json]` (issue 12, part 2): the version diff of two alignment
 * files. Exit codes follow diff(1), so scripts can test "did the alignment change": 0 the two mean
 * the same (nothing is printed without --json), 1 they differ, 2 a usage error or a file that
 * cannot be read or is not a valid alignment.
 */
import { diffAlignments, formatProblem, isEmptyDiff, ParseError, readAlignment, type Alignment, type api } from '../../common/index.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const DIFF_USAGE = `  mediator diff OLD.rdf NEW.rdf [--json]
      Compare two alignments (two versions, or any two files): cells added, removed, changed
      (which parts: entity1, entity2, functions, typings, filters, relation, measure) and renamed,
      steps added, removed or reordered, header changes. Patterns are compared as graphs.
      Exit 0 when they mean the same, 1 when they differ, 2 on a usage or read error.
`;

const SAME = 0;
const DIFFERENT = 1;
const TROUBLE = 2;

class DiffInputError extends Error {}

async function readModel(path: string, io: CliIo): Promise<Alignment> {
  let text: string;
  try {
    text = await readInputText(path, io);
  } catch (error) {
    throw new DiffInputError((error as Error).message);
  }
  let result;
  try {
    result = await readAlignment(text, { source: path });
  } catch (error) {
    if (error instanceof ParseError) throw new DiffInputError(`${error.source === undefined ? `${path}: ` : ''}${error.describe()} [${error.code}]`);
    throw error;
  }
  const errors = result.problems.filter((p) => p.severity === 'error');
  // A cell whose pattern did not parse would compare as empty: refuse rather than report a false change.
  if (result.alignment === undefined || errors.length > 0) {
    for (const p of errors) io.stderr(`${formatProblem(p, path)}\n`);
    throw new DiffInputError(`${path}: the alignment has errors, see above`);
  }
  return result.alignment;
}

/** The human form: one line per difference, `-` old only, `+` new only, `~` changed, `>` renamed. */
export function formatDiff(diff: api.AlignmentDiff): string {
  const lines: string[] = [];
  for (const [field, change] of Object.entries(diff.header)) lines.push(`header ${field}: ${JSON.stringify(change.old)} -> ${JSON.stringify(change.new)}`);
  for (const id of diff.cells.removed) lines.push(`- cell ${id}`);
  for (const id of diff.cells.added) lines.push(`+ cell ${id}`);
  for (const c of diff.cells.changed) lines.push(`~ cell ${c.cell}: ${c.parts.join(', ')}`);
  for (const r of diff.cells.renamed) lines.push(`> cell ${r.from} renamed to ${r.to}`);
  for (const id of diff.steps.removed) lines.push(`- step ${id}`);
  for (const id of diff.steps.added) lines.push(`+ step ${id}`);
  if (diff.steps.reordered) lines.push(`~ steps reordered: ${diff.steps.moved.join(', ')} moved`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export async function diffCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const [oldPath, newPath] = positionals;
  if (oldPath === undefined || newPath === undefined || positionals.length > 2 || (oldPath === '-' && newPath === '-')) {
    throw new UsageError('diff takes two alignment files, OLD.rdf NEW.rdf (at most one of them -)');
  }
  let before: Alignment;
  let after: Alignment;
  try {
    before = await readModel(oldPath, io);
    after = await readModel(newPath, io);
  } catch (error) {
    if (!(error instanceof DiffInputError)) throw error;
    io.stderr(`mediator: ${error.message}\n`);
    return TROUBLE;
  }
  const diff = diffAlignments(before, after);
  if (values.json === true) io.stdout(`${JSON.stringify(diff, null, 2)}\n`);
  else io.stdout(formatDiff(diff));
  return isEmptyDiff(diff) ? SAME : DIFFERENT;
}
