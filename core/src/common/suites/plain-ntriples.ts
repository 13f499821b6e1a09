/**
 * Reads N-Triples text without building terms, when every line is in the plain subset that tools write: absolute IRIs, ASCII blank-node labels, literals without
 * escapes, an optional language tag or datatype, one triple per line. Anything else (an escape, a
 * comment, a relative IRI, a malformed line) answers false and the caller reads the text with n3,
 * which knows the whole grammar and reports errors with their line.
 *
 * Why not n3 every time: a suite run prepares every case's expected payload, and n3's lexer and
 * term objects cost about as much as translating the message (CPU profile of the 1,000-case suite
 * bench: 14 % of the run in n3 for 35-line payloads). This scanner builds no terms, only their keys
 * (`termKey`, rdf/terms.ts); a test checks that it agrees with n3 on what it accepts and hands
 * everything else to n3. One sticky expression per line beat scanning term by term (one
 * expression per term, 1.9x the CPU time on the golden payloads).
 */
import { XSD_STRING } from '../rdf/terms.js';

/** Where the terms and triples go; it numbers terms its own way and may stop the reading. */
export interface TripleSink {
  /** A ground term, by its `termKey`. */
  term(key: string): number;
  /** A blank node, by its label in the text. */
  blank(label: string): number;
  /**
   * A literal by its parts: lexical form, datatype IRI ('' with a tag) and language tag (as
   * written, '' without). Without it, `term` gets the literal's key; a sink that finds literals by
   * their parts spares building a key per literal only to take it apart again.
   */
  literal?(value: string, datatype: string, language: string): number;
  /** A triple of the numbers given out; false stops the reading. */
  triple(s: number, p: number, o: number): boolean;
}

/** `read`: every line was plain and given to the sink; `stopped`: the sink said stop; `not-plain`: n3 must read it. */
export type PlainReading = 'read' | 'stopped' | 'not-plain';

// n3's character rules for N-Triples IRIs plus the absolute-IRI rule it applies there; ASCII
// blank-node labels not ending in '.'; literals without escapes or line breaks, with an optional
// language tag or datatype. Empty lines may come before a triple; a line ends with LF or CRLF.
const IRI = String.raw`<([A-Za-z][A-Za-z0-9+.\-]*:[^\x00-\x20<>"{}|^\x60\\]*)>`;
const BLANK = String.raw`_:([A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_\-])?)`;
const LITERAL = String.raw`"([^"\\\r\n]*)"(?:@([A-Za-z]+(?:-[A-Za-z0-9]+)*)|\^\^${IRI})?`;
const EMPTY_LINES = String.raw`(?:[ \t]*\r?\n)*`;
const LINE = new RegExp(String.raw`${EMPTY_LINES}[ \t]*(?:${IRI}|${BLANK})[ \t]+${IRI}[ \t]+(?:${IRI}|${BLANK}|${LITERAL})[ \t]*\.[ \t]*(?:\r?\n|$)`, 'y');
const TRAILING = /^\s*$/;

/** Gives every triple of `text` to `sink`, line by line (a sink given part of a text that turns out not plain should be dropped). */
export function readPlainNTriples(text: string, sink: TripleSink): PlainReading {
  // A lone CR also ends a line in N-Triples; rare enough to leave to n3.
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return 'not-plain';
  // Lines about one subject come together in sorted N-Triples (and most writers' output): a subject
  // written as on the line before is not looked up again (comparing text costs less than hashing it).
  let subjectText: string | undefined;
  let subject = 0;
  LINE.lastIndex = 0;
  while (LINE.lastIndex < text.length) {
    const at = LINE.lastIndex;
    const m = LINE.exec(text);
    if (m === null) return TRAILING.test(text.slice(at)) ? 'read' : 'not-plain';
    // Groups: 1 subject IRI, 2 subject label, 3 predicate, 4 object IRI, 5 object label, 6 lexical form, 7 language, 8 datatype.
    // Read by index: destructuring the match went through the iterator protocol on every line.
    const sIri = m[1];
    const sText = sIri ?? m[2] ?? '';
    if (sText !== subjectText) {
      subject = sIri !== undefined ? sink.term(sIri) : sink.blank(sText);
      subjectText = sText;
    }
    const oIri = m[4];
    const oBlank = m[5];
    const language = m[7];
    let o: number;
    if (oIri !== undefined) o = sink.term(oIri);
    else if (oBlank !== undefined) o = sink.blank(oBlank);
    else if (sink.literal !== undefined) o = sink.literal(m[6] ?? '', language === undefined ? (m[8] ?? XSD_STRING) : '', language ?? '');
    else if (language !== undefined) o = sink.term(`"${m[6] ?? ''}"@${language.toLowerCase()}`);
    else o = sink.term(`"${m[6] ?? ''}"^^${m[8] ?? XSD_STRING}`);
    if (!sink.triple(subject, sink.term(m[3] ?? ''), o)) return 'stopped';
  }
  return 'read';
}
