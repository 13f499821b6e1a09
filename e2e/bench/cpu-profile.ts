/**
 * Where a cold path's time goes (issue 42): `--profile <file>` on a UI benchmark records the page's
 * CPU profile (Chrome DevTools Protocol, `Profiler`) around its first (cold) run, writes it as a
 * `.cpuprofile` (open it in Chromium's DevTools, Performance panel) and prints the heaviest
 * functions by self time and the time per script, so a run says what to fix without a viewer.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** The value of `--profile <file>`, if given. */
export function profileOption(): string | undefined {
  const i = process.argv.indexOf('--profile');
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Starts sampling the page's main thread every 100 µs; the returned function stops, writes `file` and prints the summary. */
export async function startProfile(page: Page, file: string): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.detach();
    await writeFile(file, JSON.stringify(profile));
    console.log(`\nCPU profile of the cold run: ${file}`);
    printSummary(profile);
  };
}

const shortUrl = (url: string) => url.replace(/^.*\//, '') || '(native)';

function printSummary(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const perScript = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1);
    // A sample's time is the gap to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (node === undefined) continue;
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${shortUrl(f.url)}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    perScript.set(shortUrl(f.url), (perScript.get(shortUrl(f.url)) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`profiled ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms; self time by script:\n${top(perScript, 8)}`);
  console.log(`heaviest functions (self time):\n${top(self, 25)}`);
}
