/**
 * The event-loop tests' probe (issues 29, 30): GET /version every 10 ms while some work is in
 * flight on the server, each answer checked, and the latencies of those sent before it ended.
 */
import { expect } from 'vitest';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Probes `url`'s GET /version until `work` settles; resolves with its value and the latencies (ms). */
export async function versionLatenciesWhile<T>(url: string, work: Promise<T>): Promise<{ value: T; latencies: number[] }> {
  let inFlight = true;
  const tracked = work.finally(() => (inFlight = false));
  const latencies: number[] = [];
  while (inFlight) {
    const started = performance.now();
    const r = await fetch(`${url}/version`);
    expect(r.status).toBe(200);
    await r.text();
    if (inFlight) latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { value: await tracked, latencies };
}
