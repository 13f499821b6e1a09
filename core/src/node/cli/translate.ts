/**
 * `mediator translate`: a message through a chain of alignment files, or many messages in one
 * process with `--out-dir` (a script that called the command once per file paid the start of a
 * process each time: 0.15-0.5 s, against well under a millisecond per message once it runs).
 */
import { mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ErrorCodes, translateMessage, type CompiledAlignment, type StepTrace, type TranslationResult } from '../../common/index.js';
import {
  fileError,
  inputErrorText,
  ProgressLine,
  parseCommandArgs,
  readInputText,
  readInputTextSync,
  formatTable,
  UsageError,
  withNewline,
  writeOutputFile,
  type CliIo,
} from './io.js';
import { loadAlignments, withSource } from './load-alignments.js';

export const TRANSLATE_USAGE = `  mediator translate -a ALIGN.rdf [-a ALIGN2.rdf ...] MESSAGE.json [--trace] [--compact]
      Translate MESSAGE.json (or - for stdin) through the alignments, in order; the translated
      message goes to stdout, the per-step trace (--trace) to stderr.
  mediator translate -a ALIGN.rdf [-a ...] MESSAGE.json|FOLDER [...] --out-dir DIR
                     [--trace] [--compact]
      Translate every message in one process (with a progress line on a terminal) and write each
      to DIR under its own file name (a FOLDER stands for its *.json files; DIR is created if
      missing; a file is replaced whole or not at all). A message that cannot be translated is
      reported with its file, line and column, and the others are still written; exit 1 if any
      failed.
`;

function formatTrace(trace: readonly StepTrace[]): string {
  const header = ['alignment', 'step', 'cell', 'before', 'after', 'deleted', 'inserted', 'ms', 'error'];
  const rows = trace.map((t) => [
    t.alignment,
    String(t.step),
    t.cellId,
    String(t.triplesBefore),
    String(t.triplesAfter),
    String(t.deleted),
    String(t.inserted),
    t.ms.toFixed(3),
    t.error ?? (t.notes === undefined ? '' : `note: ${t.notes.join('; ')}`),
  ]);
  return `${formatTable([header, ...rows])}\n`;
}

/** What a translation tells besides its message, for stderr: the empty-payload note, the trace, skipped cells; `about` names the file. */
function sideNotes(result: TranslationResult, trace: boolean, about = ''): string {
  let text = '';
  if (result.emptyPayload) text += `note: ${about}the message has no payload graph; it passes through unchanged\n`;
  if (trace && result.trace !== undefined) text += `${about === '' ? '' : `${about}\n`}${formatTrace(result.trace)}`;
  for (const f of result.failures) {
    text += `warning: ${about}cell ${f.cellId} (step ${f.step} of ${f.alignment} ${f.version}) failed and was skipped: ${f.error}\n`;
  }
  return text;
}

const isFolder = (path: string): boolean => path !== '-' && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * A named input as message files: a folder stands for its `*.json` files (sorted; not its
 * subfolders), so a shell that does not expand `*` (Windows' cmd) or a folder too large for one
 * command line can still be given; anything else is itself.
 */
function messagesOf(path: string): string[] {
  if (!isFolder(path)) return [path];
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    throw fileError(path, 'cannot read the folder', error, ErrorCodes.fileUnreadable);
  }
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(path, e.name))
    .sort();
  if (files.length === 0) throw new UsageError(`translate: the folder ${path} has no .json files`);
  return files;
}

interface Target {
  readonly input: string;
  readonly output: string;
}

/**
 * Where each message goes in DIR, refused before anything is read or written when the run would
 * lose something: standard input (no file name to write), two inputs with one file name (the second
 * would replace the first), or an output that is one of the inputs (the message would be replaced
 * by its translation).
 */
function targetsIn(outDir: string, named: readonly string[]): Target[] {
  const inputs = named.flatMap(messagesOf);
  if (inputs.includes('-')) throw new UsageError('translate --out-dir writes each message under its file name: give files, not - (standard input)');
  const byName = new Map<string, string>();
  for (const input of inputs) {
    const name = basename(input);
    const other = byName.get(name);
    if (other !== undefined) throw new UsageError(`translate --out-dir: ${other} and ${input} would both be written to ${join(outDir, name)}`);
    byName.set(name, input);
  }
  const real = (path: string): string => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const inputPaths = new Set(inputs.map(real));
  const targets = inputs.map((input) => ({ input, output: join(outDir, basename(input)) }));
  for (const t of targets) {
    if (inputPaths.has(real(t.output))) throw new UsageError(`translate --out-dir: ${t.output} is one of the messages; choose another DIR`);
  }
  return targets;
}

async function translateAll(
  { outDir, targets }: { readonly outDir: string; readonly targets: readonly Target[] },
  alignments: CompiledAlignment[],
  options: { trace: boolean; pretty: boolean },
  io: CliIo,
): Promise<number> {
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (error) {
    throw fileError(outDir, 'cannot create the folder', error, ErrorCodes.fileUnwritable);
  }
  let failed = 0;
  const progress = new ProgressLine(io, targets.length, 'mediator translate:');
  for (const [done, { input, output }] of targets.entries()) {
    try {
      const text = readInputTextSync(input);
      let result: TranslationResult;
      try {
        result = await translateMessage(text, alignments, options);
      } catch (error) {
        throw withSource(error, input);
      }
      writeOutputFile(output, withNewline(result.message));
      const notes = sideNotes(result, options.trace, `${input}: `);
      if (notes !== '') {
        progress.clear();
        io.stderr(notes);
      }
    } catch (error) {
      // One bad message is reported and the run goes on; a bug still ends it (exit 70).
      const text = inputErrorText(error);
      progress.clear();
      if (text === undefined) throw error;
      io.stderr(text);
      failed++;
    }
    progress.update(done + 1);
  }
  progress.clear();
  const written = targets.length - failed;
  io.stderr(`mediator translate: wrote ${written} of ${targets.length} message(s) to ${outDir}${failed === 0 ? '' : `; ${failed} failed (above)`}\n`);
  return failed === 0 ? 0 : 1;
}

export async function translateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      alignment: { type: 'string', short: 'a', multiple: true },
      trace: { type: 'boolean' },
      compact: { type: 'boolean' },
      'out-dir': { type: 'string', short: 'd' },
    },
  });
  const outDir = values['out-dir'];
  const options = { trace: values.trace === true, pretty: values.compact !== true };
  if (positionals.length === 0) throw new UsageError('translate takes a MESSAGE.json (or -)');
  if (outDir === undefined && (positionals.length > 1 || isFolder(positionals[0]!))) {
    throw new UsageError('translate writes several messages to a folder: add --out-dir DIR');
  }
  if (outDir === '') throw new UsageError('translate --out-dir needs a folder name');
  // Checked before the alignments load: a refused command line costs nothing.
  const batch = outDir === undefined ? undefined : { outDir, targets: targetsIn(outDir, positionals) };
  const alignments = await loadAlignments(values.alignment ?? [], io);
  if (batch !== undefined) return translateAll(batch, alignments, options, io);
  const messagePath = positionals[0]!;
  const text = await readInputText(messagePath, io);
  let result;
  try {
    result = await translateMessage(text, alignments, options);
  } catch (error) {
    throw withSource(error, messagePath);
  }
  io.stdout(withNewline(result.message));
  const notes = sideNotes(result, options.trace);
  if (notes !== '') io.stderr(notes);
  return 0;
}
