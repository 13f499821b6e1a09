/**
 * Alignments (reference-mediator.md 6.4-6.6, CONTRACT.md): upload, list, retrieval, the compiled
 * cells, validation and conversion.
 */
import { Type, type Static } from 'typebox';
import { Problem } from './common.js';
import { ref } from './schema-support.js';

/**
 * `AlignmentInfo` exactly as the reference sends it (reference-mediator.md 6.2): the default answer
 * of `GET /alignments`, no other keys (strict clients reject unknown ones, CONTRACT.md "REST API").
 */
const referenceAlignmentFields = {
  descId: Type.String({ description: '[<name>] [<version>] : <source URI> -> <target URI>' }),
  id: Type.Integer({ description: 'Integer id (0.4-style channel configs name alignments by it)' }),
  name: Type.String(),
  date: Type.Integer({ description: 'Upload time, epoch milliseconds' }),
  sourceOntologyURI: Type.String(),
  targetOntologyURI: Type.String(),
  version: Type.String(),
  creator: Type.String(),
  description: Type.String(),
};

export const AlignmentInfo = Type.Object(referenceAlignmentFields, {
  $id: 'AlignmentInfo',
  additionalProperties: false,
  description: "The reference's 9 keys, no others (GET /alignments without ?details=true)",
});
export type AlignmentInfo = Static<typeof AlignmentInfo>;

export const AlignmentInfoList = Type.Array(ref(AlignmentInfo), { description: 'Every stored alignment' });
export type AlignmentInfoList = Static<typeof AlignmentInfoList>;

/** `GET /v1/alignments` (STE 1.0): the same keys with `date` as ISO-8601 text, as STE's code sends it. */
export const SteAlignmentInfo = Type.Object(
  { ...referenceAlignmentFields, date: Type.String({ format: 'date-time', description: 'Upload time, ISO-8601' }) },
  { $id: 'SteAlignmentInfo', additionalProperties: false },
);
export type SteAlignmentInfo = Static<typeof SteAlignmentInfo>;

export const SteAlignmentInfoList = Type.Array(ref(SteAlignmentInfo), { description: "Every stored alignment in STE's shape" });
export type SteAlignmentInfoList = Static<typeof SteAlignmentInfoList>;

/** What the workbench lists (`GET /alignments?details=true`): the reference's keys plus counts. */
export const AlignmentDetails = Type.Object(
  { ...referenceAlignmentFields, cellCount: Type.Integer(), stepCount: Type.Integer() },
  { $id: 'AlignmentDetails', description: 'An alignment with its cell and step counts (GET /alignments?details=true)' },
);
export type AlignmentDetails = Static<typeof AlignmentDetails>;

export const AlignmentDetailsList = Type.Array(ref(AlignmentDetails), { description: 'Every stored alignment, with counts' });
export type AlignmentDetailsList = Static<typeof AlignmentDetailsList>;

/** 201 (stored) and 208 (the same alignment, by meaning, is already there). */
export const UploadReply = Type.Object(
  {
    message: Type.String(),
    id: Type.Integer({ description: 'The AlignmentInfo id' }),
    warnings: Type.Array(ref(Problem), { description: 'Problems of severity warning' }),
  },
  { $id: 'UploadReply' },
);
export type UploadReply = Static<typeof UploadReply>;

export const ValidationReply = Type.Object(
  { message: Type.String(), warnings: Type.Array(ref(Problem), { description: 'Problems of severity warning' }) },
  { $id: 'ValidationReply' },
);
export type ValidationReply = Static<typeof ValidationReply>;

export const NameVersionParams = Type.Object({
  name: Type.String({ description: 'Alignment name (dcelem:title), URL-encoded' }),
  version: Type.String({ description: 'Alignment version (exmo:version), URL-encoded' }),
});
export type NameVersionParams = Static<typeof NameVersionParams>;

const position = {
  line: Type.Integer({ description: '1-based line in the alignment document' }),
  column: Type.Integer({ description: '1-based column in the alignment document' }),
};

export const CellFunctionParam = Type.Union([
  Type.Object({ kind: Type.Literal('variable'), order: Type.Integer(), variable: Type.String() }),
  Type.Object({ kind: Type.Literal('value'), order: Type.Integer(), value: Type.String(), datatype: Type.Optional(Type.String()) }),
]);
export type CellFunctionParam = Static<typeof CellFunctionParam>;

export const CellFunction = Type.Object({
  ...position,
  name: Type.String({ description: 'The function name as written' }),
  params: Type.Array(CellFunctionParam),
  result: Type.String({ description: 'Variable (without ?) receiving the result' }),
});
export type CellFunction = Static<typeof CellFunction>;

export const DatatypeConstraint = Type.Object({ ...position, variable: Type.String(), datatype: Type.String() });
export type DatatypeConstraint = Static<typeof DatatypeConstraint>;

export const CellWithSparql = Type.Object({
  id: Type.String(),
  ...position,
  entity1: Type.String({ description: 'The entity1 pattern as written (Turtle, or the RDF/XML fragment)' }),
  entity2: Type.String({ description: 'The entity2 pattern as written' }),
  functions: Type.Array(CellFunction),
  typings: Type.Array(DatatypeConstraint),
  filters: Type.Array(DatatypeConstraint),
  sparql: Type.String({ description: 'The SPARQL 1.1 Update the cell compiles to' }),
});
export type CellWithSparql = Static<typeof CellWithSparql>;

export const CompiledStep = Type.Object({
  cellId: Type.String(),
  order: Type.Union([Type.String(), Type.Null()], { description: 'The order attribute as written (ignored: steps run in document order)' }),
  line: Type.Integer(),
});
export type CompiledStep = Static<typeof CompiledStep>;

export const CellsWithSparql = Type.Object(
  {
    name: Type.String(),
    version: Type.String(),
    cells: Type.Array(CellWithSparql, { description: 'In document order' }),
    steps: Type.Array(CompiledStep),
    warnings: Type.Array(ref(Problem)),
  },
  { $id: 'CellsWithSparql' },
);
export type CellsWithSparql = Static<typeof CellsWithSparql>;
