/**
 * The Kafka transport's batching logic (issue 13), without a broker: none can be installed here, so,
 * like the OffsetTracker tests beside it, these drive the logic with a recording `send`/`commit`.
 * The real produce and commit calls run in the transport contract suite when MEDIATOR_KAFKA_BROKERS
 * names a broker.
 */
import { describe, expect, it } from 'vitest';
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
