/**
 * A channel on NATS JetStream (issue 13): messages per second through one channel at parallelism 1
 * and 4, on one server and on a three-node cluster (streams replicated 3 times), each set against
 * the in-process translation rate of the same message measured right before and after it.
 *
 * The source is filled first; the timed window runs from the moment the channel runs (its sink
 * stream and consumer made; messages translated before are not counted) until the group has
 * nothing pending or unacknowledged and the sink stream holds every output: translation, sink
 * publish confirmed and source ack, the whole of the channel's work. Nothing consumes the sink in
 * this process (a real sink reader is another service), so its cost is not charged to the channel;
 * nor is the cost of watching: the brokers are asked for the backlog only once the channel counted
 * every output confirmed.
 */
import { NatsTransport, silentLogger, type CompiledAlignment } from '@mediator/core/node';
import { inProcess } from './channel-bench.js';
import { pinApart, startBenchNats, type BenchNats } from './nats-servers.js';
import { CpuRounds, type ChannelCpuFigure } from './channel-cpu.js';
import {
  benchChannel,
  fillTopic,
  inlineTranslator,
  measuredOnly,
  ratioRounds,
  serverTranslation,
  type ChannelRatioFigure,
  type DrainRound,
  type TranslationSite,
  type Translator,
} from './broker-channel.js';
import { setTimeout as sleep } from 'node:timers/promises';

export interface NatsChannelFailure {
  readonly nodes: 1 | 3;
  readonly error: string;
}

export interface NatsChannelFigure extends ChannelRatioFigure {
  readonly nodes: 1 | 3;
  /** Where the channel translates: inline on the channel's thread, or as `mediator serve` does, on its translation worker. */
  readonly translation: TranslationSite;
  readonly cpu: ChannelCpuFigure;
}

/** A drain's window: this process's and the servers' CPU from the moment the channel runs. */
interface DrainWatch {
  readonly servers: BenchNats;
  readonly cpu: CpuRounds;
}

/** nats-ab's variants: a step once the sink's stream exists, before the channel runs (a stream setting), and the channel's publish window. */
export interface DrainVariant {
  readonly sinkPrepared?: (sink: string) => Promise<void>;
  readonly publishWindow?: number;
}

export async function drain(
  transport: NatsTransport,
  text: string,
  translator: Translator,
  parallelism: number,
  count: number,
  run: string,
  watch?: DrainWatch,
  variant: DrainVariant = {},
): Promise<number> {
  const source = `bench.${run}.src`;
  const sink = `bench.${run}.sink`;
  const group = `${run}-channel`;
  await fillTopic(transport, source, text, count);
  const runtime = benchChannel(transport, translator, {
    id: run,
    source,
    sink,
    parallelism,
    consumerGroup: group,
    startFrom: 'earliest',
    ...(variant.publishWindow === undefined ? {} : { publishWindow: variant.publishWindow }),
  });
  // A running channel's throughput: the window opens once the channel runs (its sink stream and its
  // consumer made, which on a cluster waits for leader elections: 0.3-1.5 s here, a start-up cost
  // and no part of its rate), and what it translated before that is not counted.
  await transport.preparePublish(sink);
  await variant.sinkPrepared?.(sink);
  await runtime.start();
  const start = performance.now();
  const drained = watch?.cpu.drain(watch.servers);
  const before = runtime.counters.translated;
  const deadline = Date.now() + 300_000;
  // Until the channel says every output is confirmed, its own counter is watched rather than the
  // brokers asked: asking every 10 ms took a tenth of a core from the cluster's servers and event-loop
  // time from the channel (issue 27), a cost no real deployment pays. The acks are then checked
  // with the brokers, so the window still ends when the last source ack is stored.
  while (runtime.counters.translated < count && Date.now() <= deadline) await sleep(10);
  for (;;) {
    // A status request may time out on a busy machine (or during a cluster's leader change): ask again.
    const state = await Promise.all([transport.backlog(source, group), transport.stored(sink)]).catch(() => undefined);
    const [backlog, stored] = state ?? [undefined, 0];
    if (backlog !== undefined && backlog.pending === 0 && backlog.ackPending === 0 && stored >= count) break;
    if (Date.now() > deadline) throw new Error(`channel ${run} did not drain: ${JSON.stringify({ backlog, stored })}`);
    await sleep(10);
  }
  const rate = ((count - before) / (performance.now() - start)) * 1000;
  drained?.(count - before);
  await runtime.stop();
  return rate;
}

/**
 * Rounds per row: this machine's speed drifts by tens of percent within seconds (a shared VM), so
 * one drain next to one in-process run gave ratios from 37 % to 49 % for the same build. Each round
 * measures in-process, drains the channel, and measures in-process again; a row reports the median
 * of its rounds' ratios (and the median rates), as the suite benchmark does.
 */
/**
 * BENCH_NATS_PIN=split: the servers on the last CPU and the mediator on the others (pinApart), as
 * a deployment keeps its brokers off the mediator's cores; unset, they share every core.
 */
const PIN_APART = process.env.BENCH_NATS_PIN === 'split';

// The cluster's rows swung from 9 % to 29 % over 3 rounds on a loaded machine: 5 rounds for both.
const ROUNDS: Record<1 | 3, number> = { 1: Number(process.env.BENCH_NATS_ROUNDS ?? '5'), 3: Number(process.env.BENCH_NATS_ROUNDS ?? '5') };

export async function measureNatsChannels(
  text: string,
  alignments: readonly CompiledAlignment[],
  alignmentXml: readonly string[],
  count: number,
): Promise<Array<NatsChannelFigure | NatsChannelFailure>> {
  const out: Array<NatsChannelFigure | NatsChannelFailure> = [];
  const server = await serverTranslation(alignmentXml);
  const inline = (): Translator => inlineTranslator(alignments);
  const viaWorker = (parallelism: number): Promise<Translator> => server.viaWorker(parallelism);
  try {
    for (const nodes of [1, 3] as const) {
      let servers;
      try {
        servers = await startBenchNats(nodes);
      } catch (error) {
        out.push({ nodes, error: `nats-server did not start: ${(error as Error).message}` });
        continue;
      }
      const transport = new NatsTransport({ servers: servers.url, logger: silentLogger });
      const unpin = PIN_APART ? pinApart(servers.pids) : undefined;
      try {
        // Warm-up: JIT, the connection, stream creation paths, the worker.
        await drain(transport, text, inline(), 4, Math.min(500, count), `warm${nodes}`);
        await drain(transport, text, await viaWorker(4), 4, Math.min(500, count), `warmw${nodes}`);
        for (const translation of ['inline', 'worker'] as const) {
          for (const parallelism of [1, 4]) {
            const translator = translation === 'inline' ? inline() : await viaWorker(parallelism);
            const cpu = new CpuRounds();
            // inProcess translates a warm-up of min(500, count) before its timed count.
            const inProcessMessages = count + Math.min(500, count);
            const name = (round: DrainRound): string => `n${nodes}${translation}p${parallelism}r${round}`;
            const figure = await ratioRounds(
              ROUNDS[nodes],
              () => cpu.timed(cpu.inProcess, inProcessMessages, () => inProcess(text, alignments, count)),
              (round) => drain(transport, text, translator, parallelism, count, name(round), measuredOnly(round, { servers, cpu })),
            );
            out.push({ nodes, translation, parallelism, ...figure, cpu: cpu.figure() });
            process.stderr.write(
              `measured NATS ${nodes} node(s), ${translation}, parallelism ${parallelism}: ratios ${figure.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}\n`,
            );
          }
        }
      } catch (error) {
        out.push({ nodes, error: (error as Error).message });
      } finally {
        unpin?.();
        await transport.close();
        await servers.stop();
      }
    }
  } finally {
    await server.close();
  }
  return out;
}
