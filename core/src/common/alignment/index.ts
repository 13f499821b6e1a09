export * from './model.js';
export { readAlignment, readAlignmentDocument, cellIdFromIri, sripasLocal, resolveAgainstSripas } from './read-alignment.js';
export { planCell, type CellPlan, type TriplePattern, type PatternTerm, type Expression, type Bind, type Filter } from './cell-plan.js';
export { renderCellSparql, renderExpression, renderPrefixes } from './render-sparql.js';
export {
  analyzeAlignment,
  compileAlignment,
  type AnalysisResult,
  type CompiledAlignment,
  type CompiledCell,
  type CompileOptions,
} from './compile-alignment.js';
export { alignmentMeaning } from './fingerprint.js';
export { convertLegacyAlignment } from './convert-legacy.js';
export { convertCellsToTurtle, convertCellsToRdfXml } from './convert-cells.js';
export { alignmentView } from './alignment-view.js';
export { assertAlignmentNameLength, MAX_ALIGNMENT_NAME_LENGTH, MAX_ENCODED_NAME_LENGTH } from './name-limits.js';
