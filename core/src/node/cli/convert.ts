/**
 * `mediator convert`: a legacy pure-XML alignment (reference-mediator.md 1.8) to IPSM-AF, the same
 * text POST /convert answers; with --turtle, then its cells to Turtle, as POST /convert/TTL does
 * with that answer. An IPSM-AF file given with --turtle has only its cells rewritten. A thin wrapper
 * over the core converters: what the server does with a request body, this does with a file.
 */
import { writeFile } from 'node:fs/promises';
import { convertCellsToTurtle, convertLegacyAlignment, formatProblem, ValidationError } from '../../common/index.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const CONVERT_USAGE = `  mediator convert LEGACY.xml [--turtle] [-o OUT.rdf]
      Convert a legacy pure-XML alignment (- reads standard input) to IPSM-AF with RDF/XML cells,
      keeping its name and version (as POST /convert); --turtle then rewrites its cells as Turtle
      (as POST /convert/TTL; an IPSM-AF file is rewritten directly); -o writes OUT.rdf instead of
      printing. Exit 1 with each problem's line and column if the file cannot be converted.
`;

/** Whether the text's root element is a legacy `<Alignment>` (no namespace), read from its start without parsing it. */
function looksLegacy(text: string): boolean {
  const withoutProlog = text.replace(/^\uFEFF?\s*(<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>\s*)*/, '');
  return /^<Alignment[\s/>]/.test(withoutProlog);
}

/** The converted text; conversion problems go to stderr, each `FILE:LINE:COLUMN: error CODE: message`. */
async function convertText(text: string, path: string, turtle: boolean): Promise<string> {
  const source = path === '-' ? '<stdin>' : path;
  // An IPSM-AF file only has its cells rewritten; without --turtle the legacy converter says what it is.
  const ipsmAf = turtle && !looksLegacy(text) ? text : convertLegacyAlignment(text, { source });
  return turtle ? convertCellsToTurtle(ipsmAf, { source }) : ipsmAf;
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
    converted = await convertText(text, path, values.turtle === true);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const file = path === '-' ? '<stdin>' : path;
    for (const p of error.problems) io.stderr(`${formatProblem(p, file)}\n`);
    io.stderr(`mediator: ${file}: ${error.message} [${error.code}]\n`);
    return 1;
  }
  if (values.output === undefined) {
    io.stdout(converted.endsWith('\n') ? converted : `${converted}\n`);
    return 0;
  }
  try {
    await writeFile(values.output, converted, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr(`mediator: ${values.output}: cannot write file${code === undefined ? '' : ` (${code})`}\n`);
    return 1;
  }
  io.stderr(`mediator convert: wrote ${values.output}\n`);
  return 0;
}
