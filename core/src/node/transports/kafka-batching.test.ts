/**
 * The Kafka transport's batching logic (issue 13), without a broker: none can be installed here, so,
 * like the OffsetTracker tests beside it, these drive the logic with a recording `send`/`commit`.
 * The real produce and commit calls run in the transport contract suite when MEDIATOR_KAFKA_BROKERS
 * names a broker.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { byTopic, CommitCoalescer, KafkaBatchSender, type QueuedRecord } from './kafka-batching.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve: () => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A sender that lingers as `linger` says, recording each batch's values and holding its acknowledgement until the test resolves it. */
function lingeringSender(linger: { ms: number; records: number }) {
  const batches: string[][] = [];
  const acks: Array<ReturnType<typeof deferred>> = [];
  const sender = new KafkaBatchSender(
    async (records) => {
      batches.push(records.map((r) => String(r.value)));
      const d = deferred();
      acks.push(d);
      await d.promise;
    },
    500,
    512 * 1024,
    linger,
  );
  return { batches, acks, sender };
}

describe('KafkaBatchSender', () => {
  it('sends what was queued in one turn as one batch, in order, and confirms each record with its batch', async () => {
    const batches: QueuedRecord[][] = [];
    const acks: Array<ReturnType<typeof deferred>> = [];
    const sender = new KafkaBatchSender(async (records) => {
      batches.push([...records]);
      const d = deferred();
      acks.push(d);
      await d.promise;
    });
    const confirmed: string[] = [];
    const first = ['a', 'b', 'c'].map((v) => sender.enqueue('t', v).then(() => confirmed.push(v)));
    await tick();
    await tick();
    expect(batches).toEqual([
      [
        { topic: 't', value: 'a' },
        { topic: 't', value: 'b' },
        { topic: 't', value: 'c' },
      ],
    ]);
    // While the first batch awaits its acknowledgement, later records wait for the next batch.
    const second = ['d', 'e'].map((v) => sender.enqueue('t', v).then(() => confirmed.push(v)));
    await tick();
    expect(batches).toHaveLength(1);
    expect(confirmed).toEqual([]);
    acks[0]?.resolve();
    await Promise.all(first);
    await tick();
    expect(batches[1]).toEqual([
      { topic: 't', value: 'd' },
      { topic: 't', value: 'e' },
    ]);
    expect(confirmed).toEqual(['a', 'b', 'c']);
    acks[1]?.resolve();
    await Promise.all(second);
    expect(confirmed).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('rejects every record of a failed batch (their source messages stay uncommitted), and goes on', async () => {
    let calls = 0;
    const sender = new KafkaBatchSender(async () => {
      calls += 1;
      if (calls === 1) throw new Error('NOT_ENOUGH_REPLICAS');
    });
    const failed = await Promise.allSettled([sender.enqueue('t', 'x'), sender.enqueue('t', 'y')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(sender.enqueue('t', 'z')).resolves.toBeUndefined();
  });

  it('caps a batch at maxBatch records', async () => {
    const sizes: number[] = [];
    const sender = new KafkaBatchSender(async (records) => {
      sizes.push(records.length);
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => sender.enqueue('t', String(i))));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('caps a batch at maxBatchBytes of values, and sends a larger record alone', async () => {
    const sizes: number[][] = [];
    const sender = new KafkaBatchSender(
      async (records) => {
        sizes.push(records.map((r) => r.value.length));
      },
      500,
      10,
    );
    await Promise.all(['aaaa', 'bbbb', 'cc', 'dddddddddddddddd', 'e', 'ü'.repeat(5)].map((v) => sender.enqueue('t', v)));
    // 'ü' is two bytes in UTF-8: five of them are 10 bytes and fit alone, not after 'e'.
    expect(sizes).toEqual([[4, 4, 2], [16], [1], [5]]);
  });

  it('groups records by topic for sendBatch, keeping each topic in order', () => {
    expect(
      byTopic([
        { topic: 'a', value: '1' },
        { topic: 'b', value: '2' },
        { topic: 'a', value: '3' },
      ]),
    ).toEqual([
      { topic: 'a', messages: [{ value: '1' }, { value: '3' }] },
      { topic: 'b', messages: [{ value: '2' }] },
    ]);
  });

  it('does not hold a record queued while the sender was idle, whatever the linger', async () => {
    const sizes: number[] = [];
    const sender = new KafkaBatchSender(
      async (records) => {
        sizes.push(records.length);
      },
      500,
      512 * 1024,
      { ms: 60_000, records: 100 },
    );
    // Held for the linger, this would outlast the test's time limit.
    await sender.enqueue('t', 'alone');
    await sender.enqueue('t', 'later, alone again');
    expect(sizes).toEqual([1, 1]);
  });

  it('lingers between batches of a flow until `records` records are queued, then sends them as one', async () => {
    const { batches, acks, sender } = lingeringSender({ ms: 60_000, records: 3 });
    const all = [sender.enqueue('t', 'a')];
    await tick();
    await tick();
    all.push(sender.enqueue('t', 'b'));
    acks[0]?.resolve();
    for (let i = 0; i < 5; i++) await tick();
    // 'b' waits for two more records instead of leaving alone.
    expect(batches).toEqual([['a']]);
    all.push(sender.enqueue('t', 'c'));
    await tick();
    expect(batches).toEqual([['a']]);
    all.push(sender.enqueue('t', 'd'));
    await tick();
    await tick();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    acks[1]?.resolve();
    await Promise.all(all);
  });

  it('sends a short batch of a flow once the linger time passed', async () => {
    const { batches, acks, sender } = lingeringSender({ ms: 40, records: 100 });
    const a = sender.enqueue('t', 'a');
    await tick();
    await tick();
    const b = sender.enqueue('t', 'b');
    const start = performance.now();
    acks[0]?.resolve();
    await a;
    while (batches.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(performance.now() - start).toBeGreaterThanOrEqual(30);
    expect(batches).toEqual([['a'], ['b']]);
    acks[1]?.resolve();
    await b;
  });

  // Records queued between two batch cuts share one promise (issue 42): a record cut into a later
  // batch holds its whole cohort until that batch is acknowledged too.
  it('confirms a record only once every batch holding it was acknowledged, and fails it with any of them (generated)', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rng = random(seed);
      const acks: Array<{ values: string[]; d: ReturnType<typeof deferred> }> = [];
      const sender = new KafkaBatchSender(
        async (records) => {
          const d = deferred();
          acks.push({ values: records.map((r) => String(r.value)), d });
          await d.promise;
        },
        1 + Math.floor(rng() * 4),
      );
      const fate = new Map<string, 'acked' | 'failed'>();
      const outcome = new Map<string, 'resolved' | 'rejected'>();
      const pending: Array<Promise<void>> = [];
      let next = 0;
      let answered = 0;
      for (let step = 0; step < 60; step++) {
        if (rng() < 0.5) {
          for (let n = 1 + Math.floor(rng() * 5); n > 0; n--) {
            const v = `r${next++}`;
            pending.push(
              sender.enqueue('t', v).then(
                () => void outcome.set(v, 'resolved'),
                () => void outcome.set(v, 'rejected'),
              ),
            );
          }
        } else if (answered < acks.length) {
          const batch = acks[answered++]!;
          const failed = rng() < 0.2;
          for (const v of batch.values) if (fate.get(v) !== 'failed') fate.set(v, failed ? 'failed' : 'acked');
          if (failed) batch.d.reject(new Error('NOT_ENOUGH_REPLICAS'));
          else batch.d.resolve();
        }
        await tick();
        for (const [v, o] of outcome) {
          // Resolved: its batch was acknowledged. Rejected: it was in a failed batch or shares a cohort with one.
          if (o === 'resolved') expect(fate.get(v), `seed ${seed}, ${v}`).toBe('acked');
          if (fate.get(v) === 'failed') expect(o, `seed ${seed}, ${v}`).toBe('rejected');
        }
      }
      // Everything still queued or in flight: acknowledge it all; every record is then answered.
      while (outcome.size < next) {
        for (const batch of acks.slice(answered)) {
          for (const v of batch.values) if (!fate.has(v)) fate.set(v, 'acked');
          batch.d.resolve();
        }
        answered = acks.length;
        await tick();
      }
      await Promise.all(pending);
      for (const [v, o] of outcome) if (o === 'resolved') expect(fate.get(v), `seed ${seed}, ${v}`).toBe('acked');
    }
  });

  it('holds a cohort cut across two batches until the second one is acknowledged', async () => {
    const acks: Array<ReturnType<typeof deferred>> = [];
    const capped = new KafkaBatchSender(async () => {
      const d = deferred();
      acks.push(d);
      await d.promise;
    }, 2);
    const confirmed: string[] = [];
    const all = ['a', 'b', 'c'].map((v) => capped.enqueue('t', v).then(() => confirmed.push(v)));
    await tick();
    await tick();
    acks[0]?.resolve();
    await tick();
    await tick();
    expect(acks).toHaveLength(2);
    expect(confirmed).toEqual([]);
    acks[1]?.resolve();
    await Promise.all(all);
    expect(confirmed).toEqual(['a', 'b', 'c']);
  });

  it('fails the records still queued when the transport closes', async () => {
    const sender = new KafkaBatchSender(() => new Promise<void>(() => undefined));
    const a = sender.enqueue('t', 'a');
    await tick();
    await tick();
    const b = sender.enqueue('t', 'b');
    sender.failQueued(new Error('closed'));
    await expect(b).rejects.toThrow('closed');
    void a;
  });
});

describe('CommitCoalescer (commit after the batch, not per message)', () => {
  it('keeps one commit in flight and folds later requests into one commit of the latest offset', async () => {
    const commits: bigint[] = [];
    const gates: Array<ReturnType<typeof deferred>> = [];
    const c = new CommitCoalescer(
      async (offset) => {
        commits.push(offset);
        const d = deferred();
        gates.push(d);
        await d.promise;
      },
      () => undefined,
    );
    c.request(1n);
    for (const o of [2n, 3n, 4n, 5n]) c.request(o);
    expect(commits).toEqual([1n]);
    gates[0]?.resolve();
    await tick();
    expect(commits).toEqual([1n, 5n]);
    gates[1]?.resolve();
    await c.settled();
    expect(c.lastCommitted).toBe(5n);
    c.request(3n); // never goes back
    await c.settled();
    expect(commits).toEqual([1n, 5n]);
  });

  it('reports a failed commit, and commits the same offset when asked again', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const commits: bigint[] = [];
    const c = new CommitCoalescer(
      async (offset) => {
        commits.push(offset);
        if (fail) throw new Error('REBALANCE_IN_PROGRESS');
      },
      (e) => errors.push(e),
    );
    c.request(7n);
    await c.settled();
    expect(errors).toHaveLength(1);
    expect(c.lastCommitted).toBeUndefined();
    fail = false;
    c.request(7n);
    await c.settled();
    expect(c.lastCommitted).toBe(7n);
    expect(commits).toEqual([7n, 7n]);
  });
});
