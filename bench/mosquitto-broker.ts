/**
 * A throw-away Eclipse Mosquitto broker for the MQTT channel benchmark: one process on a loopback
 * port the kernel picked, with the same generated configuration as the tests' harness
 * (core/src/test-support/mosquitto-broker.ts, which the benchmark cannot import: it is not part of
 * core's build). Queue bounds are lifted: the benchmark fills a source before the channel drains it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const MOSQUITTO_BIN = process.env.MEDIATOR_MOSQUITTO ?? '/usr/sbin/mosquitto';

export interface BenchMosquitto {
  /** `mqtt://127.0.0.1:<port>`. */
  readonly url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

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
  return { url: `mqtt://127.0.0.1:${port}`, stop };
}
