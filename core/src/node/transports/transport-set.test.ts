import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../common/logger.js';
import type { Transport } from '../../common/channels/transport.js';
import { EmbeddedBus } from './embedded-bus.js';
import { TransportSet } from './transport-set.js';

/** An in-process bus that answers as `kind` and whose broker may be "down": two ends to bridge. */
function bus(kind: Transport['kind'], reachable = true, prepared: string[] = []): Transport {
  const inner = new EmbeddedBus({ logger: silentLogger });
  return {
    kind,
    durable: kind !== 'embedded',
    publish: (topic, value) => inner.publish(topic, value),
    preparePublish: async (topic) => void prepared.push(topic),
    subscribe: (topic, group, options, handler) => inner.subscribe(topic, group, options, handler),
    brokerState: () => (reachable ? { reachable } : { reachable, reason: `${kind} is down` }),
    close: () => inner.close(),
  };
}

describe('TransportSet (a transport per channel)', () => {
  const sets: TransportSet[] = [];
  afterEach(async () => {
    for (const s of sets.splice(0)) await s.close();
  });

  it('runs a mixed route over a bridge: consumed on the source transport, published (and dead-lettered) on the sink transport', async () => {
    const preparedOnMqtt: string[] = [];
    const preparedOnNats: string[] = [];
    const mqtt = bus('mqtt', true, preparedOnMqtt);
    const nats = bus('nats', false, preparedOnNats);
    const set = new TransportSet(
      'mqtt',
      new Map([
        ['mqtt', mqtt],
        ['nats', nats],
        ['embedded', bus('embedded')],
      ]),
    );
    sets.push(set);
    expect(set.kinds).toEqual(['mqtt', 'nats', 'embedded']);
    expect(set.forChannel(null)).toBe(mqtt);
    expect(set.forChannel('MM')).toBe(mqtt);
    const bridge = set.forChannel('MN');
    expect(set.forChannel('MN')).toBe(bridge);
    expect(bridge.kind).toBe('mqtt');
    expect(set.labelOf('MN')).toBe('mqtt->nats');
    expect(set.labelOf(null)).toBe('mqtt');
    // A bridge is as reachable as its worse end.
    expect(bridge.brokerState?.()).toEqual({ reachable: false, reason: 'nats is down' });
    // Outputs go to the sink's transport, so that is where a starting channel's sink is made ready.
    await bridge.preparePublish?.('out-topic');
    expect(preparedOnNats).toEqual(['out-topic']);
    expect(preparedOnMqtt).toEqual([]);

    const onSource: string[] = [];
    const onSink: string[] = [];
    await mqtt.subscribe('t', 'g1', { maxInFlight: 1 }, async (m) => void onSource.push(m.value));
    await nats.subscribe('t', 'g2', { maxInFlight: 1 }, async (m) => void onSink.push(m.value));
    const viaBridge: string[] = [];
    await bridge.subscribe('t', 'g3', { maxInFlight: 1 }, async (m) => void viaBridge.push(m.value));
    await mqtt.publish('t', 'in');
    await bridge.publish('t', 'out');
    await new Promise((r) => setTimeout(r, 50));
    expect(viaBridge).toEqual(['in']);
    expect(onSource).toEqual(['in']);
    expect(onSink).toEqual(['out']);
  });

  it('refuses a transport the set does not hold, and a default outside it', () => {
    const set = new TransportSet('embedded', new Map([['embedded', bus('embedded')]]));
    sets.push(set);
    expect(() => set.forChannel('KE')).toThrow(/runs no kafka transport/);
    expect(() => new TransportSet('nats', new Map([['embedded', bus('embedded')]]))).toThrow(/default transport nats is not in the set/);
  });
});
