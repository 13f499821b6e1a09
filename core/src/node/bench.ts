/**
 * In-process throughput measurement behind `mediator bench`. Reports a baseline measured in the
 * same run (the JSON-LD parse + serialise of the same message alone: the floor no translation
 * can beat) so figures are comparable across machines.
 */
import { parseMessage, parseMessageFast, serializeMessage, translateMessage, type CompiledAlignment } from '../common/index.js';

export interface BenchResult {
  readonly messagesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly floorMessagesPerSecond: number;
  /**
   * Translation throughput as a fraction of the floor (1 = no cost beyond parse + serialise): the
   * median of the slices' ratios (the two run in alternating slices), not the ratio of the totals.
   */
  readonly ratioToFloor: number;
  /**
   * The JSON-LD I/O this translation cannot avoid: parse the input and serialise the translated
   * output (outputs are up to 3x larger than inputs, so the literal floor above understates it).
   */
  readonly ioFloorMessagesPerSecond: number;
  readonly ratioToIoFloor: number;
  readonly messages: number;
  readonly seconds: number;
}

interface Sample {
  readonly count: number;
  readonly elapsedMs: number;
  readonly latencies: Float64Array;
  /** Calls per millisecond in each slice, in slice order (the slices of every function interleave). */
  readonly sliceRates: number[];
}

/** Runs `fn` repeatedly for `ms`, appending each call's latency; returns the time spent. */
async function runFor(fn: () => Promise<unknown>, ms: number, latencies: number[]): Promise<number> {
  const start = performance.now();
  const end = start + ms;
  let t = start;
  while (t < end) {
    await fn();
    const next = performance.now();
    latencies.push(next - t);
    t = next;
  }
  return t - start;
}

/**
 * Measures several functions for `seconds` each, interleaved in short slices: this machine's
 * speed drifts by tens of percent within seconds (a shared VM), and measuring one after the other
 * turned that drift into ratios that moved by 2x between runs.
 */
async function measureInterleaved(fns: ReadonlyArray<() => Promise<unknown>>, seconds: number): Promise<Sample[]> {
  // Warm-up lets V8 optimise the hot paths before anything is counted.
  for (const fn of fns) await runFor(fn, Math.min(500, seconds * 250), []);
  const slices = Math.max(1, Math.round(seconds * 10));
  const sliceMs = (seconds * 1000) / slices;
  const latencies = fns.map(() => [] as number[]);
  const elapsed = fns.map(() => 0);
  const rates = fns.map(() => [] as number[]);
  for (let i = 0; i < slices; i++) {
    for (let k = 0; k < fns.length; k++) {
      const before = latencies[k]!.length;
      const ms = await runFor(fns[k]!, sliceMs, latencies[k]!);
      elapsed[k]! += ms;
      rates[k]!.push((latencies[k]!.length - before) / ms);
    }
  }
  return fns.map((_, k) => ({
    count: latencies[k]!.length,
    elapsedMs: elapsed[k]!,
    latencies: Float64Array.from(latencies[k]!).sort(),
    sliceRates: rates[k]!,
  }));
}

/**
 * The ratio of two interleaved functions' speeds: the median over slices of one's rate in a slice
 * over the other's in the same slice. A slice in which the machine took the core away from the
 * process moves one slice's ratio, where it moved the ratio of the totals (issue 42: the engine
 * table's ratios swung by tens of points between runs on a loaded machine).
 */
export function sliceRatio(a: Pick<Sample, 'count' | 'elapsedMs' | 'sliceRates'>, b: Pick<Sample, 'count' | 'elapsedMs' | 'sliceRates'>): number {
  const ratios = a.sliceRates.map((r, i) => r / (b.sliceRates[i] ?? NaN)).filter(Number.isFinite);
  ratios.sort((x, y) => x - y);
  if (ratios.length === 0) return a.count / a.elapsedMs / (b.count / b.elapsedMs);
  const mid = ratios.length >> 1;
  return ratios.length % 2 === 1 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

export async function runBench(text: string, alignments: readonly CompiledAlignment[], options: { seconds: number }): Promise<BenchResult> {
  const translated = await translateMessage(text, alignments);
  const output = parseMessageFast(translated.message) ?? (await parseMessage(translated.message));
  const [translation, floor, ioFloor] = (await measureInterleaved(
    [
      () => translateMessage(text, alignments),
      async () => {
        const parsed = parseMessageFast(text) ?? (await parseMessage(text));
        return serializeMessage(parsed.quads, parsed.prefixes, { pretty: true });
      },
      async () => {
        const parsed = parseMessageFast(text) ?? (await parseMessage(text));
        void parsed;
        return serializeMessage(output.quads, output.prefixes, { pretty: true });
      },
    ],
    options.seconds,
  )) as [Sample, Sample, Sample];
  const ioFloorMessagesPerSecond = (ioFloor.count / ioFloor.elapsedMs) * 1000;
  const messagesPerSecond = (translation.count / translation.elapsedMs) * 1000;
  const floorMessagesPerSecond = (floor.count / floor.elapsedMs) * 1000;
  return {
    messagesPerSecond: round(messagesPerSecond, 1),
    p50Ms: round(percentile(translation.latencies, 50), 4),
    p99Ms: round(percentile(translation.latencies, 99), 4),
    floorMessagesPerSecond: round(floorMessagesPerSecond, 1),
    ratioToFloor: round(sliceRatio(translation, floor), 3),
    ioFloorMessagesPerSecond: round(ioFloorMessagesPerSecond, 1),
    ratioToIoFloor: round(sliceRatio(translation, ioFloor), 3),
    messages: translation.count,
    seconds: options.seconds,
  };
}
