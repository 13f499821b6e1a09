/**
 * The server's memory (issue 27, "Memory"): the resident set (RSS, worker threads included: they
 * share the process) of a real `mediator serve` (the start-up bundle, default workers) idle, with
 * 100 stored alignments (uploaded, then after a restart that compiles them), with 50 running
 * channels on the embedded bus (each has translated a message), and during and after the HTTP
 * benchmark's load (autocannon, 8 keep-alive connections on POST /translation). Read from
 * /proc/<pid>/status (Linux), so nothing runs inside the server to measure it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { spawnServer, type ServerProcess } from './spawn-server.js';
import { spawn } from 'node:child_process';

export interface MemoryFigure {
  readonly state: string;
  readonly rssMiB: number;
}

export interface MemoryFigures {
  readonly figures: MemoryFigure[];
  /** RSS of `node -e` holding a timer (the floor of any Node process here), MiB. */
  readonly nodeMiB: number;
}

type Server = ServerProcess;

/** VmRSS of a process, MiB. */
function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (m === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve(cli: string, data: string): Promise<{ proc: Server; url: string }> {
  const { proc, url, ready } = await spawnServer(cli, data, 120_000);
  // Idle means warm (issue 42: it answers before its workers are warm).
  await ready;
  return { proc, url };
}

async function stop(proc: Server): Promise<void> {
  proc.kill('SIGTERM');
  await new Promise((r) => (proc.exitCode === null ? proc.once('exit', r) : r(undefined)));
}

async function post(url: string, body: string, contentType: string): Promise<{ status: number; text: string }> {
  const r = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });
  return { status: r.status, text: await r.text() };
}

const titleOf = (xml: string): string => /<dcelem:title>([^<]*)</.exec(xml)![1]!;
const versionOf = (xml: string): string => /<exmo:version>([^<]*)</.exec(xml)![1]!;

async function nodeFloor(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await sleep(500);
  const rss = rssMiB(child.pid!);
  child.kill();
  return rss;
}

/**
 * `inputFile` and `outputFile`: the chain the channels and the load run (its first and last
 * alignment); the 100 stored alignments are renamed copies of both, the originals among them.
 */
export async function measureMemory(cli: string, alignmentFiles: readonly string[], messageFile: string, seconds: number): Promise<MemoryFigures> {
  const xmls = alignmentFiles.map((f) => readFileSync(f, 'utf8'));
  const message = readFileSync(messageFile, 'utf8');
  const ids = xmls.map((x) => ({ name: titleOf(x), version: versionOf(x) }));
  const figures: MemoryFigure[] = [];
  const data = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  try {
    let server = await serve(cli, data);
    try {
      await sleep(1000);
      figures.push({ state: 'idle (fresh start, empty folder)', rssMiB: rssMiB(server.proc.pid!) });
      for (let i = 0; i < 100; i++) {
        const xml = xmls[i % xmls.length]!;
        const copy = i < xmls.length ? xml : xml.replace(`<dcelem:title>${titleOf(xml)}<`, `<dcelem:title>${titleOf(xml)} copy ${i}<`);
        const r = await post(`${server.url}/alignments`, copy, 'application/xml');
        if (r.status !== 201) throw new Error(`upload ${i} answered ${r.status}: ${r.text.slice(0, 200)}`);
      }
      await sleep(1000);
      figures.push({ state: '100 stored alignments (uploaded)', rssMiB: rssMiB(server.proc.pid!) });
    } finally {
      await stop(server.proc);
    }
    server = await serve(cli, data);
    try {
      await sleep(1000);
      figures.push({ state: '100 stored alignments (after a restart)', rssMiB: rssMiB(server.proc.pid!) });
      const chain = {
        inpAlignmentName: ids[0]!.name,
        inpAlignmentVersion: ids[0]!.version,
        outAlignmentName: ids[ids.length - 1]!.name,
        outAlignmentVersion: ids[ids.length - 1]!.version,
      };
      for (let i = 0; i < 50; i++) {
        const r = await post(
          `${server.url}/channels`,
          JSON.stringify({ source: `mem-src-${i}`, sink: `mem-sink-${i}`, ...chain, parallelism: 1 }),
          'application/json',
        );
        if (r.status !== 201) throw new Error(`channel ${i} answered ${r.status}: ${r.text.slice(0, 200)}`);
        const m = await post(`${server.url}/topics/mem-src-${i}/messages`, message, 'application/json');
        if (m.status !== 202) throw new Error(`publishing to channel ${i} answered ${m.status}: ${m.text.slice(0, 200)}`);
      }
      const deadline = Date.now() + 120_000;
      for (;;) {
        const list = (await (await fetch(`${server.url}/channels?details=true`)).json()) as Array<{ counters?: { translated?: number } }>;
        if (list.reduce((n, c) => n + (c.counters?.translated ?? 0), 0) >= 50) break;
        if (Date.now() > deadline) throw new Error('the 50 channels did not translate their messages within 120 s');
        await sleep(100);
      }
      await sleep(1000);
      figures.push({ state: '+ 50 running channels (one message each)', rssMiB: rssMiB(server.proc.pid!) });
      const body = JSON.stringify({ alignIDs: ids, graphStr: message });
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.proc.pid!))), 100);
      try {
        await autocannon({
          url: `${server.url}/translation`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          connections: 8,
          duration: seconds,
        });
      } finally {
        clearInterval(sampler);
      }
      figures.push({ state: `+ HTTP benchmark (8 connections, ${seconds} s): peak`, rssMiB: peak });
      await sleep(2000);
      figures.push({ state: '+ HTTP benchmark: 2 s after', rssMiB: rssMiB(server.proc.pid!) });
    } finally {
      await stop(server.proc);
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
  return { figures, nodeMiB: await nodeFloor() };
}
