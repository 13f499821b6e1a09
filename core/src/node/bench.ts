/**
 * In-process throughput measurement behind `mediator bench`. Reports a baseline measured in the
 * same run (the JSON-LD parse + serialise of the same message alone: the floor no translation
 * can beat) so figures are comparable across machines.
 */
import {
  parseMessage,
  parseMessageFast,
  serializeMessage,
  translateMessage,
  type CompiledAlignment,
} from '../common/index.js';

export interface BenchResult {
  readonly messagesPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly floorMessagesPerSecond: number;
  /** Translation throughput as a fraction of the floor (1 = no cost beyond parse + serialise). */
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
}

async function measure(fn: () => Promise<unknown>, seconds: number): Promise<Sample> {
  // Warm-up lets V8 optimise the hot path before anything is counted.
  const warmUntil = performance.now() + Math.min(500, seconds * 250);
  while (performance.now() < warmUntil) await fn();
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let t = start;
  while (t < end) {
    await fn();
    const next = performance.now();
    latencies.push(next - t);
    t = next;
  }
  return { count: latencies.length, elapsedMs: t - start, latencies: Float64Array.from(latencies).sort() };
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

export async function runBench(text: string, alignments: readonly CompiledAlignment[], options: { seconds: number }): Promise<BenchResult> {
  const translation = await measure(() => translateMessage(text, alignments), options.seconds);
  const floor = await measure(async () => {
    const parsed = parseMessageFast(text) ?? (await parseMessage(text));
    return serializeMessage(parsed.quads, parsed.prefixes, { pretty: true });
  }, options.seconds);
  const translated = await translateMessage(text, alignments);
  const output = parseMessageFast(translated.message) ?? (await parseMessage(translated.message));
  const ioFloor = await measure(async () => {
    const parsed = parseMessageFast(text) ?? (await parseMessage(text));
    void parsed;
    return serializeMessage(output.quads, output.prefixes, { pretty: true });
  }, options.seconds);
  const ioFloorMessagesPerSecond = (ioFloor.count / ioFloor.elapsedMs) * 1000;
  const messagesPerSecond = (translation.count / translation.elapsedMs) * 1000;
  const floorMessagesPerSecond = (floor.count / floor.elapsedMs) * 1000;
  return {
    messagesPerSecond: round(messagesPerSecond, 1),
    p50Ms: round(percentile(translation.latencies, 50), 4),
    p99Ms: round(percentile(translation.latencies, 99), 4),
    floorMessagesPerSecond: round(floorMessagesPerSecond, 1),
    ratioToFloor: round(messagesPerSecond / floorMessagesPerSecond, 3),
    ioFloorMessagesPerSecond: round(ioFloorMessagesPerSecond, 1),
    ratioToIoFloor: round(messagesPerSecond / ioFloorMessagesPerSecond, 3),
    messages: translation.count,
    seconds: options.seconds,
  };
}
