/**
 * A/B of nats-server builds and stream settings on one channel row (issue 42): the variants take
 * turns within one process, each repeat starting fresh servers for every variant, so a drift of
 * this shared machine's speed falls on all of them alike. Prints, per variant and repeat, the
 * row's ratio to in-process and the CPU per message of the servers and of this process, then the
 * medians over the repeats.
 *
 *   NATS_AB='[{"name":"apt"},{"name":"new","bin":".cache/nats-server/nats-server"}]' node bench/dist/nats-ab.js
 *
 * A variant: `name`, `bin` (nats-server), `env` (of the servers, e.g. {"GOGC":"400"}), `transport`
 * (NatsTransport options, e.g. {"ackWaitMs":10000}), `pin` ("split": the servers on the last CPU,
 * this process on the others, through taskset; the servers' interference with the mediator's own
 * CPU per message, issue 42 point 5), `fastBatch` ({"flow":64,"idleMs":5}: the sink's outputs
 * published as a fast-ingest batch, the prototype of nats-fast-batch.ts; nats-server 2.14 and
 * later), `publishWindow` (the channel's, 256 by default), `core` (a folder holding another build of
 * core's `dist`, e.g. a copy of main's made before a change, inside the repository so it finds the
 * same packages: the variant's NatsTransport comes from it, a build against a build in one
 * process), `turnBudgetMs` (the channel runtime's turn budget). NATS_AB_NODES (3),
 * NATS_AB_PARALLELISM (4), NATS_AB_TRANSLATION (inline | worker | fixed: the message's translation
 * made once and returned at once, so the mediator's CPU is the channel's own: runtime, transport,
 * client), NATS_AB_REPEATS (3), BENCH_NATS_ROUNDS (3),
 * BENCH_NATS_MESSAGES (5000).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileAlignment, translateMessage } from '@mediator/core';
import { DEFAULT_TURN_BUDGET_MS, NatsTransport, natsNames, processTurnBudget, silentLogger, type NatsTransportOptions } from '@mediator/core/node';
import type { NatsConnection, StreamUpdateConfig } from 'nats';
import { inProcess } from './channel-bench.js';
import { inlineTranslator, measuredOnly, ratioRounds, serverTranslation, type Translator } from './broker-channel.js';
import { CpuRounds } from './channel-cpu.js';
import { drain, type DrainVariant } from './nats-channel-bench.js';
import { FastBatchPublisher, fastBatchCounts, type Outbox } from './nats-fast-batch.js';
import { natsServerVersion, pinApart, startBenchNats } from './nats-servers.js';
import { median } from './stats.js';

interface Variant {
  readonly name: string;
  readonly bin?: string;
  readonly env?: Record<string, string>;
  readonly transport?: Partial<NatsTransportOptions>;
  readonly pin?: 'split';
  /** Publish the sink's outputs as a fast-ingest batch (prototype, nats-fast-batch.ts): its flow and idle end. */
  readonly fastBatch?: { readonly flow?: number; readonly idleMs?: number };
  /** The channel's publish window (ChannelRuntimeConfig.publishWindow; 256 by default). */
  readonly publishWindow?: number;
  readonly core?: string;
  /** The channels' turn budget in ms (the runtime's default otherwise). */
  readonly turnBudgetMs?: number;
}

interface Result {
  readonly ratio: number;
  readonly serversUs: number;
  readonly mediatorUs: number;
  /** Inline: a translation's CPU inside the channel (NaN on the worker thread). */
  readonly translationUs: number;
  readonly inProcessUs: number;
}

/**
 * The inline translator with the CPU of each call counted (its synchronous part, which is the
 * whole translation): the same work as the in-process loop's, so the two figures side by side say
 * how much slower the same code runs inside the channel (issue 42, point 5).
 */
function countedTranslator(inner: Translator): { translator: Translator; perCallUs: () => number } {
  let us = 0;
  let calls = 0;
  const translator: Translator = {
    translate: (text) => {
      const before = process.cpuUsage();
      const out = inner.translate(text);
      const used = process.cpuUsage(before);
      us += used.user + used.system;
      calls += 1;
      return out;
    },
  };
  return {
    translator,
    perCallUs: () => {
      const figure = us / calls;
      us = 0;
      calls = 0;
      return figure;
    },
  };
}

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const variants = JSON.parse(process.env.NATS_AB ?? '[{"name":"default"}]') as Variant[];
const nodes = Number(process.env.NATS_AB_NODES ?? '3') === 1 ? 1 : 3;
const parallelism = Number(process.env.NATS_AB_PARALLELISM ?? '4');
const worker = process.env.NATS_AB_TRANSLATION === 'worker';
const fixed = process.env.NATS_AB_TRANSLATION === 'fixed';
const repeats = Number(process.env.NATS_AB_REPEATS ?? '3');
const rounds = Number(process.env.BENCH_NATS_ROUNDS ?? '3');
const count = Number(process.env.BENCH_NATS_MESSAGES ?? '5000');

const message = readFileSync(join(dataDir, 'messages/weight.UniversAAL_CO.json'), 'utf8');
const alignmentXml = [readFileSync(join(dataDir, 'alignments/CO_FIWARE.rdf'), 'utf8')];
const alignments = await Promise.all(alignmentXml.map((x) => compileAlignment(x)));
const server = await serverTranslation(alignmentXml);

/** The NatsTransport of another build of core (`core`: its dist folder, relative to the repository). */
async function transportOf(core: string): Promise<typeof NatsTransport> {
  const url = pathToFileURL(join(resolve(repoRoot, core), 'node/index.js')).href;
  return ((await import(url)) as { NatsTransport: typeof NatsTransport }).NatsTransport;
}

/** The transport's internals the prototype replaces (TypeScript's `private` is not enforced at run time). */
interface TransportInternals {
  asyncPublisher: () => Promise<unknown>;
  connect(): Promise<NatsConnection>;
  publisher: { readonly nc: NatsConnection; close(): void } | undefined;
  readonly outbox: Outbox;
}

/**
 * The prototype variant: the transport's publisher of channel outputs swapped for the fast-batch
 * one, and each sink stream given `allow_batched` before its channel runs. Returns that step.
 */
function useFastBatch(transport: NatsTransport, options: NonNullable<Variant['fastBatch']>): DrainVariant['sinkPrepared'] {
  const t = transport as unknown as TransportInternals;
  t.asyncPublisher = async () => {
    const nc = await t.connect();
    if (t.publisher?.nc !== nc) {
      t.publisher?.close();
      t.publisher = new FastBatchPublisher(nc, t.outbox, 5000, options.flow ?? 64, options.idleMs ?? 5);
    }
    return t.publisher;
  };
  return async (sink) => {
    const jsm = await (await t.connect()).jetstreamManager();
    await jsm.streams.update(natsNames(sink).stream, { allow_batched: true } as Partial<StreamUpdateConfig>);
  };
}

async function measure(v: Variant, repeat: number): Promise<Result> {
  const servers = await startBenchNats(nodes, { ...(v.bin === undefined ? {} : { bin: v.bin }), ...(v.env === undefined ? {} : { env: v.env }) });
  const unpin = v.pin === 'split' ? pinApart(servers.pids) : undefined;
  const Transport = v.core === undefined ? NatsTransport : await transportOf(v.core);
  // The one budget every channel of this process shares (the bench's channels take the default).
  (processTurnBudget as { budgetMs: number }).budgetMs = v.turnBudgetMs ?? DEFAULT_TURN_BUDGET_MS;
  const transport = new Transport({ servers: servers.url, logger: silentLogger, ...v.transport });
  const dv: DrainVariant = {
    ...(v.fastBatch === undefined ? {} : { sinkPrepared: useFastBatch(transport, v.fastBatch) }),
    ...(v.publishWindow === undefined ? {} : { publishWindow: v.publishWindow }),
  };
  try {
    const fixedResult = fixed ? await translateMessage(message, alignments) : undefined;
    const inline: Translator = fixedResult === undefined ? inlineTranslator(alignments) : { translate: () => Promise.resolve(fixedResult) };
    const counted = countedTranslator(inline);
    const translator = worker ? await server.viaWorker(parallelism) : counted.translator;
    await drain(transport, message, translator, parallelism, Math.min(500, count), `ab${repeat}warm`, undefined, dv);
    counted.perCallUs();
    const cpu = new CpuRounds();
    const figure = await ratioRounds(
      rounds,
      () => cpu.timed(cpu.inProcess, count + Math.min(500, count), () => inProcess(message, alignments, count)),
      (round) =>
        drain(transport, message, translator, parallelism, count, `ab${repeat}r${round}`, measuredOnly(round, { servers, cpu }), dv).then((rate) => {
          // The translation's CPU per call counts the measured rounds only.
          if (round === 'warm') counted.perCallUs();
          return rate;
        }),
    );
    const f = cpu.figure();
    const translationUs = worker ? NaN : counted.perCallUs();
    return { ratio: figure.ratio, serversUs: f.serversUs ?? NaN, mediatorUs: f.mediatorUs, translationUs, inProcessUs: f.inProcessUs };
  } finally {
    unpin?.();
    await transport.close();
    await servers.stop();
  }
}

const results = new Map<string, Result[]>(variants.map((v) => [v.name, []]));
const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
/** The translation's CPU inside the channel: measured on this thread only (not on the worker's). */
const insideChannel = (us: number): string => (Number.isNaN(us) ? 'not measured (on the worker thread)' : `${us.toFixed(0)} us/msg`);
try {
  for (const v of variants)
    console.log(
      `${v.name}: ${natsServerVersion(v.bin)} ${JSON.stringify({ env: v.env, transport: v.transport, pin: v.pin, fastBatch: v.fastBatch, publishWindow: v.publishWindow, core: v.core, turnBudgetMs: v.turnBudgetMs })}`,
    );
  console.log(
    `${nodes} node(s), ${worker ? 'worker thread' : fixed ? 'a fixed translation' : 'inline'}, parallelism ${parallelism}, ${count} messages, ${rounds} rounds x ${repeats} repeats`,
  );
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const v of variants) {
      const r = await measure(v, repeat);
      results.get(v.name)!.push(r);
      console.log(
        `repeat ${repeat + 1} ${v.name}: ratio ${pct(r.ratio)}, servers ${r.serversUs.toFixed(0)} us/msg, mediator ${r.mediatorUs.toFixed(0)} us/msg, ` +
          `translation in the channel ${insideChannel(r.translationUs)} (in-process loop ${r.inProcessUs.toFixed(0)})` +
          (v.fastBatch === undefined ? '' : `; fast batches so far ${JSON.stringify(fastBatchCounts)}`),
      );
    }
  }
  console.log('medians over the repeats:');
  for (const v of variants) {
    const rs = results.get(v.name)!;
    console.log(
      `${v.name}: ratio ${pct(median(rs.map((r) => r.ratio)))}, servers ${median(rs.map((r) => r.serversUs)).toFixed(0)} us/msg, mediator ${median(rs.map((r) => r.mediatorUs)).toFixed(0)} us/msg, ` +
        `translation in the channel ${insideChannel(median(rs.map((r) => r.translationUs)))} (in-process loop ${median(rs.map((r) => r.inProcessUs)).toFixed(0)})`,
    );
  }
} finally {
  await server.close();
}
