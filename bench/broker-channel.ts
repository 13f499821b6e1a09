/**
 * What the broker channel benchmarks (NATS, Kafka, MQTT) share: the figure each row reports, its
 * rounds against the in-process rate, and filling a source topic with a bounded number of publishes
 * awaiting their broker's confirmation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  buildServer,
  ChannelRuntime,
  silentLogger,
  translateMessage,
  type ChannelRuntimeConfig,
  type ChannelTranslate,
  type CompiledAlignment,
  type Transport,
} from '@mediator/core/node';
import type { BrokerCpu, CpuRounds } from './channel-cpu.js';
import { median } from './stats.js';

/** How a drained channel translates: a function and the number of messages it may have in translation. */
export interface Translator {
  readonly translate: ChannelTranslate;
  readonly window?: number;
}

/** Where a row's channel translates: on its own thread, or as `mediator serve` does, on its translation worker. */
export type TranslationSite = 'inline' | 'worker';

/** The channel translates on its own thread (the event loop its broker client runs on). */
export function inlineTranslator(alignments: readonly CompiledAlignment[]): Translator {
  return { translate: async (t) => translateMessage(t, alignments) };
}

export interface ServerTranslation {
  /** A channel's translator through the server's worker, as `mediator serve` gives its channels. */
  viaWorker(parallelism: number): Promise<Translator>;
  close(): Promise<void>;
}

/**
 * `mediator serve`'s translation service (one worker thread, its default on a multi-core machine)
 * with the alignments stored: the channels of the "worker" rows translate through it, as a
 * server's channels do, while the broker client runs on this thread.
 */
export async function serverTranslation(alignmentXml: readonly string[]): Promise<ServerTranslation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-bench-channel-'));
  const logStream = new Writable({ write: (_c, _e, done) => done() });
  const server = await buildServer({ dataDir, translationWorkers: 1, logStream, logLevel: 'warn' });
  const close = async (): Promise<void> => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const ids: Array<{ name: string; version: string }> = [];
    for (const xml of alignmentXml) {
      const r = await server.app.inject({ method: 'POST', url: '/alignments', payload: xml, headers: { 'content-type': 'application/xml' } });
      if (r.statusCode !== 201) throw new Error(`alignment not stored: ${r.body}`);
      ids.push({ name: /<dcelem:title>([^<]*)</.exec(xml)![1]!, version: /<exmo:version>([^<]*)</.exec(xml)![1]! });
    }
    return { viaWorker: async (parallelism) => server.translation.forChannel(ids, parallelism), close };
  } catch (error) {
    await close();
    throw error;
  }
}

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
 * Rounds of a Kafka or MQTT channel row, as the NATS rows: a row's rounds spread by 10-20 points
 * within one run (the MQTT worker row's 48/61/53 %, Kafka inline's 38/48/38 %), so a median of
 * three moved with one round.
 */
export const CHANNEL_ROUNDS = 5;

/** A row's drain: a measured round (0, 1, ...) or the unmeasured one before them. */
export type DrainRound = number | 'warm';

/** What a drain round records its CPU into: `watch`, or nothing for the unmeasured round. */
export function measuredOnly<W>(round: DrainRound, watch: W): W | undefined {
  return round === 'warm' ? undefined : watch;
}

/**
 * `rounds` rounds of one row: each drains the channel once (`drainRound`, msg/s) between two
 * in-process runs (`inProcess`, msg/s; each run serves the round before and the one after) and
 * divides by their mean; the row reports the medians. One unmeasured drain of the row's own
 * configuration goes first: the in-process loop it is divided by runs on code the bench process
 * has long optimised, while a row's own path (its translator, its parallelism, the worker thread's
 * isolate, which only the worker rows run) was still being compiled in its first round: the MQTT
 * worker row's three rounds read 39/50/69 %, 42/52/69 %, 39/43/53 % in whole runs, rising each time.
 */
export async function ratioRounds(
  rounds: number,
  inProcess: () => Promise<number>,
  drainRound: (round: DrainRound) => Promise<number>,
): Promise<Omit<ChannelRatioFigure, 'parallelism'>> {
  const rates: number[] = [];
  const inProcs: number[] = [];
  const ratios: number[] = [];
  await drainRound('warm');
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
async function untilTranslated(runtime: Pick<ChannelRuntime, 'counters'>, count: number, run: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (runtime.counters.translated < count) {
    if (Date.now() > deadline) throw new Error(`channel ${run} did not drain: ${JSON.stringify(runtime.counters)}`);
    await sleep(5);
  }
}

/** A drained channel: `config` on `transport`, translating with `translator` (its window when it has one), logging nothing. */
export function benchChannel(transport: Transport, translator: Translator, config: ChannelRuntimeConfig): ChannelRuntime {
  return new ChannelRuntime({
    config,
    translate: translator.translate,
    ...(translator.window === undefined ? {} : { translationWindow: translator.window }),
    transport,
    logger: silentLogger,
  });
}

/**
 * Starts the channel and times it from the moment it runs until it translated `count` messages,
 * then stops it: msg/s. What it translated before the window opened is not counted (the start's
 * one-time costs, such as a group join or a session resumed, are no part of its rate). With
 * `watch`, the window's CPU per message (this process's and the brokers') goes to its rounds.
 */
export async function timedUntilTranslated(
  runtime: ChannelRuntime,
  count: number,
  run: string,
  watch?: { readonly cpu: CpuRounds; readonly brokers: BrokerCpu },
): Promise<number> {
  await runtime.start();
  const start = performance.now();
  const drained = watch?.cpu.drain(watch.brokers);
  const before = runtime.counters.translated;
  await untilTranslated(runtime, count, run);
  const rate = ((count - before) / (performance.now() - start)) * 1000;
  drained?.(count - before);
  await runtime.stop();
  return rate;
}
