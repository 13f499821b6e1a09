/**
 * Start-up of the `mediator` command line (issue 42, "a command line that starts at once"): each
 * command given, run on a small input as a script or a CI job runs it, from spawn to exit, next to
 * `node -e 0` in the same rounds (the floor no Node program beats on this machine). Rounds are
 * interleaved (node, then each command, then node again...) so a slow spell of this shared machine
 * hits every figure; each command's ratio is the median of its runs over the node run of the same round.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.js';

export interface CliCommandCase {
  readonly label: string;
  /** The arguments after the script. */
  readonly args: readonly string[];
}

export interface CliCommandFigure extends CliCommandCase {
  /** Median ms from spawn to exit. */
  readonly ms: number;
  /** Median, over the rounds, of this command's time over the time of `node -e 0` in the same round. */
  readonly ratio: number;
  readonly runs: number[];
}

export interface CliStartupFigures {
  readonly rounds: number;
  readonly commands: CliCommandFigure[];
  readonly nodeMs: number;
  readonly nodeRuns: number[];
}

/** Ms from spawn to exit; the command must exit 0 (a failing command would be timed on its error path). */
async function timeRun(args: readonly string[]): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node ${args.join(' ')} did not exit within 60 s`));
    }, 60_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${String(code)}:\n${err}`);
  return ms;
}

export async function measureCliStartup(script: string, cases: readonly CliCommandCase[], rounds = 9): Promise<CliStartupFigures> {
  // One unmeasured run each warms the OS file cache, as any second call in a script would find it.
  await timeRun(['-e', '0']);
  for (const c of cases) await timeRun([script, ...c.args]);
  const nodeRuns: number[] = [];
  const runs = cases.map((): number[] => []);
  const ratios = cases.map((): number[] => []);
  for (let i = 0; i < rounds; i++) {
    const node = await timeRun(['-e', '0']);
    nodeRuns.push(node);
    for (const [k, c] of cases.entries()) {
      const ms = await timeRun([script, ...c.args]);
      runs[k]!.push(ms);
      ratios[k]!.push(ms / node);
    }
  }
  return {
    rounds,
    commands: cases.map((c, k) => ({ ...c, ms: median(runs[k]!), ratio: median(ratios[k]!), runs: runs[k]! })),
    nodeMs: median(nodeRuns),
    nodeRuns,
  };
}

export interface BatchTranslateFigures {
  readonly messages: number;
  /** Median ms of one `mediator translate ... --out-dir` call over every message. */
  readonly batchMs: number;
  /** Median ms of one call per message, the way a script loops over files. */
  readonly callsMs: number;
  readonly rounds: number;
}

/**
 * `mediator translate --out-dir` over `count` copies of a message against one call per copy (each
 * printing to stdout, as a script that redirects it would), in interleaved rounds: what a script
 * that translates a folder saves by handing the command every file at once.
 */
export async function measureBatchTranslate(script: string, alignment: string, message: string, count: number, rounds = 3): Promise<BatchTranslateFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-cli-batch-'));
  try {
    const text = readFileSync(message, 'utf8');
    const files = Array.from({ length: count }, (_, i) => {
      const file = join(dir, `m${i}.json`);
      writeFileSync(file, text);
      return file;
    });
    const out = join(dir, 'out');
    const batch: number[] = [];
    const calls: number[] = [];
    for (let r = 0; r < rounds; r++) {
      batch.push(await timeRun([script, 'translate', '-a', alignment, ...files, '--out-dir', out]));
      let total = 0;
      for (const file of files) total += await timeRun([script, 'translate', '-a', alignment, file]);
      calls.push(total);
    }
    return { messages: count, batchMs: median(batch), callsMs: median(calls), rounds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
