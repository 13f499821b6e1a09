/**
 * The translation worker's own protocol, spoken to one real worker thread (the compiled module, as
 * the pool starts it): a batch the pool took back (`drop`) is not run, whether the drop arrives
 * before the batch's turn or while the batch runs; the batches around it are answered in full.
 */
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { corePath } from '../core-root.js';
import type { BatchJob, WorkerAlignment, WorkerJob, WorkerReply } from './translation-protocol.js';

const co = { key: 'co', xml: readData('alignments/CO_FIWARE.rdf') };
const message = readData('messages/weight.UniversAAL_CO.json');

let worker: Worker | undefined;

afterEach(async () => {
  await worker?.terminate();
  worker = undefined;
});

/** A worker that reported ready, and every reply it sends, grouped by job id (items answered, in order). */
async function startWorker(): Promise<{ worker: Worker; answered: Map<number, number[]> }> {
  const w = new Worker(corePath('dist', 'node', 'services', 'translation-worker.js'));
  worker = w;
  const answered = new Map<number, number[]>();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the translation worker did not report ready within 30 s')), 30_000);
    w.on('error', reject);
    w.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        clearTimeout(timer);
        resolve();
        return;
      }
      if ('missing' in reply) throw new Error(`unexpected missing reply for job ${reply.id}`);
      const list = answered.get(reply.id) ?? [];
      for (const r of reply.results) {
        expect(r.ok).toBe(true);
        list.push(r.index);
      }
      answered.set(reply.id, list);
    });
  });
  return { worker: w, answered };
}

const batch = (id: number, count: number, alignments: WorkerAlignment[] = [{ key: co.key }]): BatchJob => ({
  kind: 'batch',
  id,
  alignments,
  items: Array.from({ length: count }, () => ({ kind: 'translate', graphStr: message, trace: false, pretty: false, defaultGraph: false })),
  offset: 0,
  timeoutMs: 10_000,
  stopAfterTimeout: false,
});

/** Until job `id` has `count` items answered (bounded: 30 s). */
async function answeredAll(answered: Map<number, number[]>, id: number, count: number): Promise<void> {
  for (let waited = 0; (answered.get(id)?.length ?? 0) < count; waited += 10) {
    if (waited > 30_000) throw new Error(`job ${id} had ${answered.get(id)?.length ?? 0} of ${count} items answered after 30 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('translation worker: dropped batches', () => {
  it('does not run a batch dropped before its turn, and runs the batches around it in full', async () => {
    const { worker: w, answered } = await startWorker();
    const send = (job: WorkerJob) => w.postMessage(job);
    // Posted together: the worker reads the drop while the first batch runs or before it starts.
    send(batch(1, 200, [co]));
    send(batch(2, 50));
    send({ kind: 'drop', id: 2 });
    send(batch(3, 20));
    await answeredAll(answered, 1, 200);
    await answeredAll(answered, 3, 20);
    expect(answered.get(1)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(answered.get(3)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(answered.has(2)).toBe(false);
  }, 60_000);

  it('stops a running batch between items once it is dropped', async () => {
    const { worker: w, answered } = await startWorker();
    w.postMessage(batch(1, 1, [co]));
    await answeredAll(answered, 1, 1);
    // Long enough (5,000 translations) that the drop arrives while it runs.
    w.postMessage(batch(2, 5000));
    for (let waited = 0; !answered.has(2); waited += 1) {
      if (waited > 30_000) throw new Error('the long batch answered nothing within 30 s');
      await new Promise((r) => setTimeout(r, 1));
    }
    w.postMessage({ kind: 'drop', id: 2 } satisfies WorkerJob);
    w.postMessage(batch(3, 5));
    await answeredAll(answered, 3, 5);
    expect(answered.get(2)!.length).toBeLessThan(5000);
    expect(answered.get(3)).toEqual([0, 1, 2, 3, 4]);
  }, 60_000);

  it('takes a drop for a batch it already finished as nothing (the next batch runs in full)', async () => {
    const { worker: w, answered } = await startWorker();
    w.postMessage(batch(1, 3, [co]));
    await answeredAll(answered, 1, 3);
    w.postMessage({ kind: 'drop', id: 1 } satisfies WorkerJob);
    w.postMessage(batch(2, 3));
    await answeredAll(answered, 2, 3);
    expect(answered.get(1)).toEqual([0, 1, 2]);
  }, 60_000);
});
