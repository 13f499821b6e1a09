import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { MqttTransport } from './mqtt-transport.js';
import { describeTransportContract } from './transport-contract.js';

describe.skipIf(skipMosquitto)(`MQTT 5, one Mosquitto${skipMosquitto ? ` (${mosquittoSkipReason})` : ''}`, () => {
  let broker: MosquittoBroker | undefined;
  // Every transport of the suite is a process of the same data folder (one client id prefix): a
  // second one takes over the group's session where the first stopped or crashed, as a restarted
  // mediator does. Members of one group that run at once get distinct member ids (the takeover rule).
  const prefix = `contract-${Date.now().toString(36)}`;
  beforeAll(async () => {
    broker = await startMosquitto();
  }, 60_000);
  afterAll(async () => {
    await broker?.stop();
  }, 30_000);
  describeTransportContract('mqtt (1 mosquitto)', () => new MqttTransport({ url: broker?.url ?? '', clientIdPrefix: prefix, redeliveryDelayMs: 200 }), {
    redeliveryWithinMs: 10_000,
  });

  it("probe (GET /metrics' mediator_broker_connected) is true with the broker, false without one", async () => {
    const up = new MqttTransport({ url: broker?.url ?? '' });
    // Port 1 on loopback: nothing listens there.
    const down = new MqttTransport({ url: 'mqtt://127.0.0.1:1' });
    try {
      expect(await up.probe(10_000)).toBe(true);
      expect(await down.probe(1000)).toBe(false);
      expect(down.brokerState().reachable).toBe(false);
    } finally {
      await Promise.all([up.close(), down.close()]);
    }
  }, 30_000);
});
