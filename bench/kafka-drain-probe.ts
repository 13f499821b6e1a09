/**
 * Where an inline Kafka (or NATS) channel's time goes, build against build (issue 42): drains a
 * channel at parallelism 4 (the bench's message and alignments, translated on the channel's
 * thread) with each build of core given, alternating them in one process on one broker, and prints
 * per drain the rate, this process's CPU per message (user and system), the broker's, the
 * young-generation collections per 1000 messages and their pause per message, and the medians per
 * build.
 *
 *   node bench/dist/kafka-drain-probe.js [core-dist-dir ...]
 *   PROBE_BROKER=nats node bench/dist/kafka-drain-probe.js [core-dist-dir ...]   (one nats-server)
 *
 * Each argument is a built core (`core/dist` by default; a copy of another branch's build
 * compares the two). PROBE_ROUNDS (3), PROBE_COUNT (5000 messages a drain), PROBE_PUBLISH_WINDOW
 * (the channel's, default the runtime's), PROBE_SNAPSHOT (a heap snapshot file, written halfway
 * through the first timed drain). Run under `node --trace-gc-nvp` for promoted and copied
 * bytes (each drain prints `PHASE begin <build>` / `PHASE end` around its window), or
 * `node --cpu-prof` for a profile. A measuring tool: nothing here is part of `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import type * as CoreNode from '@mediator/core/node';
import type * as Core from '@mediator/core';
import { fillTopic } from './broker-channel.js';
import { startBenchKafka } from './kafka-broker.js';
import { startBenchNats } from './nats-servers.js';
import { median } from './stats.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? '3');
const COUNT = Number(process.env.PROBE_COUNT ?? '5000');
const WINDOW = process.env.PROBE_PUBLISH_WINDOW === undefined ? undefined : Number(process.env.PROBE_PUBLISH_WINDOW);
const NATS = process.env.PROBE_BROKER === 'nats';
/** PROBE_SNAPSHOT: a heap snapshot written there halfway through the first timed drain. */
let SNAPSHOT = process.env.PROBE_SNAPSHOT;

/** The broker drained through: its address and its processes' CPU time. */
interface Broker {
  readonly address: string;
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

async function startBroker(): Promise<Broker> {
  if (!NATS) {
    const kafka = await startBenchKafka();
    return { address: kafka.brokers, cpuMs: () => kafka.cpuMs(), stop: () => kafka.stop() };
  }
  const nats = await startBenchNats(1);
  return { address: nats.url, cpuMs: () => nats.cpuMs(), stop: () => nats.stop() };
}

interface Build {
  readonly label: string;
  readonly node: typeof CoreNode;
  readonly transport: CoreNode.KafkaTransport | CoreNode.NatsTransport;
  readonly translate: CoreNode.ChannelTranslate;
}

interface Drain {
  readonly rate: number;
  readonly cpuUs: number;
  readonly sysUs: number;
  readonly brokerUs: number;
  readonly scavengesPer1000: number;
  readonly scavengeUs: number;
}

/** Young and full collections seen since the last `take()`. */
class GcCounts {
  private minor = 0;
  private minorMs = 0;
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as { readonly detail?: { readonly kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
      this.minor += 1;
      this.minorMs += entry.duration;
    }
  });
  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }
  take(): { minor: number; minorMs: number } {
    const out = { minor: this.minor, minorMs: this.minorMs };
    this.minor = 0;
    this.minorMs = 0;
    return out;
  }
  close(): void {
    this.observer.disconnect();
  }
}

async function loadBuild(dir: string, broker: Broker, text: string, xml: readonly string[]): Promise<Build> {
  const base = resolve(repoRoot, dir);
  const node = (await import(pathToFileURL(join(base, 'node/index.js')).href)) as typeof CoreNode;
  const core = (await import(pathToFileURL(join(base, 'index.js')).href)) as typeof Core;
  const alignments = await Promise.all(xml.map(async (x) => core.compileAlignment(x)));
  await node.translateMessage(text, alignments);
  return {
    label: dir,
    node,
    transport: NATS
      ? new node.NatsTransport({ servers: broker.address, logger: node.silentLogger })
      : new node.KafkaTransport({ brokers: broker.address, logger: node.silentLogger }),
    translate: async (t) => node.translateMessage(t, alignments),
  };
}

async function drain(build: Build, broker: Broker, gc: GcCounts, text: string, run: string, count: number): Promise<Drain> {
  const source = `probe.${run}.src`;
  await fillTopic(build.transport, source, text, count);
  const runtime = new build.node.ChannelRuntime({
    config: {
      id: run,
      source,
      sink: `probe.${run}.sink`,
      parallelism: 4,
      consumerGroup: `${run}-g`,
      startFrom: 'earliest',
      ...(WINDOW === undefined ? {} : { publishWindow: WINDOW }),
    },
    translate: build.translate,
    transport: build.transport,
    logger: build.node.silentLogger,
  });
  await build.transport.preparePublish(`probe.${run}.sink`);
  await runtime.start();
  const before = runtime.counters.translated;
  const cpu = process.cpuUsage();
  const jvm = broker.cpuMs() ?? NaN;
  gc.take();
  console.log(`PHASE begin ${build.label}`);
  const start = performance.now();
  let snapshot = count < COUNT ? undefined : SNAPSHOT;
  while (runtime.counters.translated < count) {
    await sleep(5);
    // What is alive mid-drain (a full collection first, so only what survives one).
    if (snapshot !== undefined && runtime.counters.translated > count / 2) {
      writeHeapSnapshot(snapshot);
      snapshot = undefined;
      SNAPSHOT = undefined;
    }
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const jvmMs = (broker.cpuMs() ?? NaN) - jvm;
  console.log('PHASE end');
  const young = gc.take();
  await runtime.stop();
  const n = count - before;
  return {
    rate: (n / ms) * 1000,
    cpuUs: (used.user + used.system) / n,
    sysUs: used.system / n,
    brokerUs: (jvmMs * 1000) / n,
    scavengesPer1000: (young.minor * 1000) / n,
    scavengeUs: (young.minorMs * 1000) / n,
  };
}

const show = (d: Drain): string =>
  `${d.rate.toFixed(0)} msg/s, mediator ${d.cpuUs.toFixed(1)} us/msg (system ${d.sysUs.toFixed(1)}), broker ${d.brokerUs.toFixed(1)} us/msg, ` +
  `${d.scavengesPer1000.toFixed(1)} scavenges per 1000 messages, ${d.scavengeUs.toFixed(1)} us/msg in them`;

async function main(): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dataDir, 'golden/manifest.json'), 'utf8')) as Array<{ pair: string; message: string; alignments: string[] }>;
  const pair = manifest.find((m) => m.pair === 'weight.UniversAAL_CO__CO_FIWARE')!;
  const text = readFileSync(join(dataDir, pair.message), 'utf8');
  const xml = pair.alignments.map((a) => readFileSync(join(dataDir, a), 'utf8'));
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['core/dist'];
  const broker = await startBroker();
  const gc = new GcCounts();
  const builds: Build[] = [];
  try {
    for (const dir of dirs) builds.push(await loadBuild(dir, broker, text, xml));
    for (const [i, b] of builds.entries()) await drain(b, broker, gc, text, `warm${i}`, 1000);
    const drains = new Map<Build, Drain[]>(builds.map((b) => [b, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
        const d = await drain(b, broker, gc, text, `r${round}b${builds.indexOf(b)}t${Date.now() % 1_000_000}`, COUNT);
        drains.get(b)!.push(d);
        console.log(`${b.label}, round ${round}: ${show(d)}`);
      }
    }
    for (const [b, ds] of drains) {
      const med = (pick: (d: Drain) => number): number => median(ds.map(pick));
      console.log(
        `median ${b.label}: ${show({ rate: med((d) => d.rate), cpuUs: med((d) => d.cpuUs), sysUs: med((d) => d.sysUs), brokerUs: med((d) => d.brokerUs), scavengesPer1000: med((d) => d.scavengesPer1000), scavengeUs: med((d) => d.scavengeUs) })}`,
      );
    }
  } finally {
    gc.close();
    for (const b of builds) await b.transport.close();
    await broker.stop();
  }
}

await main();
