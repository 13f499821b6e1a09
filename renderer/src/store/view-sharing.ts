import { dequal } from 'dequal/lite';
import type { AlignmentView, ViewCell } from '../api/index.js';

/**
 * `next`, with every cell equal to the previous view's cell of the same IRI replaced by that very
 * object, and the prefixes likewise. The view comes again after each pause in typing, as new JSON:
 * every cell of the list was a new object and drew again, though an edit changes one or two
 * (issue 42: 2,000 cells drawn after each pause in the cell form). Kept objects let the list's
 * memoised rows skip what did not change; compared whole, so a changed line or SPARQL is new.
 */
export function sharingUnchanged(previous: AlignmentView | undefined, next: AlignmentView): AlignmentView {
  if (previous === undefined) return next;
  const before = new Map<string, ViewCell>();
  for (const c of previous.cells) if (!before.has(c.iri)) before.set(c.iri, c);
  const cells = next.cells.map((c) => {
    const old = before.get(c.iri);
    return old !== undefined && dequal(old, c) ? old : c;
  });
  const prefixes = dequal(previous.prefixes, next.prefixes) ? previous.prefixes : next.prefixes;
  return { ...next, prefixes, cells };
}
