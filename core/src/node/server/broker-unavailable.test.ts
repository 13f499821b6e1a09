/**
 * A down broker over a real port (issue 40), with real Mosquitto and nats-server processes: one
 * killed (SIGKILL) after the server reached it, one never reachable (a port nothing listens on).
 * For each, on the server whose default transport it is:
 * - POST /topics/{topic}/messages answers 503 BROKER_UNAVAILABLE `{message, code}` with
 *   Retry-After within 10 s, every time (not 500 INTERNAL after 30 s), and nothing is logged as a bug;
 * - `reachable` of that transport in GET /version?details=true is the same as the gauge
 *   mediator_broker_connected in /metrics, and both say down.
 */
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type api } from '../../common/index.js';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { closedPort } from '../../test-support/loopback-ports.js';
import { parsePrometheusText, sampleValue } from '../../test-support/prometheus-text.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

/** What the issue allows for the refusal. */
const ANSWER_BOUND_MS = 10_000;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Started {
  readonly running: TestServer;
  readonly log: string[];
}

async function serverOn(kind: 'mqtt' | 'nats', url: string): Promise<Started> {
  const log: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const running = await startTestServer(`broker-down-${kind}`, { transport: { kind, url }, store: 'sqlite', logStream });
  cleanups.push(() => running.stop());
  return { running, log };
}

const publish = (base: string, topic: string): Promise<Response> =>
  fetch(`${base}/topics/${encodeURIComponent(topic)}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });

/** Three publishes in a row: each 503 BROKER_UNAVAILABLE with Retry-After within the bound. */
async function expectRefusals(base: string, topic: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    const reply = await publish(base, topic);
    times.push(Date.now() - started);
    const body = (await reply.json()) as { code: string; message: string };
    expect(reply.status, JSON.stringify(body)).toBe(503);
    expect(body.code).toBe(ErrorCodes.brokerUnavailable);
    expect(body.message).toMatch(/broker/i);
    expect(reply.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(times[i]).toBeLessThan(ANSWER_BOUND_MS);
  }
  return times;
}

/** `reachable` of `kind` in /version?details=true and the gauge, read one after the other. */
async function bothStates(base: string, kind: string): Promise<{ reachable: boolean | undefined; gauge: number | undefined }> {
  const details = (await (await fetch(`${base}/version?details=true`)).json()) as api.VersionDetails;
  const reachable = details.transports?.find((t) => t.kind === kind)?.reachable;
  const gauge = sampleValue(parsePrometheusText(await (await fetch(`${base}/metrics`)).text()), 'mediator_broker_connected', { transport: kind });
  return { reachable, gauge };
}

function expectNoBug(log: readonly string[]): void {
  expect(log.filter((line) => /a bug|"level":50/.test(line))).toEqual([]);
}

const measured: string[] = [];
afterAll(() => {
  process.stdout.write(`\nBroker down, POST /topics answer ms:\n${measured.map((m) => `  ${m}`).join('\n')}\n`);
});

describe.skipIf(skipMosquitto)(`MQTT broker down ${skipMosquitto ? mosquittoSkipReason : ''}`, { timeout: 90_000 }, () => {
  it('killed: 503 BROKER_UNAVAILABLE with Retry-After within 10 s; /version and the gauge agree it is down', async () => {
    const broker: MosquittoBroker = await startMosquitto();
    cleanups.push(() => broker.stop());
    const { running, log } = await serverOn('mqtt', broker.url);
    const base = running.server.url;
    expect((await publish(base, 'down/one')).status).toBe(202);
    expect(await bothStates(base, 'mqtt')).toEqual({ reachable: true, gauge: 1 });
    await broker.process.stop({ signal: 'SIGKILL' });
    measured.push(`mqtt killed: ${(await expectRefusals(base, 'down/one')).join(', ')}`);
    expect(await bothStates(base, 'mqtt')).toEqual({ reachable: false, gauge: 0 });
    // The reference's plain answer (the middleware's health check) never waits for a broker.
    const started = Date.now();
    expect(await (await fetch(`${base}/version`)).json()).toEqual({ name: expect.any(String), version: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(1000);
    expectNoBug(log);
  });

  it('never reachable: the same', async () => {
    const { running, log } = await serverOn('mqtt', `mqtt://127.0.0.1:${await closedPort()}`);
    const base = running.server.url;
    measured.push(`mqtt never reachable: ${(await expectRefusals(base, 'down/two')).join(', ')}`);
    expect(await bothStates(base, 'mqtt')).toEqual({ reachable: false, gauge: 0 });
    expectNoBug(log);
  });
});

describe.skipIf(skipNats)(`NATS broker down ${skipNats ? natsSkipReason : ''}`, { timeout: 90_000 }, () => {
  it('killed: 503 BROKER_UNAVAILABLE with Retry-After within 10 s; /version and the gauge agree it is down', async () => {
    const nats: NatsCluster = await startNatsServer();
    cleanups.push(() => nats.stop());
    const { running, log } = await serverOn('nats', nats.url);
    const base = running.server.url;
    expect((await publish(base, 'down.one')).status).toBe(202);
    expect(await bothStates(base, 'nats')).toEqual({ reachable: true, gauge: 1 });
    await nats.kill(0);
    measured.push(`nats killed: ${(await expectRefusals(base, 'down.one')).join(', ')}`);
    expect(await bothStates(base, 'nats')).toEqual({ reachable: false, gauge: 0 });
    expectNoBug(log);
  });

  it('never reachable (refused connection): reachable false, as the gauge says, and 503 on publish', async () => {
    const { running, log } = await serverOn('nats', `nats://127.0.0.1:${await closedPort()}`);
    const base = running.server.url;
    expect(await bothStates(base, 'nats')).toEqual({ reachable: false, gauge: 0 });
    measured.push(`nats never reachable: ${(await expectRefusals(base, 'down.two')).join(', ')}`);
    expectNoBug(log);
  });
});
