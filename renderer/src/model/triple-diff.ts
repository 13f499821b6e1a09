/**
 * Payload diff: which triples a translation removed and which it added. Blank-node labels are not
 * stable across a translation (the reference relabels them), so triples are compared with every
 * blank node replaced by `[]`, as a multiset: `_:a ex:p "1"` before and `_:b ex:p "1"` after count
 * as the same triple. Cheap, deterministic and good enough to read a translation; not graph
 * isomorphism.
 */
import type { Triple } from './jsonld-payload.js';

export interface TripleDiff {
  readonly before: number;
  readonly after: number;
  readonly removed: readonly string[];
  readonly added: readonly string[];
  readonly unchanged: number;
}

const BLANK = '[]';

export function tripleShape(t: Triple): string {
  const term = (s: string) => (s.startsWith('_:') ? BLANK : s);
  return `${term(t.subject)} ${t.predicate} ${term(t.object)} .`;
}

function counts(triples: readonly Triple[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of triples) {
    const k = tripleShape(t);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

export function diffTriples(before: readonly Triple[], after: readonly Triple[]): TripleDiff {
  const a = counts(before);
  const b = counts(after);
  const removed: string[] = [];
  const added: string[] = [];
  let unchanged = 0;
  for (const [k, n] of a) {
    const m = b.get(k) ?? 0;
    unchanged += Math.min(n, m);
    for (let i = m; i < n; i++) removed.push(k);
  }
  for (const [k, m] of b) {
    const n = a.get(k) ?? 0;
    for (let i = n; i < m; i++) added.push(k);
  }
  removed.sort();
  added.sort();
  return { before: before.length, after: after.length, removed, added, unchanged };
}
