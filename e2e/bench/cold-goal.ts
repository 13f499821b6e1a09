/**
 * The UI benchmarks' cold-path table (issue 27), in the style of bench/run.ts: the first run after
 * the page loaded beside the warm median of the same run, its ratio to it, and the goal with
 * MET/MISSED.
 */
export const COLD_GOAL_MS = 500;

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

/** Prints the table; `what` names the measured step (the first column's heading). */
export function printColdTable(what: string, coldMs: number, warmMedianMs: number, warmRuns: number): void {
  const head = [what, 'ms', 'of warm', `goal < ${COLD_GOAL_MS} ms`];
  const rows = [
    ['cold (first after the page loaded)', String(coldMs), `${(coldMs / warmMedianMs).toFixed(1)}x`, verdict(coldMs < COLD_GOAL_MS)],
    [`warm (median of ${warmRuns})`, String(warmMedianMs), '1.0x', '-'],
  ];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: readonly string[]) => r.map((x, i) => (i === 0 ? x.padEnd(w[i] ?? 0) : x.padStart(w[i] ?? 0))).join('  ');
  console.log(`\n${fmt(head)}`);
  console.log(w.map((x) => '-'.repeat(x)).join('  '));
  for (const r of rows) console.log(fmt(r));
}
