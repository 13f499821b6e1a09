/**
 * Payload diff (api/payload-diff.ts): which triples of the payload graph a translation removed and
 * which it added, computed on RDF/JS terms and handed out as plain strings.
 *
 * Blank nodes are matched by shape: blank-node labels are not stable across a translation (cells
 * insert fresh blank nodes, the reference relabels them), so each triple is compared with every
 * blank node replaced by `[]`, as a multiset: `_:a ex:p "1"` before and `_:b ex:p "1"` after count
 * as the same triple, and two such triples before against one after leave one removed. Cheap and
 * deterministic; not graph isomorphism (rdf/isomorphism.ts is that, for tests), so a blank node
 * whose only change is which other blank node it links to does not show.
 */
import type { PayloadDiff, DiffTriple, TripleOrigin } from '../api/payload-diff.js';
import { TurtleWriter } from '../alignment/convert-writers.js';
import { termKey, termToNTriples, type RDF } from '../rdf/terms.js';

export interface PayloadDiffOptions {
  /** The most triples listed on each side (counts stay complete); default 2000. */
  readonly limit?: number;
  /** Which cell inserted each output triple, by `tripleKey` (from the trace); shown on added triples. */
  readonly origins?: ReadonlyMap<string, TripleOrigin>;
  /** Which cell removed each input triple the output lacks, by `tripleKey`; shown on removed triples. */
  readonly removals?: ReadonlyMap<string, TripleOrigin>;
}

export const DEFAULT_DIFF_LIMIT = 2000;

const BLANK = '[]';

function shapeTerm(term: RDF.Term): string {
  return term.termType === 'BlankNode' ? BLANK : termToNTriples(term);
}

/** A triple's exact identity (blank-node labels included), ignoring its graph. */
export function tripleKey(q: RDF.Quad): string {
  return `${termKey(q.subject)}\u0000${termKey(q.predicate)}\u0000${termKey(q.object)}`;
}

/** The triples as a set (a graph holds a triple once), keyed exactly, blank-node labels included. */
export function distinct(quads: readonly RDF.Quad[]): RDF.Quad[] {
  const seen = new Set<string>();
  const out: RDF.Quad[] = [];
  for (const q of quads) {
    const key = tripleKey(q);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(q);
  }
  return out;
}

/** Shape -> the triples of that shape. */
export function byShape(quads: readonly RDF.Quad[]): Map<string, RDF.Quad[]> {
  const shapes = new Map<string, RDF.Quad[]>();
  for (const q of quads) {
    const key = `${shapeTerm(q.subject)} ${shapeTerm(q.predicate)} ${shapeTerm(q.object)} .`;
    const list = shapes.get(key);
    if (list === undefined) shapes.set(key, [q]);
    else list.push(q);
  }
  return shapes;
}

function displayTerm(term: RDF.Term, writer: TurtleWriter): string {
  switch (term.termType) {
    case 'NamedNode':
      return writer.iri(term.value);
    case 'Literal':
      return writer.literal(term);
    case 'BlankNode':
      return BLANK;
    default:
      return termToNTriples(term);
  }
}

function sideOf(
  mine: ReadonlyMap<string, RDF.Quad[]>,
  theirs: ReadonlyMap<string, RDF.Quad[]>,
  writer: TurtleWriter,
  origins?: ReadonlyMap<string, TripleOrigin>,
  field: 'producedBy' | 'removedBy' = 'producedBy',
): { triples: DiffTriple[]; common: number } {
  const triples: DiffTriple[] = [];
  let common = 0;
  for (const [nt, quads] of mine) {
    const other = theirs.get(nt)?.length ?? 0;
    common += Math.min(quads.length, other);
    for (const q of quads.slice(other)) {
      const origin = origins?.get(tripleKey(q));
      triples.push({
        nt,
        display: `${displayTerm(q.subject, writer)} ${writer.predicate(q.predicate)} ${displayTerm(q.object, writer)} .`,
        ...(origin === undefined ? {} : { [field]: origin }),
      });
    }
  }
  triples.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  return { triples, common };
}

/**
 * The diff between the payload triples before and after a translation. `prefixes` are the
 * message's @context prefixes (ParsedMessage.prefixes), used for the display forms only.
 */
export function payloadDiff(
  before: readonly RDF.Quad[],
  after: readonly RDF.Quad[],
  prefixes: ReadonlyArray<readonly [string, string]>,
  options: PayloadDiffOptions = {},
): PayloadDiff {
  const limit = options.limit ?? DEFAULT_DIFF_LIMIT;
  const writer = new TurtleWriter(prefixes);
  const a = distinct(before);
  const b = distinct(after);
  const shapesA = byShape(a);
  const shapesB = byShape(b);
  const removed = sideOf(shapesA, shapesB, writer, options.removals, 'removedBy');
  const added = sideOf(shapesB, shapesA, writer, options.origins);
  return {
    before: a.length,
    after: b.length,
    unchanged: removed.common,
    removedCount: removed.triples.length,
    addedCount: added.triples.length,
    removed: removed.triples.slice(0, limit),
    added: added.triples.slice(0, limit),
    limit,
    blankNodes: 'shape',
  };
}
