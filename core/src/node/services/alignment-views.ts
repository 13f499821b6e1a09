/**
 * What the workbench shows of an alignment, built from its compilation: the same functions run in a
 * translation worker (where a stored alignment is compiled, issue 27: the first view of an upload
 * used to compile it a second time on the main thread) and on the event loop without workers.
 */
import type { api, CompileOptions, CompiledAlignment } from '../../common/index.js';
import { alignmentView } from '../../common/alignment/alignment-view.js';
import { ValidationError } from '../../common/errors.js';
import { analyzeRecent, validationMessage } from './alignment-check.js';

/** GET /alignments/{name}/{version}/view of a stored, compiled alignment. */
export function storedView(compiled: CompiledAlignment): api.AlignmentView {
  return alignmentView(compiled.alignment, compiled);
}

/** The cells with their compiled SPARQL, in document order, and the steps (the caller adds name and version). */
export function cellsWithSparql(compiled: CompiledAlignment): Omit<api.CellsWithSparql, 'name' | 'version'> {
  const cells = [...compiled.cells.values()].map((c) => ({
    id: c.cell.id,
    line: c.cell.line,
    column: c.cell.column,
    entity1: c.cell.entity1Source.text,
    entity2: c.cell.entity2Source.text,
    functions: c.cell.functions.map((f) => ({
      line: f.line,
      column: f.column,
      name: f.name,
      params: f.params.map((p) =>
        p.kind === 'variable' ? { ...p } : { kind: p.kind, order: p.order, value: p.value, ...(p.datatype === undefined ? {} : { datatype: p.datatype }) },
      ),
      result: f.result,
    })),
    typings: [...c.cell.typings],
    filters: [...c.cell.filters],
    sparql: c.sparql,
  }));
  const steps = compiled.alignment.steps.map((s) => ({ cellId: s.cellId, order: s.order ?? null, line: s.line }));
  return { cells, steps, warnings: [...compiled.problems] };
}

/**
 * The view of alignment text that is not stored (the workbench editor's): every cell the reader
 * could build, also while other parts have errors (POST /validate lists those). ParseError for XML
 * that is not well-formed, ValidationError when no alignment can be read.
 */
export async function textView(xml: string, options: CompileOptions = {}): Promise<api.AlignmentView> {
  const result = await analyzeRecent(xml, options);
  if (result.parseError !== undefined) throw result.parseError;
  if (result.alignment === undefined) {
    throw new ValidationError(
      validationMessage(
        '',
        '',
        result.problems.filter((p) => p.severity === 'error'),
      ),
      result.problems,
    );
  }
  return alignmentView(result.alignment, result.compiled);
}
