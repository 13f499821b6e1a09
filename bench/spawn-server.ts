/**
 * `mediator serve` as a child process for the benchmarks that need a real server on a port: spawned
 * on `--port 0`, resolved with the address its banner prints (bounded wait, its stderr in the error),
 * and with `ready`, its "Ready:" line.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export type ServerProcess = ChildProcessByStdio<null, null, Readable>;

export async function spawnServer(
  cli: string,
  data: string,
  timeoutMs: number,
  extraArgs: readonly string[] = [],
): Promise<{ proc: ServerProcess; url: string; ready: Promise<void> }> {
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', data, '--log-level', 'warn', ...extraArgs], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  // It listens first (issue 42): its "Ready:" line follows once the engine is warm and the stored configuration restored.
  const ready = new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!/^Ready:/m.test(seen)) return;
      proc.stderr.off('data', onData);
      resolve();
    };
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited ${code} before it was ready: ${err}`)));
  });
  ready.catch(() => undefined);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mediator serve printed no address within ${timeoutMs / 1000} s: ${err}`)), timeoutMs);
    proc.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /Mediator API:\s+(http:\/\/\S+?)\/?\s/.exec(err);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${err}`));
    });
  });
  return { proc, url, ready };
}
