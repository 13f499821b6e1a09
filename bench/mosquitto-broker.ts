/**
 * A throw-away Eclipse Mosquitto broker for the MQTT channel benchmark: one process on a loopback
 * port the kernel picked, with the same generated configuration as the tests' harness
 * (core/src/test-support/mosquitto-broker.ts, which the benchmark cannot import: it is not part of
 * core's build). Queue bounds are lifted: the benchmark fills a source before the channel drains it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processCpuMs } from './channel-cpu.js';
import { accepts, freePort } from './loopback-ports.js';

export const MOSQUITTO_BIN = process.env.MEDIATOR_MOSQUITTO ?? '/usr/sbin/mosquitto';

export interface BenchMosquitto {
  /** `mqtt://127.0.0.1:<port>`. */
  readonly url: string;
  /** The broker process's CPU time so far (ms, from /proc), undefined where it cannot be read. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

export async function startBenchMosquitto(): Promise<BenchMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mosquitto-'));
  const port = await freePort();
  const file = join(dir, 'mosquitto.conf');
  writeFileSync(
    file,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 0',
      'max_queued_bytes 0',
      'max_inflight_messages 0',
      'log_dest stderr',
      'log_type error',
      '',
    ].join('\n'),
  );
  const child = spawn(MOSQUITTO_BIN, ['-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`mosquitto did not accept connections on ${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `mqtt://127.0.0.1:${port}`, cpuMs: () => (child.pid === undefined ? undefined : processCpuMs([child.pid])), stop };
}
