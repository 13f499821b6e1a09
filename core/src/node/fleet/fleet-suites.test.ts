/**
 * Test suites shared by a fleet (issue 13) against a real nats-server: two stores on one bucket
 * stand for two mediator processes. A suite and its cases saved on one are read on the other, a
 * name is taken once fleet-wide, an import replaces cases by name, and a deletion reaches both;
 * the answers match the SQLite suite tables' (same errors), so the suite service cannot tell them apart.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, type api } from '../../common/index.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { NatsKvStore } from '../store/nats-kv-store.js';
import { FleetSuites } from './fleet-suites.js';

let server: NatsCluster | undefined;
const stores: NatsKvStore[] = [];

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await server?.stop();
});

async function twoProcesses(): Promise<[FleetSuites, FleetSuites]> {
  server ??= await startNatsServer();
  const bucketPrefix = `s${process.pid}_${stores.length}`;
  const open = async () => {
    const store = new NatsKvStore({ servers: server!.url, bucketPrefix, syncTimeoutMs: 20_000 });
    stores.push(store);
    await store.start();
    return new FleetSuites(store);
  };
  return [await open(), await open()];
}

function testCase(name: string, payload = '<http://s> <http://p> "1" .\n'): api.TestCase {
  return { name, alignments: [{ name: 'CO_FIWARE_align', version: '1.0' }], message: '{"@graph":[]}', expectedPayload: payload };
}

async function eventually(what: string, check: () => void): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}: ${(error as Error).message}`, { cause: error });
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe.skipIf(skipNats)(`test suites in the fleet's shared configuration ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('shares suites and cases between processes, takes a name once, replaces on import and deletes everywhere', async () => {
    const [a, b] = await twoProcesses();

    const [first, second] = await Promise.allSettled([a.create('weights'), b.create('weights')]);
    const outcomes = [first.status, second.status].sort();
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    const refused = [first, second].find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' ? refused.reason : undefined).toBeInstanceOf(ConflictError);

    await a.add('weights', [testCase('w1'), testCase('w2')]);
    await eventually('the cases saved on A to be read on B', () => expect(b.get('weights').cases.map((c) => c.name)).toEqual(['w1', 'w2']));
    expect(b.get('weights').cases[0]).toEqual(testCase('w1'));
    expect(b.list()).toEqual([expect.objectContaining({ name: 'weights', caseCount: 2 })]);

    // A case name is taken once; an import (replace) swaps the case for the new one, seen by A too.
    await expect(b.add('weights', [testCase('w1')])).rejects.toBeInstanceOf(ConflictError);
    await b.add('weights', [testCase('w1', '<http://s> <http://p> "2" .\n')], true);
    await eventually('the replaced case on A', () => expect(a.get('weights').cases.find((c) => c.name === 'w1')?.expectedPayload).toContain('"2"'));

    expect(await b.deleteCase('weights', 'w2')).toBe(true);
    expect(await b.deleteCase('weights', 'w2')).toBe(false);
    await expect(a.add('nope', [testCase('x')])).rejects.toBeInstanceOf(NotFoundError);
    expect(() => a.get('nope')).toThrow(NotFoundError);

    expect(await a.delete('weights')).toBe(true);
    await eventually('the deleted suite and its cases to be gone on B', () => {
      expect(b.list()).toEqual([]);
      expect(() => b.get('weights')).toThrow(NotFoundError);
    });
    expect(await b.delete('weights')).toBe(false);
    // The name is free again, with no case left behind.
    await b.create('weights');
    expect(b.get('weights').cases).toEqual([]);
  }, 60_000);
});
