/**
 * A transport per channel (issue 28): a server started with several brokers runs each channel on
 * the transports its chanType names, source then sink. "MN" consumes from a real Mosquitto and
 * publishes to a real nats-server (a `mediator serve --mqtt --nats` process, the CLI bundle); "EM"
 * consumes from the in-process bus and publishes to Mosquitto. Each translates a real INTER-IoT
 * message into its golden output; a malformed one is dead-lettered to `<sink>.errors` on the sink's
 * transport; a type naming a broker the server was not started with is a 400 naming it; the type is
 * echoed by GET /v1/channels (never by the default GET /channels) and kept across a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { api, DeadLetterEnvelope, Transport } from '../../common/index.js';
import { MqttTransport, NatsTransport } from '../transports/index.js';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { readData, mediatorCli } from '../../test-support/shared-data.js';
import { request, startMediatorServe, stopAll, uploadAlignment, type TestProcess } from '../../test-support/processes.js';
import { isGoldenTranslation, numberedMessage } from '../../test-support/numbered-messages.js';
import { parsePrometheusText, sampleValue } from '../../test-support/prometheus-text.js';
import { waitUntil } from '../../test-support/wait-until.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const REQUEST_MS = 20_000;
const processes: TestProcess[] = [];
const clients: Transport[] = [];
let mosquitto: MosquittoBroker | undefined;
let nats: NatsCluster | undefined;
let inProcess: TestServer | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'mediator-mixed-'));

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await inProcess?.stop();
  await Promise.allSettled(clients.map((c) => c.close()));
  await mosquitto?.stop();
  await nats?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const json = (body: unknown): RequestInit & { timeoutMs: number } => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  timeoutMs: REQUEST_MS,
});

const channelBody = (source: string, sink: string, chanType: string) => ({
  source,
  sink,
  inpAlignmentName: 'CO_FIWARE_align',
  inpAlignmentVersion: '1.0',
  outAlignmentName: '',
  outAlignmentVersion: '',
  chanType,
  optParallelism: 2,
});

/** Collects what arrives on `topic` of `transport`. */
async function reader(transport: Transport, topic: string): Promise<string[]> {
  const got: string[] = [];
  await transport.subscribe(topic, `reader-${topic}`, { maxInFlight: 1 }, async (m) => {
    got.push(m.value);
  });
  return got;
}

const arrived = (what: string, list: readonly string[], count: number): Promise<true> =>
  waitUntil(what, 30_000, async () => (list.length >= count ? true : undefined));

describe.skipIf(skipMosquitto || skipNats)(`mixed routes ${skipMosquitto ? `(${mosquittoSkipReason})` : skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('"MN": MQTT in, NATS out, with its dead letters on NATS; a broker not started is a 400 naming it; the type survives a restart', async () => {
    mosquitto = await startMosquitto();
    nats = await startNatsServer();
    const args = ['--mqtt', mosquitto.url, '--nats', nats.url, '--log-level', 'error'];
    const first = await startMediatorServe(mediatorCli, dataDir, { args, timeoutMs: 30_000, started: processes });
    const upload = await uploadAlignment(first.url, readData('alignments/CO_FIWARE.rdf'), REQUEST_MS);
    expect(upload.status, upload.text).toBe(201);
    const created = await request(`${first.url}/v1/channels`, json(channelBody('mixed/mn.src', 'mixed-mn-sink', 'MN')));
    expect(created.status, created.text).toBe(201);
    const channel = String((JSON.parse(created.text) as { id: number }).id);

    const refused = await request(`${first.url}/channels`, json(channelBody('mixed/km.src', 'mixed-km-sink', 'KM')));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      code: 'INVALID_CHANNEL',
      message: expect.stringMatching(/source transport Kafka \(K\) is not enabled.*--kafka/) as unknown,
    });

    const mqtt = new MqttTransport({ url: mosquitto.url });
    const natsClient = new NatsTransport({ servers: nats.url });
    clients.push(mqtt, natsClient);
    const out = await reader(natsClient, 'mixed-mn-sink');
    const dead = await reader(natsClient, 'mixed-mn-sink.errors');
    await mqtt.publish('mixed/mn.src', 'not JSON at all');
    await mqtt.publish('mixed/mn.src', numberedMessage(0, 'mixed-mn'));
    await arrived('the translation on NATS', out, 1);
    await arrived('the dead letter on NATS', dead, 1);
    expect(await isGoldenTranslation(0, out[0] ?? '')).toBe(true);
    expect(JSON.parse(dead[0] ?? 'null') as DeadLetterEnvelope).toMatchObject({
      error: { code: 'MESSAGE_NOT_JSON' },
      source: 'mixed/mn.src',
      original: 'not JSON at all',
    });

    // The metrics label a mixed route by both ends.
    await waitUntil('the channel counters', 10_000, async () => {
      const families = parsePrometheusText((await request(`${first.url}/metrics`, { timeoutMs: REQUEST_MS })).text);
      return sampleValue(families, 'mediator_channel_messages_translated_total', { channel, transport: 'mqtt->nats' }) === 1 ? true : undefined;
    });

    // Echoed by STE's list and the details, never by the reference's list (strict clients).
    const v1 = JSON.parse((await request(`${first.url}/v1/channels`, { timeoutMs: REQUEST_MS })).text) as { chanType: string }[];
    expect(v1.map((c) => c.chanType)).toEqual(['MN']);
    const plain = JSON.parse((await request(`${first.url}/channels`, { timeoutMs: REQUEST_MS })).text) as Record<string, unknown>[];
    expect(plain.map((c) => 'chanType' in c)).toEqual([false]);

    // A restart on the same data folder keeps the channel's transports.
    expect(await first.process.stop({ signal: 'SIGTERM', graceMs: 15_000 })).toEqual({ code: 0, signal: null });
    const second = await startMediatorServe(mediatorCli, dataDir, { args, timeoutMs: 30_000, started: processes });
    const again = JSON.parse((await request(`${second.url}/channels?details=true`, { timeoutMs: REQUEST_MS })).text) as { chanType: string; status: string }[];
    expect(again.map((c) => [c.chanType, c.status])).toEqual([['MN', 'running']]);
    await mqtt.publish('mixed/mn.src', numberedMessage(1, 'mixed-mn'));
    await arrived('the translation after the restart', out, 2);
    expect(await isGoldenTranslation(1, out[1] ?? '')).toBe(true);
    expect(await second.process.stop({ signal: 'SIGTERM', graceMs: 15_000 })).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('"EM": the in-process bus in, MQTT out', async () => {
    mosquitto ??= await startMosquitto();
    inProcess = await startTestServer('mixed-em', { brokers: { mqtt: mosquitto.url } });
    const { server } = inProcess;
    const upload = await uploadAlignment(server.url, readData('alignments/CO_FIWARE.rdf'), REQUEST_MS);
    expect(upload.status, upload.text).toBe(201);
    const created = await request(`${server.url}/channels`, json({ ...channelBody('em-src', 'mixed/em.sink', 'em'), optParallelism: undefined }));
    expect(created.status, created.text).toBe(201);
    const mqtt = new MqttTransport({ url: mosquitto.url });
    clients.push(mqtt);
    const out = await reader(mqtt, 'mixed/em.sink');
    await server.runner.transports.get('embedded').publish('em-src', numberedMessage(2, 'mixed-em'));
    await arrived('the translation on MQTT', out, 1);
    expect(await isGoldenTranslation(2, out[0] ?? '')).toBe(true);
    const details = JSON.parse((await request(`${server.url}/channels?details=true`, { timeoutMs: REQUEST_MS })).text) as { chanType: string }[];
    expect(details.map((c) => c.chanType)).toEqual(['EM']);
    // What the workbench's channel form offers: the default first, each with its letter.
    const version = JSON.parse((await request(`${server.url}/version?details=true`, { timeoutMs: REQUEST_MS })).text) as api.VersionDetails;
    expect(version.transports?.map((t) => [t.kind, t.letter, t.default, t.reachable])).toEqual([
      ['embedded', 'E', true, true],
      ['mqtt', 'M', false, true],
    ]);
    expect(Object.keys(JSON.parse((await request(`${server.url}/version`, { timeoutMs: REQUEST_MS })).text) as object)).toEqual(['name', 'version']);
  }, 60_000);
});
