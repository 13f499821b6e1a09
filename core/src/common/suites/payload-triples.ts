/**
 * A payload graph as the N-Triples text a test case stores (`expectedPayload`, the shape of the
 * golden `output-payload.nt`), and back. Reading reports the line and column of a bad triple.
 */
import { Parser } from 'n3';
import { ErrorCodes, ParseError } from '../errors.js';
import { quadToNTriples, type RDF } from '../rdf/terms.js';

/** One triple per line, sorted, so a stored case diffs well in git. */
export function payloadToNTriples(quads: readonly RDF.Quad[]): string {
  const lines = [...new Set(quads.map((q) => quadToNTriples(q)))].sort();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Parses N-Triples into default-graph quads; ParseError (with line, and column when n3 knows it) for bad input. */
export function readPayloadNTriples(text: string, source = 'expected payload'): RDF.Quad[] {
  try {
    return new Parser({ format: 'N-Triples' }).parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const line = /on line (\d+)/.exec(detail);
    return failWith(detail, source, line === null ? undefined : Number(line[1]));
  }
}

function failWith(detail: string, source: string, line: number | undefined): never {
  throw new ParseError(`${source} is not N-Triples: ${detail}`, { code: ErrorCodes.parse, source, ...(line === undefined ? {} : { line, column: 1 }) });
}
