/**
 * Blank-node colouring by iterative refinement, shared by the isomorphism check (isomorphism.ts)
 * and the blank-node matching of test suites (blank-matching.ts): both must colour a graph the
 * same way, or the suites' comparison could disagree with the general one.
 *
 * A quad is four slots: a ground term as its number (>= 0) in a table both sides share, so equal
 * terms get equal numbers, or a blank node as -1 - its index. Colours are 32-bit hashes of a node's
 * structure, the same function on every graph, so equivalent nodes always get equal colours. Two
 * inequivalent nodes may collide; that only costs search: a pairing built from colours is always
 * checked against the quads, so a collision never makes two graphs isomorphic.
 */

export type EncodedQuad = readonly [number, number, number, number];

/**
 * Where each blank node occurs: the quad indexes of node n are `quads[start[n]]` to
 * `quads[start[n + 1] - 1]` (a node twice in one quad listed once). Two flat arrays, not an array
 * per node: suite runs build this for every payload they check.
 */
export interface Occurrences {
  readonly start: Int32Array;
  readonly quads: Int32Array;
}

/** What refinement needs of a graph: its quads with a blank node, and where each blank node occurs. */
export interface ColourGraph {
  /** Quads with at least one blank node, deduplicated. */
  readonly quads: readonly EncodedQuad[];
  readonly occurrences: Occurrences;
}

export const isBlank = (slot: number): boolean => slot < 0;
export const blankOf = (slot: number): number => -1 - slot;

export function mix(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

const SELF = 0x5e1f;
const OTHER = 0x0b1a;
const GROUND = 0x6a09e667;

/** The blank node at position i of e when it is not also at an earlier position (-1 otherwise). */
function firstBlankAt(e: EncodedQuad, i: number): number {
  const slot = e[i] ?? 0;
  if (slot >= 0) return -1;
  for (let j = 0; j < i; j++) if (e[j] === slot) return -1;
  return blankOf(slot);
}

/** The occurrences of `blanks` blank nodes in `quads`. */
export function occurrencesOf(quads: readonly EncodedQuad[], blanks: number): Occurrences {
  const start = new Int32Array(blanks + 1);
  for (const e of quads) {
    for (let i = 0; i < 4; i++) {
      const n = firstBlankAt(e, i);
      if (n >= 0) start[n + 1] = (start[n + 1] ?? 0) + 1;
    }
  }
  for (let n = 0; n < blanks; n++) start[n + 1] = (start[n + 1] ?? 0) + (start[n] ?? 0);
  const next = start.slice(0, blanks);
  const list = new Int32Array(start[blanks] ?? 0);
  for (let qi = 0; qi < quads.length; qi++) {
    const e = quads[qi]!;
    for (let i = 0; i < 4; i++) {
      const n = firstBlankAt(e, i);
      if (n < 0) continue;
      const at = next[n] ?? 0;
      list[at] = qi;
      next[n] = at + 1;
    }
  }
  return { start, quads: list };
}

/**
 * A node's next colour: its colour and the multiset of hashes of the quads it occurs in, each
 * hash saying for every position whether it holds this node, another blank node (by colour) or a
 * ground term. The multiset is summed, not sorted: order-free, so invariant under renaming, and
 * without the sort and its scratch array (a suite run colours every payload it checks).
 */
export function signature(graph: ColourGraph, colours: readonly number[], node: number): number {
  const { start, quads } = graph.occurrences;
  const from = start[node] ?? 0;
  const to = start[node + 1] ?? 0;
  let sum = 0;
  for (let k = from; k < to; k++) {
    const q = graph.quads[quads[k] ?? 0];
    if (q === undefined) continue;
    let h = 0x9e3779b9;
    for (let i = 0; i < 4; i++) {
      const slot = q[i] ?? 0;
      if (!isBlank(slot)) h = mix(h, GROUND + slot * 4 + i);
      else if (blankOf(slot) === node) h = mix(h, SELF + i);
      else h = mix(mix(h, OTHER + i), colours[blankOf(slot)] ?? 0);
    }
    sum = (sum + mix(h, 0x7f4a7c15)) >>> 0;
  }
  return mix(mix(mix(0x12345, colours[node] ?? 0), to - from), sum);
}

export function histogram(colours: readonly number[]): Map<number, number> {
  const h = new Map<number, number>();
  for (const c of colours) h.set(c, (h.get(c) ?? 0) + 1);
  return h;
}

/** Whether two colourings have the same colours, each as many times. */
export function sameHistogram(a: readonly number[], b: readonly number[]): boolean {
  const ha = histogram(a);
  const hb = histogram(b);
  if (ha.size !== hb.size) return false;
  for (const [c, n] of ha) if (hb.get(c) !== n) return false;
  return true;
}

/** One refinement round: every node's next colour. */
export function refineOnce(graph: ColourGraph, colours: readonly number[]): number[] {
  const next = new Array<number>(colours.length);
  for (let i = 0; i < colours.length; i++) next[i] = signature(graph, colours, i);
  return next;
}

/** How many distinct colours. */
export function classCount(colours: readonly number[]): number {
  return new Set(colours).size;
}

/**
 * Refines `colours` until the number of classes stops growing, or every node is alone in its class
 * (nothing left to split: the confirming round is skipped). Deterministic: two isomorphic graphs
 * started from equal colourings stop after the same round with equal colours, each refined alone.
 */
export function refineToStable(graph: ColourGraph, colours: number[]): { colours: number[]; classes: number } {
  let current = colours;
  let classes = classCount(current);
  for (;;) {
    const next = refineOnce(graph, current);
    const newClasses = classCount(next);
    current = next;
    if (newClasses === classes || newClasses === current.length) return { colours: current, classes: newClasses };
    classes = newClasses;
  }
}
