/**
 * The mw2mw API change history over REST (issue 15): the shipped Swagger 2.0 samples of the
 * middleware's API, and the diff of two documents (shipped or uploaded) in the seed's categories.
 */
import { Type, type Static } from 'typebox';
import { API_CHANGE_KINDS, type ApiChangeKind } from '../mw-api-history/api-diff.js';
import { ref } from './schema-support.js';

export const ApiChange = Type.Object(
  {
    // One string enum (not a union of literals): the kinds are listed once, in the differ.
    kind: Type.Unsafe<ApiChangeKind>({ type: 'string', enum: [...API_CHANGE_KINDS], description: 'The kind of change (seed 9.4 categories)' }),
    subject: Type.String({ description: 'A tag, "METHOD /path", a definition, "Definition.property" or "global"' }),
    detail: Type.String({ description: 'e.g. the new path of a moved operation, "old -> new" of a renamed parameter, a content type; may be empty' }),
  },
  { $id: 'ApiChange', description: 'One change between two versions of an API document' },
);
export type ApiChange = Static<typeof ApiChange>;

export const ApiDiff = Type.Object(
  {
    from: Type.String({ description: 'info.version of the old document' }),
    to: Type.String({ description: 'info.version of the new document' }),
    changes: Type.Array(ref(ApiChange)),
  },
  { $id: 'ApiDiff', description: 'What changed between two Swagger 2.0 documents' },
);
export type ApiDiff = Static<typeof ApiDiff>;

export const ApiSample = Type.Object(
  {
    version: Type.String({ description: 'info.version of the document, e.g. 1.1' }),
    title: Type.String(),
    fileName: Type.String(),
    operations: Type.Integer({ description: 'How many operations the document has' }),
    definitions: Type.Integer({ description: 'How many definitions the document has' }),
  },
  { $id: 'ApiSample', description: 'A shipped version of the mw2mw API document' },
);
export type ApiSample = Static<typeof ApiSample>;

export const ApiSampleList = Type.Array(ref(ApiSample));

export const ApiSampleDocument = Type.Object(
  {
    version: Type.String(),
    title: Type.String(),
    fileName: Type.String(),
    text: Type.String({ description: 'The Swagger 2.0 document as shipped (YAML)' }),
  },
  { $id: 'ApiSampleDocument', description: 'A shipped mw2mw API document with its text' },
);
export type ApiSampleDocument = Static<typeof ApiSampleDocument>;

export const ApiSampleParams = Type.Object({ version: Type.String({ description: 'The version of a shipped document, e.g. 1.0' }) });
export type ApiSampleParams = Static<typeof ApiSampleParams>;

export const ApiDocumentSource = Type.Object(
  {
    sample: Type.Optional(Type.String({ description: 'The version of a shipped document (GET /api-history/samples)' })),
    text: Type.Optional(Type.String({ description: 'A Swagger 2.0 document, YAML or JSON' })),
    name: Type.Optional(Type.String({ description: 'A name for the text (a file name), used in error messages' })),
  },
  { $id: 'ApiDocumentSource', description: 'Either a shipped version (`sample`) or a document (`text`), not both', additionalProperties: false },
);
export type ApiDocumentSource = Static<typeof ApiDocumentSource>;

export const ApiDiffRequest = Type.Object(
  { old: ref(ApiDocumentSource), new: ref(ApiDocumentSource) },
  { $id: 'ApiDiffRequest', description: 'The two documents to compare', additionalProperties: false },
);
export type ApiDiffRequest = Static<typeof ApiDiffRequest>;
