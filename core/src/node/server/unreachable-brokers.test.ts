/**
 * A server whose brokers are all out of reach (issue 40): `mediator serve` with Kafka, NATS and MQTT
 * on ports where nothing listens starts and answers at once; a channel on each broker fails with a
 * reason naming that broker and the cause, and the credentials in the broker URLs appear nowhere
 * (banner, log, GET /version?details=true, /metrics, /channels?details=true).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../test-support/loopback-ports.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { expectChannelFails, expectNoSecretShown } from '../../test-support/secured-channel.js';
import { mediatorCli } from '../../test-support/shared-data.js';

const dir = mkdtempSync(join(tmpdir(), 'mediator-unreachable-brokers-'));
const processes: TestProcess[] = [];

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('a server whose brokers cannot be reached', () => {
  it('starts, answers, fails each channel naming its broker, and shows no credential', async () => {
    const kafka = await closedPort();
    const nats = await closedPort([kafka]);
    const mqtt = await closedPort([kafka, nats]);
    const secrets = ['nats-Secret-0001', 'mqtt-Secret-0002', 'kafka-Secret-0003'];
    const server = await startMediatorServe(mediatorCli, dir, {
      args: [
        '--kafka',
        `127.0.0.1:${kafka}`,
        '--nats',
        `nats://svc:${secrets[0]}@127.0.0.1:${nats}`,
        '--mqtt',
        `mqtt://svc:${secrets[1]}@127.0.0.1:${mqtt}`,
        '--store',
        'sqlite',
      ],
      env: { MEDIATOR_KAFKA_SASL: 'scram-sha-256', MEDIATOR_KAFKA_USER: 'svc', MEDIATOR_KAFKA_PASSWORD: secrets[2] },
      timeoutMs: 30_000,
      started: processes,
    });
    expect((await request(`${server.url}/version`)).status).toBe(200);
    const shapes = [
      { chanType: 'KK', reason: [new RegExp(`Kafka at 127\\.0\\.0\\.1:${kafka}`), /ECONNREFUSED|connect/i] },
      { chanType: 'NN', reason: [new RegExp(`NATS at nats://127\\.0\\.0\\.1:${nats}`), /CONNECTION_REFUSED|ECONNREFUSED/i] },
      { chanType: 'MM', reason: [new RegExp(`the MQTT broker mqtt://\\*\\*\\*@127\\.0\\.0\\.1:${mqtt}`), /ECONNREFUSED/] },
    ];
    for (const { chanType, reason } of shapes) {
      await expectChannelFails(server.url, { chanType, source: `down.${chanType}.src`, sink: `down.${chanType}.sink` }, reason);
    }
    await expectNoSecretShown(server.url, server.process, secrets);
  }, 120_000);
});
