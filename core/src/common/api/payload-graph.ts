/**
 * The payload graphs of a translation (`payloadGraphs` of POST /translation?trace=true), for drawing
 * (issue 12, part 4): every triple of the input and of the output payload, its terms in one table
 * (so a drawing gets node identity for free), marked removed or added exactly as the payload diff
 * counts them (by shape, api/payload-diff.ts), each added triple with the cell that inserted it.
 */
import { Type, type Static } from 'typebox';
import { TripleOrigin } from './payload-diff.js';
import { ref } from './schema-support.js';

export const GraphTerm = Type.Object({
  kind: Type.Union([Type.Literal('iri'), Type.Literal('blank'), Type.Literal('literal')]),
  value: Type.String({ description: 'The IRI, the blank-node label, or the lexical form' }),
  display: Type.String({ description: 'Prefixed with the message\'s @context: `sosa:Observation`, `_:b0`, `"21.5"^^xsd:double`' }),
  datatype: Type.Optional(Type.String({ description: 'Literals: the datatype IRI' })),
  language: Type.Optional(Type.String({ description: 'Literals: the language tag' })),
});
export type GraphTerm = Static<typeof GraphTerm>;

export const GraphTriple = Type.Object({
  s: Type.Integer({ minimum: 0, description: 'Index of the subject in `terms`' }),
  p: Type.Integer({ minimum: 0, description: 'Index of the predicate in `terms`' }),
  o: Type.Integer({ minimum: 0, description: 'Index of the object in `terms`' }),
  change: Type.Optional(Type.Union([Type.Literal('removed'), Type.Literal('added')], { description: 'Absent for a triple in both graphs (by shape)' })),
  // Added triples: the cell that inserted it.
  producedBy: Type.Optional(ref(TripleOrigin)),
});
export type GraphTriple = Static<typeof GraphTriple>;

export const PayloadGraphs = Type.Object(
  {
    terms: Type.Array(GraphTerm, { description: 'Every term of both graphs, once; blank nodes by label' }),
    before: Type.Array(GraphTriple, { description: 'The input payload, at most `limit` triples' }),
    after: Type.Array(GraphTriple, { description: 'The output payload, at most `limit` triples' }),
    beforeCount: Type.Integer({ minimum: 0, description: 'Triples in the input payload (complete)' }),
    afterCount: Type.Integer({ minimum: 0, description: 'Triples in the output payload (complete)' }),
    limit: Type.Integer({ minimum: 0, description: 'The most triples listed on each side; changed triples are listed first' }),
  },
  { $id: 'PayloadGraphs' },
);
export type PayloadGraphs = Static<typeof PayloadGraphs>;
