/**
 * `mediator convert`: a legacy pure-XML alignment (reference-mediator.md 1.8) to IPSM-AF, the same
 * text POST /convert answers; with --turtle, then its cells to Turtle, as POST /convert/TTL does
 * with that answer. An IPSM-AF file given with --turtle has only its cells rewritten. A thin wrapper
 * over the core converters: what the server does with a request body, this does with a file.
 */
import { convertCellsToTurtle, convertLegacyAlignment, formatProblem, ProblemCodes, ValidationError } from '../../common/index.js';
import { parseCommandArgs, readInputText, UsageError, withNewline, writeOutputFile, type CliIo } from './io.js';

export const CONVERT_USAGE = `  mediator convert LEGACY.xml [--turtle] [-o OUT.rdf]
      Convert a legacy pure-XML alignment (- reads standard input) to IPSM-AF with RDF/XML cells,
      keeping its name and version (as POST /convert); --turtle then rewrites its cells as Turtle
      (as POST /convert/TTL; an IPSM-AF file is rewritten directly); -o writes OUT.rdf instead of
      printing. Exit 1 with each problem's line and column if the file cannot be converted.
`;

/** The converted text; a document that does not convert throws (ValidationError with each problem's position). */
async function convertText(text: string, source: string, turtle: boolean): Promise<string> {
  if (!turtle) return convertLegacyAlignment(text, { source });
  let ipsmAf: string;
  try {
    ipsmAf = convertLegacyAlignment(text, { source });
  } catch (error) {
    // Not legacy: an IPSM-AF file only has its cells rewritten (its own checks say if it is not IPSM-AF either).
    if (!(error instanceof ValidationError && error.problems.some((p) => p.code === ProblemCodes.notLegacyFormat))) throw error;
    ipsmAf = text;
  }
  return convertCellsToTurtle(ipsmAf, { source });
}

export async function convertCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { turtle: { type: 'boolean' }, output: { type: 'string', short: 'o' } },
  });
  const path = positionals[0];
  if (path === undefined || positionals.length > 1) throw new UsageError('convert takes exactly one LEGACY.xml (or - for standard input)');
  if (values.output === '') throw new UsageError('convert -o needs a file name');
  const text = await readInputText(path, io);
  let converted: string;
  try {
    converted = await convertText(text, path === '-' ? '<stdin>' : path, values.turtle === true);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const file = path === '-' ? '<stdin>' : path;
    for (const p of error.problems) io.stderr(`${formatProblem(p, file)}\n`);
    io.stderr(`mediator: ${file}: ${error.message} [${error.code}]\n`);
    return 1;
  }
  if (values.output === undefined) {
    io.stdout(withNewline(converted));
    return 0;
  }
  writeOutputFile(values.output, converted);
  io.stderr(`mediator convert: wrote ${values.output}\n`);
  return 0;
}
