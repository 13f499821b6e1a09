import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../common/logger.js';
import { createTransport, EmbeddedBus, KafkaTransport, NatsTransport } from './index.js';

describe('createTransport', () => {
  it('makes each kind without connecting anywhere', async () => {
    const embedded = createTransport({ kind: 'embedded', logger: silentLogger });
    expect(embedded).toBeInstanceOf(EmbeddedBus);
    expect(embedded.durable).toBe(false);
    const nats = createTransport({ kind: 'nats', url: 'nats://127.0.0.1:4222, nats://127.0.0.1:4223', logger: silentLogger });
    expect(nats).toBeInstanceOf(NatsTransport);
    expect(nats).toMatchObject({ kind: 'nats', durable: true });
    const kafka = createTransport({ kind: 'kafka', url: '127.0.0.1:9092', logger: silentLogger });
    expect(kafka).toBeInstanceOf(KafkaTransport);
    expect(kafka).toMatchObject({ kind: 'kafka', durable: true });
    await Promise.all([embedded.close(), nats.close(), kafka.close()]);
  });

  it('rejects an empty server list', () => {
    expect(() => createTransport({ kind: 'nats', url: '', logger: silentLogger })).toThrow(/at least one server/);
  });
});
