/**
 * MQTT channels on a real server (issue 28): a `mediator serve --mqtt` process (the CLI bundle)
 * runs a channel created with chanType "MM" on a real Mosquitto. Golden INTER-IoT messages go to
 * the source topic at QoS 1; in mid-stream the mediator is killed with SIGKILL and messages keep
 * coming while it is down; a new process on the same data folder (same MQTT client ids, so the
 * same persistent sessions) restores the channel. Every message the broker acknowledged to the
 * publisher must arrive translated on the sink (duplicates allowed, none missing), each isomorphic
 * to its golden output. Then a malformed message goes to `<sink>.errors` and the channel goes on,
 * and the counters of GET /metrics, labelled transport "mqtt", move exactly with what was sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeadLetterEnvelope } from '../../common/index.js';
import { MqttTransport } from '../transports/index.js';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { readData, mediatorCli } from '../../test-support/shared-data.js';
import { request, startMediatorServe, stopAll, uploadAlignment, type TestProcess } from '../../test-support/processes.js';
import { NumberedArrivals, numberedMessage } from '../../test-support/numbered-messages.js';
import { createCoFiwareChannel, expectCountedSince, publishKillingMidway, settledCounters } from '../../test-support/kill-mid-stream.js';
import { waitUntilTrue } from '../../test-support/wait-until.js';

const MESSAGES = 600;
const KILL_AT = 300;
const REQUEST_MS = 20_000;
const processes: TestProcess[] = [];
const clients: MqttTransport[] = [];
let broker: MosquittoBroker | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'mediator-mqtt-kill-'));

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await Promise.allSettled(clients.map((c) => c.close()));
  await broker?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

function serve(url: string) {
  return startMediatorServe(mediatorCli, dataDir, { args: ['--mqtt', url, '--log-level', 'error'], timeoutMs: 30_000, started: processes });
}

describe.skipIf(skipMosquitto)(`an MQTT channel on a real server ${skipMosquitto ? `(${mosquittoSkipReason})` : ''}`, () => {
  it(`translates through chanType "MM", loses none of ${MESSAGES} acknowledged messages across a kill -9, dead-letters a malformed one and goes on`, async () => {
    broker = await startMosquitto();
    const first = await serve(broker.url);
    const upload = await uploadAlignment(first.url, readData('alignments/CO_FIWARE.rdf'), REQUEST_MS);
    expect(upload.status, upload.text).toBe(201);
    const channel = String(
      await createCoFiwareChannel(first.url, { source: 'mqtt/kill.src', sink: 'mqtt/kill.sink', parallelism: 4, chanType: 'MM' }, REQUEST_MS),
    );
    // The default GET /channels keeps the reference's 11 keys; the details say MM.
    const details = await request(`${first.url}/channels?details=true`, { timeoutMs: REQUEST_MS });
    expect((JSON.parse(details.text) as { chanType: string }[]).map((c) => c.chanType)).toEqual(['MM']);

    const client = new MqttTransport({ url: broker.url, clientIdPrefix: 'kill-checker' });
    clients.push(client);
    const arrivals = new NumberedArrivals('mqtt-kill');
    await client.subscribe('mqtt/kill.sink', 'checker', { maxInFlight: 64 }, arrivals.handler);
    const dead: string[] = [];
    await client.subscribe('mqtt/kill.sink.errors', 'checker', { maxInFlight: 1 }, async (m) => {
      dead.push(m.value);
    });

    // Each publish resolves on the broker's PUBACK.
    await publishKillingMidway((i) => client.publish('mqtt/kill.src', numberedMessage(i, 'mqtt-kill')), arrivals, {
      count: MESSAGES,
      killAt: KILL_AT,
      victim: first.process,
    });

    // Same data folder: the same client ids resume the sessions the broker kept meanwhile.
    const second = await serve(broker.url);
    await waitUntilTrue(`all ${MESSAGES} messages on the sink`, () => arrivals.arrived.size >= MESSAGES, 120_000);
    await arrivals.expectEveryGolden(MESSAGES);

    const before = await settledCounters(second.url, channel, 'mqtt', REQUEST_MS);
    expect(before.connected).toBe(1);
    const more = { good: 20, bad: 2 };
    for (let i = 0; i < more.bad; i++) await client.publish('mqtt/kill.src', `not JSON ${i}`);
    for (let i = 0; i < more.good; i++) await client.publish('mqtt/kill.src', numberedMessage(MESSAGES + i, 'mqtt-kill'));
    // The channel went on after the malformed ones.
    await waitUntilTrue('the messages after the malformed ones', () => arrivals.arrived.size >= MESSAGES + more.good, 30_000);
    await waitUntilTrue('the dead letters', () => dead.length >= more.bad, 30_000);
    const envelope = JSON.parse(dead[0] ?? 'null') as DeadLetterEnvelope;
    expect(envelope).toMatchObject({ error: { code: 'MESSAGE_NOT_JSON' }, channel: Number(channel), source: 'mqtt/kill.src', original: 'not JSON 0' });
    await expectCountedSince(second.url, channel, 'mqtt', before, more, REQUEST_MS);
    expect(await second.process.stop({ signal: 'SIGTERM', graceMs: 15_000 })).toEqual({ code: 0, signal: null });
  }, 240_000);
});
