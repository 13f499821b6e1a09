import type { AlignmentDiffReply } from '../../api/index.js';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence for the top of the diff view (and screen readers). */
export function diffSummary(result: AlignmentDiffReply): string {
  if (result.identical) return 'No differences: the two alignments mean the same (blank-node labels and layout aside).';
  const { cells, steps, header } = result.diff;
  const parts: string[] = [];
  const headerChanges = Object.keys(header).length;
  if (headerChanges > 0) parts.push(count(headerChanges, 'header change'));
  if (cells.changed.length > 0) parts.push(`${count(cells.changed.length, 'cell')} changed`);
  if (cells.added.length > 0) parts.push(`${count(cells.added.length, 'cell')} added`);
  if (cells.removed.length > 0) parts.push(`${count(cells.removed.length, 'cell')} removed`);
  if (cells.renamed.length > 0) parts.push(`${count(cells.renamed.length, 'cell')} renamed`);
  if (steps.added.length > 0) parts.push(`${count(steps.added.length, 'step')} added`);
  if (steps.removed.length > 0) parts.push(`${count(steps.removed.length, 'step')} removed`);
  if (steps.reordered) parts.push('steps reordered');
  return `${parts.join(', ')}.`;
}
