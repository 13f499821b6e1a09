/** `mediator translate`: a message through a chain of alignment files. */
import { translateMessage, type StepTrace } from '../../common/index.js';
import { parseCommandArgs, readInputText, formatTable, UsageError, type CliIo } from './io.js';
import { loadAlignments, withSource } from './load-alignments.js';

export const TRANSLATE_USAGE = `  mediator translate -a ALIGN.rdf [-a ALIGN2.rdf ...] MESSAGE.json [--trace] [--compact]
      Translate MESSAGE.json (or - for stdin) through the alignments, in order; the translated
      message goes to stdout, the per-step trace (--trace) to stderr.
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

export async function translateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, trace: { type: 'boolean' }, compact: { type: 'boolean' } },
  });
  const messagePath = positionals[0];
  if (messagePath === undefined || positionals.length > 1) throw new UsageError('translate takes exactly one MESSAGE.json (or -)');
  const alignments = await loadAlignments(values.alignment ?? [], io);
  const text = await readInputText(messagePath, io);
  let result;
  try {
    result = await translateMessage(text, alignments, { trace: values.trace === true, pretty: values.compact !== true });
  } catch (error) {
    throw withSource(error, messagePath);
  }
  io.stdout(result.message.endsWith('\n') ? result.message : `${result.message}\n`);
  if (result.emptyPayload) io.stderr('note: the message has no payload graph; it passes through unchanged\n');
  if (values.trace === true && result.trace !== undefined) io.stderr(formatTrace(result.trace));
  for (const f of result.failures) {
    io.stderr(`warning: cell ${f.cellId} (step ${f.step} of ${f.alignment} ${f.version}) failed and was skipped: ${f.error}\n`);
  }
  return 0;
}
