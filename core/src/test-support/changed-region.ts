/**
 * The part of `before` an edit changed: what lies between the common prefix and the common suffix,
 * found one character at a time. The plain reference the splicer's tests check edits against, and
 * that `textChange` (which compares in chunks) is checked against.
 */
export function changedRegion(before: string, after: string): { start: number; end: number } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start, end: before.length - tail };
}
