/**
 * The payload diff of a translation (`payloadDiff` of POST /translation?trace=true): the triples of
 * the payload graph that the alignments removed and added, each in N-Triples and in a display form
 * prefixed with the message's own @context. Built in core (translation/payload-diff.ts) from RDF/JS
 * terms; the renderer only shows it. Blank nodes are matched by shape: see `blankNodes`.
 */
import { Type, type Static } from 'typebox';
import { ref } from './schema-support.js';

/** The cell that inserted a triple: a row of the trace (issue 12, part 4). */
export const TripleOrigin = Type.Object(
  {
    alignment: Type.String(),
    version: Type.String(),
    step: Type.Integer({ description: '1-based position of the step in its alignment' }),
    cellId: Type.String(),
  },
  { $id: 'TripleOrigin' },
);
export type TripleOrigin = Static<typeof TripleOrigin>;

export const DiffTriple = Type.Object({
  nt: Type.String({ description: 'N-Triples form, blank nodes as `[]` (the shape the diff compares)' }),
  display: Type.String({
    description: "Turtle-like form prefixed with the alignments' declared namespaces, then the message's @context, e.g. `iiot:abc a sosa:Observation .`",
  }),
  // Added triples: the cell that inserted it (the last one, when a later cell inserted it again).
  producedBy: Type.Optional(ref(TripleOrigin)),
  // Removed triples: the cell that removed it (its entity1 matched it), the last one when several did.
  removedBy: Type.Optional(ref(TripleOrigin)),
});
export type DiffTriple = Static<typeof DiffTriple>;

export const PayloadDiff = Type.Object(
  {
    before: Type.Integer({ minimum: 0, description: 'Triples in the input payload graph' }),
    after: Type.Integer({ minimum: 0, description: 'Triples in the output payload graph' }),
    unchanged: Type.Integer({ minimum: 0, description: 'Triples in both (by shape)' }),
    removedCount: Type.Integer({ minimum: 0 }),
    addedCount: Type.Integer({ minimum: 0 }),
    removed: Type.Array(DiffTriple, { description: 'Removed triples, sorted by display form; at most `limit`' }),
    added: Type.Array(DiffTriple, { description: 'Added triples, sorted by display form; at most `limit`' }),
    limit: Type.Integer({ minimum: 0, description: 'The most triples listed on each side; the counts are always complete' }),
    blankNodes: Type.Literal('shape', {
      description:
        'Blank-node labels are not stable across a translation, so triples are compared with every blank node as `[]`, as a multiset: a reading aid, not graph isomorphism',
    }),
  },
  { $id: 'PayloadDiff' },
);
export type PayloadDiff = Static<typeof PayloadDiff>;
