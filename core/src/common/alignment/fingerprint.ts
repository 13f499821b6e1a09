/**
 * The meaning of an alignment as a canonical string: what decides 208 (same alignment uploaded
 * again) versus 409 (same name and version, different content). The reference compared the md5
 * of re-serialised XML, so whitespace or attribute order made a 409 (reference-mediator.md 12.19);
 * here only the header and the compiled cells count: the rendered SPARQL of each cell without its
 * PREFIX block, with the triple lines of each block sorted, and the step order.
 */
import type { CellPlan } from './cell-plan.js';
import type { PlannedAlignment } from './planned-alignment.js';
import { renderCellSparql } from './render-sparql.js';

function cellMeaning(sparql: string): string {
  // Keep block structure, sort the triple lines inside each block (their order is irrelevant).
  const out: string[] = [];
  let block: string[] = [];
  for (const line of sparql.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.endsWith(' .') && !trimmed.startsWith('BIND') && !trimmed.startsWith('FILTER')) {
      block.push(trimmed.replace(/\s+/g, ' '));
      continue;
    }
    out.push(...block.sort());
    block = [];
    out.push(trimmed.replace(/\s+/g, ' '));
  }
  out.push(...block.sort());
  return out.join('\n');
}

/** One cell's meaning: its canonical SPARQL, whatever the cell is called (suites match cells by it). */
export function cellMeaningOf(plan: CellPlan): string {
  return cellMeaning(renderCellSparql(plan, []));
}

export function alignmentMeaning(alignment: PlannedAlignment): string {
  const h = alignment.header;
  const cells = [...alignment.cells.values()]
    .map((c) => ({ id: c.cell.id, body: cellMeaningOf(c.plan) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return JSON.stringify({
    name: h.name,
    version: h.version,
    creator: h.creator,
    description: h.description,
    source: h.sourceOntology,
    target: h.targetOntology,
    steps: alignment.alignment.steps.map((s) => s.cellId),
    cells,
  });
}
