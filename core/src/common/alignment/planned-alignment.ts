/**
 * What the alignment layer makes of an alignment: every cell planned and rendered as the
 * reference's SPARQL. The engine's CompiledAlignment (translation/compile-alignment.ts) is this
 * plus each cell's executable, so what reads only plans and SPARQL (the workbench's view, the
 * meaning fingerprint) takes this shape and the alignment folder never imports the engine.
 */
import type { Problem } from '../errors.js';
import type { CellPlan } from './cell-plan.js';
import type { Alignment, AlignmentHeader, Cell } from './model.js';

export interface PlannedCell {
  readonly cell: Cell;
  readonly plan: CellPlan;
  /** The SPARQL 1.1 Update this cell stands for (reference-mediator.md section 3.2). */
  readonly sparql: string;
}

export interface PlannedAlignment {
  readonly header: AlignmentHeader;
  readonly alignment: Alignment;
  readonly cells: ReadonlyMap<string, PlannedCell>;
  /** Cells in step (execution) order; a cell named by several steps appears several times. */
  readonly steps: readonly PlannedCell[];
  /** Warnings (compilation succeeded, so there are no errors). */
  readonly problems: readonly Problem[];
}
