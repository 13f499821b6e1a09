/**
 * Compares a test case's expected payload, as the N-Triples text the case stores, with the payload
 * a chain produced, as the engine holds it (TermGraph), without building the expected graph's terms
 * (issue 12: a suite must run at nearly the engine's translation rate, and reading the expectation
 * with n3 and comparing two quad arrays cost more than the translation).
 *
 * One pass over the text: each term is looked up by its key among the translated payload's terms
 * (a term it never had means a triple it lacks), each ground triple by the graph's own membership
 * test; the blank nodes are then paired by following the payload's structure out from its ground
 * terms (pairedByStructure, below), or when that leaves a choice, matched by colours
 * (rdf/blank-matching.ts). Text outside the plain subset (plain-ntriples.ts), graphs too large to
 * pack, and symmetric blank-node structures answer undefined: the caller reads the text with n3 and runs the general
 * isomorphism check, which also reports a malformed expectation with its line.
 */
import type { EncodedQuad } from '../rdf/blank-colours.js';
import { matchBlankTriples } from '../rdf/blank-matching.js';
import { tripleId, type TermGraph } from '../translation/term-graph.js';
import { readPlainNTriples } from './plain-ntriples.js';

const MISSING = -(2 ** 40);

/**
 * Remembers the last few texts looked up and their answers, in a small table indexed by a cheap
 * fingerprint (length and four characters), each hit confirmed by comparing the text: a Map would
 * hash the whole text, a fresh string each time. Blank-node labels repeat all over a payload (the
 * last character tells them apart), and expected payload texts repeat across a suite's cases (they
 * end with a newline: the one before it, and two inside, tell them apart; `| 0` keeps a
 * one-character label off NaN). Texts longer than `maxLength` are answered each time rather than
 * kept. Two texts on one slot only read each other out.
 */
class RecentTexts<T> {
  private readonly texts = new Array<string | undefined>(64).fill(undefined);
  private readonly answers = new Array<T | undefined>(64).fill(undefined);

  constructor(private readonly maxLength = Infinity) {}

  get(text: string, answer: (text: string) => T): T {
    const n = text.length;
    const slot = (n * 31 + text.charCodeAt(n - 1) * 11 + (text.charCodeAt(n - 2) | 0) * 7 + text.charCodeAt(n >> 1) * 3 + text.charCodeAt(n >> 2)) & 63;
    if (this.texts[slot] === text) return this.answers[slot] as T;
    const value = answer(text);
    if (n <= this.maxLength) {
      this.texts[slot] = text;
      this.answers[slot] = value;
    }
    return value;
  }
}

/**
 * The graph's IRIs by value, in an open-addressing table indexed by a cheap fingerprint (length and
 * three characters), each probe confirmed by comparing the text. Looking a fresh string up in a
 * Map hashes all of it (the largest single cost of matching a payload), and most of an expected
 * payload's IRIs are looked up once, so a table of recent texts in front of the Map did not spare
 * that hashing; filling this table from the graph's terms hashes nothing. About 10% of a match.
 */
class IriTable {
  private readonly texts: Array<string | undefined>;
  private readonly ids: number[];
  private readonly mask: number;

  constructor(graph: TermGraph) {
    let size = 64;
    while (size < graph.termCount * 2) size *= 2;
    this.texts = new Array<string | undefined>(size).fill(undefined);
    this.ids = new Array<number>(size).fill(0);
    this.mask = size - 1;
    graph.terms.forEach((term, id) => {
      if (term.termType !== 'NamedNode') return;
      let slot = this.slotOf(term.value);
      while (this.texts[slot] !== undefined) slot = (slot + 1) & this.mask;
      this.texts[slot] = term.value;
      this.ids[slot] = id;
    });
  }

  private slotOf(text: string): number {
    const n = text.length;
    return (n * 31 + text.charCodeAt(n - 1) * 7 + text.charCodeAt(n - 2) * 3 + text.charCodeAt(n >> 1)) & this.mask;
  }

  /** The id of the IRI, or MISSING when the graph has none with that value. */
  get(iri: string): number {
    for (let slot = this.slotOf(iri); ; slot = (slot + 1) & this.mask) {
      const text = this.texts[slot];
      if (text === undefined) return MISSING;
      if (text === iri) return this.ids[slot] ?? MISSING;
    }
  }
}

/**
 * Whether the payload equals the expected text up to blank-node renaming; undefined when only the
 * general check can tell. No graph stands for an empty payload (a message without one).
 */
export function matchPayloadText(expectedText: string, graph: TermGraph | undefined): boolean | undefined {
  if (graph === undefined) {
    const parsed = parsedTexts.get(expectedText, parseExpectedText);
    return parsed === undefined ? undefined : parsed.refs.length === 0;
  }
  const reading = readExpectation(expectedText, graph);
  if (typeof reading !== 'object') return reading;
  const { triples, blanks, ground } = reading;
  // Different counts: not equal, unless the text repeats a line (the general check counts each triple once).
  if (ground.size + triples.length !== graph.size) return undefined;
  return pairedByStructure(reading, graph) ?? matchBlankTriples({ triples, blanks }, blankTriplesOf(graph), graph.termCount);
}

/**
 * An expected text read against the graph: its triples with blank nodes (ground terms as the
 * graph's term ids, blank nodes as -1 - their index in order of appearance), how many blank nodes,
 * and its ground triples (distinct, by `tripleId`; every one is in the graph).
 */
export interface ExpectedTriples {
  readonly triples: EncodedQuad[];
  readonly blanks: number;
  readonly ground: Set<number | string>;
}

/** A literal's parts as the text writes them: lexical form, datatype IRI ('' with a tag), language tag as written. */
type LiteralParts = readonly [value: string, datatype: string, language: string];

/**
 * An expected text read once, without a graph: its ground terms as written (an IRI's value or a
 * literal's parts, one entry per occurrence but for a subject repeated from the line before: no
 * string is hashed to fold them), and its triples as three references each (an index into
 * `terms`, or -1 - a blank node's index in order of appearance).
 */
interface ParsedText {
  readonly terms: ReadonlyArray<string | LiteralParts>;
  readonly refs: readonly number[];
  readonly blanks: number;
  /** How many graphs it was read against. */
  uses: number;
}

function parseExpectedText(text: string): ParsedText | undefined {
  const terms: Array<string | LiteralParts> = [];
  const refs: number[] = [];
  const labels = new Map<string, number>();
  const recentLabels = new RecentTexts<number>();
  const blankIndex = (label: string): number => {
    let index = labels.get(label);
    if (index === undefined) labels.set(label, (index = labels.size));
    return -1 - index;
  };
  const reading = readPlainNTriples(text, {
    // The plain subset's IRIs are absolute (they start with a letter), so an IRI's term key is its value.
    term: (key) => terms.push(key) - 1,
    blank: (label) => recentLabels.get(label, blankIndex),
    literal: (value, datatype, language) => terms.push([value, datatype, language]) - 1,
    triple: (s, p, o) => refs.push(s, p, o) > 0,
  });
  return reading === 'read' ? { terms, refs, blanks: labels.size, uses: 0 } : undefined;
}

/**
 * The expected texts read lately. A suite often expects the same payload of several cases (one
 * message under several chains or versions, a suite generated from a few messages), and reading
 * the text was a fifth of a case's time. Bounded in entries (64) and in each text's length (64 K
 * characters), so a long suite of distinct texts keeps little alive.
 */
const parsedTexts = new RecentTexts<ParsedText | undefined>(1 << 16);

/** The graph's id of a literal: its tag as written first (STRLANG keeps its case, as Jena does), then lower-cased (the message reader lower-cases the tags it reads). */
function literalId(graph: TermGraph, [value, datatype, language]: LiteralParts): number {
  return (
    graph.lookupLiteral(value, datatype, language) ?? (language === '' ? undefined : graph.lookupLiteral(value, datatype, language.toLowerCase())) ?? MISSING
  );
}

/**
 * Reads the expected text against the graph: false when it names a term or a ground triple the
 * graph lacks (not equal, whatever the rest says), undefined for text outside the plain subset.
 */
export function readExpectation(expectedText: string, graph: TermGraph): ExpectedTriples | false | undefined {
  const parsed = parsedTexts.get(expectedText, parseExpectedText);
  if (parsed === undefined) return undefined;
  // The IRIs of a text read just now are fresh strings, which the table finds without hashing them;
  // a text met before holds strings whose hashes V8 has kept, which the graph's own maps find at once.
  const iris = parsed.uses++ === 0 ? new IriTable(graph) : undefined;
  const ids = new Array<number>(parsed.terms.length);
  for (let i = 0; i < parsed.terms.length; i++) {
    const term = parsed.terms[i] ?? '';
    const id = typeof term !== 'string' ? literalId(graph, term) : iris === undefined ? (graph.lookupKey(term) ?? MISSING) : iris.get(term);
    // Every term is in a triple: one the graph lacks means a triple it lacks.
    if (id === MISSING) return false;
    ids[i] = id;
  }
  const { refs } = parsed;
  const triples: EncodedQuad[] = [];
  // Distinct ground triples: a repeated line must not make up for a missing one in the counts.
  const ground = new Set<number | string>();
  for (let k = 0; k < refs.length; k += 3) {
    const rs = refs[k] ?? 0;
    const ro = refs[k + 2] ?? 0;
    const s = rs < 0 ? rs : (ids[rs] ?? MISSING);
    const p = ids[refs[k + 1] ?? 0] ?? MISSING;
    const o = ro < 0 ? ro : (ids[ro] ?? MISSING);
    if (s < 0 || o < 0) triples.push([s, p, o, 0]);
    else if (graph.has(s, p, o)) ground.add(tripleId(s, p, o));
    else return false;
  }
  return { triples, blanks: parsed.blanks, ground };
}

/** What `freeNeighbour` answers when more than one blank node fits (a negative id is none). */
const SEVERAL = -2;

/**
 * Pairing state: the expected triples with blank nodes, each expected blank node's partner in the
 * graph (-1 while unpaired), and which graph terms are partners already.
 */
class Pairing {
  readonly partner: number[];
  readonly taken: boolean[];

  constructor(
    readonly expected: readonly EncodedQuad[],
    readonly blanks: number,
    readonly graph: TermGraph,
  ) {
    // Plain arrays: allocating a typed array (its buffer) costs more than these few slots.
    this.partner = new Array<number>(blanks).fill(-1);
    this.taken = new Array<boolean>(graph.termCount).fill(false);
  }

  /** The graph term an expected slot stands for: a ground term itself, a blank node's partner (-1 when unpaired). */
  known(slot: number): number {
    return slot >= 0 ? slot : (this.partner[-1 - slot] ?? -1);
  }

  /**
   * The graph's blank node for expected blank `node`, found from a known term linked to it by
   * predicate p (its subject when `fromSubject`, else its object): the one unpaired blank node the
   * graph links to that term by p, or among several, the one whose triples to known terms are
   * those of `node`. -1 when none fits, SEVERAL when more than one does.
   */
  neighbour(node: number, p: number, known: number, fromSubject: boolean): number {
    const list = this.graph.withPredicate(p);
    if (list === undefined) return -1;
    const near = fromSubject ? list.s : list.o;
    const far = fromSubject ? list.o : list.s;
    let found = -1;
    let fits = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < near.length; i++) {
        if (near[i] !== known) continue;
        const candidate = far[i] ?? 0;
        if (this.taken[candidate] === true || !this.graph.isBlank(candidate)) continue;
        // The first pass takes the only candidate; the second looks closer at several.
        if (pass === 1 && !this.fitsKnownTriples(node, candidate)) continue;
        found = candidate;
        fits++;
      }
      if (fits <= 1) return found;
      found = -1;
      fits = 0;
    }
    return SEVERAL;
  }

  /** Whether graph term `candidate` has every triple that `node` has to a known term. */
  private fitsKnownTriples(node: number, candidate: number): boolean {
    // A scan of all the triples: this runs only to choose between look-alikes, and indexing each
    // node's triples for it cost more than the scans.
    const slot = -1 - node;
    for (const [s, p, o] of this.expected) {
      if (s !== slot && o !== slot) continue;
      const sa = s === slot ? candidate : this.known(s);
      const oa = o === slot ? candidate : this.known(o);
      if (sa >= 0 && oa >= 0 && !this.graph.has(sa, p, oa)) return false;
    }
    return true;
  }

  pair(node: number, partner: number): void {
    this.partner[node] = partner;
    this.taken[partner] = true;
  }
}

/**
 * Pairs the expected blank nodes with the graph's by following triples out from terms already
 * known (ground terms, then blank nodes paired before): a blank node at the other end of a triple
 * from a known term is paired with the one blank node the graph links to that term by the same
 * predicate (among several, the one that also has the node's other triples to known terms).
 * Message payloads are trees of blank nodes hanging from IRIs, so this usually pairs every node in
 * a few passes over the triples, at a fraction of the cost of colouring both sides (the colour
 * refinement hashed every occurrence of every blank node, round after round, on both sides).
 *
 * True when the pairing found maps every expected triple onto a triple of the graph: the pairing
 * is one-to-one, the expected triples are distinct (checked) and as many as the graph's triples
 * with blank nodes (the caller compared the counts), so the graphs are equal up to renaming.
 * Undefined when no pairing was found this way (a choice left between look-alike nodes, or a node
 * without a partner) or it does not fit: the colour refinement then decides and finds the
 * differences, so a failing case costs what it did before.
 */
export function pairedByStructure(reading: ExpectedTriples, graph: TermGraph): true | undefined {
  const { triples: expected, blanks, ground } = reading;
  const pairing = new Pairing(expected, blanks, graph);
  // Indexes of the triples still to follow; each pass keeps those it could not settle.
  const open = expected.map((_, i) => i);
  let paired = 0;
  while (paired < blanks) {
    const before = paired;
    let kept = 0;
    for (let k = 0; k < open.length; k++) {
      const index = open[k] ?? 0;
      const [s, p, o] = expected[index]!;
      const sa = pairing.known(s);
      const oa = pairing.known(o);
      if (sa >= 0 && oa >= 0) continue;
      const node = sa >= 0 ? -1 - o : -1 - s;
      const found = sa >= 0 ? pairing.neighbour(node, p, sa, true) : oa >= 0 ? pairing.neighbour(node, p, oa, false) : SEVERAL;
      if (found === SEVERAL) open[kept++] = index;
      else if (found < 0) return undefined;
      else {
        pairing.pair(node, found);
        paired++;
      }
    }
    if (paired === before) return undefined;
    open.length = kept;
  }
  return fitsGraph(pairing, ground);
}

/**
 * Whether the expected triples with blank nodes, their blank nodes replaced by their partners, are
 * distinct triples of the graph that, with the expected ground triples (distinct, all in the
 * graph, and without blank nodes, so none of these), make up all of it: then both are one set.
 */
function fitsGraph(pairing: Pairing, ground: ReadonlySet<number | string>): true | undefined {
  const { expected, graph } = pairing;
  const images = new Set<number | string>();
  for (const [s, p, o] of expected) {
    const sa = pairing.known(s);
    const oa = pairing.known(o);
    if (!graph.has(sa, p, oa)) return undefined;
    images.add(tripleId(sa, p, oa));
  }
  // Fewer images than triples: the text repeats a line with a blank node.
  return images.size === expected.length && ground.size + images.size === graph.size ? true : undefined;
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
