/**
 * The blank-node half of comparing two graphs whose ground triples are already known to be equal
 * (a test case's expected payload against the translated one, testing/payload-match.ts): are the
 * triples with blank nodes equal up to renaming the blank nodes?
 *
 * Both sides are coloured by refinement (blank-colours.ts; colours are isomorphism invariants, so
 * sides with different colour counts differ). When the colours tell every blank node apart, the
 * usual case for message payloads, they give the only possible pairing, which is then checked
 * against the triples: the answer is exact. When they do not (symmetric graphs), the answer is
 * undefined and the caller runs the general check (isomorphism.ts), which searches.
 */
import { blankOf, isBlank, occurrencesOf, refineToStable, sameHistogram, type EncodedQuad } from './blank-colours.js';

/** One side: distinct triples with at least one blank node (ground terms numbered as on the other side), and its blank-node count. */
export interface BlankTriples {
  readonly triples: readonly EncodedQuad[];
  readonly blanks: number;
}

/** Packed keys are exact while every slot stays below 2^17 (3 x 17 bits < 53). */
const PACK = 1 << 17;

/**
 * True or false when decided by colours, undefined when only a search can tell (or `expected`
 * repeats a triple). `actual`'s triples are distinct. `groundLimit` bounds the ground term numbers
 * of both sides (slots are packed as numbers above it).
 */
export function matchBlankTriples(expected: BlankTriples, actual: BlankTriples, groundLimit: number): boolean | undefined {
  if (expected.blanks !== actual.blanks || expected.triples.length !== actual.triples.length) return false;
  if (expected.blanks === 0) return true;
  if (groundLimit + expected.blanks >= PACK) return undefined;
  const blanks = expected.blanks;
  const colour = (side: BlankTriples) =>
    refineToStable({ quads: side.triples, occurrences: occurrencesOf(side.triples, blanks) }, new Array<number>(blanks).fill(0));
  const e = colour(expected);
  const a = colour(actual);
  if (e.classes !== a.classes) return false;
  // Look-alike blank nodes: only a search can pair them (or tell the colour counts apart).
  if (e.classes !== blanks) return sameHistogram(e.colours, a.colours) ? undefined : false;
  const byColour = new Map<number, number>();
  e.colours.forEach((c, i) => byColour.set(c, i));
  const mapping = new Int32Array(blanks);
  for (let i = 0; i < blanks; i++) {
    // Every colour is distinct on both sides and the counts agree: a colour found is a pairing.
    const target = byColour.get(a.colours[i] ?? 0);
    if (target === undefined) return false;
    mapping[i] = target;
  }
  const slot = (s: number, map: boolean): number => (isBlank(s) ? groundLimit + (map ? (mapping[blankOf(s)] ?? 0) : blankOf(s)) : s);
  const key = (t: EncodedQuad, map: boolean): number => (slot(t[0], map) * PACK + slot(t[1], map)) * PACK + slot(t[2], map);
  const wanted = new Set<number>();
  for (const t of expected.triples) wanted.add(key(t, false));
  // A repeated expected triple: the counts compared so far were not of distinct triples.
  if (wanted.size !== expected.triples.length) return undefined;
  return actual.triples.every((t) => wanted.has(key(t, true)));
}
