/**
 * Instant feedback while typing in the alignment editor: is the text well-formed XML? Checked in
 * the browser with fast-xml-parser's validator, which reports the first error with its line and
 * column; everything else (namespaces, entities, the alignment's structure, cells) stays the
 * server's full validation (POST /validate), which runs after a pause in typing.
 */
import { XMLValidator } from 'fast-xml-parser';
import type { Problem } from '../api/index.js';

/** The code of a marker from this check (the server's own XML errors have theirs). */
export const NOT_WELL_FORMED = 'XML_NOT_WELL_FORMED';

/** No problem for well-formed XML (and for an empty text), else the first error, positioned. */
export function wellFormednessProblems(text: string): Problem[] {
  if (text.trim() === '') return [];
  const result = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (result === true) return [];
  const { msg, line, col } = result.err;
  return [{ code: NOT_WELL_FORMED, severity: 'error', message: `Not well-formed XML: ${msg}`, line: Math.max(1, line), column: Math.max(1, col) }];
}
