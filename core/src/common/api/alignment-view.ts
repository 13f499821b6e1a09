/**
 * What the workbench shows of an alignment (GET /alignments/{name}/{version}/view for a stored one,
 * POST /view for the text in the editor): the header, every cell with its entity patterns in
 * Turtle, functions, typings, filters, positions in the source and compiled SPARQL, and the steps.
 * Built by core's reader and compiler (alignment/alignment-view.ts), so the renderer never reads
 * alignment XML itself and a cell's id is core's `cellIdFromIri` (reference-mediator.md 1.5-1.6).
 */
import { Type, type Static } from 'typebox';

// Only the top-level payload has an $id: nested $ids would be registered twice with the server's
// schema store when both the parts and the whole are added.

/** Where something is written in the alignment document (1-based). */
const position = {
  line: Type.Integer({ minimum: 1, description: '1-based line in the alignment document' }),
  column: Type.Integer({ minimum: 1, description: '1-based column in the alignment document' }),
};

export const ViewPattern = Type.Object({
  format: Type.Union([Type.Literal('turtle'), Type.Literal('rdfxml')], { description: 'How the pattern is written in the document' }),
  turtle: Type.String({
    description:
      "The pattern in Turtle with the alignment's prefixes: the text as written for a Turtle cell, written from the parsed triples for an RDF/XML cell",
  }),
  source: Type.String({ description: 'The Turtle text or the RDF/XML fragment as written' }),
  triples: Type.Integer({ minimum: 0, description: 'Triples parsed from the pattern' }),
  ...position,
});
export type ViewPattern = Static<typeof ViewPattern>;

export const ViewFunction = Type.Object({
  name: Type.String({ description: 'The function name as written (`str`, `fn:upper-case`, `+`, `<iri>`)' }),
  params: Type.Array(Type.String(), { description: 'Parameters in order, as SPARQL terms: `?variable` or a literal' }),
  result: Type.String({ description: 'The variable receiving the result, without `?`' }),
  display: Type.String({ description: 'The call as SPARQL shows it, e.g. `?sensor_iri = str(?CTX)`' }),
  ...position,
});
export type ViewFunction = Static<typeof ViewFunction>;

export const ViewConstraint = Type.Object({
  variable: Type.String({ description: 'Variable name without `?`' }),
  datatype: Type.String({ description: 'Datatype IRI' }),
  display: Type.String({ description: "`?variable : datatype`, the datatype prefixed with the alignment's prefixes" }),
  ...position,
});
export type ViewConstraint = Static<typeof ViewConstraint>;

export const ViewCell = Type.Object({
  id: Type.String({ description: 'Cell id: the IRI without the sripas namespace (what steps and traces name)' }),
  iri: Type.String({ description: 'The cell IRI, resolved against the sripas base' }),
  ...position,
  relation: Type.Union([Type.String(), Type.Null()]),
  measure: Type.Union([Type.String(), Type.Null()]),
  entity1: ViewPattern,
  entity2: ViewPattern,
  functions: Type.Array(ViewFunction),
  typings: Type.Array(ViewConstraint),
  filters: Type.Array(ViewConstraint),
  steps: Type.Array(Type.Integer({ minimum: 1 }), { description: '1-based positions of the steps that run this cell; empty when none does' }),
  sparql: Type.String({ description: 'The SPARQL 1.1 Update the cell compiles to (reference-mediator.md 3.2)' }),
});
export type ViewCell = Static<typeof ViewCell>;

export const ViewStep = Type.Object({
  position: Type.Integer({ minimum: 1, description: '1-based position: steps run in document order' }),
  cellId: Type.String(),
  order: Type.Union([Type.String(), Type.Null()], { description: 'The `order` attribute as written (informative)' }),
  ...position,
});
export type ViewStep = Static<typeof ViewStep>;

export const ViewPrefix = Type.Object({ prefix: Type.String(), iri: Type.String() });
export type ViewPrefix = Static<typeof ViewPrefix>;

export const AlignmentView = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    creator: Type.String(),
    description: Type.String(),
    date: Type.String(),
    sourceOntology: Type.String(),
    targetOntology: Type.String(),
    cellFormat: Type.Union([Type.Literal('turtle'), Type.Literal('rdfxml')]),
    prefixes: Type.Array(ViewPrefix, { description: 'The xmlns declarations: the PREFIX block of every compiled cell' }),
    cells: Type.Array(ViewCell, { description: 'Cells in document order; a cell the reader could not build is left out (its problems say why)' }),
    steps: Type.Array(ViewStep),
  },
  { $id: 'AlignmentView' },
);
export type AlignmentView = Static<typeof AlignmentView>;
