/**
 * The one catalogue of problem codes: the stable `code` of every finding of alignment validation
 * and conversion (`Problem.code`, e.g. CELL_TURTLE_SYNTAX). Problems are not errors: they travel
 * inside a ValidationError's `problems` (or an analysis result), and one error carries many. Error
 * codes (NOT_FOUND, INVALID_ALIGNMENT, ...) are the other catalogue, `ErrorCodes` in ./errors.ts;
 * a problem may also carry one of those (a syntax error found while analysing, a cell that fails
 * conversion). Code that emits a problem names its code here, never as a string literal, so this
 * list is complete (checked by code-catalogues.test.ts); the values are wire values, never renamed.
 */
export const ProblemCodes = {
  // Reading an IPSM-AF document: its root, header and steps (read-alignment.ts)
  headerEmpty: 'HEADER_EMPTY',
  headerMissing: 'HEADER_MISSING',
  headerRepeated: 'HEADER_REPEATED',
  legacyFormat: 'LEGACY_FORMAT',
  multipleAlignments: 'MULTIPLE_ALIGNMENTS',
  notRdfXml: 'NOT_RDF_XML',
  noAlignment: 'NO_ALIGNMENT',
  stepsEmpty: 'STEPS_EMPTY',
  stepsMissing: 'STEPS_MISSING',
  stepsUnknownElement: 'STEPS_UNKNOWN_ELEMENT',
  stepOrderDuplicate: 'STEP_ORDER_DUPLICATE',
  stepOrderIgnored: 'STEP_ORDER_IGNORED',
  stepUnknownCell: 'STEP_UNKNOWN_CELL',
  stepWithoutCell: 'STEP_WITHOUT_CELL',

  // Cells: their ids, entities, formats and variables (read-alignment.ts, entity-patterns.ts, cell-plan.ts)
  cellsMissing: 'CELLS_MISSING',
  cellBadVariable: 'CELL_BAD_VARIABLE',
  cellBindInScope: 'CELL_BIND_IN_SCOPE',
  cellDuplicateId: 'CELL_DUPLICATE_ID',
  cellEntityMissing: 'CELL_ENTITY_MISSING',
  cellEntityRepeated: 'CELL_ENTITY_REPEATED',
  cellFormatMismatch: 'CELL_FORMAT_MISMATCH',
  cellFormatUnknown: 'CELL_FORMAT_UNKNOWN',
  cellMissing: 'CELL_MISSING',
  cellNeverUsed: 'CELL_NEVER_USED',
  cellNotAlignCell: 'CELL_NOT_ALIGN_CELL',
  cellPredicateSripasConstant: 'CELL_PREDICATE_SRIPAS_CONSTANT',
  cellRdfxmlSyntax: 'CELL_RDFXML_SYNTAX',
  cellTurtleMissingFinalDot: 'CELL_TURTLE_MISSING_FINAL_DOT',
  cellTurtleSyntax: 'CELL_TURTLE_SYNTAX',
  cellUnboundInsertVariable: 'CELL_UNBOUND_INSERT_VARIABLE',
  cellWithoutId: 'CELL_WITHOUT_ID',
  filterDropped: 'FILTER_DROPPED',
  typingConflict: 'TYPING_CONFLICT',
  typingRepeated: 'TYPING_REPEATED',

  // Functions, parameters and typing constraints of a cell (read-alignment.ts, cell-plan.ts, executable-cell.ts)
  constraintIncomplete: 'CONSTRAINT_INCOMPLETE',
  constraintNotVariable: 'CONSTRAINT_NOT_VARIABLE',
  functionAlwaysFails: 'FUNCTION_ALWAYS_FAILS',
  functionArity: 'FUNCTION_ARITY',
  functionReturnRepeated: 'FUNCTION_RETURN_REPEATED',
  functionUnknown: 'FUNCTION_UNKNOWN',
  functionWithoutName: 'FUNCTION_WITHOUT_NAME',
  functionWithoutReturn: 'FUNCTION_WITHOUT_RETURN',
  paramBadOrder: 'PARAM_BAD_ORDER',
  paramEmpty: 'PARAM_EMPTY',
  paramNotVariable: 'PARAM_NOT_VARIABLE',
  paramUnbound: 'PARAM_UNBOUND',
  paramWithoutOrder: 'PARAM_WITHOUT_ORDER',
  returnNotVariable: 'RETURN_NOT_VARIABLE',

  // Converting a legacy pure-XML alignment (convert-legacy.ts)
  legacyBadCellId: 'LEGACY_BAD_CELL_ID',
  legacyCellWithoutId: 'LEGACY_CELL_WITHOUT_ID',
  legacyDuplicateCellId: 'LEGACY_DUPLICATE_CELL_ID',
  legacyEntityText: 'LEGACY_ENTITY_TEXT',
  legacyMissingElement: 'LEGACY_MISSING_ELEMENT',
  legacyNoCells: 'LEGACY_NO_CELLS',
  legacyNoSteps: 'LEGACY_NO_STEPS',
  legacyOntologyWithoutAbout: 'LEGACY_ONTOLOGY_WITHOUT_ABOUT',
  legacyRepeatedElement: 'LEGACY_REPEATED_ELEMENT',
  legacyStepUnknownCell: 'LEGACY_STEP_UNKNOWN_CELL',
  legacyStepWithoutCell: 'LEGACY_STEP_WITHOUT_CELL',
  legacyUnexpectedElement: 'LEGACY_UNEXPECTED_ELEMENT',
  legacyUnexpectedText: 'LEGACY_UNEXPECTED_TEXT',
  legacyWrongNamespace: 'LEGACY_WRONG_NAMESPACE',
  notLegacyFormat: 'NOT_LEGACY_FORMAT',
} as const;

export type ProblemCode = (typeof ProblemCodes)[keyof typeof ProblemCodes];

/** Every problem code, e.g. for a table test or documentation. */
export const PROBLEM_CODES: readonly ProblemCode[] = Object.values(ProblemCodes);
