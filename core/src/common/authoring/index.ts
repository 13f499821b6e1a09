/**
 * Core's authoring entry point (`@mediator/core/authoring`, issue 39): the pure helpers the
 * workbench's cell editor runs in the browser, published apart from the engine's entry point so the
 * renderer's bundle takes these and nothing else of core (no XML reader, no SPARQL engine).
 */
export {
  applyCellEdit,
  cellAfterEdit,
  documentPrefixes,
  normalizePattern,
  newAlignmentText,
  readCells,
  type CellConstraintField,
  type CellDraft,
  type CellEdit,
  type CellEntry,
  type CellTextField,
  type ConstraintDraft,
  type FunctionDraft,
  type FunctionParamDraft,
  type NewAlignmentOptions,
} from '../alignment/edit-cells.js';
export { functionSignatures, type FunctionSignature } from '../translation/functions.js';
export { textChange, type TextChange } from '../alignment/text-change.js';
