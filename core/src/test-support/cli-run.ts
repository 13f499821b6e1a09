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

export async function runCapturedCli(args: readonly string[], stdin = ''): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => stdin });
  return { code, stdout, stderr };
}
