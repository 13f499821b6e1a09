/**
 * The version diff of two alignments (issue 12, part 2): what `mediator diff --json` prints and
 * GET /alignment-diff answers. Cells are matched by id, and a cell whose id changed but whose
 * content did not is a rename, not a removal plus an addition. Patterns are compared as RDF graphs,
 * so renaming a blank node or re-indenting Turtle is not a change.
 */
import { Type, type Static } from 'typebox';

/** What can differ between two cells with the same id, in the order a change lists them. */
export const CELL_PARTS = ['entity1', 'entity2', 'functions', 'typings', 'filters', 'relation', 'measure'] as const;
export const CellPart = Type.Union(
  [
    Type.Literal('entity1'),
    Type.Literal('entity2'),
    Type.Literal('functions'),
    Type.Literal('typings'),
    Type.Literal('filters'),
    Type.Literal('relation'),
    Type.Literal('measure'),
  ],
  { description: 'entity1/entity2: the pattern as a graph; functions: the transformation; typings, filters, relation, measure' },
);
export type CellPart = Static<typeof CellPart>;

export const CellChange = Type.Object({
  cell: Type.String({ description: 'The cell id (the same in both alignments)' }),
  parts: Type.Array(CellPart, { minItems: 1, description: 'What changed, in the order entity1, entity2, functions, typings, filters, relation, measure' }),
});
export type CellChange = Static<typeof CellChange>;

export const CellRename = Type.Object({
  from: Type.String({ description: 'The cell id in the old alignment' }),
  to: Type.String({ description: 'The id of a cell with the same content in the new alignment' }),
});
export type CellRename = Static<typeof CellRename>;

export const CellsDiff = Type.Object({
  added: Type.Array(Type.String(), { description: 'Ids of cells only the new alignment has (new document order)' }),
  removed: Type.Array(Type.String(), { description: 'Ids of cells only the old alignment has (old document order)' }),
  changed: Type.Array(CellChange, { description: 'Cells with the same id and different content (new document order)' }),
  renamed: Type.Array(CellRename, { description: 'Cells whose id changed and content did not' }),
});
export type CellsDiff = Static<typeof CellsDiff>;

export const StepsDiff = Type.Object({
  added: Type.Array(Type.String(), { description: 'Cell ids the new step list runs and the old did not (or runs more often), in new step order' }),
  removed: Type.Array(Type.String(), { description: 'Cell ids the old step list ran and the new does not (or runs less often), in old step order' }),
  reordered: Type.Boolean({ description: 'True when the steps both lists run are in a different relative order' }),
  moved: Type.Array(Type.String(), {
    description: 'The fewest steps whose move explains the new order (outside a longest common subsequence), in new step order',
  }),
});
export type StepsDiff = Static<typeof StepsDiff>;

export const HEADER_FIELDS = ['name', 'version', 'creator', 'description', 'date', 'sourceOntology', 'targetOntology', 'cellFormat'] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

export const HeaderChange = Type.Object({ old: Type.String(), new: Type.String() });
export type HeaderChange = Static<typeof HeaderChange>;

export const HeaderDiff = Type.Object(
  {
    name: Type.Optional(HeaderChange),
    version: Type.Optional(HeaderChange),
    creator: Type.Optional(HeaderChange),
    description: Type.Optional(HeaderChange),
    date: Type.Optional(HeaderChange),
    sourceOntology: Type.Optional(HeaderChange),
    targetOntology: Type.Optional(HeaderChange),
    cellFormat: Type.Optional(HeaderChange),
  },
  { additionalProperties: false, description: 'Only the header fields that differ (whitespace runs count as one space)' },
);
export type HeaderDiff = Static<typeof HeaderDiff>;

export const AlignmentDiff = Type.Object({
  cells: CellsDiff,
  steps: StepsDiff,
  header: HeaderDiff,
});
export type AlignmentDiff = Static<typeof AlignmentDiff>;

/** A cell as text on each side, for a side-by-side view ('' on the side that lacks it). */
export const CellTexts = Type.Object({
  kind: Type.Union([Type.Literal('changed'), Type.Literal('added'), Type.Literal('removed')]),
  cell: Type.String(),
  old: Type.String({ description: "The old cell: relation, patterns as written, functions, typings, filters; '' for an added cell" }),
  new: Type.String({ description: "The new cell; '' for a removed cell" }),
});
export type CellTexts = Static<typeof CellTexts>;

export const AlignmentRef = Type.Object({ name: Type.String(), version: Type.String() });
export type AlignmentRef = Static<typeof AlignmentRef>;

export const AlignmentDiffReply = Type.Object(
  {
    old: AlignmentRef,
    new: AlignmentRef,
    identical: Type.Boolean({ description: 'True when nothing differs (every list empty, no header change)' }),
    diff: AlignmentDiff,
    texts: Type.Array(CellTexts, { description: 'Changed, added and removed cells as text, changed first' }),
  },
  { $id: 'AlignmentDiffReply' },
);
export type AlignmentDiffReply = Static<typeof AlignmentDiffReply>;

export const AlignmentDiffQuery = Type.Object({
  oldName: Type.String({ minLength: 1, description: 'Name of the old alignment' }),
  oldVersion: Type.String({ minLength: 1, description: 'Version of the old alignment' }),
  newName: Type.String({ minLength: 1, description: 'Name of the new alignment' }),
  newVersion: Type.String({ minLength: 1, description: 'Version of the new alignment' }),
});
export type AlignmentDiffQuery = Static<typeof AlignmentDiffQuery>;
