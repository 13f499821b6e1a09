/**
 * The payload diff of a translation (`payloadDiff` of POST /translation?trace=true): the triples of
 * the payload graph that the alignments removed and added, each in N-Triples and in a display form
 * prefixed with the message's own @context. Built in core (translation/payload-diff.ts) from RDF/JS
 * terms; the renderer only shows it. Blank nodes are matched by shape: see `blankNodes`.
 */
import { Type, type Static } from 'typebox';

export const DiffTriple = Type.Object({
  nt: Type.String({ description: 'N-Triples form, blank nodes as `[]` (the shape the diff compares)' }),
  display: Type.String({ description: "Turtle-like form prefixed with the message's @context, e.g. `iiot:abc a sosa:Observation .`" }),
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
