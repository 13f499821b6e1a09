/**
 * Compares a test case's expected payload, as the N-Triples text the case stores, with the payload
 * a chain produced, as the engine holds it (TermGraph), without building the expected graph's terms
 * (issue 12: a suite must run at nearly the engine's translation rate, and reading the expectation
 * with n3 and comparing two quad arrays cost more than the translation).
 *
 * One pass over the text: each term is looked up by its key among the translated payload's terms
 * (a term it never had means a triple it lacks), each ground triple by the graph's own membership
 * test; the triples with blank nodes are then matched by colours (rdf/blank-matching.ts). Text
 * outside the plain subset (testing/plain-ntriples.ts), graphs too large to pack, and symmetric
 * blank-node structures answer undefined: the caller reads the text with n3 and runs the general
 * isomorphism check, which also reports a malformed expectation with its line.
 */
import type { EncodedQuad } from '../rdf/blank-colours.js';
import { matchBlankTriples } from '../rdf/blank-matching.js';
import { tripleId, type TermGraph } from '../translation/term-graph.js';
import { readPlainNTriples } from './plain-ntriples.js';

const MISSING = -(2 ** 40);

/**
 * Remembers the last few texts looked up and their answers, in a small table indexed by a cheap
 * fingerprint (length and two characters). Terms repeat all over a payload (rdf:type and its
 * classes, predicates, blank nodes), and each occurrence is a fresh string: a hit compares two
 * strings where a Map would hash one (hashing the terms was the largest single cost of a suite case).
 */
class RecentTexts {
  private readonly texts = new Array<string | undefined>(64);
  private readonly answers = new Array<number>(64).fill(0);

  get(text: string, answer: (text: string) => number): number {
    const n = text.length;
    const slot = (n * 31 + text.charCodeAt(n - 1) * 7 + text.charCodeAt(n >> 1)) & 63;
    if (this.texts[slot] === text) return this.answers[slot] ?? 0;
    const value = answer(text);
    this.texts[slot] = text;
    this.answers[slot] = value;
    return value;
  }
}

/** Whether the payload equals the expected text up to blank-node renaming; undefined when only the general check can tell. */
export function matchPayloadText(expectedText: string, graph: TermGraph): boolean | undefined {
  const labels = new Map<string, number>();
  const recentTerms = new RecentTexts();
  const recentLabels = new RecentTexts();
  const termId = (key: string): number => graph.lookupKey(key) ?? MISSING;
  const blankIndex = (label: string): number => {
    let index = labels.get(label);
    if (index === undefined) labels.set(label, (index = labels.size));
    return -1 - index;
  };
  const expected: EncodedQuad[] = [];
  // Distinct ground triples: a repeated line must not make up for a missing one in the counts.
  const ground = new Set<number | string>();
  let lacking = false;
  const reading = readPlainNTriples(expectedText, {
    term: (key) => recentTerms.get(key, termId),
    blank: (label) => recentLabels.get(label, blankIndex),
    // A tag as written first (STRLANG keeps its case, as Jena does), then lower-cased (the message
    // reader lower-cases the tags it reads).
    literal: (value, datatype, language) =>
      graph.lookupLiteral(value, datatype, language) ?? (language === '' ? undefined : graph.lookupLiteral(value, datatype, language.toLowerCase())) ?? MISSING,
    triple: (s, p, o) => {
      if (s === MISSING || p === MISSING || o === MISSING || (s >= 0 && o >= 0 && !graph.has(s, p, o))) {
        lacking = true;
        return false;
      }
      if (s >= 0 && o >= 0) ground.add(tripleId(s, p, o));
      else expected.push([s, p, o, 0]);
      return true;
    },
  });
  if (reading === 'not-plain') return undefined;
  // A triple the payload lacks: not equal, whatever the rest of the text says.
  if (lacking) return false;
  // Different counts: not equal, unless the text repeats a line (the general check counts each triple once).
  if (ground.size + expected.length !== graph.size) return undefined;
  return matchBlankTriples({ triples: expected, blanks: labels.size }, blankTriplesOf(graph), graph.termCount);
}

/** The graph's triples that have a blank node, blank nodes numbered in order of appearance. */
function blankTriplesOf(graph: TermGraph): { triples: EncodedQuad[]; blanks: number } {
  const index = new Int32Array(graph.termCount).fill(-1);
  let blanks = 0;
  const slot = (id: number): number => {
    if (!graph.isBlank(id)) return id;
    let i = index[id] ?? -1;
    if (i < 0) index[id] = i = blanks++;
    return -1 - i;
  };
  const triples: EncodedQuad[] = [];
  graph.forEachTriple((s, p, o) => {
    const a = slot(s);
    const c = slot(o);
    if (a < 0 || c < 0) triples.push([a, p, c, 0]);
  });
  return { triples, blanks };
}
