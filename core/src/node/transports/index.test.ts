import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../common/logger.js';
import { EmbeddedBus, KafkaTransport, loadTransport, NatsTransport } from './index.js';

describe('loadTransport', () => {
  it('makes each kind without connecting anywhere', async () => {
    const embedded = await loadTransport({ kind: 'embedded', logger: silentLogger });
    expect(embedded).toBeInstanceOf(EmbeddedBus);
    expect(embedded.durable).toBe(false);
    const nats = await loadTransport({ kind: 'nats', url: 'nats://127.0.0.1:4222, nats://127.0.0.1:4223', logger: silentLogger });
    expect(nats).toBeInstanceOf(NatsTransport);
    expect(nats).toMatchObject({ kind: 'nats', durable: true });
    const kafka = await loadTransport({ kind: 'kafka', url: '127.0.0.1:9092', logger: silentLogger });
    expect(kafka).toBeInstanceOf(KafkaTransport);
    expect(kafka).toMatchObject({ kind: 'kafka', durable: true });
    await Promise.all([embedded.close(), nats.close(), kafka.close()]);
  });

  it('rejects an empty server list', async () => {
    await expect(loadTransport({ kind: 'nats', url: '', logger: silentLogger })).rejects.toThrow(/at least one server/);
  });
});
