import { Admin } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaSkipReason, skipKafka, startKafkaBroker, type KafkaBroker } from '../../test-support/kafka-broker.js';
import { KafkaTransport } from './kafka-transport.js';
import { describeTransportContract } from './transport-contract.js';

describe.skipIf(skipKafka)(`Kafka (KRaft), one broker${skipKafka ? ` (${kafkaSkipReason})` : ''}`, () => {
  let broker: KafkaBroker | undefined;
  beforeAll(async () => {
    broker = await startKafkaBroker();
  }, 120_000);
  afterAll(async () => {
    await broker?.stop();
  }, 30_000);
  describeTransportContract(
    'kafka (1 broker)',
    // Short sessions (the test broker allows 1 s; 6 s leaves room for a loaded machine): a crashed
    // consumer's partition moves in seconds, not after the default 30.
    () => new KafkaTransport({ brokers: broker?.brokers ?? '', redeliveryDelayMs: 200, sessionTimeoutMs: 6000, heartbeatIntervalMs: 1000 }),
    // One-partition topics: a group's members split by partition, so one member may get all.
    { splitsMessagesWithinGroup: false, redeliveryWithinMs: 30_000, testTimeoutMs: 60_000 },
  );

  // A channel calls preparePublish for its sink while it joins its group (issue 42): the topic is
  // then there with a leader before the first output, which otherwise paid its creation.
  it('preparePublish makes the sink topic, led, before anything is published; an illegal name is refused', async () => {
    const transport = new KafkaTransport({ brokers: broker?.brokers ?? '' });
    const admin = new Admin({ clientId: 'prepare-check', bootstrapBrokers: [broker?.brokers ?? ''] });
    const topic = `prepared.${process.pid}.${Date.now()}`;
    try {
      const before = await admin.listTopics();
      expect(before).not.toContain(topic);
      await transport.preparePublish(topic);
      const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
      const partitions = metadata.topics.get(topic)?.partitions ?? [];
      expect(partitions.length).toBeGreaterThan(0);
      expect(partitions.every((p) => p.leader >= 0)).toBe(true);
      await expect(transport.preparePublish('not a topic!')).rejects.toThrow(/legal Kafka topic name/);
    } finally {
      await Promise.all([transport.close(), admin.close()]);
    }
  }, 60_000);

  it("probe (GET /metrics' mediator_broker_connected) is true with the broker, false without one", async () => {
    const up = new KafkaTransport({ brokers: broker?.brokers ?? '' });
    // Port 1 on loopback: nothing listens there.
    const down = new KafkaTransport({ brokers: '127.0.0.1:1' });
    try {
      expect(await up.probe(10_000)).toBe(true);
      expect(await down.probe(1000)).toBe(false);
    } finally {
      await Promise.all([up.close(), down.close()]);
    }
  }, 30_000);
});
