import { describe, expect, it } from 'vitest';
import { KafkaTransport, OffsetTracker } from './kafka-transport.js';

describe('OffsetTracker (Kafka commit watermark)', () => {
  it('commits only up to the last offset below which everything finished', () => {
    const t = new OffsetTracker();
    for (const o of [10n, 11n, 12n, 13n]) t.start(o);
    t.done(11n);
    t.done(13n);
    expect(t.committable()).toBeUndefined();
    expect(t.position).toBeUndefined();
    t.done(10n);
    expect(t.committable()).toBe(12n);
    expect(t.committable()).toBeUndefined();
    // The position stays readable after committable() handed it out (commits are throttled).
    expect(t.position).toBe(12n);
    t.done(12n);
    expect(t.committable()).toBe(14n);
  });

  it('stops at a failed offset, even when later ones finish', () => {
    const t = new OffsetTracker();
    for (const o of [0n, 1n, 2n, 3n]) t.start(o);
    t.done(0n);
    t.fail(1n);
    t.done(2n);
    t.done(3n);
    t.done(1n); // a late success after the failure does not move past it
    expect(t.committable()).toBe(1n);
    expect(t.failed).toBe(1n);
  });

  it('refuses offsets that do not start in order', () => {
    const t = new OffsetTracker();
    t.start(5n);
    expect(() => t.start(5n)).toThrow(/in order/);
    expect(() => t.start(4n)).toThrow(/in order/);
  });
});

describe('Kafka transport without a broker', () => {
  it('refuses topic names Kafka cannot hold, before touching the network', async () => {
    const t = new KafkaTransport({ brokers: '127.0.0.1:1' });
    await expect(t.publish('has space', 'x')).rejects.toThrow(/not a legal Kafka topic name/);
    await expect(t.publish('x'.repeat(250), 'x')).rejects.toThrow(/not a legal Kafka topic name/);
    await expect(t.subscribe('a/b', 'g', { maxInFlight: 1 }, async () => undefined)).rejects.toThrow(/not a legal Kafka topic name/);
    await t.close();
  });

  it('needs at least one broker', () => {
    expect(() => new KafkaTransport({ brokers: ' , ' })).toThrow(/at least one broker/);
  });
});
