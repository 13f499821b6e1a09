/**
 * Reads N-Triples text without building terms, when every line is in the plain subset that tools write: absolute IRIs, ASCII blank-node labels, literals without
 * escapes, an optional language tag or datatype, one triple per line. Anything else (an escape, a
 * comment, a relative IRI, a malformed line) answers false and the caller reads the text with n3,
 * which knows the whole grammar and reports errors with their line.
 *
 * Why not n3 every time: a suite run prepares every case's expected payload, and n3's lexer and
 * term objects cost about as much as translating the message (CPU profile of the 1,000-case suite
 * bench: 14 % of the run in n3 for 35-line payloads; a regular expression per line still 9 %).
 * This scanner builds no terms, only their keys (`termKey`, rdf/terms.ts); a test checks that it
 * agrees with n3 on what it accepts and hands everything else to n3.
 */
import { XSD_STRING } from '../rdf/terms.js';

/** Where the terms and triples go; it numbers terms its own way and may stop the reading. */
export interface TripleSink {
  /** A ground term, by its `termKey`. */
  term(key: string): number;
  /** A blank node, by its label in the text. */
  blank(label: string): number;
  /** A triple of the numbers given out; false stops the reading. */
  triple(s: number, p: number, o: number): boolean;
}

/** `read`: every line was plain and given to the sink; `stopped`: the sink said stop; `not-plain`: n3 must read it. */
export type PlainReading = 'read' | 'stopped' | 'not-plain';

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;

// Sticky patterns tested in place (no match arrays): n3's character rules for N-Triples IRIs plus
// the absolute-IRI rule it applies there; ASCII blank-node labels not ending in '.'; a literal's
// quoted part without escapes or line breaks; a language tag.
// eslint-disable-next-line no-control-regex -- IRIs may not hold control characters: the class has to name them.
const IRI = /<[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20<>"{}|^`\\]*>/y;
const BLANK = /_:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?(?![A-Za-z0-9_.-])/y;
const QUOTED = /"[^"\\\r\n]*"/y;
const LANGUAGE = /@[A-Za-z]+(?:-[A-Za-z0-9]+)*/y;

/** Scans the line from `pos` to `end` (the caller moves both from line to line). */
class LineScanner {
  pos = 0;
  end = 0;
  /** The previous line's subject as written, and its number from the sink. */
  subjectText = '';
  subject = 0;
  constructor(private readonly text: string) {}

  private code(): number {
    return this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
  }

  /** Skips spaces and tabs; how many. */
  spaces(): number {
    const from = this.pos;
    for (let c = this.code(); c === SPACE || c === TAB; c = this.code()) this.pos++;
    return this.pos - from;
  }

  /** The end of `pattern` matched at pos, or -1. */
  private match(pattern: RegExp): number {
    pattern.lastIndex = this.pos;
    return pattern.test(this.text) && pattern.lastIndex <= this.end ? pattern.lastIndex : -1;
  }

  /** `<absolute-iri>` at pos: the IRI, or undefined. */
  iri(): string | undefined {
    const end = this.match(IRI);
    if (end < 0) return undefined;
    const iri = this.text.slice(this.pos + 1, end - 1);
    this.pos = end;
    return iri;
  }

  /** `_:label` at pos: the label, or undefined. */
  blank(): string | undefined {
    const end = this.match(BLANK);
    if (end < 0) return undefined;
    const label = this.text.slice(this.pos + 2, end);
    this.pos = end;
    return label;
  }

  /** A literal without escapes at pos: its `termKey`, or undefined. */
  literal(): string | undefined {
    const end = this.match(QUOTED);
    if (end < 0) return undefined;
    const lexical = this.text.slice(this.pos + 1, end - 1);
    this.pos = end;
    const next = this.code();
    if (next === 0x40) {
      const tagEnd = this.match(LANGUAGE);
      if (tagEnd < 0) return undefined;
      const tag = this.text.slice(this.pos + 1, tagEnd).toLowerCase();
      this.pos = tagEnd;
      return `"${lexical}"@${tag}`;
    }
    if (next === 0x5e) {
      if (this.text.charCodeAt(this.pos + 1) !== 0x5e) return undefined;
      this.pos += 2;
      const datatype = this.iri();
      return datatype === undefined ? undefined : `"${lexical}"^^${datatype}`;
    }
    return `"${lexical}"^^${XSD_STRING}`;
  }

  atEnd(): boolean {
    return this.pos === this.end;
  }
}

/** Gives every triple of `text` to `sink`, line by line (a sink that has been given part of a text that turns out not plain should be dropped). */
export function readPlainNTriples(text: string, sink: TripleSink): PlainReading {
  // A lone CR also ends a line in N-Triples; rare enough to leave to n3.
  if (text.includes('\r') && /\r(?!\n)/.test(text)) return 'not-plain';
  const scan = new LineScanner(text);
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    scan.pos = lineStart;
    scan.end = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
    const line = readLine(text, scan, sink);
    if (line !== 'read') return line;
    lineStart = lineEnd + 1;
  }
  return 'read';
}

/**
 * The subject's number. Lines about one subject come together in sorted N-Triples (and in most
 * writers' output), so a subject written as on the line before is not looked up again: comparing
 * the text in place costs less than hashing a fresh slice of it.
 */
function subjectOf(text: string, scan: LineScanner, sink: TripleSink): number | undefined {
  const start = scan.pos;
  const previous = scan.subjectText;
  if (previous !== '' && text.startsWith(previous, start)) {
    const after = text.charCodeAt(start + previous.length);
    if (after === SPACE || after === TAB) {
      scan.pos = start + previous.length;
      return scan.subject;
    }
  }
  const isIri = text.charCodeAt(start) === 0x3c;
  const token = isIri ? scan.iri() : scan.blank();
  if (token === undefined) return undefined;
  scan.subjectText = text.slice(start, scan.pos);
  scan.subject = isIri ? sink.term(token) : sink.blank(token);
  return scan.subject;
}

function readLine(text: string, scan: LineScanner, sink: TripleSink): PlainReading {
  scan.spaces();
  if (scan.atEnd()) return 'read';
  const s = subjectOf(text, scan, sink);
  if (s === undefined) return 'not-plain';
  if (scan.spaces() === 0) return 'not-plain';
  const p = scan.iri();
  if (p === undefined || scan.spaces() === 0) return 'not-plain';
  const first = text.charCodeAt(scan.pos);
  let o: number;
  if (first === 0x3c) {
    const iri = scan.iri();
    if (iri === undefined) return 'not-plain';
    o = sink.term(iri);
  } else if (first === 0x5f) {
    const label = scan.blank();
    if (label === undefined) return 'not-plain';
    o = sink.blank(label);
  } else {
    const key = scan.literal();
    if (key === undefined) return 'not-plain';
    o = sink.term(key);
  }
  scan.spaces();
  if (text.charCodeAt(scan.pos) !== 0x2e || scan.atEnd()) return 'not-plain';
  scan.pos++;
  scan.spaces();
  if (!scan.atEnd()) return 'not-plain';
  return sink.triple(s, sink.term(p), o) ? 'read' : 'stopped';
}
