/**
 * Cells from examples (issue 30): POST /suggestions takes example pairs of whole INTER-IoT
 * messages and answers a suggested IPSM-AF alignment with the questions the examples leave open.
 */
import { Type, type Static } from 'typebox';
import { ref } from './schema-support.js';
import { PayloadDiff } from './payload-diff.js';

/** Bounds of one request: few examples of modest size keep the synthesis within its time budget. */
export const SUGGESTION_LIMITS = {
  maxExamples: 16,
  maxMessageLength: 1_048_576,
  maxNameLength: 200,
  maxAnswers: 64,
  maxIdLength: 40,
} as const;

export const SuggestionAnswer = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: SUGGESTION_LIMITS.maxIdLength, description: 'The id of a question of an earlier answer' }),
    choice: Type.String({ minLength: 1, maxLength: SUGGESTION_LIMITS.maxIdLength, description: 'The id of one of its candidates' }),
  },
  { $id: 'SuggestionAnswer', additionalProperties: false },
);
export type SuggestionAnswer = Static<typeof SuggestionAnswer>;

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
    answers: Type.Optional(
      Type.Array(ref(SuggestionAnswer), {
        maxItems: SUGGESTION_LIMITS.maxAnswers,
        description:
          'Answers to ambiguous-source questions of an earlier reply for the same examples: each picks one candidate, which the suggestion then uses (an answer wins over what the examples imply)',
      }),
    ),
  },
  { $id: 'SuggestionRequest', additionalProperties: false },
);
export type SuggestionRequest = Static<typeof SuggestionRequest>;

export const SuggestionCandidate = Type.Object(
  {
    id: Type.String({ description: 'Stable id: the same attribute has the same id in every example and every reply' }),
    source: Type.String({
      description: 'Where the value would come from: the input node and predicate (or the IRI), and the path from the node the cell is about',
    }),
    value: Type.String({ description: 'The input value, N-Triples form' }),
    transform: Type.String({ description: 'How the output value is made from it (a function of the input, or "a constant")' }),
  },
  { $id: 'SuggestionCandidate' },
);
export type SuggestionCandidate = Static<typeof SuggestionCandidate>;

export const SuggestionQuestion = Type.Object(
  {
    id: Type.String({ description: 'Stable id of the question, to answer it with {question: id, choice: candidate id}' }),
    kind: Type.Union([Type.Literal('ambiguous-source'), Type.Literal('varying-constant'), Type.Literal('unverified')], {
      description:
        'ambiguous-source: an output value could come from several inputs, or be a constant the examples happen to agree on, or several functions of the input give it (answerable; one more example that separates the candidates removes it); varying-constant: a value differs between examples and no function fits; unverified: the suggestion does not reproduce an example (the message lists the triples still extra or missing)',
    }),
    example: Type.Integer({ minimum: 0, description: '0-based index of the example it is about' }),
    value: Type.String({ description: 'The output value in question, N-Triples form ("" when none)' }),
    triple: Type.String({ description: 'The output triple that holds the value, N-Triples form ("" when none)' }),
    message: Type.String(),
    candidates: Type.Array(ref(SuggestionCandidate), {
      description:
        'Where the value could come from, best first, "a constant" among them when the examples allow it (the values per example for varying-constant)',
    }),
    chosen: Type.String({ description: 'What the suggestion took meanwhile: the id of a candidate, or a description when there is none' }),
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
    expectedPayloads: Type.Array(Type.String(), {
      description: "Per example, the wanted output payload as N-Triples: a suite case's expectedPayload, so that the example becomes a case as it is",
    }),
    remaining: Type.Array(ref(PayloadDiff), {
      description:
        "Per example, what still differs: the payload the suggestion produces from the example's input (before) against the wanted output (after); removed = produced but not wanted, added = wanted but missing; empty lists when reproduced",
    }),
  },
  { $id: 'SuggestionReply' },
);
export type SuggestionReply = Static<typeof SuggestionReply>;
