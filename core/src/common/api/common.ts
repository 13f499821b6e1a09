/**
 * Shapes shared by every part of the REST API (reference-mediator.md 6.2, CONTRACT.md): the error
 * body, validation problems and the plain `{message}` answers.
 */
import { Type, type Static } from 'typebox';
import { ref } from './schema-support.js';

export const Problem = Type.Object(
  {
    code: Type.String({ description: 'Stable problem code, e.g. CELL_TURTLE_SYNTAX, STEP_UNKNOWN_CELL' }),
    severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
    message: Type.String(),
    line: Type.Optional(Type.Integer({ description: '1-based line in the document' })),
    column: Type.Optional(Type.Integer({ description: '1-based column in the document' })),
    cellId: Type.Optional(Type.String({ description: 'The cell the problem is about' })),
  },
  { $id: 'Problem', description: 'One finding of alignment validation' },
);
export type Problem = Static<typeof Problem>;

/**
 * Every non-2xx body (CONTRACT.md: "Every error body is JSON: {message, code}"). `code` is one of
 * core's ErrorCodes; the other keys come with the errors that have them.
 */
export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: 'What went wrong, for a human' }),
    code: Type.String({ description: 'Stable machine code, e.g. NOT_FOUND, INVALID_ALIGNMENT, XML_EXTERNAL_ENTITY, UNAUTHORIZED' }),
    problems: Type.Optional(Type.Array(ref(Problem), { description: 'Every validation problem, with line and column' })),
    line: Type.Optional(Type.Integer({ description: 'Where a parse error is (malformed XML or JSON)' })),
    column: Type.Optional(Type.Integer()),
    source: Type.Optional(Type.String({ description: 'What was being parsed, e.g. a cell entity' })),
    channelIds: Type.Optional(Type.Array(Type.Integer(), { description: 'IN_USE: the channels that use the alignment' })),
  },
  { $id: 'Error', description: 'Every non-2xx response' },
);
export type ErrorBody = Static<typeof ErrorBody>;

export const MessageReply = Type.Object({ message: Type.String() }, { $id: 'MessageReply', description: 'A plain confirmation' });
export type MessageReply = Static<typeof MessageReply>;

export const AlignmentId = Type.Object(
  { name: Type.String({ description: 'dcelem:title of the alignment' }), version: Type.String({ description: 'exmo:version of the alignment' }) },
  { $id: 'AlignmentID', description: 'An alignment identity: name and version' },
);
export type AlignmentId = Static<typeof AlignmentId>;

export const XmlBody = Type.String({ description: 'An XML document' });
/** GET /metrics: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format */
export const MetricsText = Type.String({ description: 'Metrics in the Prometheus text exposition format 0.0.4: HELP, TYPE and sample lines' });

/** `?details=true` on GET /channels, /alignments and /version: the reference's keys plus ours (CONTRACT.md "REST API"). */
export const DetailsQuery = Type.Object({
  details: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], { description: "true: add the workbench's details to the reference's keys" }),
  ),
});
export type DetailsQuery = Static<typeof DetailsQuery>;
