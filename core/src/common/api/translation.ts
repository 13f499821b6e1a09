/**
 * POST /translation (reference-mediator.md 6.8, CONTRACT.md "Translation"): the request, the
 * answer with the cells that failed and, with `?trace=true`, the per-step trace.
 */
import { Type, type Static } from 'typebox';
import { AlignmentId, Problem } from './common.js';
import { PayloadDiff } from './payload-diff.js';
import { PayloadGraphs } from './payload-graph.js';
import { ref } from './schema-support.js';

export const TranslationRequest = Type.Object(
  {
    alignIDs: Type.Array(ref(AlignmentId), { description: 'Alignments applied in order; may be empty' }),
    graphStr: Type.String({ description: 'The JSON-LD message, as a string' }),
  },
  { $id: 'TranslationRequest' },
);
export type TranslationRequest = Static<typeof TranslationRequest>;

/**
 * POST /translation-preview (issue 39): a message through an alignment that is not stored (the
 * workbench's open, unsaved document), with the trace and the payload diff, storing nothing.
 */
export const TranslationPreviewRequest = Type.Object(
  {
    alignment: Type.String({ description: 'The alignment (IPSM-AF XML), as in the editor; read and compiled for this request only' }),
    graphStr: Type.String({ description: 'The JSON-LD message, as a string' }),
  },
  { $id: 'TranslationPreviewRequest' },
);
export type TranslationPreviewRequest = Static<typeof TranslationPreviewRequest>;

const trueFalse = (description: string) => Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description }));

export const TranslationQuery = Type.Object({
  trace: trueFalse('Add the per-step trace'),
  pretty: trueFalse('Pretty-print graphStr as the reference does (default true)'),
  defaultGraph: trueFalse(
    "STE's rule: a message without a payload graph is translated on its default graph (default false: IPSM's empty-payload answer, no translation)",
  ),
});
export type TranslationQuery = Static<typeof TranslationQuery>;

/** A cell that failed at run time: skipped (it changed nothing), never silent. */
export const CellFailure = Type.Object(
  {
    alignment: Type.String(),
    version: Type.String(),
    cellId: Type.String(),
    step: Type.Integer({ description: '1-based position of the step in its alignment' }),
    error: Type.String({ description: 'What went wrong' }),
  },
  { $id: 'CellFailure' },
);
export type CellFailure = Static<typeof CellFailure>;

/** One row of the trace: the columns of the reference's steps.tsv, plus what went wrong. */
export const TraceStep = Type.Object(
  {
    alignment: Type.String(),
    version: Type.String(),
    step: Type.Integer({ description: '1-based position of the step in its alignment' }),
    cellId: Type.String(),
    triplesBefore: Type.Integer(),
    triplesAfter: Type.Integer(),
    deleted: Type.Integer(),
    inserted: Type.Integer(),
    solutions: Type.Integer(),
    ms: Type.Number(),
    error: Type.Optional(Type.String({ description: 'The cell failed and was skipped' })),
    notes: Type.Optional(Type.Array(Type.String(), { description: 'Expression errors that left BIND variables unbound' })),
  },
  { $id: 'TraceStep' },
);
export type TraceStep = Static<typeof TraceStep>;

export const TranslationResponse = Type.Object(
  {
    message: Type.String(),
    graphStr: Type.String({ description: 'The translated JSON-LD message' }),
    failures: Type.Optional(Type.Array(ref(CellFailure), { description: 'Cells that failed at run time (absent when none did)' })),
    trace: Type.Optional(Type.Array(ref(TraceStep), { description: 'With ?trace=true' })),
    // With ?trace=true (not for a message without payload): the triples the alignments removed and added.
    payloadDiff: Type.Optional(ref(PayloadDiff)),
    // With ?trace=true (not for a message without payload): both payload graphs, for drawing.
    payloadGraphs: Type.Optional(ref(PayloadGraphs)),
  },
  { $id: 'TranslationResponse' },
);
export type TranslationResponse = Static<typeof TranslationResponse>;

/** A refused translation: the error body with an empty graphStr (reference-mediator.md 6.8). */
export const TranslationError = Type.Object(
  {
    message: Type.String(),
    code: Type.String({ description: 'Stable machine code, e.g. NOT_FOUND, MESSAGE_NOT_JSON' }),
    graphStr: Type.Literal('', { description: 'Always empty' }),
    problems: Type.Optional(Type.Array(ref(Problem))),
    line: Type.Optional(Type.Integer()),
    column: Type.Optional(Type.Integer()),
    source: Type.Optional(Type.String()),
  },
  { $id: 'TranslationError' },
);
export type TranslationError = Static<typeof TranslationError>;
