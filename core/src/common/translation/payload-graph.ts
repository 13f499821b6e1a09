/**
 * The payload graphs of a translation for drawing (api/payload-graph.ts, issue 12 part 4): both
 * payloads as triples over one term table, each triple marked removed or added by the same shape
 * comparison as the payload diff (payload-diff.ts), so the drawing and the diff lists always agree,
 * and each added triple with the cell that inserted it.
 */
import type { TripleOrigin } from '../api/payload-diff.js';
import type { GraphTerm, GraphTriple, PayloadGraphs } from '../api/payload-graph.js';
import { TurtleWriter } from '../alignment/convert-writers.js';
import { termKey, type RDF } from '../rdf/terms.js';
import { byShape, DEFAULT_DIFF_LIMIT, distinct, tripleKey } from './payload-diff.js';

export interface PayloadGraphsOptions {
  /** The most triples listed on each side, changed ones first (counts stay complete); default 2000. */
  readonly limit?: number;
  /** Which cell inserted each output triple, by `tripleKey`. */
  readonly origins?: ReadonlyMap<string, TripleOrigin>;
}

class TermTable {
  readonly terms: GraphTerm[] = [];
  private readonly index = new Map<string, number>();
  constructor(private readonly writer: TurtleWriter) {}

  id(term: RDF.Term): number {
    const key = termKey(term);
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.terms.length;
      this.index.set(key, id);
      this.terms.push(this.describe(term));
    }
    return id;
  }

  private describe(term: RDF.Term): GraphTerm {
    switch (term.termType) {
      case 'Literal':
        return {
          kind: 'literal',
          value: term.value,
          display: this.writer.literal(term),
          ...(term.language === '' ? { datatype: term.datatype.value } : { language: term.language }),
        };
      case 'BlankNode':
        return { kind: 'blank', value: term.value, display: `_:${term.value}` };
      default:
        return { kind: 'iri', value: term.value, display: this.writer.iri(term.value) };
    }
  }
}

/** The quads of `mine` that `theirs` lacks, by shape (as a multiset): the diff's removed or added side. */
function changedOf(mine: readonly RDF.Quad[], theirs: readonly RDF.Quad[]): Set<RDF.Quad> {
  const other = byShape(theirs);
  const changed = new Set<RDF.Quad>();
  for (const [shape, quads] of byShape(mine)) for (const q of quads.slice(other.get(shape)?.length ?? 0)) changed.add(q);
  return changed;
}

function side(
  quads: readonly RDF.Quad[],
  changed: ReadonlySet<RDF.Quad>,
  change: 'removed' | 'added',
  table: TermTable,
  limit: number,
  origins?: ReadonlyMap<string, TripleOrigin>,
): GraphTriple[] {
  // Changed triples first, so a payload over the limit still shows what the translation did.
  const ordered = [...quads.filter((q) => changed.has(q)), ...quads.filter((q) => !changed.has(q))].slice(0, limit);
  return ordered.map((q) => {
    const triple: GraphTriple = { s: table.id(q.subject), p: table.id(q.predicate), o: table.id(q.object) };
    if (!changed.has(q)) return triple;
    const producedBy = origins?.get(tripleKey(q));
    return { ...triple, change, ...(producedBy === undefined ? {} : { producedBy }) };
  });
}

/**
 * Both payload graphs of a translation. `prefixes` are the message's @context prefixes
 * (ParsedMessage.prefixes), used for the display forms.
 */
export function payloadGraphs(
  before: readonly RDF.Quad[],
  after: readonly RDF.Quad[],
  prefixes: ReadonlyArray<readonly [string, string]>,
  options: PayloadGraphsOptions = {},
): PayloadGraphs {
  const limit = options.limit ?? DEFAULT_DIFF_LIMIT;
  const table = new TermTable(new TurtleWriter(prefixes));
  const a = distinct(before);
  const b = distinct(after);
  return {
    before: side(a, changedOf(a, b), 'removed', table, limit),
    after: side(b, changedOf(b, a), 'added', table, limit, options.origins),
    terms: table.terms,
    beforeCount: a.length,
    afterCount: b.length,
    limit,
  };
}
