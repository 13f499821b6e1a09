/**
 * Throw-away nats-server processes for the benchmark: one JetStream server, or a three-node
 * JetStream cluster, on loopback ports the kernel picked, each with its own store directory.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NatsTransport, silentLogger } from '@mediator/core/node';
import { processCpuMs } from './channel-cpu.js';
import { freePort } from './loopback-ports.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The nats-server `npm run setup` builds when Go is there (scripts/setup-nats.mjs); the version is
 * read from the file the set-up and the test support read too, so the three never drift apart.
 */
export const BENCH_NATS_VERSION = (JSON.parse(readFileSync(join(root, 'scripts/nats/server-build.json'), 'utf8')) as { version: string }).version;
const built = join(root, '.cache/nats-server', BENCH_NATS_VERSION, 'nats-server');

/**
 * MEDIATOR_NATS_SERVER when set; else the set-up's build, which takes a fifth to a third less CPU per
 * message than Debian's 2.9.10 on the three-node cluster, where the servers' CPU bounds the row
 * (issue 42); else the apt server.
 */
export const NATS_SERVER_BIN = process.env.MEDIATOR_NATS_SERVER ?? (existsSync(built) ? built : '/usr/sbin/nats-server');

export interface BenchNats {
  /** Comma-separated client URLs. */
  readonly url: string;
  /**
   * CPU time (user + system, ms) the servers have used since they started, from /proc; undefined
   * where /proc cannot be read. Three servers share the machine with the channel, so their cost
   * per message bounds what a channel can reach (issue 42).
   */
  cpuMs(): number | undefined;
  /** The server processes' ids (to pin them to a core: bench/nats-ab.ts). */
  readonly pids: readonly number[];
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** `nats-server --version` of `bin` (e.g. "v2.9.10"), or why it could not be asked. */
export function natsServerVersion(bin: string = NATS_SERVER_BIN): string {
  try {
    const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 5000 }).trim();
    return /v\d+\.\d+\.\d+\S*/.exec(out)?.[0] ?? out;
  } catch (error) {
    return `unknown (${(error as Error).message.split('\n')[0]})`;
  }
}

export interface BenchNatsOptions {
  /** The nats-server binary; NATS_SERVER_BIN by default. */
  readonly bin?: string;
  /** Extra environment of the server processes (GOGC, for one). */
  readonly env?: Readonly<Record<string, string>>;
  /** Extra arguments of server `i` (0-based), e.g. `--profile PORT` for Go's pprof. */
  readonly args?: (i: number) => readonly string[];
}

/** Every thread of `pid` on the CPUs in `list` (taskset's syntax): Node has no affinity call. */
function pinTo(pid: number, list: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });
}

/**
 * The servers on the last CPU, this process (its worker threads too) on the others, as a
 * deployment keeps a broker off the mediator's cores: sharing them, the same translation cost the
 * mediator a third more CPU next to a busy cluster (issue 42, point 5). Returns the undo (this
 * process back on every CPU; the servers are stopped anyway).
 */
export function pinApart(pids: readonly number[]): () => void {
  const cpus = availableParallelism();
  if (cpus < 2) throw new Error('pinning the NATS servers apart needs at least 2 CPUs');
  for (const pid of pids) pinTo(pid, String(cpus - 1));
  pinTo(process.pid, cpus === 2 ? '0' : `0-${cpus - 2}`);
  return () => pinTo(process.pid, `0-${cpus - 1}`);
}

/** Starts `nodes` servers (3 = a cluster) and waits until a replicated stream can be written. */
export async function startBenchNats(nodes: 1 | 3, options: BenchNatsOptions = {}): Promise<BenchNats> {
  const bin = options.bin ?? NATS_SERVER_BIN;
  const ports = await Promise.all(Array.from({ length: nodes }, () => freePort()));
  const clusterPorts = nodes > 1 ? await Promise.all(Array.from({ length: nodes }, () => freePort())) : [];
  const dirs = ports.map(() => mkdtempSync(join(tmpdir(), 'bench-nats-')));
  const routes = clusterPorts.map((p) => `nats://127.0.0.1:${p}`).join(',');
  const children = ports.map((port, i) => {
    const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dirs[i]!, '-n', `b${i + 1}`];
    if (nodes > 1) args.push('--cluster_name', `bench-${process.pid}`, '--cluster', `nats://127.0.0.1:${clusterPorts[i]}`, '--routes', routes);
    args.push(...(options.args?.(i) ?? []));
    return spawn(bin, args, { stdio: 'ignore', ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }) });
  });
  const failed = new Promise<never>((_, reject) => {
    for (const c of children) c.once('error', (e) => reject(new Error(`${bin}: ${e.message}`)));
  });
  const stop = async (): Promise<void> => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.race([Promise.all(children.map(exited)), sleep(5000)]);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  const url = ports.map((p) => `nats://127.0.0.1:${p}`).join(',');
  const ready = (async () => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const t = new NatsTransport({ servers: url, logger: silentLogger, connectTimeoutMs: 1000, publishTimeoutMs: 2000 });
      try {
        // A stream of 3 replicas on a cluster (placement waits until every node joined JetStream).
        await t.publish(`bench.ready.${Date.now()}`, 'x');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(200);
      } finally {
        await t.close();
      }
    }
  })();
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    await stop();
    throw error;
  }
  const pids = children.map((c) => c.pid ?? -1);
  return { url, stop, pids, cpuMs: () => processCpuMs(pids) };
}
