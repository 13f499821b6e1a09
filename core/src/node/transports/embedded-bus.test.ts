import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../common/errors.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EmbeddedBus, MAX_TOPIC_NAME_LENGTH, RETAINED_OVERHEAD, topicBytes, type BusRecord } from './embedded-bus.js';
import { collect, waitUntil } from './transport-contract.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('EmbeddedBus', () => {
  const buses: EmbeddedBus[] = [];
  const make = (options?: ConstructorParameters<typeof EmbeddedBus>[0]): EmbeddedBus => {
    const bus = new EmbeddedBus(options);
    buses.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.allSettled(buses.splice(0).map((b) => b.close()));
  });

  it('says it is not durable', () => {
    const bus = make();
    expect(bus.kind).toBe('embedded');
    expect(bus.durable).toBe(false);
    expect(bus.connect().durable).toBe(false);
  });

  it('recent() keeps the last N messages per topic with timestamps, oldest first', async () => {
    const bus = make({ recentLimit: 5 });
    const before = Date.now();
    for (let i = 0; i < 12; i += 1) await bus.publish('t', `m${i}`);
    await bus.publish('other', 'x');
    const recent = bus.recent('t', 3);
    expect(recent.map((r) => r.value)).toEqual(['m9', 'm10', 'm11']);
    expect(recent.map((r) => r.offset)).toEqual([9, 10, 11]);
    expect(recent.every((r) => r.topic === 't' && r.timestamp >= before && r.timestamp <= Date.now())).toBe(true);
    expect(bus.recent('t', 100).map((r) => r.value)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11']);
    expect(bus.recent('unknown', 10)).toEqual([]);
    expect(bus.recent('t', 0)).toEqual([]);
  });

  it('watch() sees every publish until disposed', async () => {
    const bus = make();
    const seen: BusRecord[] = [];
    const dispose = bus.watch('t', (r) => seen.push(r));
    await bus.publish('t', 'a');
    await bus.publish('u', 'not mine');
    await bus.publish('t', 'b');
    dispose();
    await bus.publish('t', 'c');
    expect(seen.map((r) => r.value)).toEqual(['a', 'b']);
  });

  it('a new group starts at the end by default, or at the oldest retained message with from: earliest', async () => {
    const bus = make();
    await bus.publish('t', 'old');
    const latest = await collect(bus, 't', 'latest');
    const seen: string[] = [];
    await bus.subscribe('t', 'earliest', { maxInFlight: 1, from: 'earliest' }, async (m) => {
      seen.push(m.value);
    });
    await bus.publish('t', 'new');
    await latest.waitFor(1);
    await waitUntil(() => seen.length === 2, 1000, 'both messages');
    expect(latest.values).toEqual(['new']);
    expect(seen).toEqual(['old', 'new']);
  });

  it('never runs more than maxInFlight handler calls of a member at once, and starts them in order', async () => {
    const bus = make();
    let running = 0;
    let max = 0;
    const started: string[] = [];
    await bus.subscribe('t', 'g', { maxInFlight: 3 }, async (m) => {
      started.push(m.value);
      running += 1;
      max = Math.max(max, running);
      await sleep(5);
      running -= 1;
    });
    const values = Array.from({ length: 20 }, (_, i) => `v${i}`);
    for (const v of values) await bus.publish('t', v);
    await waitUntil(() => started.length === values.length && running === 0, 2000, 'all calls');
    expect(max).toBe(3);
    expect(started).toEqual(values);
  });

  it('redelivers a rejected message (flagged) without blocking the messages after it', async () => {
    const bus = make({ redeliveryDelayMs: 30 });
    const seen: string[] = [];
    let failed = false;
    await bus.subscribe('t', 'g', { maxInFlight: 1 }, async (m) => {
      seen.push(`${m.value}${m.redelivered ? '(again)' : ''}`);
      if (m.value === 'a' && !failed) {
        failed = true;
        throw new Error('not now');
      }
    });
    await bus.publish('t', 'a');
    await bus.publish('t', 'b');
    await waitUntil(() => seen.length === 3, 1000, 'the redelivery');
    expect(seen).toEqual(['a', 'b', 'a(again)']);
  });

  it('a handler that throws synchronously counts as a rejection', async () => {
    const bus = make({ redeliveryDelayMs: 10 });
    let calls = 0;
    await bus.subscribe('t', 'g', { maxInFlight: 1 }, (): Promise<void> => {
      calls += 1;
      if (calls === 1) throw new Error('sync throw');
      return Promise.resolve();
    });
    await bus.publish('t', 'x');
    await waitUntil(() => calls === 2, 1000, 'the second call');
  });

  it('Subscription.close() waits for in-flight calls; the rest stays for the group', async () => {
    const bus = make();
    const done: string[] = [];
    const sub = await bus.subscribe('t', 'g', { maxInFlight: 2 }, async (m) => {
      await sleep(30);
      done.push(m.value);
    });
    for (const v of ['a', 'b', 'c', 'd']) await bus.publish('t', v);
    await sleep(5);
    await sub.close();
    expect(done).toEqual(['a', 'b']);
    const rest = await collect(bus, 't', 'g');
    await rest.waitFor(2);
    expect(rest.values).toEqual(['c', 'd']);
    expect(
      bus
        .topics()
        .find((t) => t.topic === 't')
        ?.groups.find((g) => g.group === 'g'),
    ).toEqual({ group: 'g', members: 1, lag: 0 });
  });

  it('connect() gives clients whose close() ends only their own subscriptions', async () => {
    const bus = make();
    const a = bus.connect();
    const b = bus.connect();
    const ca = await collect(a, 't', 'ga');
    const cb = await collect(b, 't', 'gb');
    await a.close();
    await expect(a.publish('t', 'x')).rejects.toThrow(/closed/);
    await b.publish('t', 'y');
    await cb.waitFor(1);
    await sleep(10);
    expect(ca.values).toEqual([]);
    expect(cb.values).toEqual(['y']);
  });

  it('drops what no group needs beyond the recent window, and caps a lagging group at maxRetained', async () => {
    const bus = make({ recentLimit: 2, maxRetained: 10 });
    for (let i = 0; i < 5; i += 1) await bus.publish('t', `m${i}`);
    expect(bus.topics()[0]).toMatchObject({ topic: 't', published: 5, retained: 2 });
    const gate = { open: false };
    const seen: string[] = [];
    await bus.subscribe('t', 'slow', { maxInFlight: 1 }, async (m) => {
      seen.push(m.value);
      await waitUntil(() => gate.open, 5000, 'the gate');
    });
    for (let i = 5; i < 30; i += 1) await bus.publish('t', `m${i}`);
    expect(bus.topics()[0]?.retained).toBeLessThanOrEqual(10);
    gate.open = true;
    await waitUntil(() => seen.includes('m29'), 2000, 'the last message');
    // m5 was taken first; then the oldest were dropped: the group lost what exceeded the cap.
    expect(seen[0]).toBe('m5');
    expect(seen.length).toBeLessThan(25);
    expect(seen.slice(1)).toEqual(
      seen
        .slice(1)
        .slice()
        .sort((x, y) => Number(x.slice(1)) - Number(y.slice(1))),
    );
  });

  it('deleteGroup() forgets the group and stops its members', async () => {
    const bus = make();
    const c = await collect(bus, 't', 'g');
    bus.deleteGroup('t', 'g');
    await bus.publish('t', 'x');
    await sleep(10);
    expect(c.values).toEqual([]);
    expect(bus.topics()[0]?.groups).toEqual([]);
  });

  it('rejects publish and subscribe after close()', async () => {
    const bus = make();
    await bus.close();
    await expect(bus.publish('t', 'x')).rejects.toThrow(/closed/);
    await expect(bus.subscribe('t', 'g', { maxInFlight: 1 }, async () => undefined)).rejects.toThrow(/closed/);
  });
});

describe('EmbeddedBus byte budget', () => {
  const KIB = 1024;
  const message = (i: number, size: number): string => `${i}:`.padEnd(size, 'x');

  it.each([
    [64 * KIB, 4 * KIB, 3],
    [256 * KIB, 10 * KIB, 7],
  ])('budget %i: messages of %i bytes on %i topics keep within it, oldest dropped first', async (budget, size, topics) => {
    const bus = new EmbeddedBus({ maxRetainedBytes: budget, recentLimit: 1000 });
    const total = Math.ceil((4 * budget) / size);
    for (let i = 0; i < total; i++) await bus.publish(`t${i % topics}`, message(i, size));
    const kept = Array.from({ length: topics }, (_, t) => bus.recent(`t${t}`, 1000)).flat();
    const topicsBytes = bus.topics().reduce((sum, t) => sum + topicBytes(t.topic), 0);
    const bytes = kept.reduce((sum, r) => sum + r.value.length + RETAINED_OVERHEAD, 0) + topicsBytes;
    expect(bytes).toBeLessThanOrEqual(budget);
    expect(bytes).toBeGreaterThan(budget - size - RETAINED_OVERHEAD);
    // What is kept is the newest: every index from the oldest kept on.
    const indices = kept.map((r) => Number(r.value.split(':')[0])).sort((a, b) => a - b);
    expect(indices).toEqual(Array.from({ length: indices.length }, (_, k) => total - indices.length + k));
    await bus.close();
  });

  it('refuses a single message larger than the budget with TOPIC_MESSAGE_TOO_LARGE, keeping the rest', async () => {
    const bus = new EmbeddedBus({ maxRetainedBytes: 8 * KIB });
    await bus.publish('t', 'kept');
    await expect(bus.publish('t', 'x'.repeat(8 * KIB))).rejects.toMatchObject({ code: ErrorCodes.topicMessageTooLarge });
    expect(bus.recent('t', 10).map((r) => r.value)).toEqual(['kept']);
    await bus.close();
  });

  it('a group that lags behind loses the oldest messages past the budget, then reads on', async () => {
    const bus = new EmbeddedBus({ maxRetainedBytes: 16 * KIB, recentLimit: 0 });
    const seen: string[] = [];
    const gate = { open: false };
    await bus.subscribe('t', 'slow', { maxInFlight: 1 }, async (m) => {
      seen.push(m.value.split(':')[0] ?? '');
      await waitUntil(() => gate.open, 5000, 'the gate');
    });
    for (let i = 0; i < 40; i++) await bus.publish('t', message(i, KIB));
    gate.open = true;
    await waitUntil(() => seen.includes('39'), 2000, 'the last message');
    expect(seen.length).toBeLessThan(40);
    await bus.close();
  });

  it('forgets topics whose last message was dropped, and its eviction queue stays small', async () => {
    const bus = new EmbeddedBus({ maxRetainedBytes: 4 * KIB, recentLimit: 1 });
    for (let i = 0; i < 5000; i++) await bus.publish(`topic-${i}`, 'x'.repeat(100));
    expect(bus.topics().length).toBeLessThan(40);
    await bus.close();
  });

  it('counts every topic it keeps: distinct long topic names cannot grow it past the budget (issue 40)', async () => {
    const budget = 1024 * KIB;
    const bus = new EmbeddedBus({ maxRetainedBytes: budget });
    const name = (i: number): string => `${i}/`.padEnd(MAX_TOPIC_NAME_LENGTH, 'long-topic-');
    for (let i = 0; i < 5000; i++) await bus.publish(name(i), 'x');
    const topics = bus.topics();
    const counted = topics.reduce((sum, t) => sum + topicBytes(t.topic) + t.retained * (1 + RETAINED_OVERHEAD), 0);
    expect(counted).toBeLessThanOrEqual(budget);
    // Messages alone (129 bytes each) would have kept all 5,000 topics within 1 MiB.
    expect(topics.length).toBeLessThanOrEqual(Math.floor(budget / (topicBytes(name(0)) + 1 + RETAINED_OVERHEAD)));
    // The newest topics are the ones kept.
    expect(topics.some((t) => t.topic === name(4999))).toBe(true);
    expect(topics.some((t) => t.topic === name(0))).toBe(false);
    await bus.close();
  });

  it('counts at least what a topic really costs in memory (measured over 20,000 topics)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const bus = new EmbeddedBus({ maxRetainedBytes: 2 ** 40 });
    const count = 20_000;
    for (const [length, fill] of [
      [16, 'a'],
      [MAX_TOPIC_NAME_LENGTH, 'é'],
      [MAX_TOPIC_NAME_LENGTH, '€'],
    ] as const) {
      gc();
      const before = process.memoryUsage().heapUsed;
      const names = Array.from({ length: count }, (_, i) => `${length}${fill}${i}/`.padEnd(length, fill));
      const namesBytes = process.memoryUsage().heapUsed - before;
      for (const topic of names) await bus.publish(topic, 'x');
      names.length = 0;
      gc();
      const real = (process.memoryUsage().heapUsed - before) / count;
      const counted = topicBytes(`${length}${fill}0/`.padEnd(length, fill)) + 1 + RETAINED_OVERHEAD;
      expect(
        real,
        `topics of ${length} '${fill}': ${real.toFixed(0)} bytes each really, ${counted} counted (names ${(namesBytes / count).toFixed(0)})`,
      ).toBeLessThanOrEqual(counted);
    }
    await bus.close();
  });

  it('refuses a topic name longer than the limit with NAME_TOO_LONG', async () => {
    const bus = new EmbeddedBus();
    const long = 't'.repeat(MAX_TOPIC_NAME_LENGTH + 1);
    await expect(bus.publish(long, 'x')).rejects.toMatchObject({ code: ErrorCodes.nameTooLong });
    await expect(bus.subscribe(long, 'g', { maxInFlight: 1 }, () => Promise.resolve())).rejects.toMatchObject({ code: ErrorCodes.nameTooLong });
    await bus.publish('t'.repeat(MAX_TOPIC_NAME_LENGTH), 'x');
    expect(bus.topics()).toHaveLength(1);
    await bus.close();
  });

  it("gives a topic's bytes back when its last group goes and nothing is retained", async () => {
    const bus = new EmbeddedBus({ recentLimit: 0 });
    const sub = await bus.subscribe('held', 'g', { maxInFlight: 1 }, () => Promise.resolve());
    expect(bus.topics().map((t) => t.topic)).toEqual(['held']);
    await sub.close();
    bus.deleteGroup('held', 'g');
    await bus.publish('passing', 'x');
    expect(bus.topics()).toEqual([]);
    await bus.close();
  });
});
