/**
 * A throw-away nats-server with TLS and authentication for the secured-broker tests (issue 40):
 * one JetStream server on a free loopback port, its configuration file written from the caller's
 * `auth` block (accounts with users, an authorization token, or an operator's trust), with TLS
 * that verifies client certificates. Waits, bounded, until JetStream answers a client configured
 * with `probe` (the server's own credentials are the caller's).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions } from 'nats';
import { freePort } from './loopback-ports.js';
import { NATS_SERVER_BIN, natsServerAvailable, natsSkipReason } from './nats-cluster.js';
import { startProcess, type TestProcess } from './processes.js';
import type { CertificateFiles } from './test-certificates.js';

export interface SecuredNats {
  /** `nats://127.0.0.1:<port>`, without credentials. */
  readonly url: string;
  readonly port: number;
  readonly process: TestProcess;
  stop(): Promise<void>;
}

export interface SecuredNatsOptions {
  readonly certificates: CertificateFiles;
  /** Configuration lines for the authentication (an `accounts {}` block, `authorization {}`, or operator lines). */
  readonly auth: string;
  /** Connect options (credentials) of a client the start-up check uses. */
  readonly probe: Partial<ConnectionOptions>;
  readonly startTimeoutMs?: number;
}

function quote(path: string): string {
  return JSON.stringify(path);
}

export async function startSecuredNats(options: SecuredNatsOptions): Promise<SecuredNats> {
  if (!natsServerAvailable) throw new Error(`nats-server is required for the secured NATS tests: ${natsSkipReason}`);
  const { certificates: c } = options;
  const dir = await mkdtemp(join(tmpdir(), 'mediator-nats-secured-'));
  const port = await freePort();
  const file = join(dir, 'nats.conf');
  await writeFile(
    file,
    [
      `listen: 127.0.0.1:${port}`,
      `jetstream { store_dir: ${quote(join(dir, 'js'))} }`,
      `tls { cert_file: ${quote(c.serverCert)}, key_file: ${quote(c.serverKey)}, ca_file: ${quote(c.ca)}, verify: true, timeout: 5 }`,
      options.auth,
      '',
    ].join('\n'),
  );
  // In its own folder, as the cluster's nodes run (nats-cluster.ts): nothing it writes lands in the repository.
  const server = startProcess(`nats-server (TLS) 127.0.0.1:${port}`, NATS_SERVER_BIN, ['-c', file], { cwd: dir });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.stop({ signal: 'SIGTERM', graceMs: 5000 });
    await rm(dir, { recursive: true, force: true });
  };
  const url = `nats://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  let lastError: unknown;
  try {
    for (;;) {
      if (!server.running) throw new Error(`${server.name} exited during start-up:\n${server.output()}`);
      try {
        const nc = await connect({ servers: url, timeout: 2000, reconnect: false, ...options.probe });
        try {
          await (await nc.jetstreamManager({ timeout: 2000 })).getAccountInfo();
          break;
        } finally {
          await nc.close();
        }
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) throw new Error(`${server.name} did not answer a JetStream request in time: ${String(lastError)}\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, process: server, stop };
}
