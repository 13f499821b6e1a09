/**
 * The UI benchmarks' cold-path table (issue 27), in the style of bench/run.ts: the first run after
 * the page loaded beside the warm median of the same run, its ratio to it, and the goal with
 * MET/MISSED.
 */
export const COLD_GOAL_MS = 500;

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

/** A second measure of the same runs (the in-page one of click-timer.ts): its cold figure and warm median. */
export interface AlsoMeasured {
  readonly label: string;
  readonly coldMs: number;
  readonly warmMedianMs: number;
}

/** Prints the table; `what` names the measured step (the first column's heading). */
export function printColdTable(what: string, coldMs: number, warmMedianMs: number, warmRuns: number, also?: AlsoMeasured): void {
  const head = [what, 'ms', 'of warm', `goal < ${COLD_GOAL_MS} ms`];
  const pair = (label: string, cold: number, warm: number) => [
    [`cold (first after the page loaded)${label}`, String(cold), `${(cold / warm).toFixed(1)}x`, verdict(cold < COLD_GOAL_MS)],
    [`warm (median of ${warmRuns})${label}`, String(warm), '1.0x', '-'],
  ];
  printTable(head, [...pair('', coldMs, warmMedianMs), ...(also === undefined ? [] : pair(`, ${also.label}`, also.coldMs, also.warmMedianMs))]);
}

/** A table as bench/run.ts prints them (and scripts/bench-report.mjs reads them): the first column left-aligned, the others right. */
export function printTable(head: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (r: readonly string[]) => r.map((x, i) => (i === 0 ? x.padEnd(w[i] ?? 0) : x.padStart(w[i] ?? 0))).join('  ');
  console.log(`\n${fmt(head)}`);
  console.log(w.map((x) => '-'.repeat(x)).join('  '));
  for (const r of rows) console.log(fmt(r));
}
