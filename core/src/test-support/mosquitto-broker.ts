/**
 * A throw-away Eclipse Mosquitto broker for the MQTT transport tests and the MQTT channel
 * benchmark: one process on a free loopback port with a generated configuration file.
 *
 * As with nats-server and Kafka, a missing binary skips the MQTT suites locally with the reason,
 * and under `CI=true` they run and fail loudly instead, so CI can never pass by skipping them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntilAccepting } from './loopback-ports.js';
import { startProcess, type TestProcess } from './processes.js';

export const MOSQUITTO_BIN = process.env.MEDIATOR_MOSQUITTO ?? '/usr/sbin/mosquitto';
export const mosquittoAvailable: boolean = existsSync(MOSQUITTO_BIN);
/** True when the MQTT suites should be skipped: no mosquitto and not running under CI. */
export const skipMosquitto: boolean = !mosquittoAvailable && process.env.CI !== 'true';
export const mosquittoSkipReason = `skipped: ${MOSQUITTO_BIN} not found (apt-get install mosquitto, or set MEDIATOR_MOSQUITTO)`;

export interface MosquittoBroker {
  /** `mqtt://127.0.0.1:<port>` (`mqtts://` when secured), the form `--mqtt` and `MqttTransport({ url })` take. */
  readonly url: string;
  readonly port: number;
  readonly process: TestProcess;
  /** SIGTERM (SIGKILL after 5 s) and removes the configuration folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface MosquittoOptions {
  /** Bound on the start, from the spawn to an accepted connection; default 30 s. */
  readonly startTimeoutMs?: number;
  /** Port to listen on (a restart on the same port); default a free one. */
  readonly port?: number;
  /**
   * TLS that requires a client certificate signed by `ca`, and users from a password file
   * (`mosquitto_passwd`): no anonymous client. The URL is then `mqtts://`.
   */
  readonly secured?: { readonly ca: string; readonly cert: string; readonly key: string; readonly passwordFile: string };
}

/**
 * Mosquitto 2's defaults drop messages past 1000 queued per client (`max_queued_messages`), also
 * for a connected client that is busy: a benchmark's burst, or messages kept for a mediator that is
 * down, would be lost by the broker before any channel saw them. The tests lift both bounds, as an
 * operator running channels should (README, "Channels on MQTT").
 */
function config(port: number, secured: MosquittoOptions['secured']): string {
  return [
    `listener ${port} 127.0.0.1`,
    ...(secured === undefined
      ? ['allow_anonymous true']
      : [
          // As the user running the tests: a root mosquitto drops to "mosquitto", who cannot read the test's private folder.
          `user ${userInfo().username}`,
          `cafile ${secured.ca}`,
          `certfile ${secured.cert}`,
          `keyfile ${secured.key}`,
          'require_certificate true',
          'allow_anonymous false',
          `password_file ${secured.passwordFile}`,
        ]),
    'persistence false',
    'max_queued_messages 0',
    'max_queued_bytes 0',
    'max_inflight_messages 0',
    'max_packet_size 268435455',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    '',
  ].join('\n');
}

/** Starts mosquitto and waits, bounded, until its port accepts a connection. */
export async function startMosquitto(options: MosquittoOptions = {}): Promise<MosquittoBroker> {
  if (!mosquittoAvailable) throw new Error(`mosquitto is required for the MQTT tests: ${mosquittoSkipReason}`);
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const dir = await mkdtemp(join(tmpdir(), 'mediator-mosquitto-'));
  const port = options.port ?? (await freePort());
  const file = join(dir, 'mosquitto.conf');
  await writeFile(file, config(port, options.secured));
  const broker = startProcess(`mosquitto 127.0.0.1:${port}`, MOSQUITTO_BIN, ['-c', file]);
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await broker.stop({ signal: 'SIGTERM', graceMs: 5000 });
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAccepting(broker, port, { since: Date.now(), timeoutMs, pollMs: 50 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${options.secured === undefined ? 'mqtt' : 'mqtts'}://127.0.0.1:${port}`, port, process: broker, stop };
}
