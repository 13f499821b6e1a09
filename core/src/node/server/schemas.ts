/**
 * Request and response schemas: the same objects validate requests, serialise responses and make
 * the OpenAPI document (reference-mediator.md 6.2 shapes; extra keys are ours).
 */
import { Type, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String({ description: 'What went wrong, for a human' }),
    code: Type.String({ description: 'Stable machine code, e.g. NOT_FOUND, INVALID_ALIGNMENT, XML_EXTERNAL_ENTITY' }),
    problems: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Every validation problem, with line and column' })),
    line: Type.Optional(Type.Number()),
    column: Type.Optional(Type.Number()),
  },
  { $id: 'Error', additionalProperties: true, description: 'Every non-2xx response' },
);

export const Problem = Type.Object(
  {
    code: Type.String(),
    severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
    message: Type.String(),
    line: Type.Optional(Type.Number()),
    column: Type.Optional(Type.Number()),
    cellId: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const MessageBody = Type.Object(
  { message: Type.String(), warnings: Type.Optional(Type.Array(Problem)), id: Type.Optional(Type.Number()) },
  { $id: 'Response', additionalProperties: true },
);

export const AlignmentInfo = Type.Object(
  {
    descId: Type.String(),
    id: Type.Integer(),
    name: Type.String(),
    date: Type.Integer({ description: 'Upload time, epoch milliseconds' }),
    sourceOntologyURI: Type.String(),
    targetOntologyURI: Type.String(),
    version: Type.String(),
    creator: Type.String(),
    description: Type.String(),
    cellCount: Type.Integer(),
    stepCount: Type.Integer(),
  },
  { $id: 'AlignmentInfo' },
);

export const ChannelInfo = Type.Object(
  {
    id: Type.Integer(),
    descId: Type.String(),
    uuid: Type.String(),
    source: Type.String(),
    sink: Type.String(),
    inpAlignmentName: Type.String(),
    inpAlignmentVersion: Type.String(),
    outAlignmentName: Type.String(),
    outAlignmentVersion: Type.String(),
    inpAlignmentId: Type.Integer(),
    outAlignmentId: Type.Integer(),
    consumerGroup: Type.String(),
    parallelism: Type.Integer(),
    deadLetterTopic: Type.String(),
    status: Type.String(),
    createdAt: Type.Integer(),
  },
  { $id: 'ChannelInfo', additionalProperties: true },
);

export const ChannelConfig = Type.Object(
  {
    source: Type.String({ description: 'Source topic' }),
    sink: Type.String({ description: 'Sink topic' }),
    inpAlignmentName: Type.Optional(Type.String({ description: '0.5 style; empty name and version = no alignment' })),
    inpAlignmentVersion: Type.Optional(Type.String()),
    outAlignmentName: Type.Optional(Type.String()),
    outAlignmentVersion: Type.Optional(Type.String()),
    inpAlignmentId: Type.Optional(Type.Integer({ description: '0.4 style: AlignmentInfo id, 0 = none' })),
    outAlignmentId: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer({ default: 1 })),
    optConsumerGroup: Type.Optional(Type.String()),
    deadLetterTopic: Type.Optional(Type.String({ description: 'Default <sink>.errors' })),
  },
  { $id: 'ChannelConfig', additionalProperties: true },
);

export const AlignmentIdBody = Type.Object({ name: Type.String(), version: Type.String() }, { $id: 'AlignmentID' });

export const TranslationRequest = Type.Object(
  {
    alignIDs: Type.Array(AlignmentIdBody, { description: 'Alignments applied in order; may be empty' }),
    graphStr: Type.String({ description: 'The JSON-LD message, as a string' }),
  },
  { $id: 'TranslationRequest' },
);

export const TranslationResponse = Type.Object(
  {
    message: Type.String(),
    graphStr: Type.String(),
    code: Type.Optional(Type.String()),
    failures: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    trace: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  },
  { $id: 'TranslationResponse' },
);

export const LoggingResponse = Type.Object({ message: Type.String(), level: Type.String() }, { $id: 'LoggingResponse' });
export const VersionResponse = Type.Object({ name: Type.String(), version: Type.String() }, { $id: 'VersionResponse', additionalProperties: true });

export const XmlText = Type.String({ description: 'An XML document' });

export const sharedSchemas: TSchema[] = [ErrorBody, MessageBody, AlignmentInfo, ChannelInfo, ChannelConfig, AlignmentIdBody, TranslationRequest, TranslationResponse, LoggingResponse, VersionResponse];

export const ref = (id: string) => Type.Unsafe<unknown>({ $ref: `${id}#` });
