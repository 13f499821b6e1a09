/**
 * Dataset isomorphism (equality up to blank-node renaming) for small datasets: what tests use to
 * compare our output with the reference's. Quads are treated as a set (duplicates ignored); blank
 * nodes may appear in any position, graph names included.
 *
 * Method: ground quads are compared as sets; blank nodes are coloured by iterative refinement
 * (a node's colour is derived from the quads it occurs in, with the other blank nodes replaced by
 * their current colours), then ties are broken by backtracking, each choice followed by a new
 * refinement. Fine for graphs of a few hundred quads; no canonical form is produced.
 *
 * Shipped since issue 12: alignment test suites compare a case's expected payload with the actual
 * one up to blank-node renaming (testing/run-case.ts), and the alignment version diff compares cell
 * patterns as graphs, so renaming a blank node is not a change; tests use it too. Kept rather than the
 * `rdf-isomorphic` package (2.0.1): its source (lib/RdfIsomorphic.ts) accepts a pairing
 * of blank nodes with equal 32-bit hashes without checking it against the quads, so graphs that
 * colour refinement cannot tell apart (two triangles and one hexagon, isomorphism.test.ts) would
 * come out isomorphic; and it would add three dependencies for what 200 tested lines do.
 */
import type * as RDF from '@rdfjs/types';
import { blankOf, classCount, histogram, isBlank, mix, occurrencesOf, refineOnce, sameHistogram, type ColourGraph, type EncodedQuad } from './blank-colours.js';
import { termKey } from './terms.js';

interface Side extends ColourGraph {
  /** Quads with at least one blank node, deduplicated. */
  readonly quads: EncodedQuad[];
  /** Ground quads, as keys. */
  readonly ground: Set<string>;
  /** Number of blank nodes. */
  readonly blanks: number;
}

/** Encodes quads as slots (blank-colours.ts), ground terms numbered in `ids`, which both sides share. */
function encode(quads: readonly RDF.Quad[], ids: Map<string, number>): Side {
  const blankIndex = new Map<string, number>();
  const seen = new Set<string>();
  const ground = new Set<string>();
  const encoded: EncodedQuad[] = [];
  const slot = (term: RDF.Term): number => {
    if (term.termType === 'BlankNode') {
      let index = blankIndex.get(term.value);
      if (index === undefined) {
        index = blankIndex.size;
        blankIndex.set(term.value, index);
      }
      return -1 - index;
    }
    // Position-independent, type-distinct keys; the default graph is the empty string.
    const key = term.termType === 'DefaultGraph' ? '' : termKey(term);
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    return id;
  };
  for (const q of quads) {
    const e: EncodedQuad = [slot(q.subject), slot(q.predicate), slot(q.object), slot(q.graph)];
    const key = `${e[0]} ${e[1]} ${e[2]} ${e[3]}`;
    if (e[0] >= 0 && e[1] >= 0 && e[2] >= 0 && e[3] >= 0) {
      ground.add(key);
    } else if (!seen.has(key)) {
      seen.add(key);
      encoded.push(e);
    }
  }
  return { quads: encoded, ground, blanks: blankIndex.size, occurrences: occurrencesOf(encoded, blankIndex.size) };
}

interface Sides {
  readonly a: Side;
  readonly b: Side;
  marks: number;
}

/** Refines both colourings in step to a stable partition; undefined when the sides become distinguishable. */
function refine(sides: Sides, coloursA: number[], coloursB: number[]): [number[], number[]] | undefined {
  let ca = coloursA;
  let cb = coloursB;
  let classes = classCount(ca);
  for (;;) {
    const na = refineOnce(sides.a, ca);
    const nb = refineOnce(sides.b, cb);
    if (!sameHistogram(na, nb)) return undefined;
    const newClasses = classCount(na);
    ca = na;
    cb = nb;
    // Stable, or every node alone in its class (nothing left to split: skip the confirming round).
    if (newClasses === classes || newClasses === ca.length) return [ca, cb];
    classes = newClasses;
  }
}

function verify(a: Side, b: Side, coloursA: readonly number[], coloursB: readonly number[]): boolean {
  const byColour = new Map<number, number>();
  coloursB.forEach((c, i) => byColour.set(c, i));
  const mapping = coloursA.map((c) => byColour.get(c) ?? -1);
  // An unmapped blank node (never, with equal histograms) gets a slot no quad has.
  const slotOf = (slot: number, map: boolean): number => (map && isBlank(slot) ? -1 - (mapping[blankOf(slot)] ?? Number.MAX_SAFE_INTEGER) : slot);
  const keyOf = (e: EncodedQuad, map: boolean): string => `${slotOf(e[0], map)} ${slotOf(e[1], map)} ${slotOf(e[2], map)} ${slotOf(e[3], map)}`;
  const target = new Set(b.quads.map((e) => keyOf(e, false)));
  return a.quads.every((e) => target.has(keyOf(e, true)));
}

function search(sides: Sides, coloursA: number[], coloursB: number[]): boolean {
  const refined = refine(sides, coloursA, coloursB);
  if (refined === undefined) return false;
  const [ca, cb] = refined;
  // Pick the smallest colour class with more than one member.
  let pick = -1;
  let pickSize = Infinity;
  for (const [c, n] of histogram(ca)) {
    if (n > 1 && n < pickSize) {
      pick = c;
      pickSize = n;
    }
  }
  if (pick === -1) return verify(sides.a, sides.b, ca, cb);
  const chosen = ca.indexOf(pick);
  for (let j = 0; j < cb.length; j++) {
    if (cb[j] !== pick) continue;
    // The same fresh mark on both sides singles out the chosen pair.
    const mark = mix(0x6d61726b, ++sides.marks);
    const na = ca.slice();
    const nb = cb.slice();
    na[chosen] = mark;
    nb[j] = mark;
    if (search(sides, na, nb)) return true;
  }
  return false;
}

/** True when the two datasets are equal up to a bijective renaming of blank nodes. */
export function isomorphic(a: readonly RDF.Quad[], b: readonly RDF.Quad[]): boolean {
  const ids = new Map<string, number>();
  const sa = encode(a, ids);
  const sb = encode(b, ids);
  if (sa.ground.size !== sb.ground.size || sa.quads.length !== sb.quads.length || sa.blanks !== sb.blanks) {
    return false;
  }
  for (const key of sa.ground) if (!sb.ground.has(key)) return false;
  if (sa.blanks === 0) return true;
  const sides: Sides = { a: sa, b: sb, marks: 0 };
  return search(sides, new Array<number>(sa.blanks).fill(0), new Array<number>(sb.blanks).fill(0));
}
