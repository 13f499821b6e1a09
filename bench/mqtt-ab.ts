/**
 * The MQTT channel's inline row, build against build (issue 42, point 5): one Mosquitto, QoS 1 in
 * and out, parallelism 4, the translation on the channel's own thread. The builds take turns in one
 * process (ABBA), each drain filling its source first, and every drain prints its rate, the main
 * thread's CPU per message (from /proc, as the bench's "main thread" column), the process's, and
 * the young and full collections per 1000 messages; then the medians per build (as the bench's: the
 * upper one of an even count).
 *
 *   node bench/dist/mqtt-ab.js core/ab/base/dist core/dist
 *
 * Each argument is a built core (copy another branch's `core/dist` to a folder of its own to
 * compare). AB_TRANSLATION=real (default: the bench's pair, weight.UniversAAL_CO__CO_FIWARE) or
 * fixed (a translation that returns a fixed text, so only the channel's own work counts),
 * AB_ROUNDS (3), AB_MESSAGES (8000), AB_PAR (the channel's parallelism, 4). An argument
 * `dir@{"hold":1024}` gives that build's transport a `readAhead` option. AB_WRITES=1 adds per
 * drain the main thread's system time, the socket writes (and those of PUBACKs alone) and the
 * collector's pause time; AB_MARK=1 prints the drain's window
 * on a --cpu-prof profile's clock; AB_COUNT=0 leaves the translation's CPU count out (under a
 * profiler). A measuring tool: nothing here is part of `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as CoreNode from '@mediator/core/node';
import { fillTopic } from './broker-channel.js';
import { statCpuMs } from './channel-cpu.js';
import { startBenchMosquitto } from './mosquitto-broker.js';
import { median } from './stats.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const ROUNDS = Number(process.env.AB_ROUNDS ?? '3');
const COUNT = Number(process.env.AB_MESSAGES ?? '8000');
const FIXED = process.env.AB_TRANSLATION === 'fixed';

interface Manifest {
  readonly pair: string;
  readonly message: string;
  readonly alignments: readonly string[];
}
const pair = (JSON.parse(readFileSync(join(dataDir, 'golden/manifest.json'), 'utf8')) as Manifest[]).find((m) => m.pair === 'weight.UniversAAL_CO__CO_FIWARE')!;
const text = readFileSync(join(dataDir, pair.message), 'utf8');

let minor = 0;
let major = 0;
let minorMs = 0;
let majorMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { readonly detail?: { readonly kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      minor += 1;
      minorMs += entry.duration;
    } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      major += 1;
      majorMs += entry.duration;
    }
  }
}).observe({ entryTypes: ['gc'] });

/** Socket writes (system calls: a corked batch is one writev) and their bytes, this process's. */
let writes = 0;
let written = 0;
let ackWrites = 0;
if (process.env.AB_WRITES !== undefined) {
  const proto = Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const writev = proto._writev!;
  const write = proto._write!;
  proto._writev = function (this: unknown, chunks: unknown, cb: unknown) {
    writes += 1;
    if ((chunks as Array<{ chunk: Buffer }>).every((c) => c.chunk.length === 4)) ackWrites += 1;
    for (const c of chunks as Array<{ chunk: Buffer }>) written += c.chunk.length;
    return writev.call(this, chunks, cb);
  };
  proto._write = function (this: unknown, chunk: unknown, encoding: unknown, cb: unknown) {
    writes += 1;
    if ((chunk as Buffer).length === 4) ackWrites += 1;
    written += (chunk as Buffer).length;
    return write.call(this, chunk, encoding, cb);
  };
}

/** The main thread's system time so far (ms). */
function mainSys(): number {
  const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[12]) * 10;
}

/** The main thread's minor page faults so far. */
function mainFaults(): number {
  const fields = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[7]);
}

const mainThreadMs = (): number => statCpuMs(`/proc/${process.pid}/task/${process.pid}/stat`);

interface Build {
  readonly dir: string;
  readonly core: typeof CoreNode;
  readonly transport: CoreNode.MqttTransport;
  readonly translate: CoreNode.ChannelTranslate;
  /** A translation's CPU (us) in a loop of its own. */
  readonly alone: () => Promise<number>;
}

let translationUs = 0;
let translations = 0;

interface Drain {
  readonly rate: number;
  readonly mainUs: number;
  readonly processUs: number;
  readonly minorPer1000: number;
  readonly majorPer1000: number;
  /** A translation's CPU inside the channel, and in a loop of its own right after the drain (us). */
  readonly insideUs: number;
  readonly aloneUs: number;
}

async function drain(build: Build, run: string, count: number): Promise<Drain> {
  const source = `ab/${run}/src`;
  const group = `${run}-channel`;
  const prepare = await build.transport.subscribe(source, group, { maxInFlight: 1 }, async () => {
    throw new Error('the A/B prepares the group and consumes nothing');
  });
  await prepare.close();
  await fillTopic(build.transport, source, text, count, 256);
  const runtime = new build.core.ChannelRuntime({
    config: { id: run, source, sink: `ab.${run}.sink`, parallelism: Number(process.env.AB_PAR ?? '4'), consumerGroup: group },
    translate: build.translate,
    transport: build.transport,
    logger: build.core.silentLogger,
  });
  await runtime.start();
  const before = runtime.counters.translated;
  const main = mainThreadMs();
  const cpu = process.cpuUsage();
  minor = 0;
  major = 0;
  minorMs = 0;
  majorMs = 0;
  translationUs = 0;
  translations = 0;
  writes = 0;
  written = 0;
  ackWrites = 0;
  const sys0 = mainSys();
  const faults0 = mainFaults();
  const start = performance.now();
  // The drain's window on the clock of a --cpu-prof profile's samples (microseconds), to cut it out.
  if (process.env.AB_MARK !== undefined) console.log(`MARK begin ${process.hrtime.bigint() / 1000n}`);
  while (runtime.counters.translated < count) await sleep(5);
  const ms = performance.now() - start;
  if (process.env.AB_MARK !== undefined) console.log(`MARK end ${process.hrtime.bigint() / 1000n}`);
  const used = process.cpuUsage(cpu);
  const mainMs = mainThreadMs() - main;
  const n = count - before;
  const insideUs = translationUs / translations;
  if (process.env.AB_WRITES !== undefined)
    console.log(`collector: scavenges ${((minorMs * 1000) / n).toFixed(1)} us/msg, full ${((majorMs * 1000) / n).toFixed(1)} us/msg (wall)`);
  if (process.env.AB_WRITES !== undefined) {
    console.log(
      `main thread system time ${(((mainSys() - sys0) * 1000) / n).toFixed(1)} us/msg, ${((mainFaults() - faults0) / n).toFixed(2)} minor page faults per message`,
    );
  }
  if (process.env.AB_WRITES !== undefined)
    console.log(
      `writes: ${(writes / n).toFixed(3)} per message, ${(written / writes).toFixed(0)} bytes each, ${(ackWrites / n).toFixed(3)} per message of PUBACKs alone`,
    );
  await runtime.stop();
  const aloneUs = await build.alone();
  return {
    insideUs,
    aloneUs,
    rate: (n / ms) * 1000,
    mainUs: (mainMs * 1000) / n,
    processUs: (used.user + used.system) / n,
    minorPer1000: (minor * 1000) / n,
    majorPer1000: (major * 1000) / n,
  };
}

const show = (d: Drain): string =>
  `${d.rate.toFixed(0)} msg/s, main thread ${d.mainUs.toFixed(1)} us/msg, process ${d.processUs.toFixed(1)} us/msg, ` +
  `${d.minorPer1000.toFixed(1)} scavenges and ${d.majorPer1000.toFixed(2)} full collections per 1000 messages, ` +
  `translation ${d.insideUs.toFixed(1)} us inside against ${d.aloneUs.toFixed(1)} us alone`;

/** `dir` or `dir@{json}`: the build, and its transport's `readAhead` option. */
async function load(arg: string, url: string, index: number): Promise<Build> {
  const [dir, readAhead] = arg.includes('@') ? [arg.slice(0, arg.indexOf('@')), JSON.parse(arg.slice(arg.indexOf('@') + 1)) as object] : [arg, undefined];
  const core = (await import(pathToFileURL(join(resolve(repoRoot, dir), 'node/index.js')).href)) as typeof CoreNode;
  const alignments = await Promise.all(pair.alignments.map(async (a) => core.compileAlignment(readFileSync(join(dataDir, a), 'utf8'))));
  const fixed = { message: text, emptyPayload: false, failures: [] };
  const plain: CoreNode.ChannelTranslate = FIXED ? async () => fixed : async (t) => core.translateMessage(t, alignments);
  // The synchronous part of a call is the whole translation: its CPU inside the channel, against
  // the same call in a loop of its own (`alone`), says how much slower it runs among the channel's work.
  const counted: CoreNode.ChannelTranslate = (t) => {
    const before = process.cpuUsage();
    const out = plain(t);
    const used = process.cpuUsage(before);
    translationUs += used.user + used.system;
    translations += 1;
    return out;
  };
  // AB_COUNT=0 leaves the counting out (two system calls per translation), e.g. under a profiler.
  const translate = process.env.AB_COUNT === '0' ? plain : counted;
  const alone = async (): Promise<number> => {
    for (let i = 0; i < 300; i++) await translate(text);
    translationUs = 0;
    translations = 0;
    for (let i = 0; i < 3000; i++) await translate(text);
    return translationUs / translations;
  };
  const transport = new core.MqttTransport({ url, clientIdPrefix: `ab${index}`, logger: core.silentLogger, ...(readAhead === undefined ? {} : { readAhead }) });
  return { dir: arg, core, transport, translate, alone };
}

async function main(): Promise<void> {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['core/dist'];
  const broker = await startBenchMosquitto();
  const builds: Build[] = [];
  try {
    for (const [i, dir] of dirs.entries()) builds.push(await load(dir, broker.url, i));
    const results = new Map<string, Drain[]>(dirs.map((d) => [d, []]));
    for (const b of builds) await drain(b, `w${builds.indexOf(b)}`, 1000);
    for (let round = 0; round < ROUNDS; round++) {
      for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
        const d = await drain(b, `b${builds.indexOf(b)}r${round}`, COUNT);
        results.get(b.dir)!.push(d);
        console.log(`${b.dir}, round ${round}: ${show(d)}`);
      }
    }
    for (const [dir, ds] of results) {
      const m = (f: (d: Drain) => number): number => median(ds.map(f));
      console.log(
        `median ${dir} (${FIXED ? 'fixed' : 'real'} translation): ${show({ rate: m((d) => d.rate), mainUs: m((d) => d.mainUs), processUs: m((d) => d.processUs), minorPer1000: m((d) => d.minorPer1000), majorPer1000: m((d) => d.majorPer1000), insideUs: m((d) => d.insideUs), aloneUs: m((d) => d.aloneUs) })}`,
      );
    }
  } finally {
    for (const b of builds) await b.transport.close();
    await broker.stop();
  }
}

await main();
