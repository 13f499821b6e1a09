/** Cells from examples (issue 30): a deterministic synthesizer of IPSM-AF alignments from message pairs. */
export { suggestAlignment, type Suggestion, type SuggestionExample, type SuggestOptions, type ExampleCheck } from './suggest-alignment.js';
export type { SuggestionQuestion, SuggestionCandidate, SuggestionAnswer, CellDraft } from './model.js';
export { learnTransforms, applyTransform, describeTransform, type Transform, type ValuePair } from './string-programs.js';
export { alignPayloads, type PayloadChanges } from './node-alignment.js';
