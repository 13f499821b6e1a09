/**
 * Each changed, added and removed cell as a short text on both sides, for the workbench's
 * side-by-side diff (one Monaco diff editor per cell). Built from the alignment view, so a cell
 * reads as the workbench shows it elsewhere: patterns as their author wrote them (RDF/XML cells as
 * Turtle), functions, typings and filters as SPARQL-like lines.
 */
import type { AlignmentDiff, CellTexts } from '../api/alignment-diff.js';
import type { ViewCell } from '../api/alignment-view.js';
import { alignmentView } from '../alignment/alignment-view.js';
import type { Alignment } from '../alignment/model.js';

export function cellText(cell: ViewCell): string {
  const lines: string[] = [`# cell ${cell.id}`, `relation: ${cell.relation ?? ''}`];
  if (cell.measure !== null) lines.push(`measure: ${cell.measure}`);
  const section = (title: string, body: readonly string[]): void => {
    lines.push('', `# ${title}`, ...body);
  };
  section('entity1', cell.entity1.turtle === '' ? [] : cell.entity1.turtle.split('\n'));
  section('entity2', cell.entity2.turtle === '' ? [] : cell.entity2.turtle.split('\n'));
  if (cell.functions.length > 0)
    section(
      'functions',
      cell.functions.map((f) => f.display),
    );
  if (cell.typings.length > 0)
    section(
      'typings',
      cell.typings.map((t) => t.display),
    );
  if (cell.filters.length > 0)
    section(
      'filters',
      cell.filters.map((f) => f.display),
    );
  return `${lines.join('\n')}\n`;
}

function textsById(alignment: Alignment): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of alignmentView(alignment).cells) if (!m.has(c.id)) m.set(c.id, cellText(c));
  return m;
}

/** Texts for the diff's changed cells (first), then added, then removed ones. */
export function diffCellTexts(oldAlignment: Alignment, newAlignment: Alignment, diff: AlignmentDiff): CellTexts[] {
  const before = textsById(oldAlignment);
  const after = textsById(newAlignment);
  return [
    ...diff.cells.changed.map((c): CellTexts => ({ kind: 'changed', cell: c.cell, old: before.get(c.cell) ?? '', new: after.get(c.cell) ?? '' })),
    ...diff.cells.added.map((id): CellTexts => ({ kind: 'added', cell: id, old: '', new: after.get(id) ?? '' })),
    ...diff.cells.removed.map((id): CellTexts => ({ kind: 'removed', cell: id, old: before.get(id) ?? '', new: '' })),
  ];
}
