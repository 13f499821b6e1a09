/**
 * Start-up time of `mediator serve` (issue 13, "Server start"): from spawning the process to the
 * first 200 answer of GET /version, on an empty data folder, next to the time `node -e 0` takes
 * in the same run (the floor no Node program can beat on this machine). Each CLI given (the
 * start-up bundle that `npm start` runs, and the compiled modules it is built from) is measured
 * in the same rounds; medians of `rounds`, all interleaved so a slow spell hits every one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.js';

export interface StartupCli {
  readonly label: string;
  /** The script run as `node <script> serve ...`. */
  readonly script: string;
}

export interface StartupFigure extends StartupCli {
  /** Median ms from spawn to the first answered GET /version. */
  readonly firstAnswerMs: number;
  readonly firstAnswerRuns: number[];
  /** Median ms from spawn to its "Ready:" line (engine warm, stored configuration restored: issue 42). */
  readonly readyMs: number;
  /** Median, over the rounds, of the first answer's time over the time of `node -e 0` in the same round. */
  readonly ratio: number;
}

export interface StartupFigures {
  readonly rounds: number;
  /** One per CLI, in the order given. */
  readonly clis: StartupFigure[];
  /** Median ms of `node -e 0`. */
  readonly nodeMs: number;
  readonly nodeRuns: number[];
}

function waitExit(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function nodeFloor(): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await waitExit(child);
  return performance.now() - t0;
}

/**
 * One start: spawn, read the address from the banner (stderr), poll GET /version until it answers
 * 200; then wait for the "Ready:" line (the server listens first, issue 42).
 */
async function serveOnce(cli: string): Promise<{ firstAnswerMs: number; readyMs: number }> {
  const data = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', data], { stdio: ['ignore', 'ignore', 'pipe'] });
  let readyMs: number | undefined;
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
    if (readyMs === undefined && /^Ready:/m.test(err)) readyMs = performance.now() - t0;
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`mediator serve printed no address within 60 s:\n${out}`)), 60_000);
      child.stderr.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const m = /Mediator API:\s+(http:\/\/\S+?)\/?\s/.exec(out);
        if (m?.[1] !== undefined) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`mediator serve exited with ${String(code)}:\n${out}`));
      });
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const response = await fetch(`${url}/version`);
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not answering yet
      }
      if (Date.now() > deadline) throw new Error(`GET ${url}/version did not answer 200 within 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const firstAnswerMs = performance.now() - t0;
    while (readyMs === undefined) {
      if (Date.now() > deadline) throw new Error(`mediator serve printed no Ready: line within 60 s:\n${err}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return { firstAnswerMs, readyMs };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([waitExit(child), new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
}

export async function measureStartup(clis: readonly StartupCli[], rounds = 5): Promise<StartupFigures> {
  // One unmeasured start each warms the OS file cache, as any second start on a machine would be.
  for (const cli of clis) await serveOnce(cli.script);
  const runs = clis.map((): number[] => []);
  const ready = clis.map((): number[] => []);
  const ratios = clis.map((): number[] => []);
  const nodeRuns: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const node = await nodeFloor();
    nodeRuns.push(node);
    for (const [k, cli] of clis.entries()) {
      const start = await serveOnce(cli.script);
      runs[k]!.push(start.firstAnswerMs);
      ready[k]!.push(start.readyMs);
      ratios[k]!.push(start.firstAnswerMs / node);
    }
  }
  return {
    rounds,
    clis: clis.map((cli, k) => ({ ...cli, firstAnswerMs: median(runs[k]!), firstAnswerRuns: runs[k]!, readyMs: median(ready[k]!), ratio: median(ratios[k]!) })),
    nodeMs: median(nodeRuns),
    nodeRuns,
  };
}
