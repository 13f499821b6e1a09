export {
  analyzeAlignment,
  compileAlignment,
  type AnalysisResult,
  type CompiledAlignment,
  type CompiledCell,
  type CompileOptions,
} from './compile-alignment.js';
export { TermGraph } from './term-graph.js';
export { evaluateBindChain, type BindStep, type BindChainResult } from './evaluate-binds.js';
export { ExecutableCell, CellExecutionError, DEFAULT_MAX_SOLUTIONS, type CellRunResult } from './executable-cell.js';
export {
  resolveFunction,
  registeredFunctions,
  ExpressionError,
  UNIX_EPOCH_TO_UTC_IRIS,
  jenaDoubleLexical,
  jenaDecimalLexical,
  jenaFloatLexical,
  arithmetic,
} from './functions.js';
export {
  translateMessage,
  translateParsed,
  applyAlignments,
  readMessage,
  traceToTsv,
  type StepTrace,
  type CellFailure,
  type TranslationResult,
  type TranslateOptions,
} from './translate.js';
export { payloadDiff, DEFAULT_DIFF_LIMIT, type PayloadDiffOptions } from './payload-diff.js';
export { payloadGraphs, type PayloadGraphsOptions } from './payload-graph.js';
