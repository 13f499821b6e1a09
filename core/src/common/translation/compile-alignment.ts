/**
 * From alignment text to a compiled alignment: read, validate, plan every cell, render its SPARQL
 * and build its native executable, once. Callers keep the result (the server caches it per
 * alignment) so no message ever pays for parsing or compilation.
 */
import { ErrorCodes, ParseError, ValidationError, type Problem } from '../errors.js';
import { planCell } from '../alignment/cell-plan.js';
import type { Alignment } from '../alignment/model.js';
import type { PlannedAlignment, PlannedCell } from '../alignment/planned-alignment.js';
import { readAlignment, type ReadOptions } from '../alignment/read-alignment.js';
import { renderCellSparql } from '../alignment/render-sparql.js';
import { ExecutableCell, type ExecutableCellOptions } from './executable-cell.js';

/** A planned cell with its native executable, built once. */
export interface CompiledCell extends PlannedCell {
  readonly executable: ExecutableCell;
}

export interface CompiledAlignment extends PlannedAlignment {
  readonly cells: ReadonlyMap<string, CompiledCell>;
  readonly steps: readonly CompiledCell[];
}

export interface AnalysisResult {
  readonly alignment: Alignment | undefined;
  readonly compiled: CompiledAlignment | undefined;
  /** Every problem, errors and warnings, sorted by position. */
  readonly problems: readonly Problem[];
  /** Set when the XML itself could not be read (malformed or hostile). */
  readonly parseError?: ParseError;
}

export interface CompileOptions extends ReadOptions, ExecutableCellOptions {}

function byPosition(a: Problem, b: Problem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/**
 * Reads and compiles without throwing for alignment problems: the validator's view. Malformed or
 * hostile XML becomes a single error problem with its position.
 */
export async function analyzeAlignment(text: string, options: CompileOptions = {}): Promise<AnalysisResult> {
  let read;
  try {
    read = await readAlignment(text, options);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return {
      alignment: undefined,
      compiled: undefined,
      parseError: error,
      problems: [
        {
          code: error.code,
          severity: 'error',
          message: error.message,
          ...(error.line === undefined ? {} : { line: error.line }),
          ...(error.column === undefined ? {} : { column: error.column }),
        },
      ],
    };
  }
  const problems: Problem[] = [...read.problems];
  const alignment = read.alignment;
  if (alignment === undefined) return { alignment, compiled: undefined, problems: problems.sort(byPosition) };
  const prefixMap = new Map(alignment.prefixes);
  const cells = new Map<string, CompiledCell>();
  for (const cell of alignment.cells) {
    const planned = planCell(cell);
    const compiled = ExecutableCell.compile(planned.plan, prefixMap, options);
    const located = compiled.problems.map((p) => ({ ...p, line: p.line ?? cell.line, column: p.column ?? cell.column }));
    problems.push(...planned.problems, ...located);
    cells.set(cell.id, { cell, plan: planned.plan, sparql: renderCellSparql(planned.plan, alignment.prefixes), executable: compiled.cell });
  }
  problems.sort(byPosition);
  if (problems.some((p) => p.severity === 'error')) return { alignment, compiled: undefined, problems };
  const steps = alignment.steps.map((s) => cells.get(s.cellId)).filter((c): c is CompiledCell => c !== undefined);
  return {
    alignment,
    compiled: { header: alignment.header, alignment, cells, steps, problems },
    problems,
  };
}

/** Compiles or throws: ParseError for malformed/hostile XML, ValidationError listing every error. */
export async function compileAlignment(text: string, options: CompileOptions = {}): Promise<CompiledAlignment> {
  const result = await analyzeAlignment(text, options);
  if (result.compiled !== undefined) return result.compiled;
  if (result.parseError !== undefined) throw result.parseError;
  const errors = result.problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  const name = result.alignment === undefined ? 'the alignment' : `alignment ${result.alignment.header.name} ${result.alignment.header.version}`;
  const summary = first === undefined ? 'unknown problem' : `${first.line === undefined ? '' : `line ${first.line}: `}${first.message}`;
  throw new ValidationError(`${name} has ${errors.length} error(s); first: ${summary}`, result.problems, ErrorCodes.invalidAlignment);
}
