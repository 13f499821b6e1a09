/**
 * The `mediator` command line run in-process with its output captured: how the command tests call
 * it (a few tests of their own run the real bin).
 */
import { runCli } from '../node/cli.js';

export interface CapturedRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A command still running (`test --watch`): its output so far, and its end. */
export interface RunningCli {
  readonly output: () => { readonly stdout: string; readonly stderr: string };
  readonly done: Promise<CapturedRun>;
}

export function startCli(args: readonly string[], options: { readonly stdin?: string; readonly stop?: AbortSignal } = {}): RunningCli {
  let stdout = '';
  let stderr = '';
  const done = runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => options.stdin ?? '',
    ...(options.stop === undefined ? {} : { stop: options.stop }),
  }).then((code) => ({ code, stdout, stderr }));
  return { output: () => ({ stdout, stderr }), done };
}

export async function runCapturedCli(args: readonly string[], stdin = ''): Promise<CapturedRun> {
  return startCli(args, { stdin }).done;
}
