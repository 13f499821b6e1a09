/**
 * `npm run bench`: runs `mediator bench` (the real CLI, one process per case, so each figure is a
 * single core's) over every golden pair and a 204-cell alignment, and prints a table. Every
 * figure is set against baselines measured in the same run: the JSON-LD parse + serialise floor
 * of the same message, and the naive jsonld.js + oxigraph port. Reference IPSM figures are the
 * ones the engine issue gives for this machine. Nothing here asserts on time.
 *
 * BENCH_SECONDS sets the measuring time per figure (default 2); BENCH_ONLY=engine,http,cold,memory,channels,nats,kafka,mqtt,startup,cli,suites,suggest
 * (comma-separated) runs only the named sections; BENCH_HTTP_ROUNDS the rounds of the HTTP goal's two rows (default 3).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileAlignment } from '@mediator/core';
import { measureNaive } from './naive-baseline.js';
import { repeatCells } from './synthetic-alignment.js';
import { measureServer } from './server-bench.js';
import { inProcess as inProcessTranslation, measureChannels } from './channel-bench.js';
import { measureNatsChannels } from './nats-channel-bench.js';
import { budgetNote, channelHead, cpuCells, mainThreadBound } from './channel-cpu.js';
import { natsServerVersion, startBenchNats } from './nats-servers.js';
import { measureKafkaChannels } from './kafka-channel-bench.js';
import { measureMqttChannels } from './mqtt-channel-bench.js';
import { measureStartup } from './startup-bench.js';
import { measureBatchTranslate, measureCliStartup } from './cli-startup-bench.js';
import { measureCold, measureFleetCold } from './cold-bench.js';
import { measureMemory } from './memory-bench.js';
import { measureSuite, type SuiteCaseSource } from './suite-bench.js';
import { measureSuggestions } from './suggest-bench.js';
import { printTable } from './table.js';
import { median } from './stats.js';
import type { ChannelRatioFigure, TranslationSite } from './broker-channel.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const cli = join(repoRoot, 'core/dist/node/cli.js');
/** What `npm start` and the `mediator` bin run (scripts/bundle-server.mjs). */
const bundledCli = join(repoRoot, 'core/dist/bundle/cli.mjs');
const seconds = Number(process.env.BENCH_SECONDS ?? '2');
/** Rounds of the HTTP goal's two rows (`mediator serve` at its defaults and the bare handler), interleaved. */
const httpRounds = Number(process.env.BENCH_HTTP_ROUNDS ?? '3');
const resultsDir = join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const only = new Set((process.env.BENCH_ONLY ?? 'engine,http,cold,memory,channels,nats,kafka,mqtt,startup,cli,suites,suggest').split(',').map((x) => x.trim()));

interface Case {
  readonly name: string;
  readonly message: string;
  readonly alignments: string[];
  /** Reference IPSM throughput for this kind of case, from the engine issue (messages/s). */
  readonly reference?: number;
}

interface Manifest {
  pair: string;
  message: string;
  alignments: string[];
  outputPayloadTriples: number;
}

const manifest = JSON.parse(readFileSync(join(dataDir, 'golden/manifest.json'), 'utf8')) as Manifest[];
const cases: Case[] = manifest.map((m) => ({
  name: m.pair,
  message: join(dataDir, m.message),
  alignments: m.alignments.map((a) => join(dataDir, a)),
  ...(m.alignments.length === 2 ? { reference: 105 } : m.alignments[0]?.endsWith('CO_FIWARE.rdf') ? { reference: 190 } : {}),
}));
const large = join(resultsDir, 'BodyCloud_CO_x204.rdf');
writeFileSync(large, repeatCells(readFileSync(join(dataDir, 'alignments/BodyCloud_CO.rdf'), 'utf8'), 204));
cases.push({ name: 'bc-questionnaire__204-cell alignment', message: join(dataDir, 'messages/bc-questionnaire.json'), alignments: [large], reference: 11 });

interface CliBench {
  messagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  floorMessagesPerSecond: number;
  ratioToFloor: number;
  ioFloorMessagesPerSecond: number;
  ratioToIoFloor: number;
}

/** The case every channel section drains, with what its measure takes before the count: the message, the compiled chain and its texts. */
async function channelCase() {
  const c = cases.find((x) => x.name === 'weight.UniversAAL_CO__CO_FIWARE')!;
  const compiled = await Promise.all(c.alignments.map(async (a) => compileAlignment(readFileSync(a, 'utf8'))));
  const inputs = [readFileSync(c.message, 'utf8'), compiled, c.alignments.map((a) => readFileSync(a, 'utf8'))] as const;
  return { c, inputs };
}

/** A broker section's figures, or why it could not measure them (its broker missing, say): the sections after it still run. */
async function measuredOrWhy<T>(measure: () => Promise<T>): Promise<T | string> {
  try {
    return await measure();
  } catch (error) {
    return `not measured: ${(error as Error).message}`;
  }
}

/** The cells a broker channel row starts its figures with: translation, parallelism, in-process and channel msg/s, their ratio and each round's. */
function channelFigureCells(f: ChannelRatioFigure & { readonly translation: TranslationSite }): string[] {
  return [
    f.translation === 'inline' ? 'inline' : 'worker thread',
    String(f.parallelism),
    f.inProcessMessagesPerSecond.toFixed(0),
    f.messagesPerSecond.toFixed(0),
    `${(f.ratio * 100).toFixed(0)}%`,
    f.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' '),
  ];
}

/** Issue 27's engine goals: every reference pair at least 100x IPSM; 70 % of the I/O floor on the 11-cell pairs. */
const IPSM_GOAL = 100;
const IO_FLOOR_GOAL = 0.7;
const IO_FLOOR_GOAL_CELLS = 11;

if (only.has('engine')) {
  const rows: string[][] = [];
  const json: unknown[] = [];
  // Pairs whose I/O floor alone is under the IPSM goal in this run (see the note printed below the table).
  const floorBelowGoal: string[] = [];
  for (const c of cases) {
    const args = [cli, 'bench', ...c.alignments.flatMap((a) => ['-a', a]), c.message, '--seconds', String(seconds)];
    const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
    const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as CliBench;
    const compiled = await Promise.all(c.alignments.map(async (a) => compileAlignment(readFileSync(a, 'utf8'))));
    const naive = await measureNaive(readFileSync(c.message, 'utf8'), compiled, seconds);
    const cells = compiled.reduce((n, a) => n + a.steps.length, 0);
    json.push({ case: c.name, cells, ...r, naiveMessagesPerSecond: naive, referenceMessagesPerSecond: c.reference ?? null });
    rows.push([
      c.name,
      String(cells),
      r.messagesPerSecond.toFixed(0),
      r.p50Ms.toFixed(3),
      r.p99Ms.toFixed(3),
      r.floorMessagesPerSecond.toFixed(0),
      `${(r.ratioToFloor * 100).toFixed(0)}%`,
      r.ioFloorMessagesPerSecond.toFixed(0),
      `${(r.ratioToIoFloor * 100).toFixed(0)}%`,
      // Issue 27: at least 70 % of the I/O floor on the 11-cell pairs (the single-alignment CO_FIWARE ones).
      cells === IO_FLOOR_GOAL_CELLS ? (r.ratioToIoFloor >= IO_FLOOR_GOAL ? 'MET' : 'MISSED') : '',
      naive.toFixed(0),
      `${(r.messagesPerSecond / naive).toFixed(1)}x`,
      c.reference === undefined ? '-' : String(c.reference),
      c.reference === undefined ? '-' : `${(r.messagesPerSecond / c.reference).toFixed(0)}x`,
      // Issue 27: every reference pair at least 100x the reference mediator.
      c.reference === undefined ? '' : r.messagesPerSecond / c.reference >= IPSM_GOAL ? 'MET' : 'MISSED',
    ]);
    if (c.reference !== undefined && r.ioFloorMessagesPerSecond / c.reference < IPSM_GOAL) {
      floorBelowGoal.push(`${c.name} ${(r.ioFloorMessagesPerSecond / c.reference).toFixed(0)}x`);
    }
    process.stderr.write(`measured ${c.name}\n`);
  }

  const header = [
    'case',
    'cells',
    'msg/s',
    'p50 ms',
    'p99 ms',
    'floor msg/s',
    'of floor',
    'I/O floor',
    'of I/O floor',
    `goal ${IO_FLOOR_GOAL * 100}%`,
    'naive msg/s',
    'vs naive',
    'IPSM msg/s',
    'vs IPSM',
    `goal ${IPSM_GOAL}x`,
  ];
  console.log(`\nTranslation throughput, one core, ${seconds} s per figure (node ${process.version})`);
  printTable(header, rows);
  console.log(`
  floor: JSON-LD parse + serialise of the same (input) message alone (our codec), measured in the same process.
  I/O floor: parse of the input + serialise of the translated output (the JSON-LD work the translation cannot avoid).
  naive: jsonld.js + oxigraph running each cell's SPARQL text per message, measured in this run.
  IPSM: the reference mediator's figures for this machine quoted by the engine issue (not re-measured).
  Targets: >= 10x IPSM; >= 50% of floor (within 2x). Issue 27's goals: every pair >= ${IPSM_GOAL}x IPSM, and >= ${IO_FLOOR_GOAL * 100}% of the
  I/O floor on the ${IO_FLOOR_GOAL_CELLS}-cell pairs.`);
  console.log(`Measured while nothing else ran? Other load on this 2-core machine lowers every figure; compare ratios, not absolutes.`);
  // The IPSM column is the one figure not measured in this run, so its verdict moves with the host's
  // speed: on a host half as fast (2026-11-29: weight 13,409 msg/s against 30,425 at d80ccee), even
  // the I/O floor fell under 100x, which no translation can beat.
  if (floorBelowGoal.length > 0) {
    console.log(
      `On this host the I/O floor alone (parse and serialise, no translation) is under ${IPSM_GOAL}x IPSM for ${floorBelowGoal.join(', ')}: those "goal ${IPSM_GOAL}x" verdicts read the host's speed against a quoted figure, not the translation's cost.`,
    );
  }
  writeFileSync(join(resultsDir, 'engine.json'), `${JSON.stringify(json, null, 2)}\n`);
}

// ---- HTTP: POST /translation through a real server, next to the in-process figure ------------
if (only.has('http')) {
  const httpCases = cases.filter((c) => c.name === 'weight.UniversAAL_CO__CO_FIWARE' || c.name === 'bloodPressure__UniversAAL_CO__CO_FIWARE');
  const httpRows: string[][] = [];
  const httpJson: unknown[] = [];
  // One server run unmeasured first: the section's first measured server read 8-10 % fewer requests
  // per second than the same build measured right after it (8,151 against 8,924 with BASELINE_CLI
  // naming this build), and the first row is the default one, the row with the goal.
  if (httpCases[0] !== undefined) await measureServer(cli, httpCases[0].alignments, httpCases[0].message, seconds, 'info', []);
  for (const c of httpCases) {
    const text = readFileSync(c.message, 'utf8');
    const compiled = await Promise.all(c.alignments.map(async (a) => compileAlignment(readFileSync(a, 'utf8'))));
    // The in-process figure is measured right before and right after each server figure and
    // averaged: this machine's speed drifts within seconds, so a figure from earlier misleads.
    const inProcessNow = () => inProcessTranslation(text, compiled, 3000);
    // Once unmeasured: the section's first figure (the default row's "before") read 10-25 % below
    // every later one (the engine meeting this case's freshly compiled alignments), which raised
    // that row's ratio against the bare handler's.
    await inProcessNow();
    type Variant = { label: string; level: string; args: string[]; cli?: string };
    const byDefault: Variant = { label: 'info (default)', level: 'info', args: [] };
    const bare: Variant = { label: 'raw', level: 'raw', args: [] };
    const others: Variant[] = [
      // BASELINE_CLI: the cli.js of another build (an older core/dist), its default row beside this build's (A/B in one run).
      ...(process.env.BASELINE_CLI === undefined ? [] : [{ label: 'info (baseline build)', level: 'info', args: [], cli: process.env.BASELINE_CLI }]),
      { label: 'info, 0 workers', level: 'info', args: ['--translation-workers', '0'] },
      // The default's worker count is chosen by this row against the first (issue 42).
      { label: 'info, 2 workers', level: 'info', args: ['--translation-workers', '2'] },
      { label: 'warn', level: 'warn', args: [] },
    ];
    type Measured = { label: string; ratio: number; row: string[] };
    const measure = async ({ label, level, args, cli: variantCli }: Variant, round?: number): Promise<Measured> => {
      const before = await inProcessNow();
      const http = await measureServer(variantCli ?? cli, c.alignments, c.message, seconds, level, args);
      const inProcess = (before + (await inProcessNow())) / 2;
      httpJson.push({ case: c.name, variant: label, ...(round === undefined ? {} : { round }), inProcessMessagesPerSecond: inProcess, ...http });
      process.stderr.write(`measured HTTP ${c.name} (${label}${round === undefined ? '' : `, round ${round + 1}`})\n`);
      const ratio = http.requestsPerSecond / inProcess;
      const row = [
        c.name,
        label,
        inProcess.toFixed(0),
        http.requestsPerSecond.toFixed(0),
        `${(ratio * 100).toFixed(0)}%`,
        http.p50Ms.toFixed(2),
        http.p99Ms.toFixed(2),
        String(http.non2xx + http.errors),
      ];
      return { label, ratio, row };
    };
    // The goal's two rows are measured in interleaved rounds, each pair side by side (in alternating
    // order: the first server of a pair read lower in some runs), and judged by the median of the
    // pairs' quotients: in one round each (45311db) the bare handler's in-process figure fell to
    // 23,356 msg/s against 29,815 beside the default row, and the verdict read 0.72x where the two
    // servers' own requests per second were 0.92x apart.
    const pairs: Array<{ server: Measured; raw: Measured }> = [];
    for (let round = 0; round < httpRounds; round++) {
      const first = round % 2 === 0 ? byDefault : bare;
      const a = await measure(first, round);
      const b = await measure(first === bare ? byDefault : bare, round);
      pairs.push(first === bare ? { server: b, raw: a } : { server: a, raw: b });
    }
    const quotients = pairs.map((p) => p.server.ratio / p.raw.ratio);
    const verdict = median(quotients);
    // Each of the two rows shows its median round.
    const middle = (rows: Measured[]): Measured => [...rows].sort((x, y) => x.ratio - y.ratio)[Math.floor(rows.length / 2)]!;
    const rounds = (rows: Measured[]) => (rows.length > 1 ? ` (${rows.map((m) => `${(m.ratio * 100).toFixed(0)}%`).join(' ')})` : '');
    const serverRows = pairs.map((p) => p.server);
    const rawRows = pairs.map((p) => p.raw);
    const shown = (rows: Measured[]): string[] => {
      const m = middle(rows);
      return [...m.row.slice(0, 4), `${m.row[4]}${rounds(rows)}`, ...m.row.slice(5)];
    };
    httpRows.push([
      ...shown(serverRows),
      `${verdict.toFixed(2)}x ${verdict >= 1 ? 'MET' : 'MISSED'}${quotients.length > 1 ? ` (${quotients.map((q) => q.toFixed(2)).join(' ')})` : ''}`,
    ]);
    for (const v of others) httpRows.push([...(await measure(v)).row, '']);
    httpRows.push([...shown(rawRows), '']);
  }
  const hHeader = ['case', 'server', 'in-process msg/s', 'HTTP req/s', 'HTTP/in-process', 'p50 ms', 'p99 ms', 'errors', 'goal: >= raw'];
  console.log(
    `\nPOST /translation over HTTP keep-alive (autocannon, 8 connections, ${seconds} s) against \`mediator serve\`, with the in-process figure of the same message measured just before and after each`,
  );
  printTable(hHeader, httpRows);
  console.log('Target: HTTP costs at most 30% of in-process throughput (HTTP/in-process >= 70%). "info (default)": `mediator serve` as shipped, logging every');
  console.log('request, translating on one worker thread (the default on a multi-core machine); "0 workers": translating on the event loop;');
  console.log('"2 workers": two worker threads (the default stays one while this row is not above the first on a 2-core machine).');
  console.log('"raw": the same translation on the event loop of a bare node:http handler (no framework, no logging): what HTTP alone costs here,');
  console.log(
    'the load generator sharing the 2 cores. Goal (issue 42): `mediator serve` at its defaults at or above the bare handler of the same run ("goal: >= raw",',
  );
  console.log(
    `the ratio of the two HTTP/in-process figures). Those two rows: the median of ${httpRounds} interleaved rounds (each round's figure in brackets), the verdict the median of the rounds' quotients.`,
  );
  writeFileSync(join(resultsDir, 'http.json'), `${JSON.stringify(httpJson, null, 2)}\n`);
}

// ---- Cold: the first translation after start and after an upload, vs the steady state (issue 27) ----
if (only.has('cold')) {
  const c = cases.find((x) => x.name === 'weight__UniversAAL_CO__CO_FIWARE')!;
  const rounds = Number(process.env.BENCH_COLD_ROUNDS ?? '3');
  const f = await measureCold(bundledCli, c.alignments, c.message, rounds, 50);
  // The same through a fleet of two processes on one nats-server (the issue's 1.3-3.3 s case).
  const nats = await startBenchNats(1);
  const fleet = await measureFleetCold(bundledCli, nats.url, c.alignments, c.message, rounds, 2, 50).finally(() => nats.stop());
  const ratioGoal = 10;
  const clientGoalMs = 50;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  const rows = (
    [
      ['first after start (2 stored alignments)', f.firstAfterStart],
      ['first after upload (fresh server, 2 uploads)', f.firstAfterUploadFresh],
      ['first after upload (warm server, 1 new upload)', f.firstAfterUploadWarm],
    ] as const
  ).map(([label, s]) => [
    label,
    s.serverMs.toFixed(2),
    `${(s.serverMs / f.steady.serverMs).toFixed(1)}x`,
    verdict(s.serverMs <= ratioGoal * f.steady.serverMs),
    s.clientMs.toFixed(1),
    verdict(s.clientMs <= clientGoalMs),
  ]);
  rows.push([`steady state (median of ${f.steadyCount})`, f.steady.serverMs.toFixed(2), '1.0x', '-', f.steady.clientMs.toFixed(1), '-']);
  const s = fleet.firstAfterRestart;
  rows.push([
    `first after restart, fleet of ${fleet.processes} on NATS (slowest)`,
    s.serverMs.toFixed(2),
    `${(s.serverMs / fleet.steady.serverMs).toFixed(1)}x`,
    verdict(s.serverMs <= ratioGoal * fleet.steady.serverMs),
    s.clientMs.toFixed(1),
    verdict(s.clientMs <= clientGoalMs),
  ]);
  rows.push([`fleet steady state (median of ${fleet.steadyCount})`, fleet.steady.serverMs.toFixed(2), '1.0x', '-', fleet.steady.clientMs.toFixed(1), '-']);
  const head = ['POST /translation', 'server ms', 'of steady', `goal ${ratioGoal}x`, 'client ms', `goal ${clientGoalMs} ms`];
  console.log(
    `\nCold: ${c.name} through \`mediator serve\` (the bundle, default workers) on a keep-alive connection, medians of ${f.rounds} rounds; server ms: its Server-Timing total`,
  );
  printTable(head, rows);
  console.log(
    `Goal: each first translation within ${ratioGoal}x the steady state by the server's clock and within ${clientGoalMs} ms at the client. The restarted server answered its first GET /version ${f.startMs.toFixed(0)} ms after spawn.`,
  );
  console.log(
    `The fleet rows: ${fleet.processes} \`mediator serve --store nats --fleet\` processes on one nats-server, the alignments uploaded to one; all restarted together, the first translation sent to each; its steady state is the fleet's.`,
  );
  writeFileSync(join(resultsDir, 'cold.json'), `${JSON.stringify({ case: c.name, ratioGoal, clientGoalMs, ...f, fleet }, null, 2)}\n`);
}

// ---- Memory: the server's RSS idle, with stored alignments and channels, and under load (issue 27) ----
if (only.has('memory')) {
  const c = cases.find((x) => x.name === 'weight__UniversAAL_CO__CO_FIWARE')!;
  const goalMiB = 256;
  const m = await measureMemory(bundledCli, c.alignments, c.message, Math.max(seconds, 5));
  const idle = m.figures[0]!.rssMiB;
  const rows = m.figures.map((f) => [f.state, f.rssMiB.toFixed(0), `${(f.rssMiB / idle).toFixed(2)}x`, f.rssMiB <= goalMiB ? 'MET' : 'MISSED']);
  rows.push(['node -e (a timer, nothing loaded)', m.nodeMiB.toFixed(0), `${(m.nodeMiB / idle).toFixed(2)}x`, '-']);
  const head = ['`mediator serve` (the bundle, default workers)', 'RSS MiB', 'of idle', `goal <= ${goalMiB} MiB`];
  console.log(`\nMemory: the server's resident set (worker threads included), one state after another on one data folder; ${c.name}`);
  printTable(head, rows);
  console.log(
    `Goal: the server stays under ${goalMiB} MiB resident in every state above (set from the first run's figures, issue 27: idle 127, peak 201 MiB).`,
  );
  writeFileSync(join(resultsDir, 'memory.json'), `${JSON.stringify({ case: c.name, goalMiB, ...m }, null, 2)}\n`);
}

// ---- Channels: one channel draining its source, embedded bus and NATS, vs in-process -----------
if (only.has('channels')) {
  const { c, inputs } = await channelCase();
  const count = Number(process.env.BENCH_CHANNEL_MESSAGES ?? '3000');
  const figures = await measureChannels(...inputs, count);
  const rows: string[][] = [['in-process translation', '-', figures.inProcess.toFixed(0), '100%']];
  for (const [p, rate] of Object.entries(figures.embedded))
    rows.push(['channel on the embedded bus', p, rate.toFixed(0), `${((rate / figures.inProcess) * 100).toFixed(0)}%`]);
  for (const [label, byP] of [
    ['server channel, 0 workers (event loop)', figures.server.workers0],
    ['server channel, 1 worker (serve default)', figures.server.workers1],
  ] as const)
    for (const [p, rate] of Object.entries(byP)) rows.push([label, p, rate.toFixed(0), `${((rate / figures.inProcess) * 100).toFixed(0)}%`]);
  const head = ['path', 'parallelism', 'msg/s', 'of in-process'];
  console.log(`\nChannels: ${count} messages of ${c.name} through one channel on the embedded bus, one process (published while the channel`);
  console.log('runs, inside the timed window, medians of 5 rounds interleaved with the in-process figure; NATS: see the next table)');
  printTable(head, rows);
  console.log('Target: a channel on the embedded bus reaches at least 80% of in-process throughput. "server channel": created through POST /channels');
  console.log('on a built server, translating through its TranslationService (issue 29): on the event loop, or on one worker thread in batches.');
  writeFileSync(join(resultsDir, 'channels.json'), `${JSON.stringify({ case: c.name, count, ...figures }, null, 2)}\n`);
}

// ---- Channels on NATS JetStream: one node and a three-node cluster, vs in-process (issue 13) -----
if (only.has('nats')) {
  const { c, inputs } = await channelCase();
  const count = Number(process.env.BENCH_NATS_MESSAGES ?? '5000');
  const figures = await measuredOrWhy(() => measureNatsChannels(...inputs, count));
  console.log(
    `\nChannels on NATS JetStream (nats-server ${natsServerVersion()}): ${count} messages of ${c.name} through one channel in one process; the source filled first, timed`,
  );
  console.log('from the moment the channel runs (its sink stream and consumer made; what it translated before is not counted) until every');
  console.log('output is stored on the sink and every source message acknowledged (nothing reads the sink);');
  console.log('each row the median of its rounds; a round drains the channel between two in-process runs and divides by their mean');
  if (process.env.BENCH_NATS_PIN === 'split') console.log('BENCH_NATS_PIN=split: the servers pinned to the last CPU, this process to the others');
  const cores = availableParallelism();
  if (typeof figures === 'string') console.log(figures);
  else {
    // Issue 27: one node at least 50 % of in-process at parallelism 4 (on a quiet machine), the
    // three-node cluster (R3) at least 35 % at parallelism 4.
    const natsGoal = (nodes: number, parallelism: number) => (parallelism === 4 ? (nodes === 1 ? 0.5 : 0.35) : undefined);
    const rows = figures.map((f) => [
      f.nodes === 1 ? 'one nats-server' : 'three-node cluster (R3)',
      'error' in f ? `not measured: ${f.error}` : f.translation === 'worker' ? 'worker thread' : 'inline',
      'error' in f ? '' : String(f.parallelism),
      ...('error' in f
        ? ['-', '-', '-', '-']
        : [
            f.inProcessMessagesPerSecond.toFixed(0),
            f.messagesPerSecond.toFixed(0),
            `${(f.ratio * 100).toFixed(0)}%`,
            f.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' '),
          ]),
      ...('error' in f
        ? ['']
        : [((goal) => (goal === undefined ? '' : `${goal * 100}% ${f.ratio >= goal ? 'MET' : 'MISSED'}`))(natsGoal(f.nodes, f.parallelism))]),
      ...('error' in f ? ['-', '-', '-', '-'] : cpuCells(f.cpu, cores)),
    ]);
    const head = channelHead('NATS', 'goal', 'nats-servers');
    printTable(head, rows);
    for (const x of figures) {
      const goal = 'error' in x ? undefined : natsGoal(x.nodes, x.parallelism);
      if ('error' in x || goal === undefined) continue;
      const label = `${x.nodes === 1 ? 'One nats-server' : 'The three-node cluster'}, ${x.translation === 'worker' ? 'worker thread' : 'inline'}, parallelism ${x.parallelism}`;
      const note = budgetNote(label, x.cpu, cores, goal, 'the servers');
      if (note !== undefined) console.log(note);
    }
  }
  console.log('CPU us/msg: CPU time per message (user + system, medians of the rounds) of the in-process loop, of this process during a');
  console.log("drain (the channel's translations, its worker thread included, and the NATS client) and of every nats-server process;");
  console.log(`CPU bound: the most a channel can reach when CPU is all that limits it, ${cores} cores x in-process / (mediator + servers).`);
  console.log('Goals (issue 27): at parallelism 4, one node at least 50% of in-process throughput (on a quiet machine), the three-node');
  console.log('cluster (R3) at least 35%. "inline": the channel translates on its own thread; "worker thread": as `mediator serve` runs a');
  console.log("channel, translating on the server's translation worker (its default) while the NATS client runs on the event loop.");
  console.log('The channel, the NATS servers and the in-process figure share the machine: compare ratios, not absolutes.');
  writeFileSync(join(resultsDir, 'nats-channels.json'), `${JSON.stringify({ case: c.name, count, figures }, null, 2)}\n`);
}

// ---- A channel on Kafka: one broker (KRaft), vs in-process (issue 28) ------------------------------
if (only.has('kafka')) {
  const { c, inputs } = await channelCase();
  const count = Number(process.env.BENCH_KAFKA_MESSAGES ?? '5000');
  const goal = 0.5;
  const kafkaCores = availableParallelism();
  const figures = await measuredOrWhy(() => measureKafkaChannels(...inputs, count));
  console.log(`\nA channel on Kafka (one broker, KRaft): ${count} messages of ${c.name}; the source filled first, timed from the`);
  console.log("channel's group join until the broker confirmed every output (acks=-1; nothing reads the sink); each row the median of its rounds;");
  console.log('a round drains the channel between two in-process runs and divides by their mean');
  if (typeof figures === 'string') console.log(figures);
  else {
    const rows = figures.map((f) => [
      f.client,
      ...channelFigureCells(f),
      // Issue 42's goal is for parallelism 4; parallelism 1 is shown for comparison.
      f.parallelism === 4 ? (f.ratio >= goal ? 'MET' : 'MISSED') : '',
      ...cpuCells(f.cpu, kafkaCores),
    ]);
    const head = channelHead('client', `goal ${goal * 100}%`, 'Kafka JVM');
    printTable(head, rows, { labelColumn: false });
    for (const x of figures) {
      if (x.parallelism !== 4) continue;
      const note = budgetNote(`${x.translation === 'worker' ? 'Worker thread' : 'Inline'}, parallelism 4`, x.cpu, kafkaCores, goal, 'the broker');
      if (note !== undefined) console.log(note);
    }
  }
  console.log('CPU us/msg: CPU time per message (user + system, medians of the rounds) of the in-process loop, of this process during a');
  console.log("drain (the channel's translations, its worker thread included, and the Kafka client) and of the broker's JVM (from /proc);");
  console.log(`CPU bound: the most a channel can reach when CPU is all that limits it, ${kafkaCores} cores x in-process / (mediator + broker).`);
  console.log(
    `Goal: at parallelism 4, at least ${goal * 100}% of in-process throughput on one broker. The channel, the broker (a JVM) and the in-process figure`,
  );
  console.log('share the machine: compare ratios, not absolutes. "inline": the channel translates on its own thread; "worker thread": as `mediator serve`');
  console.log("runs a channel, translating on the server's translation worker (its default) while the Kafka client runs on the event loop.");
  writeFileSync(join(resultsDir, 'kafka-channels.json'), `${JSON.stringify({ case: c.name, count, goal, figures }, null, 2)}\n`);
}

// ---- Channels on MQTT: one Mosquitto at QoS 1, and a mixed MQTT -> NATS route, vs in-process (issue 28)
if (only.has('mqtt')) {
  const { c, inputs } = await channelCase();
  const count = Number(process.env.BENCH_MQTT_MESSAGES ?? '5000');
  const goal = 0.6;
  const mqttCores = availableParallelism();
  const figures = await measuredOrWhy(() => measureMqttChannels(...inputs, count));
  console.log(`\nChannels on MQTT (one Mosquitto, QoS 1 in and out, MQTT.js): ${count} messages of ${c.name}; the source queued at the broker first,`);
  console.log('timed from the moment the channel runs (connected, its session resumed; what it translated before is not counted) until the');
  console.log("sink's broker confirmed every output (nothing reads the sink); each row the median");
  console.log('of its rounds; a round drains the channel between two in-process runs and divides by their mean. mqtt->nats: MQTT source, NATS JetStream sink');
  if (typeof figures === 'string') console.log(figures);
  else {
    const rows = figures.map((f) => [
      f.route,
      ...channelFigureCells(f),
      f.route === 'mqtt' && f.parallelism === 4 ? (f.ratio >= goal ? 'MET' : 'MISSED') : '',
      ...cpuCells(f.cpu, mqttCores, true),
    ]);
    const head = channelHead('route', `goal ${goal * 100}%`, 'brokers', true);
    printTable(head, rows, { labelColumn: false });
    for (const x of figures) {
      if (x.route !== 'mqtt' || x.parallelism !== 4) continue;
      const note = budgetNote(`${x.translation === 'worker' ? 'Worker thread' : 'Inline'}, parallelism 4`, x.cpu, mqttCores, goal, 'Mosquitto');
      const main = mainThreadBound(x.cpu);
      if (note !== undefined) console.log(note);
      if (main !== undefined)
        console.log(
          `  Its main thread takes ${x.cpu.mainThreadUs!.toFixed(0)} us per message: alone it allows ${(main * 100).toFixed(0)}% of in-process ` +
            `(${main >= goal ? 'not the bound' : `the goal needs it at ${(x.cpu.inProcessUs / goal).toFixed(0)} us or less`}).`,
        );
    }
  }
  console.log('CPU us/msg: CPU time per message (user + system, medians of the rounds) of the in-process loop, of this process during a');
  console.log("drain (the channel's translations, its worker thread included, and the MQTT clients), of its main thread alone (the MQTT");
  console.log('clients and the channel runtime, and the translations on inline rows; from /proc) and of the brokers (from /proc: Mosquitto, and');
  console.log(`on mqtt->nats the nats-server too); CPU bound: the most a channel can reach when CPU is all that limits it, ${mqttCores} cores x`);
  console.log('in-process / (mediator + brokers). A row whose main thread takes in-process / goal or more is bound by that thread.');
  console.log(
    `Goal: an MQTT channel at parallelism 4 at ${goal * 100}% or more of in-process throughput on one broker. The channel, the brokers and the in-process`,
  );
  console.log('figure share the machine: compare ratios, not absolutes. "inline": the channel translates on its own thread; "worker thread": as');
  console.log("`mediator serve` runs a channel, translating on the server's translation worker (its default) while the MQTT clients run on the event loop.");
  writeFileSync(join(resultsDir, 'mqtt-channels.json'), `${JSON.stringify({ case: c.name, count, goal, figures }, null, 2)}\n`);
}

// ---- Start-up: `mediator serve` to its first answered request, vs `node -e 0` (issues 13, 27, 42) ----
if (only.has('startup')) {
  const s = await measureStartup(
    [
      { label: 'mediator serve (npm start: the bundle)', script: bundledCli },
      { label: 'the same from the compiled modules', script: cli },
    ],
    5,
  );
  console.log(
    `\nStart-up: \`mediator serve --port 0\` on an empty data folder, from spawn to the first 200 of GET /version and to its Ready: line (median of ${s.rounds}; ratio: median of each start over node -e 0 of its round)`,
  );
  // Issue 42: the server listens first, within 1 s and within 4x node -e 0 (npm start's command).
  const startGoalMs = 1000;
  const ratioGoal = 4;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  const rows = [
    ...s.clis.map((c, i) => [
      c.label,
      c.firstAnswerMs.toFixed(0),
      `${c.ratio.toFixed(1)}x`,
      i === 0 ? verdict(c.ratio <= ratioGoal) : '',
      i === 0 ? verdict(c.firstAnswerMs < startGoalMs) : '',
      c.readyMs.toFixed(0),
      c.firstAnswerRuns.map((x) => x.toFixed(0)).join(' '),
    ]),
    ['node -e 0', s.nodeMs.toFixed(0), '1.0x', '', '', '', s.nodeRuns.map((x) => x.toFixed(0)).join(' ')],
  ];
  const head = ['process', 'first answer ms', 'of node -e 0', `goal ${ratioGoal}x`, `goal < ${startGoalMs} ms`, 'ready ms', 'first answer runs ms'];
  printTable(head, rows);
  const served = s.clis[0]!;
  const compiled = s.clis[1]!;
  console.log(
    `Goal (issue 42): the first answered request within ${ratioGoal}x node -e 0 of the same run and within ${startGoalMs} ms on a quiet machine with npm start's command: ${served.firstAnswerMs.toFixed(0)} ms, ` +
      `${served.ratio.toFixed(1)}x, ${((served.firstAnswerMs / compiled.firstAnswerMs) * 100).toFixed(0)}% of the compiled modules' time. It listens first: "ready" is when its workers are warm and`,
  );
  console.log('the stored configuration restored (a translation sent before waits for that, not for a second compile); the cold table measures from there.');
  writeFileSync(join(resultsDir, 'startup.json'), `${JSON.stringify(s, null, 2)}\n`);
}

// ---- CLI: each command from spawn to exit on a small input, vs `node -e 0` (issue 42) ----------
if (only.has('cli')) {
  const c = cases.find((x) => x.name === 'weight__UniversAAL_CO__CO_FIWARE')!;
  const golden = join(dataDir, 'golden', c.name);
  const single = join(dataDir, 'alignments/CO_FIWARE.rdf');
  const goal = 3;
  const s = await measureCliStartup(bundledCli, [
    { label: 'mediator --version', args: ['--version'] },
    { label: 'mediator validate (one 11-cell alignment)', args: ['validate', single] },
    { label: 'mediator translate (one message, one alignment)', args: ['translate', '-a', single, join(dataDir, 'messages/weight.UniversAAL_CO.json')] },
    { label: 'mediator suggest (one example pair)', args: ['suggest', join(golden, 'input.json'), join(golden, 'output.json')] },
  ]);
  const rows = [
    ...s.commands.map((f) => [
      f.label,
      f.ms.toFixed(0),
      `${f.ratio.toFixed(1)}x`,
      f.ratio <= goal ? 'MET' : 'MISSED',
      f.runs.map((x) => x.toFixed(0)).join(' '),
    ]),
    ['node -e 0', s.nodeMs.toFixed(0), '1.0x', '', s.nodeRuns.map((x) => x.toFixed(0)).join(' ')],
  ];
  const head = ['command (the bundle, as the mediator bin runs it)', 'median ms', 'of node -e 0', `goal ${goal}x`, 'runs ms'];
  console.log(
    `\nCommand line: each command from spawn to exit (median of ${s.rounds} interleaved rounds; ratio: median of each run over node -e 0 of its round)`,
  );
  printTable(head, rows);
  console.log(`Goal (issue 42): each command within ${goal}x the time of node -e 0 in the same run.`);
  const batch = await measureBatchTranslate(bundledCli, single, join(dataDir, 'messages/weight.UniversAAL_CO.json'), 20);
  console.log(
    `Many messages: ${batch.messages} messages through one \`mediator translate --out-dir\` call took ${batch.batchMs.toFixed(0)} ms, against ${batch.callsMs.toFixed(0)} ms for one call per message (${(batch.callsMs / batch.batchMs).toFixed(1)}x; medians of ${batch.rounds} interleaved rounds).`,
  );
  writeFileSync(join(resultsDir, 'cli.json'), `${JSON.stringify({ goal, ...s, batch }, null, 2)}\n`);
}

// ---- Suites: a 1,000-case alignment test suite run headless, vs in-process translation (issue 12) ----
if (only.has('suites')) {
  const count = Number(process.env.BENCH_SUITE_CASES ?? '1000');
  const compiledByFile = new Map<string, Awaited<ReturnType<typeof compileAlignment>>>();
  const sources: SuiteCaseSource[] = [];
  for (const m of manifest) {
    const files = m.alignments.map((a) => join(dataDir, a));
    for (const f of files) if (!compiledByFile.has(f)) compiledByFile.set(f, await compileAlignment(readFileSync(f, 'utf8')));
    const alignments = files.map((f) => compiledByFile.get(f)!);
    const titles = new Map(m.alignments.map((a, i) => [a.replace(/^.*\//, '').replace(/\.rdf$/, ''), alignments[i]!.header.name]));
    const steps = readFileSync(join(dataDir, 'golden', m.pair, 'steps.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const [alignment = '', step = '', cellId = '', before = '', after = '', deleted = '', inserted = ''] = l.split('\t');
        const n = Number;
        return {
          alignment: titles.get(alignment) ?? alignment,
          step: n(step),
          cellId,
          triplesBefore: n(before),
          triplesAfter: n(after),
          deleted: n(deleted),
          inserted: n(inserted),
        };
      });
    sources.push({
      name: m.pair,
      message: readFileSync(join(dataDir, m.message), 'utf8'),
      expectedPayload: readFileSync(join(dataDir, 'golden', m.pair, 'output-payload.nt'), 'utf8'),
      expectedSteps: steps,
      alignments,
      files,
    });
  }
  // The bundle, as the `mediator` bin runs it: the whole command's time below is what a user waits for.
  const f = await measureSuite(bundledCli, sources, count);
  // Issue 42: the suite at 80% of in-process, and `mediator test` close to it (held to the same 80% here).
  const suiteGoal = 0.8;
  const met = (ratio: number) => (ratio >= suiteGoal ? 'MET' : 'MISSED');
  const rows = [
    ['in-process translation (translateMessage, no trace)', f.translationsPerSecond.toFixed(0), '100%', ''],
    ['suite run headless (runSuite: trace, graph compare, counts)', f.casesPerSecond.toFixed(0), `${(f.ratio * 100).toFixed(0)}%`, met(f.ratio)],
    ['`mediator test --json` (its report time)', f.cliCasesPerSecond.toFixed(0), `${(f.cliRatio * 100).toFixed(0)}%`, met(f.cliRatio)],
    [
      '`mediator test --watch --json`, a re-run after a save (its report time)',
      f.watch.rerunCasesPerSecond.toFixed(0),
      `${(f.watch.ratio * 100).toFixed(0)}%`,
      met(f.watch.ratio),
    ],
    ['runSuite once in a fresh process (what the command starts from)', f.coldCasesPerSecond.toFixed(0), `${(f.coldRatio * 100).toFixed(0)}%`, ''],
    ['translateMessage once in a fresh process (no trace, no compare)', f.engineColdPerSecond.toFixed(0), `${(f.engineColdRatio * 100).toFixed(0)}%`, ''],
  ];
  const head = ['path', 'per s', 'of in-process', `goal ${suiteGoal * 100}%`];
  console.log(
    `\nAlignment test suite: ${f.cases} cases cycling through the ${sources.length} golden pairs (${f.passed} passed), medians of 9 interleaved rounds (ratio: median of each suite round against its neighbouring engine round)`,
  );
  printTable(head, rows);
  console.log('Target: a suite runs at least 80% as many cases per second as the engine translates the same messages in-process.');
  const ofCold = f.cliCasesPerSecond / f.coldCasesPerSecond;
  console.log(
    `The command and the fresh process: medians of 3 alternated runs; \`mediator test\` at ${(ofCold * 100).toFixed(0)}% of the fresh process's run: ${
      ofCold >= 0.85 ? 'its gap to the warm rows is code V8 has not optimised yet in a new process, not work of its own' : 'the command adds work of its own'
    }.`,
  );
  const ofEngineCold = f.cliCasesPerSecond / f.engineColdPerSecond;
  console.log(
    `The engine itself, once in a fresh process, translates at ${(f.engineColdRatio * 100).toFixed(0)}% of its warm rate, and \`mediator test\` runs its cases at ${(ofEngineCold * 100).toFixed(0)}% of that cold engine rate (a case also traces and compares, but writes no JSON-LD).`,
  );
  const cc = f.coldCompile;
  console.log(
    `In one more fresh run, V8 parsed and compiled ${cc.functions} functions for ${cc.compileMs.toFixed(1)} ms of the run's ${cc.runMs.toFixed(0)} ms (${((cc.compileMs / cc.runMs) * 100).toFixed(0)}%, --log-function-events): all a code cache or start-up snapshot (bytecode only) could take off the run; the rest is code running before V8 optimises it.`,
  );
  console.log(
    `The whole \`mediator test --json\` process (start, reading the folder, compiling the alignments, the run, printing): ${f.cliWallMs.toFixed(0)} ms, median of 3.`,
  );
  console.log(
    `\`mediator test --watch\`: its first run at ${((f.watch.firstCasesPerSecond / f.translationsPerSecond) * 100).toFixed(0)}% of in-process (a fresh process, as above); after each of ${f.watch.changes} saves of an alignment file (${f.watch.passed} passed in the last; its ratio: median of each re-run against the in-process round run right after it), the re-run's report ${f.watch.saveToReportMs.toFixed(0)} ms after the save (median; the whole command without --watch ${f.cliWallMs.toFixed(0)} ms, ${(f.cliWallMs / f.watch.saveToReportMs).toFixed(1)}x): the change noticed, the settle time, the folder read, the file compiled, the run and the report printed.`,
  );
  writeFileSync(join(resultsDir, 'suites.json'), `${JSON.stringify(f, null, 2)}\n`);
}

if (only.has('suggest')) {
  const pairs = manifest
    .filter((m) => m.alignments.length === 1 && m.outputPayloadTriples > 0)
    .map((m) => ({
      name: m.pair,
      input: readFileSync(join(dataDir, 'golden', m.pair, 'input.json'), 'utf8'),
      output: readFileSync(join(dataDir, 'golden', m.pair, 'output.json'), 'utf8'),
      alignment: readFileSync(join(dataDir, m.alignments[0]!), 'utf8'),
    }));
  const figures = await measureSuggestions(pairs);
  const head = ['pair', 'suggest ms', 'translate ms', 'ratio', 'cells', 'real firing', 'fits', 'questions'];
  const rows = figures.map((f) => [
    f.pair,
    f.suggestMs.toFixed(2),
    f.translateMs.toFixed(3),
    `${f.ratio.toFixed(0)}x`,
    String(f.cells),
    String(f.realFiringCells),
    f.reproduced ? 'yes' : 'NO',
    String(f.questions),
  ]);
  console.log(
    '\nCells from examples: suggestion time per single-alignment golden pair (one example), median of 9 rounds, next to translating the same message with the real alignment',
  );
  printTable(head, rows);
  console.log("Target: at most 1 s per pair; cells at most twice the real alignment's firing cells.");
  writeFileSync(join(resultsDir, 'suggest.json'), `${JSON.stringify(figures, null, 2)}\n`);
}
