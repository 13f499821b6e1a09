/**
 * The difference between two step lists (reference-mediator.md 1.5: steps run their cells in
 * document order, and a cell may be run by more than one step). Step lists are compared as
 * sequences of cell ids: what runs more or less often, and whether what both run runs in another
 * order. Renamed cells are mapped to their new id first, so a rename alone changes no step.
 */
import type { StepsDiff } from '../api/alignment-diff.js';

/** Indexes in `a` and in `b` of a longest common subsequence (step lists are short: O(n*m) is fine). */
function longestCommon(a: readonly string[], b: readonly string[]): { inA: Set<number>; inB: Set<number> } {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const row = table[i] as number[];
    const below = table[i + 1] as number[];
    for (let j = m - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const inA = new Set<number>();
  const inB = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      inA.add(i++);
      inB.add(j++);
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) {
      i++;
    } else {
      j++;
    }
  }
  return { inA, inB };
}

/**
 * `oldIds` already mapped through the renames (old id to new id). What is outside a longest common
 * subsequence of the two lists changed: an id left over on both sides moved, one left over only in
 * the new list was added, only in the old list removed.
 */
export function diffSteps(oldIds: readonly string[], newIds: readonly string[]): StepsDiff {
  const { inA, inB } = longestCommon(oldIds, newIds);
  const leftOld = new Map<string, number>();
  oldIds.forEach((id, i) => {
    if (!inA.has(i)) leftOld.set(id, (leftOld.get(id) ?? 0) + 1);
  });
  const added: string[] = [];
  const moved: string[] = [];
  newIds.forEach((id, j) => {
    if (inB.has(j)) return;
    const left = leftOld.get(id) ?? 0;
    if (left > 0) {
      leftOld.set(id, left - 1);
      moved.push(id);
    } else {
      added.push(id);
    }
  });
  // What is still left of the old list was not matched by a move: removed, in old step order.
  const removed: string[] = [];
  oldIds.forEach((id, i) => {
    if (inA.has(i)) return;
    const left = leftOld.get(id) ?? 0;
    if (left > 0) {
      leftOld.set(id, left - 1);
      removed.push(id);
    }
  });
  return { added, removed, reordered: moved.length > 0, moved };
}
