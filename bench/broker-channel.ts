/**
 * What the broker channel benchmarks (NATS, Kafka, MQTT) share: the figure each row reports, its
 * rounds against the in-process rate, and filling a source topic with a bounded number of publishes
 * awaiting their broker's confirmation.
 */
import type { ChannelRuntime, Transport } from '@mediator/core/node';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from './stats.js';

/** One row of a broker channel table: the channel's rate against the in-process rate around it. */
export interface ChannelRatioFigure {
  readonly parallelism: number;
  readonly messagesPerSecond: number;
  readonly inProcessMessagesPerSecond: number;
  /** Median of the rounds' ratios. */
  readonly ratio: number;
  /** Each round's channel rate over the in-process rate measured right before and after it. */
  readonly roundRatios: readonly number[];
}

/**
 * Publishes `count` copies of `text` to `topic`, with at most `window` publishes awaiting the
 * broker's confirmation at once (so the fill neither floods the client nor waits one by one).
 */
export async function fillTopic(transport: Pick<Transport, 'publish'>, topic: string, text: string, count: number, window = 128): Promise<void> {
  const pending = new Set<Promise<void>>();
  for (let i = 0; i < count; i++) {
    const p = transport.publish(topic, text).finally(() => pending.delete(p));
    pending.add(p);
    if (pending.size >= window) await Promise.race(pending);
  }
  await Promise.all(pending);
}

/**
 * `rounds` rounds of one row: each drains the channel once (`drainRound`, msg/s) between two
 * in-process runs (`inProcess`, msg/s; each run serves the round before and the one after) and
 * divides by their mean; the row reports the medians.
 */
export async function ratioRounds(
  rounds: number,
  inProcess: () => Promise<number>,
  drainRound: (round: number) => Promise<number>,
): Promise<Omit<ChannelRatioFigure, 'parallelism'>> {
  const rates: number[] = [];
  const inProcs: number[] = [];
  const ratios: number[] = [];
  let before = await inProcess();
  for (let round = 0; round < rounds; round++) {
    const rate = await drainRound(round);
    const after = await inProcess();
    const inProc = (before + after) / 2;
    rates.push(rate);
    inProcs.push(inProc);
    ratios.push(rate / inProc);
    before = after;
  }
  return { messagesPerSecond: median(rates), inProcessMessagesPerSecond: median(inProcs), ratio: median(ratios), roundRatios: ratios };
}

/** Polls (every 5 ms, at most 300 s) until the channel has translated `count` messages; `run` names it in the error. */
export async function untilTranslated(runtime: Pick<ChannelRuntime, 'counters'>, count: number, run: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (runtime.counters.translated < count) {
    if (Date.now() > deadline) throw new Error(`channel ${run} did not drain: ${JSON.stringify(runtime.counters)}`);
    await sleep(5);
  }
}
