import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectAsync } from 'mqtt';
import { silentLogger } from '../../common/logger.js';
import { ChannelRuntime, type DeadLetterEnvelope } from '../../common/channels/channel-runtime.js';
import { mosquittoSkipReason, skipMosquitto, startMosquitto, type MosquittoBroker } from '../../test-support/mosquitto-broker.js';
import { MqttTransport, type MqttTransportOptions } from './mqtt-transport.js';
import { collect, identityTranslate, uniqueTopic, waitUntil, EMPTY_PAYLOAD_MESSAGE, type Collector } from './transport-contract.js';

describe.skipIf(skipMosquitto)(`MQTT transport on Mosquitto${skipMosquitto ? ` (${mosquittoSkipReason})` : ''}`, () => {
  let broker: MosquittoBroker | undefined;
  const open: { close(): Promise<void> }[] = [];
  const make = (options: Partial<MqttTransportOptions> = {}): MqttTransport => {
    const t = new MqttTransport({ url: broker?.url ?? '', redeliveryDelayMs: 100, ...options });
    open.push(t);
    return t;
  };
  const collector = async (...args: Parameters<typeof collect>): Promise<Collector> => {
    const c = await collect(...args);
    open.unshift(c);
    return c;
  };
  beforeAll(async () => {
    broker = await startMosquitto();
  }, 60_000);
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close();
  });
  afterAll(async () => {
    await broker?.stop();
  }, 30_000);

  it('messages published while the group has no subscriber arrive when the same data folder subscribes again', async () => {
    const prefix = `session-${Date.now().toString(36)}`;
    const topic = uniqueTopic('offline');
    const first = make({ clientIdPrefix: prefix });
    const before = await collector(first, topic, 'channel-group');
    await first.publish(topic, 'while-up');
    await before.waitFor(1);
    // The mediator goes away (crash): the broker keeps the session.
    await first.close();
    const publisher = make();
    for (const v of ['while-down-1', 'while-down-2']) await publisher.publish(topic, v);
    const second = make({ clientIdPrefix: prefix });
    const after = await collector(second, topic, 'channel-group');
    await after.waitFor(2);
    expect(after.values).toEqual(['while-down-1', 'while-down-2']);
  }, 30_000);

  it('a rejected message is not acknowledged and comes again, flagged as redelivered, before the next one', async () => {
    const t = make();
    const topic = uniqueTopic('reject');
    const seen: { value: string; redelivered: boolean }[] = [];
    let failures = 0;
    const sub = await t.subscribe(topic, 'g', { maxInFlight: 1 }, async (m) => {
      seen.push({ value: m.value, redelivered: m.redelivered });
      if (m.value === 'a' && failures === 0) {
        failures += 1;
        throw new Error('the sink is down');
      }
    });
    open.unshift(sub);
    await t.publish(topic, 'a');
    await t.publish(topic, 'b');
    await waitUntil(() => seen.some((s) => s.value === 'a' && s.redelivered) && seen.some((s) => s.value === 'b'), 10_000, 'a delivered again and b');
    const firstB = seen.findIndex((s) => s.value === 'b' && s.redelivered);
    const againA = seen.findIndex((s) => s.value === 'a' && s.redelivered);
    expect(againA).toBeGreaterThan(0);
    // b, received before a failed, may have run once; its acknowledged copy comes after a's redelivery.
    if (firstB !== -1) expect(firstB).toBeGreaterThan(againA);
  }, 30_000);

  it('what the resumed session sends again right behind the CONNACK is acknowledged on that connection: it does not come a third time', async () => {
    const prefix = `resend-${Date.now().toString(36)}`;
    const topic = uniqueTopic('resend');
    const seen: { value: string; redelivered: boolean }[] = [];
    const first = make({ clientIdPrefix: prefix });
    let failed = false;
    const sub = await first.subscribe(topic, 'g', { maxInFlight: 4 }, async (m) => {
      seen.push({ value: m.value, redelivered: m.redelivered });
      if (!failed) {
        // The first message fails: the subscription reconnects and the session sends all again.
        failed = true;
        throw new Error('the sink is down');
      }
    });
    const publisher = make();
    for (const v of ['a', 'b', 'c', 'd']) await publisher.publish(topic, v);
    await waitUntil(() => ['a', 'b', 'c', 'd'].every((v) => seen.some((s) => s.value === v && s.redelivered)), 10_000, 'a-d delivered again');
    await sub.close();
    const second = make({ clientIdPrefix: prefix });
    const after = await collector(second, topic, 'g');
    await publisher.publish(topic, 'e');
    await after.waitFor(1);
    // The acknowledged messages do not come again; only the new one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(after.values).toEqual(['e']);
  }, 30_000);

  it('a message over the size limit goes to <sink>.errors with the reason, untranslated, and the channel goes on', async () => {
    const t = make({ maxMessageBytes: 2048 });
    const source = uniqueTopic('big-in');
    const sink = uniqueTopic('big-out');
    const dead = await collector(t, `${sink}.errors`, 'reader');
    const out = await collector(t, sink, 'reader');
    const runtime = new ChannelRuntime({
      config: { id: 'big', source, sink, consumerGroup: 'big-group' },
      translate: identityTranslate,
      transport: t,
      logger: silentLogger,
    });
    open.unshift({ close: () => runtime.stop() });
    expect(await runtime.start()).toBe('running');
    const big = `{"padding": "${'x'.repeat(5000)}"}`;
    await t.publish(source, big);
    await t.publish(source, EMPTY_PAYLOAD_MESSAGE);
    await dead.waitFor(1);
    await out.waitFor(1);
    const envelope = JSON.parse(dead.values[0] ?? 'null') as DeadLetterEnvelope;
    expect(envelope.error.code).toBe('MESSAGE_TOO_LARGE');
    expect(envelope.error.message).toMatch(/5015 bytes, more than this channel's limit of 2048/);
    expect(envelope.originalBytes).toBe(big.length);
    expect(big.startsWith(envelope.original)).toBe(true);
    expect(envelope.original.length).toBe(1024);
    expect(out.values).toEqual([EMPTY_PAYLOAD_MESSAGE]);
  }, 30_000);

  it('consumes what a publisher sent at QoS 0 too (delivered at QoS 0: nothing to acknowledge)', async () => {
    const t = make();
    const topic = uniqueTopic('qos0');
    const c = await collector(t, topic, 'g');
    const publisher = await connectAsync(broker?.url ?? '', { protocolVersion: 5 });
    try {
      await publisher.publishAsync(topic, 'at most once', { qos: 0 });
      await publisher.publishAsync(topic, 'at least once', { qos: 1 });
    } finally {
      await publisher.endAsync();
    }
    await c.waitFor(2);
    expect(c.values).toEqual(['at most once', 'at least once']);
  }, 30_000);

  it('a publish the broker never confirms is rejected after publishTimeoutMs, and one still waiting when the transport closes at once', async () => {
    const t = make({ publishTimeoutMs: 300 });
    const topic = uniqueTopic('stalled');
    await t.publish(topic, 'before the stall');
    const child = broker!.process.child;
    // A real broker that stops answering: stopped, not killed, so the connection stays up.
    child.kill('SIGSTOP');
    try {
      const started = Date.now();
      await expect(t.publish(topic, 'never confirmed')).rejects.toThrow(/no answer within 300 ms/);
      // One sweep period (75 ms here) past the bound at most, with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(3000);
      const waiting = t.publish(topic, 'waiting at close');
      const outcome = expect(waiting).rejects.toThrow(/closed/);
      await t.close();
      await outcome;
    } finally {
      child.kill('SIGCONT');
    }
  }, 30_000);

  it('publishes awaiting their PUBACK when the connection drops go out again on the next connection and are confirmed there', async () => {
    // The publisher writes its QoS 1 packets itself (mqtt-wire.ts); MQTT.js keeps them until their
    // PUBACK and sends them again after a reconnection, through the same writer.
    const t = make({ reconnectMinMs: 50, publishTimeoutMs: 15_000 });
    const topic = uniqueTopic('resent');
    const c = await collector(make(), topic, 'g');
    await t.publish(topic, 'first');
    const child = broker!.process.child;
    child.kill('SIGSTOP');
    let pending: Array<Promise<void>>;
    try {
      pending = ['a', 'b', 'c'].map((v) => t.publish(topic, v));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The connection is lost with the three unconfirmed (their PUBACKs can only come on a new one).
      (t as unknown as { publisher: { stream: { destroy(): void } } }).publisher.stream.destroy();
    } finally {
      child.kill('SIGCONT');
    }
    await Promise.all(pending);
    // At least once: the broker may also have read some from the dropped connection (duplicates).
    await waitUntil(() => ['a', 'b', 'c'].every((v) => c.values.includes(v)), 10_000, `a, b and c on ${topic} (have ${c.values.join(' ')})`);
    expect(new Set(c.values)).toEqual(new Set(['first', 'a', 'b', 'c']));
  }, 30_000);

  /**
   * Fills a group's session with `count` messages ("0", "1", ... padded to about 1 kB, so a socket
   * read carries dozens), then drains it with a handler that takes a timer turn per message,
   * sampling how many received deliveries wait for the handler. Returns the values in handling
   * order, the largest wait seen, and the subscription's transport for a second look.
   */
  const drainQueued = async (
    count: number,
    readAhead: MqttTransportOptions['readAhead'],
  ): Promise<{ values: string[]; maxWaiting: number; prefix: string; topic: string }> => {
    const prefix = `ahead-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const topic = uniqueTopic('read-ahead');
    const preparing = make({ clientIdPrefix: prefix });
    await (await preparing.subscribe(topic, 'g', { maxInFlight: 1 }, async () => undefined)).close();
    const publisher = make();
    const pending: Array<Promise<void>> = [];
    for (let i = 0; i < count; i++) pending.push(publisher.publish(topic, `${i} ${'x'.repeat(1000)}`));
    await Promise.all(pending);
    const t = make({ clientIdPrefix: prefix, readAhead });
    const values: string[] = [];
    let maxWaiting = 0;
    // The subscription, once subscribe() returned (the session's queue may come before that).
    const probe: { sub?: { waiting: number } } = {};
    const opened = await t.subscribe(topic, 'g', { maxInFlight: 4 }, async (m) => {
      values.push(m.value.split(' ')[0]!);
      if (probe.sub !== undefined) maxWaiting = Math.max(maxWaiting, probe.sub.waiting);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    probe.sub = opened as unknown as { waiting: number };
    await waitUntil(() => values.length >= count, 30_000, `${count} queued messages (have ${values.length})`);
    await opened.close();
    return { values, maxWaiting, prefix, topic };
  };

  it("a resumed session's queue is read as the handler goes: at most `readAhead.hold` deliveries wait (plus one socket read), each message once and in order", async () => {
    const count = 1500;
    const held = await drainQueued(count, { hold: 50, resume: 10 });
    const expected = Array.from({ length: count }, (_, i) => String(i));
    expect(held.values).toEqual(expected);
    // One socket read of at most 64 KiB holds at most 64 of these messages.
    expect(held.maxWaiting).toBeLessThanOrEqual(50 + 64);
    // Without the hold the transport takes what the broker sends (Mosquitto 2.0: the whole queue).
    const unheld = await drainQueued(count, { hold: Number.POSITIVE_INFINITY });
    expect(unheld.values).toEqual(expected);
    expect(unheld.maxWaiting).toBeGreaterThan(2 * held.maxWaiting);
    // Everything was acknowledged: the session sends nothing again.
    const again = await collector(make({ clientIdPrefix: held.prefix }), held.topic, 'g');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(again.values).toEqual([]);
  }, 60_000);

  it('a handler that stalls does not leave the connection unread past `readAhead.maxHoldMs`: the rest is read, then handled in order', async () => {
    const t = make({ readAhead: { hold: 20, resume: 5, maxHoldMs: 300 } });
    const topic = uniqueTopic('stalled-handler');
    const values: string[] = [];
    let release: () => void = () => undefined;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const opened = await t.subscribe(topic, 'g', { maxInFlight: 1 }, async (m) => {
      values.push(m.value);
      await stalled;
    });
    open.unshift(opened);
    const sub = opened as unknown as { waiting: number };
    const publisher = make();
    const count = 200;
    await Promise.all(Array.from({ length: count }, (_, i) => publisher.publish(topic, String(i))));
    // The first runs and stalls; the other 199 are read although 20 wait already.
    await waitUntil(() => sub.waiting === count - 1, 10_000, `${count - 1} messages read behind the stalled one (have ${sub.waiting})`);
    expect(values).toEqual(['0']);
    release();
    await waitUntil(() => values.length === count, 10_000, `all ${count} handled (have ${values.length})`);
    expect(values).toEqual(Array.from({ length: count }, (_, i) => String(i)));
  }, 30_000);

  it('publishes with the retain flag off by default and on with `retain`', async () => {
    const plain = make();
    const retaining = make({ retain: true });
    const [a, b] = [uniqueTopic('not-retained'), uniqueTopic('retained')];
    await plain.publish(a, 'plain');
    await retaining.publish(b, 'kept');
    // A plain MQTT client subscribing afterwards gets only the retained one.
    const reader = await connectAsync(broker?.url ?? '', { protocolVersion: 5 });
    try {
      const got: string[] = [];
      reader.on('message', (topic, payload) => got.push(`${topic}=${payload.toString()}`));
      await reader.subscribeAsync([a, b], { qos: 1 });
      await waitUntil(() => got.length >= 1, 5000, 'the retained message');
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([`${b}=kept`]);
      // Clear it, so the broker keeps nothing of this test.
      await reader.publishAsync(b, '', { qos: 1, retain: true });
    } finally {
      await reader.endAsync();
    }
  }, 30_000);
});
