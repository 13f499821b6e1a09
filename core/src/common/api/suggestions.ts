/**
 * Cells from examples (issue 30): POST /suggestions takes example pairs of whole INTER-IoT
 * messages and answers a suggested IPSM-AF alignment with the questions the examples leave open.
 */
import { Type, type Static } from 'typebox';
import { ref } from './schema-support.js';

/** Bounds of one request: few examples of modest size keep the synthesis within its time budget. */
export const SUGGESTION_LIMITS = {
  maxExamples: 16,
  maxMessageLength: 1_048_576,
  maxNameLength: 200,
} as const;

export const SuggestionExample = Type.Object(
  {
    input: Type.String({ maxLength: SUGGESTION_LIMITS.maxMessageLength, description: 'The input message (INTER-IoT JSON-LD), as a string' }),
    output: Type.String({ maxLength: SUGGESTION_LIMITS.maxMessageLength, description: 'The translated message wanted for it, as a string' }),
  },
  { additionalProperties: false },
);

export const SuggestionRequest = Type.Object(
  {
    examples: Type.Array(SuggestionExample, {
      minItems: 1,
      maxItems: SUGGESTION_LIMITS.maxExamples,
      description: 'Example pairs; more examples make a more general suggestion',
    }),
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: SUGGESTION_LIMITS.maxNameLength, description: 'The alignment name (dcelem:title); default suggested_alignment' }),
    ),
    version: Type.Optional(
      Type.String({ minLength: 1, maxLength: SUGGESTION_LIMITS.maxNameLength, description: 'The alignment version (exmo:version); default 1.0' }),
    ),
  },
  { $id: 'SuggestionRequest', additionalProperties: false },
);
export type SuggestionRequest = Static<typeof SuggestionRequest>;

export const SuggestionQuestion = Type.Object(
  {
    kind: Type.Union([Type.Literal('ambiguous-source'), Type.Literal('varying-constant'), Type.Literal('unverified')], {
      description:
        'ambiguous-source: an output value could come from several inputs; varying-constant: a value differs between examples and no function fits; unverified: the suggestion does not reproduce an example',
    }),
    example: Type.Integer({ minimum: 0, description: '0-based index of the example it is about' }),
    value: Type.String({ description: 'The output value in question, N-Triples form ("" when none)' }),
    message: Type.String(),
    candidates: Type.Array(Type.String(), { description: 'Where the value could come from' }),
    chosen: Type.String({ description: 'What the suggestion took meanwhile' }),
  },
  { $id: 'SuggestionQuestion' },
);
export type SuggestionQuestion = Static<typeof SuggestionQuestion>;

export const SuggestionReply = Type.Object(
  {
    alignment: Type.String({ description: 'The suggested alignment, an IPSM-AF document with Turtle cells' }),
    questions: Type.Array(ref(SuggestionQuestion), {
      description: 'Choices the examples left open; answer them or add an example that separates the candidates',
    }),
  },
  { $id: 'SuggestionReply' },
);
export type SuggestionReply = Static<typeof SuggestionReply>;
