/**
 * The one behavioural suite every transport passes (embedded bus, NATS single server, NATS
 * cluster, Kafka when brokers are given). Test-only module: imported by `*.test.ts` files.
 *
 * `makeTransport()` must return a new client of the same broker on every call (a second call is
 * "another mediator process"); the suite closes every transport it made.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { translateMessage } from '../../common/translation/translate.js';
import { silentLogger } from '../../common/logger.js';
import { ChannelRuntime, type ChannelRuntimeConfig, type ChannelTranslate, type DeadLetterEnvelope } from '../../common/channels/channel-runtime.js';
import type { Subscription, Transport, TransportMessage } from '../../common/channels/transport.js';

export interface ContractOptions {
  /**
   * Kafka splits a group by partition: with one-partition topics one member gets everything.
   * When false, the competing-consumers test only checks "each message once across members".
   */
  readonly splitsMessagesWithinGroup?: boolean;
  /** Upper bound for a redelivery after a crash (ack_wait / session timeout plus margin). */
  readonly redeliveryWithinMs?: number;
  /** Per-test time limit, default 30 s. */
  readonly testTimeoutMs?: number;
}

export async function waitUntil(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

let counter = 0;
/** A fresh topic name shaped like the middleware's (dots, dashes, underscores). */
export function uniqueTopic(label: string): string {
  counter += 1;
  return `mw-mediator-${label}-http_inter-iot.eu_platforms_p${counter}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface Collector {
  readonly messages: TransportMessage[];
  readonly values: string[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function collect(
  transport: Transport,
  topic: string,
  group: string,
  options: { maxInFlight?: number; delayMs?: number } = {},
): Promise<Collector> {
  const messages: TransportMessage[] = [];
  const subscription: Subscription = await transport.subscribe(topic, group, { maxInFlight: options.maxInFlight ?? 1 }, async (m) => {
    if (options.delayMs !== undefined) await sleep(options.delayMs);
    messages.push(m);
  });
  return {
    messages,
    get values() {
      return messages.map((m) => m.value);
    },
    waitFor: (count, timeoutMs = 10_000) => waitUntil(() => messages.length >= count, timeoutMs, `${count} messages on ${topic} (have ${messages.length})`),
    close: () => subscription.close(),
  };
}

/** A translate stub: random delay, appends `|t`; records the highest concurrency seen. */
export function delayedTranslate(minMs: number, maxMs: number): { translate: ChannelTranslate; maxConcurrent: () => number; calls: () => number } {
  let running = 0;
  let max = 0;
  let calls = 0;
  return {
    translate: async (text) => {
      calls += 1;
      running += 1;
      max = Math.max(max, running);
      try {
        await sleep(minMs + Math.random() * (maxMs - minMs));
        return { message: `${text}|t`, emptyPayload: false, failures: [] };
      } finally {
        running -= 1;
      }
    },
    maxConcurrent: () => max,
    calls: () => calls,
  };
}

/** The real translation with no alignments (identity): parses and re-serialises the message. */
export const identityTranslate: ChannelTranslate = (text) => translateMessage(text, []);

/** A message with no payload graph, formatted unlike the serializer would (spacing, `@type`). */
export const EMPTY_PAYLOAD_MESSAGE = `{"@graph" :[ {"@id":"InterIoTMsg:metadata",  "@graph":[{"@id":"InterIoTMsg:meta42",
   "@type":["InterIoTMsg:meta","InterIoTMsg:Thing_Update"], "InterIoTMsg:messageID":"msg42"}]}],
 "@context":{"InterIoTMsg":"http://inter-iot.eu/message/", "InterIoT":"http://inter-iot.eu/"} }`;

interface RecordedPublish {
  readonly topic: string;
  readonly value: string;
  readonly at: number;
}

/** Wraps a transport and records every publish that the broker accepted. */
export function recording(transport: Transport): { transport: Transport; published: RecordedPublish[] } {
  const published: RecordedPublish[] = [];
  const wrapped: Transport = {
    kind: transport.kind,
    durable: transport.durable,
    publish: async (topic, value) => {
      await transport.publish(topic, value);
      published.push({ topic, value, at: Date.now() });
    },
    subscribe: (topic, group, options, handler) => transport.subscribe(topic, group, options, handler),
    close: () => transport.close(),
  };
  return { transport: wrapped, published };
}

export function describeTransportContract(name: string, makeTransport: () => Promise<Transport> | Transport, options: ContractOptions = {}): void {
  const timeout = options.testTimeoutMs ?? 30_000;
  const redeliveryWithinMs = options.redeliveryWithinMs ?? 15_000;

  describe(`transport contract: ${name}`, () => {
    const transports: Transport[] = [];
    const runtimes: ChannelRuntime[] = [];
    const subscriptions: Collector[] = [];

    const make = async (): Promise<Transport> => {
      const t = await makeTransport();
      transports.push(t);
      return t;
    };
    const collector = async (...args: Parameters<typeof collect>): Promise<Collector> => {
      const c = await collect(...args);
      subscriptions.push(c);
      return c;
    };
    const runtime = (
      transport: Transport,
      config: Partial<ChannelRuntimeConfig> & Pick<ChannelRuntimeConfig, 'source' | 'sink'>,
      translate: ChannelTranslate,
    ): ChannelRuntime => {
      const r = new ChannelRuntime({
        config: { id: 7, consumerGroup: `grp-${Math.random().toString(36).slice(2)}`, stopTimeoutMs: 5000, ...config },
        translate,
        transport,
        logger: silentLogger,
      });
      runtimes.push(r);
      return r;
    };

    afterEach(async () => {
      await Promise.allSettled(runtimes.splice(0).map((r) => r.stop()));
      await Promise.allSettled(subscriptions.splice(0).map((s) => s.close()));
      await Promise.allSettled(transports.splice(0).map((t) => t.close()));
    });

    it("publish then consume: values arrive in order, unchanged, with the caller's topic name", { timeout }, async () => {
      const t = await make();
      const topic = uniqueTopic('roundtrip');
      const c = await collector(t, topic, 'g-roundtrip');
      const values = ['first', 'zweite Nachricht ✓ – ünïcødé', JSON.stringify({ '@graph': [] }), ''];
      for (const v of values) await t.publish(topic, v);
      await c.waitFor(values.length);
      expect(c.values).toEqual(values);
      expect(c.messages.every((m) => m.topic === topic && m.redelivered === false)).toBe(true);
    });

    it('competing consumers in one group share the messages; a second group gets all of them', { timeout }, async () => {
      const t1 = await make();
      const t2 = await make();
      const topic = uniqueTopic('groups');
      const a1 = await collector(t1, topic, 'shared', { delayMs: 5 });
      const a2 = await collector(t2, topic, 'shared', { delayMs: 5 });
      const b = await collector(t1, topic, 'other');
      const values = Array.from({ length: 40 }, (_, i) => `m-${i}`);
      for (const v of values) await t1.publish(topic, v);
      await b.waitFor(values.length);
      await waitUntil(() => a1.values.length + a2.values.length >= values.length, 15_000, 'the shared group to get every message');
      await sleep(200); // a duplicate would show up now
      const shared = [...a1.values, ...a2.values];
      expect(shared.length).toBe(values.length);
      expect(new Set(shared)).toEqual(new Set(values));
      if (options.splitsMessagesWithinGroup !== false) {
        expect(a1.values.length).toBeGreaterThan(0);
        expect(a2.values.length).toBeGreaterThan(0);
      }
      // Each member sees its share in topic order.
      for (const member of [a1, a2]) {
        const positions = member.values.map((v) => values.indexOf(v));
        expect(positions).toEqual([...positions].sort((x, y) => x - y));
      }
      expect(b.values).toEqual(values);
    });

    for (const parallelism of [1, 4]) {
      it(`a channel with parallelism ${parallelism} publishes in input order (random translation delays)`, { timeout }, async () => {
        const t = await make();
        const source = uniqueTopic('order-in');
        const sink = uniqueTopic('order-out');
        const sinkReader = await collector(t, sink, 'reader');
        const stub = delayedTranslate(0, 15);
        const r = runtime(t, { source, sink, parallelism }, stub.translate);
        expect(await r.start()).toBe('running');
        const values = Array.from({ length: 30 }, (_, i) => `msg-${i}`);
        for (const v of values) await t.publish(source, v);
        await sinkReader.waitFor(values.length, 20_000);
        expect(sinkReader.values).toEqual(values.map((v) => `${v}|t`));
        expect(stub.maxConcurrent()).toBeLessThanOrEqual(parallelism);
        if (parallelism > 1) expect(stub.maxConcurrent()).toBeGreaterThan(1);
        // Counted once the broker confirmed the publish, which may reach the channel after the
        // reader got the message (NATS: the PubAck and the delivery are separate frames).
        await waitUntil(() => r.counters.translated >= values.length, 10_000, 'the channel to count every confirmed output');
        expect(r.counters.translated).toBe(values.length);
      });
    }

    it('a message that is not JSON goes to the dead-letter topic as an envelope and the channel goes on', { timeout }, async () => {
      const t = await make();
      const source = uniqueTopic('dlq-in');
      const sink = uniqueTopic('dlq-out');
      const dead = await collector(t, `${sink}.errors`, 'reader');
      const out = await collector(t, sink, 'reader');
      const r = runtime(t, { id: 'chan-dlq', source, sink }, identityTranslate);
      expect(await r.start()).toBe('running');
      const broken = '{"@graph": [ this is not JSON';
      await t.publish(source, broken);
      await t.publish(source, EMPTY_PAYLOAD_MESSAGE);
      await dead.waitFor(1);
      await out.waitFor(1);
      // Counted once the broker confirmed each publish, possibly after the readers got them.
      await waitUntil(() => r.counters.translated + r.counters.deadLettered >= 2, 10_000, 'the channel to count both confirmed outputs');
      const envelope = JSON.parse(dead.values[0] ?? 'null') as DeadLetterEnvelope;
      expect(envelope.error.code).toBe('MESSAGE_NOT_JSON');
      expect(envelope.error.message).not.toBe('');
      expect(envelope.channel).toBe('chan-dlq');
      expect(envelope.source).toBe(source);
      expect(envelope.original).toBe(broken);
      expect(new Date(envelope.receivedAt).toISOString()).toBe(envelope.receivedAt);
      expect(r.counters).toMatchObject({ received: 2, failed: 1, deadLettered: 1, translated: 1 });
    });

    it('an empty-payload message is forwarded byte-identical', { timeout }, async () => {
      const t = await make();
      const source = uniqueTopic('empty-in');
      const sink = uniqueTopic('empty-out');
      const out = await collector(t, sink, 'reader');
      const r = runtime(t, { source, sink }, identityTranslate);
      expect(await r.start()).toBe('running');
      await t.publish(source, EMPTY_PAYLOAD_MESSAGE);
      await out.waitFor(1);
      expect(out.values[0]).toBe(EMPTY_PAYLOAD_MESSAGE);
    });

    it('stop() during a burst returns after the in-flight messages were published, and nothing is published after it', { timeout }, async () => {
      const t = await make();
      const rec = recording(t);
      const source = uniqueTopic('stop-in');
      const sink = uniqueTopic('stop-out');
      const stub = delayedTranslate(20, 40);
      const r = runtime(rec.transport, { source, sink, parallelism: 4 }, stub.translate);
      expect(await r.start()).toBe('running');
      const values = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
      for (const v of values) await t.publish(source, v);
      await waitUntil(() => rec.published.length >= 5, 10_000, 'the first outputs');
      await r.stop();
      const stoppedAt = Date.now();
      expect(r.status).toBe('stopped');
      expect(r.inFlightCount).toBe(0);
      // Every message the channel started on was published, in order, with no gap.
      const atStop = rec.published.map((p) => p.value);
      expect(atStop.length).toBe(r.counters.received);
      expect(atStop.length).toBeLessThan(values.length);
      expect(atStop).toEqual(values.slice(0, atStop.length).map((v) => `${v}|t`));
      await sleep(300);
      expect(rec.published.length).toBe(atStop.length);
      expect(rec.published.every((p) => p.at <= stoppedAt)).toBe(true);
      if (t.durable) {
        // What the stopped channel did not take is still there for the same group.
        const t2 = await make();
        const sinkReader = await collector(t2, sink, 'reader-after-stop', { maxInFlight: 1 });
        const r2 = runtime(t2, { source, sink, parallelism: 4, consumerGroup: r.consumerGroup }, delayedTranslate(0, 2).translate);
        expect(await r2.start()).toBe('running');
        const rest = values.slice(atStop.length).map((v) => `${v}|t`);
        await waitUntil(() => rest.every((v) => sinkReader.values.includes(v)), redeliveryWithinMs, 'the messages left by the stopped channel');
      }
    });

    it('durability: at-least-once across a restart, or says it is not durable', { timeout: Math.max(timeout, redeliveryWithinMs + 15_000) }, async () => {
      const t1 = await make();
      if (!t1.durable) {
        // The embedded bus keeps topics and group positions in memory only: a restart loses them.
        expect(t1.durable).toBe(false);
        expect(t1.kind).toBe('embedded');
        return;
      }
      const source = uniqueTopic('crash-in');
      const sink = uniqueTopic('crash-out');
      const group = `crash-group-${Math.random().toString(36).slice(2)}`;
      const observer = await collector(t1, sink, 'observer');
      // First "process": translates 3 messages, then hangs (killed mid-way, nothing acked).
      let released = false;
      const releaseWaiters: (() => void)[] = [];
      let seen = 0;
      const hanging: ChannelTranslate = async (text) => {
        seen += 1;
        if (seen > 3) {
          await new Promise<void>((resolve) => (released ? resolve() : releaseWaiters.push(resolve)));
        }
        return { message: `${text}|t`, emptyPayload: false, failures: [] };
      };
      const r1 = runtime(t1, { source, sink, parallelism: 2, consumerGroup: group }, hanging);
      expect(await r1.start()).toBe('running');
      const publisher = await make();
      const values = Array.from({ length: 12 }, (_, i) => `durable-${i}`);
      for (const v of values) await publisher.publish(source, v);
      await observer.waitFor(3);
      await sleep(100);
      // Crash: the connection goes away with messages in flight and unacknowledged.
      await t1.close();
      // Second "process", same group: everything reaches the sink (duplicates allowed).
      const t2 = await make();
      const observer2 = await collector(t2, sink, 'observer-2', { maxInFlight: 1 });
      const r2 = runtime(t2, { source, sink, parallelism: 2, consumerGroup: group }, delayedTranslate(0, 2).translate);
      expect(await r2.start()).toBe('running');
      const expected = values.map((v) => `${v}|t`);
      await waitUntil(
        () => expected.every((v) => observer.values.includes(v) || observer2.values.includes(v)),
        redeliveryWithinMs,
        'every message on the sink after the restart',
      );
      released = true;
      for (const w of releaseWaiters.splice(0)) w();
    });
  });
}
