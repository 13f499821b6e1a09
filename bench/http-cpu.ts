/**
 * CPU per request of POST /translation, read per thread from /proc (Linux), for `mediator serve`
 * and the bare node:http handler (issue 42, point 2). On a loaded 2-core machine throughput swings
 * by several times between runs; the CPU a server spends per request moves far less, and split by
 * thread it says where the time goes: the event loop (HTTP, Fastify, logging, the worker hop),
 * the translation worker, and the rest (V8's GC and compiler threads, libuv).
 *
 *   node bench/dist/http-cpu.js [rounds] [seconds] [connections]   (after npm run build; defaults 3, 3 and 8)
 *   BASELINE_CLI=/path/to/old/core/dist/node/cli.js node bench/dist/http-cpu.js   (an older build beside this one)
 *
 * Variants run interleaved, round after round; the table gives each one's medians. The weight
 * message (the small one, where the fixed per-request costs show most) through CO_FIWARE.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { statCpuMs } from './channel-cpu.js';
import { median } from './stats.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const cli = join(repoRoot, 'core/dist/node/cli.js');
const alignmentFile = join(dataDir, 'alignments/CO_FIWARE.rdf');
const messageFile = join(dataDir, 'messages/weight.UniversAAL_CO.json');

interface Variant {
  readonly label: string;
  /** Server command line after `node`, given a fresh data folder. */
  readonly args: (data: string) => string[];
  /** The bare handler: the alignment is on its command line (the others get it uploaded). */
  readonly raw: boolean;
}

/** BASELINE_CLI: the cli.js of another build (a copy of an older core/dist), measured beside this one. */
const baseline = process.env.BASELINE_CLI;
const VARIANTS: readonly Variant[] = [
  ...(baseline === undefined ? [] : [{ label: 'info (baseline build)', raw: false, args: (d: string) => [baseline, 'serve', '--port', '0', '--data', d] }]),
  { label: 'info (default)', raw: false, args: (d) => [cli, 'serve', '--port', '0', '--data', d] },
  { label: 'warn', raw: false, args: (d) => [cli, 'serve', '--port', '0', '--data', d, '--log-level', 'warn'] },
  // Translating on the event loop: no thread hop, what the main thread then costs beside the bare handler.
  { label: 'info, 0 workers', raw: false, args: (d) => [cli, 'serve', '--port', '0', '--data', d, '--translation-workers', '0'] },
  { label: 'raw', raw: true, args: () => [fileURLToPath(new URL('./raw-http-server.js', import.meta.url)), alignmentFile] },
];

/** CPU time (user + system) of every thread of a process, in µs, by thread id (/proc/PID/task/TID/stat). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(tid, statCpuMs(`/proc/${pid}/task/${tid}/stat`) * 1000);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

interface Figure {
  readonly rps: number;
  readonly total: number;
  readonly main: number;
  readonly busiestOther: number;
  readonly rest: number;
  /** The load generator's own CPU per request (this process: autocannon parsing the answers). */
  readonly client: number;
}

/** Per-request µs of the main thread, the busiest other thread (the translation worker) and the rest. */
function perRequest(pid: number, before: Map<string, number>, after: Map<string, number>, requests: number): Omit<Figure, 'rps' | 'client'> {
  const deltas = [...after].map(([tid, t]) => [tid, (t - (before.get(tid) ?? 0)) / requests] as const);
  const main = deltas.find(([tid]) => tid === String(pid))?.[1] ?? 0;
  const others = deltas.filter(([tid]) => tid !== String(pid)).map(([, d]) => d);
  const busiestOther = Math.max(0, ...others);
  const total = deltas.reduce((s, [, d]) => s + d, 0);
  return { total, main, busiestOther, rest: total - main - busiestOther };
}

async function measure(variant: Variant, seconds: number, connections: number): Promise<Figure> {
  const data = mkdtempSync(join(tmpdir(), 'mediator-http-cpu-'));
  const proc = spawn(process.execPath, variant.args(data), { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`no address within 120 s: ${err}`)), 120_000);
      proc.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /Mediator API:\s+(http:\/\/\S+?)\/?\s/.exec(err);
        if (m === null) return;
        clearTimeout(timer);
        resolveUrl(m[1]!);
      });
      proc.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
    const xml = readFileSync(alignmentFile, 'utf8');
    if (!variant.raw) {
      const r = await fetch(`${url}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' } });
      if (r.status !== 201) throw new Error(`upload failed: ${r.status} ${await r.text()}`);
    }
    const alignIDs = [{ name: /<dcelem:title>([^<]*)</.exec(xml)![1]!, version: /<exmo:version>([^<]*)</.exec(xml)![1]! }];
    const body = JSON.stringify({ alignIDs, graphStr: readFileSync(messageFile, 'utf8') });
    const options = { url: `${url}/translation`, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body, connections };
    await autocannon({ ...options, duration: 2 }); // warm-up, as server-bench.ts's
    const begun = performance.now();
    const before = threadCpu(proc.pid!);
    const clientBefore = process.cpuUsage();
    // A timed run: with `amount`, autocannon ends on its one-second tick, so the rate came out in steps.
    const result = await autocannon({ ...options, duration: seconds });
    const clientUsed = process.cpuUsage(clientBefore);
    const client = (clientUsed.user + clientUsed.system) / result.requests.total;
    const rps = (result.requests.total / (performance.now() - begun)) * 1000;
    const after = threadCpu(proc.pid!);
    if (result.non2xx + result.errors > 0) throw new Error(`${variant.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return { ...perRequest(proc.pid!, before, after, result.requests.total), rps, client };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(data, { recursive: true, force: true });
  }
}

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 3);
const connections = Number(process.argv[4] ?? 8);
const figures = new Map<string, Figure[]>(VARIANTS.map((v) => [v.label, []]));
for (let round = 1; round <= rounds; round++) {
  for (const variant of VARIANTS) {
    figures.get(variant.label)!.push(await measure(variant, seconds, connections));
    process.stderr.write(`round ${round}: ${variant.label}\n`);
  }
}
const header = ['server', 'req/s', 'CPU µs/request', 'main thread', 'translation worker', 'other threads', 'client (autocannon)'];
console.log(
  `\nPOST /translation (weight.UniversAAL_CO through CO_FIWARE, ${connections} connections, ${seconds} s per figure after 2 s of warm-up), medians of ${rounds} interleaved rounds`,
);
console.log(header.join(' | '));
for (const [label, list] of figures) {
  const m = (f: (x: Figure) => number) => median(list.map(f)).toFixed(0);
  console.log([label, m((x) => x.rps), m((x) => x.total), m((x) => x.main), m((x) => x.busiestOther), m((x) => x.rest), m((x) => x.client)].join(' | '));
}
console.log('"translation worker": the busiest thread but the main one (on the bare handler, a V8 or libuv thread).');
