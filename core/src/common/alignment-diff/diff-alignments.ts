/**
 * The version diff of two alignments (issue 12, part 2). Cells are matched by id; a cell of the old
 * alignment whose id the new one lacks, and a cell of the new one whose id the old lacks, are a
 * rename when they mean the same (cell-compare.ts), otherwise a removal and an addition. The result
 * is plain data (api/alignment-diff.ts), the same for the CLI and the REST API.
 */
import type { AlignmentDiff, CellChange, CellRename } from '../api/alignment-diff.js';
import type { Alignment, Cell } from '../alignment/model.js';
import { cellSignature, differingParts, type CellInContext } from './cell-compare.js';
import { diffHeaders } from './header-diff.js';
import { diffSteps } from './steps-diff.js';

function inContext(alignment: Alignment): CellInContext[] {
  const prefixes = new Map(alignment.prefixes);
  return alignment.cells.map((cell) => ({ cell, prefixes }));
}

/** Cells by id; a repeated id (an error the reader reports) keeps its first cell, as the engine does. */
function byId(cells: readonly CellInContext[]): Map<string, CellInContext> {
  const m = new Map<string, CellInContext>();
  for (const c of cells) if (!m.has(c.cell.id)) m.set(c.cell.id, c);
  return m;
}

/** Pairs removed and added cells that mean the same, in new document order, each used once. */
function findRenames(removed: readonly CellInContext[], added: readonly CellInContext[]): CellRename[] {
  const candidates = new Map<string, CellInContext[]>();
  for (const c of removed) {
    const signature = cellSignature(c);
    const list = candidates.get(signature) ?? [];
    list.push(c);
    candidates.set(signature, list);
  }
  const renames: CellRename[] = [];
  for (const c of added) {
    const list = candidates.get(cellSignature(c));
    if (list === undefined) continue;
    const at = list.findIndex((old) => differingParts(old, c).length === 0);
    const match = list[at];
    if (match === undefined) continue;
    list.splice(at, 1);
    renames.push({ from: match.cell.id, to: c.cell.id });
  }
  return renames;
}

function ids(cells: readonly Cell[]): string[] {
  return cells.map((c) => c.id);
}

export function diffAlignments(oldAlignment: Alignment, newAlignment: Alignment): AlignmentDiff {
  const oldCells = byId(inContext(oldAlignment));
  const newCells = byId(inContext(newAlignment));
  const changed: CellChange[] = [];
  const addedCandidates: CellInContext[] = [];
  for (const [id, c] of newCells) {
    const before = oldCells.get(id);
    if (before === undefined) {
      addedCandidates.push(c);
      continue;
    }
    const parts = differingParts(before, c);
    if (parts.length > 0) changed.push({ cell: id, parts });
  }
  const removedCandidates = [...oldCells.values()].filter((c) => !newCells.has(c.cell.id));
  const renamed = findRenames(removedCandidates, addedCandidates);
  const renamedFrom = new Map(renamed.map((r) => [r.from, r.to]));
  const renamedTo = new Set(renamed.map((r) => r.to));
  const oldSteps = oldAlignment.steps.map((s) => renamedFrom.get(s.cellId) ?? s.cellId);
  return {
    cells: {
      added: ids(addedCandidates.map((c) => c.cell)).filter((id) => !renamedTo.has(id)),
      removed: ids(removedCandidates.map((c) => c.cell)).filter((id) => !renamedFrom.has(id)),
      changed,
      renamed,
    },
    steps: diffSteps(
      oldSteps,
      newAlignment.steps.map((s) => s.cellId),
    ),
    header: diffHeaders(oldAlignment.header, newAlignment.header),
  };
}

/** True when the diff has nothing to report. */
export function isEmptyDiff(diff: AlignmentDiff): boolean {
  const { cells, steps, header } = diff;
  return (
    cells.added.length === 0 &&
    cells.removed.length === 0 &&
    cells.changed.length === 0 &&
    cells.renamed.length === 0 &&
    steps.added.length === 0 &&
    steps.removed.length === 0 &&
    !steps.reordered &&
    Object.keys(header).length === 0
  );
}
