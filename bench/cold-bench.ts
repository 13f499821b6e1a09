/**
 * Cold translations (issue 27, "Warm from the first message"): how long the first POST /translation
 * takes against the steady state of the same message, on a real `mediator serve` (the start-up
 * bundle, as `npm start` runs it), by the server's own clock (its `Server-Timing` total) and at
 * the client, on a keep-alive connection opened before (GET /version), so no connect is counted.
 *
 * One round:
 * - a fresh server on an empty data folder; the alignments are uploaded, and the first
 *   translation through them is "first after upload (fresh server)" (the 377 ms case);
 * - `steady` more translations of the same message: the median is the steady state;
 * - a copy of the last alignment under another name is uploaded to that now warm server, and the
 *   first translation through it is "first after upload (warm server)";
 * - the server is stopped and started again on the same folder: the first translation as soon as
 *   it is ready (its "Ready:" line; it answers GET /version before, issue 42) is "first after
 *   start" (alignments stored, loaded at start).
 * Each figure is the median over the rounds; nothing here asserts on time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.js';
import { spawnServer, type ServerProcess } from './spawn-server.js';

export interface ColdSample {
  /** The server's `total` from Server-Timing, ms. */
  readonly serverMs: number;
  /** Request written to answer read, at the client, ms. */
  readonly clientMs: number;
}

export interface ColdFigures {
  readonly rounds: number;
  readonly steadyCount: number;
  /** Spawn to the first 200 of GET /version, ms (median). */
  readonly startMs: number;
  readonly firstAfterStart: ColdSample;
  readonly firstAfterUploadFresh: ColdSample;
  readonly firstAfterUploadWarm: ColdSample;
  readonly steady: ColdSample;
  /** Every round's figures, in order. */
  readonly runs: ReadonlyArray<Record<'firstAfterStart' | 'firstAfterUploadFresh' | 'firstAfterUploadWarm' | 'steady', ColdSample> & { startMs: number }>;
}

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly serverTiming: string | undefined;
  readonly ms: number;
}

function call(agent: Agent, url: string, method: string, body?: string, contentType?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method, agent, headers: contentType === undefined ? {} : { 'content-type': contentType } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const header = res.headers['server-timing'];
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          serverTiming: Array.isArray(header) ? header.join(', ') : header,
          ms: performance.now() - started,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The `total` of a Server-Timing header. */
export function serverTotal(header: string | undefined): number {
  const m = /(?:^|,)\s*total;dur=([\d.]+)/.exec(header ?? '');
  if (m === null) throw new Error(`no Server-Timing total in ${JSON.stringify(header)}`);
  return Number(m[1]);
}

type Server = ServerProcess;

async function serve(cli: string, data: string, extraArgs: readonly string[] = []): Promise<{ proc: Server; url: string; startMs: number; agent: Agent }> {
  const t0 = performance.now();
  const { proc, url, ready } = await spawnServer(cli, data, 60_000, extraArgs);
  // One connection, kept alive: what the translations then reuse.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await call(agent, `${url}/version`, 'GET').catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`GET ${url}/version did not answer 200 within 60 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - t0;
  // It answers before it is warm (issue 42): the first translations are measured once it is ready,
  // as they were when it listened only then; one sent earlier waits for the warm-up.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    ready,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`mediator serve at ${url} printed no Ready: line within 60 s`)), 60_000))),
  ]).finally(() => clearTimeout(timer));
  return { proc, url, startMs, agent };
}

async function stop(server: { proc: Server; agent: Agent }): Promise<void> {
  server.agent.destroy();
  server.proc.kill('SIGTERM');
  await new Promise((r) => (server.proc.exitCode === null ? server.proc.once('exit', r) : r(undefined)));
}

const titleOf = (xml: string): string => /<dcelem:title>([^<]*)</.exec(xml)![1]!;
const versionOf = (xml: string): string => /<exmo:version>([^<]*)</.exec(xml)![1]!;

async function translateOnce(agent: Agent, url: string, body: string): Promise<ColdSample> {
  const a = await call(agent, `${url}/translation`, 'POST', body, 'application/json');
  if (a.status !== 200) throw new Error(`translation answered ${a.status}: ${a.text.slice(0, 300)}`);
  return { serverMs: serverTotal(a.serverTiming), clientMs: a.ms };
}

async function upload(agent: Agent, url: string, xml: string): Promise<void> {
  const a = await call(agent, `${url}/alignments`, 'POST', xml, 'application/xml');
  if (a.status !== 201) throw new Error(`upload answered ${a.status}: ${a.text.slice(0, 300)}`);
}

const medianOf = (samples: readonly ColdSample[]): ColdSample => ({
  serverMs: median(samples.map((s) => s.serverMs)),
  clientMs: median(samples.map((s) => s.clientMs)),
});

export async function measureCold(cli: string, alignmentFiles: readonly string[], messageFile: string, rounds = 3, steadyCount = 50): Promise<ColdFigures> {
  const xmls = alignmentFiles.map((f) => readFileSync(f, 'utf8'));
  const graphStr = readFileSync(messageFile, 'utf8');
  const body = JSON.stringify({ alignIDs: xmls.map((x) => ({ name: titleOf(x), version: versionOf(x) })), graphStr });
  // The last alignment again under another name: a new upload the warm server has never compiled.
  const last = xmls[xmls.length - 1]!;
  const copyName = `${titleOf(last)} (cold bench copy)`;
  const copy = last.replace(`<dcelem:title>${titleOf(last)}<`, `<dcelem:title>${copyName}<`);
  const copyBody = JSON.stringify({
    alignIDs: [...xmls.slice(0, -1).map((x) => ({ name: titleOf(x), version: versionOf(x) })), { name: copyName, version: versionOf(last) }],
    graphStr,
  });
  const runs: Array<ColdFigures['runs'][number]> = [];
  for (let round = 0; round < rounds; round++) {
    const data = mkdtempSync(join(tmpdir(), 'bench-cold-'));
    try {
      const fresh = await serve(cli, data);
      let firstAfterUploadFresh: ColdSample;
      let steady: ColdSample;
      let firstAfterUploadWarm: ColdSample;
      try {
        for (const xml of xmls) await upload(fresh.agent, fresh.url, xml);
        firstAfterUploadFresh = await translateOnce(fresh.agent, fresh.url, body);
        const samples: ColdSample[] = [];
        for (let i = 0; i < steadyCount; i++) samples.push(await translateOnce(fresh.agent, fresh.url, body));
        steady = medianOf(samples);
        await upload(fresh.agent, fresh.url, copy);
        firstAfterUploadWarm = await translateOnce(fresh.agent, fresh.url, copyBody);
      } finally {
        await stop(fresh);
      }
      const again = await serve(cli, data);
      try {
        const firstAfterStart = await translateOnce(again.agent, again.url, body);
        runs.push({ startMs: again.startMs, firstAfterStart, firstAfterUploadFresh, firstAfterUploadWarm, steady });
      } finally {
        await stop(again);
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }
  return {
    rounds,
    steadyCount,
    startMs: median(runs.map((r) => r.startMs)),
    firstAfterStart: medianOf(runs.map((r) => r.firstAfterStart)),
    firstAfterUploadFresh: medianOf(runs.map((r) => r.firstAfterUploadFresh)),
    firstAfterUploadWarm: medianOf(runs.map((r) => r.firstAfterUploadWarm)),
    steady: medianOf(runs.map((r) => r.steady)),
    runs,
  };
}

export interface FleetColdFigures {
  readonly rounds: number;
  readonly processes: number;
  readonly steadyCount: number;
  /** Per round, the first translation on each restarted process; the figure is the slower one's. */
  readonly firstAfterRestart: ColdSample;
  readonly steady: ColdSample;
  readonly runs: ReadonlyArray<{ firstOnEach: readonly ColdSample[]; steady: ColdSample }>;
}

/** GET /alignments on `url` until it lists `count` alignments (another process stored them). */
async function waitForAlignments(agent: Agent, url: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const a = await call(agent, `${url}/alignments`, 'GET');
    if (a.status === 200 && (JSON.parse(a.text) as unknown[]).length >= count) return;
    if (Date.now() > deadline) throw new Error(`${url} did not list ${count} alignments within 30 s (the fleet's store did not propagate)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The fleet case ("on every process of a fleet after a restart the first translations took
 * 1.3 to 3.3 s"): `processes` servers sharing one NATS JetStream store (`--store nats --fleet`), the
 * alignments uploaded to the first only; the steady state measured on it; then every process
 * stopped and started again together, and the first translation sent to each as soon as all of
 * them answer GET /version, to one process after the other. The figure is the slowest process's
 * first translation.
 */
export async function measureFleetCold(
  cli: string,
  natsUrl: string,
  alignmentFiles: readonly string[],
  messageFile: string,
  rounds = 3,
  processes = 2,
  steadyCount = 50,
): Promise<FleetColdFigures> {
  const xmls = alignmentFiles.map((f) => readFileSync(f, 'utf8'));
  const body = JSON.stringify({ alignIDs: xmls.map((x) => ({ name: titleOf(x), version: versionOf(x) })), graphStr: readFileSync(messageFile, 'utf8') });
  const runs: Array<FleetColdFigures['runs'][number]> = [];
  for (let round = 0; round < rounds; round++) {
    // A fleet name per round: each round starts from an empty shared store.
    const args = ['--transport', 'nats', '--broker', natsUrl, '--store', 'nats', '--fleet', `coldbench${process.pid}r${round}`];
    const dirs = Array.from({ length: processes }, () => mkdtempSync(join(tmpdir(), 'bench-fleet-cold-')));
    try {
      let servers = await Promise.all(dirs.map((d) => serve(cli, d, args)));
      let steady: ColdSample;
      try {
        for (const xml of xmls) await upload(servers[0]!.agent, servers[0]!.url, xml);
        for (const s of servers.slice(1)) await waitForAlignments(s.agent, s.url, xmls.length);
        const samples: ColdSample[] = [];
        for (let i = 0; i < steadyCount; i++) samples.push(await translateOnce(servers[0]!.agent, servers[0]!.url, body));
        steady = medianOf(samples);
      } finally {
        await Promise.all(servers.map(stop));
      }
      servers = await Promise.all(dirs.map((d) => serve(cli, d, args)));
      try {
        // One after the other: each is still that process's first, without the two competing for
        // the machine's cores at the same instant.
        const firstOnEach: ColdSample[] = [];
        for (const s of servers) firstOnEach.push(await translateOnce(s.agent, s.url, body));
        runs.push({ firstOnEach, steady });
      } finally {
        await Promise.all(servers.map(stop));
      }
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }
  const slowest = (samples: readonly ColdSample[]): ColdSample => ({
    serverMs: Math.max(...samples.map((s) => s.serverMs)),
    clientMs: Math.max(...samples.map((s) => s.clientMs)),
  });
  return {
    rounds,
    processes,
    steadyCount,
    firstAfterRestart: medianOf(runs.map((r) => slowest(r.firstOnEach))),
    steady: medianOf(runs.map((r) => r.steady)),
    runs,
  };
}
