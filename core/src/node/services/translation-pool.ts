/**
 * The engine on worker threads for the whole server (issue 29: one path for every translation).
 * Each worker keeps compiled copies of the alignments it has been sent (keyed by the stored
 * record, whose id is never reused, so a deleted and re-uploaded alignment can never be served
 * stale).
 *
 * - Jobs wait in one queue on the main thread and a worker is given one batch at a time, so an
 *   item's time limit counts its working time only: its clock starts when the worker starts it
 *   (when the batch is sent, or when the previous item of the batch was answered), never while it
 *   waits behind another job. One exception: while a worker runs a channel's job, the next channel
 *   job at the head of the queue is sent behind it (`ahead`), and likewise a request's job behind
 *   a request's, so the worker goes on to it at once instead of waiting until this thread has read
 *   the last answer and sent the next (issue 42: a busy event loop left the worker idle between
 *   jobs for about a third of its working time; under load, POST /translation paid that round
 *   trip per job). Its clock starts when it becomes the slot's running job, which is no earlier
 *   than the worker starting it; the worker runs its jobs one after another. A worker left free
 *   takes such a job back from the worker holding it, and a request's job taken back waits in the
 *   queue under its wait limit again.
 * - A worker whose item runs `graceMs` past its limit is stuck inside one cell (a backtracking
 *   regular expression, say: the engine's own check between cells never comes): it is terminated
 *   and replaced, the item fails with TIMEOUT, and the batch's items not started yet go back to the
 *   front of the queue. A worker that dies the same way, its item failing with INTERNAL.
 * - The queue has its own bounds for the jobs of requests (REST, coverage, suites, uploads): at most
 *   `queueLimit` such jobs waiting, each at most `queueWaitMs`; past either, TRANSLATION_QUEUE_FULL
 *   (503). A channel's jobs are exempt: each channel has at most `parallelism` batches in the pool,
 *   and its messages wait for their turn rather than being dead-lettered for waiting.
 * - While an item has run longer than `spareAfterMs` (a long or stuck cell) and jobs are waiting
 *   with no worker free, a spare worker is started (at most one per regular worker) and retired
 *   once the queue is empty again: a runaway job would otherwise hold the only worker for its whole
 *   limit plus grace, and every request behind it would pass the queue's wait limit (the soak
 *   benchmark showed it: valid translations answered 503 while a runaway REPLACE ran).
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCodes, isErrorCode, MediatorError, ParseError, silentLogger, ValidationError, type Logger } from '../../common/index.js';
import { corePath } from '../core-root.js';
import type { BatchJob, ErrorData, WorkerAlignment, WorkerJob, WorkerReply, WorkItem } from './translation-protocol.js';

export interface PoolAlignment {
  /** Identifies one stored content: the store's record id. */
  readonly key: string;
  readonly xml: string;
}

export interface PoolBatch {
  /** The chain every item runs through, in order (none for uploads). */
  readonly alignments: readonly PoolAlignment[];
  readonly items: readonly WorkItem[];
  /** Each item's working-time limit. */
  readonly timeoutMs: number;
  /** Subject to the queue's bounds (requests); false for a channel's batches. */
  readonly bounded: boolean;
  /** What the batch runs through, for the TIMEOUT message (e.g. `AlignmentID(A,1.0)`). */
  readonly label?: string;
  /**
   * After an item passes its limit the rest is not run (TIMEOUT): for runs that stop at the first
   * (coverage, suites), so a batch of hostile items costs one limit, not one each. A channel's
   * batch goes on: its other messages are good ones.
   */
  readonly stopAfterTimeout?: boolean;
}

export interface TranslationPoolOptions {
  readonly size: number;
  readonly logger?: Logger;
  /** Extra time past an item's own limit before its worker is terminated (default 1000 ms). */
  readonly graceMs?: number;
  /** Request jobs that may wait at once (default 64). */
  readonly queueLimit?: number;
  /** Longest a request job may wait for a worker (default 10 000 ms). */
  readonly queueWaitMs?: number;
  /** An item running longer than this may get a spare worker started beside it (default 1000 ms). */
  readonly spareAfterMs?: number;
}

export const DEFAULT_GRACE_MS = 1000;
export const DEFAULT_QUEUE_LIMIT = 64;
export const DEFAULT_QUEUE_WAIT_MS = 10_000;
export const DEFAULT_SPARE_AFTER_MS = 1000;
/** Most items sent to a worker as one job when waiting batches of one chain are joined. */
const MAX_COALESCED = 64;

interface Settle {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

interface Batch {
  readonly id: number;
  readonly request: PoolBatch;
  readonly settle: readonly Settle[];
  /** The first item not answered yet. */
  next: number;
  /** Whether the XML of every alignment was already sent once (after a `missing` reply). */
  resent: boolean;
  /** The queue's wait limit for a request's job, while it waits in the queue or behind a running job. */
  waitTimer: ReturnType<typeof setTimeout> | undefined;
  /** When it was submitted (performance.now()): its wait limit counts from then. */
  readonly queuedAt: number;
}

interface Slot {
  worker: Worker;
  /** The worker loaded the engine (its `ready` message): only then is it given jobs. */
  ready: boolean;
  readonly known: Set<string>;
  batch: Batch | undefined;
  /** A channel's job sent behind `batch` (a channel's too), which the worker runs next. */
  ahead: Batch | undefined;
  watchdog: ReturnType<typeof setTimeout> | undefined;
  /** Started beside a slow item, retired when the queue is empty. */
  readonly spare: boolean;
  /** The running item has run longer than `spareAfterMs`. */
  slow: boolean;
  slowTimer: ReturnType<typeof setTimeout> | undefined;
  /** Terminated on purpose: its exit is not a crash to recover from. */
  retired: boolean;
}

/**
 * From the start-up bundle, its own worker entry (core/dist/bundle/translation-worker.mjs, sharing
 * the engine's chunks: loaded in a fraction of the compiled modules' time, issue 27). Otherwise the
 * compiled module: under vitest this module runs from src/*.ts and a worker needs plain JavaScript.
 */
function workerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  const bundled = join(dirname(here), 'translation-worker.mjs');
  if (basename(dirname(here)) === 'bundle' && existsSync(bundled)) return pathToFileURL(bundled);
  return pathToFileURL(corePath('dist', 'node', 'services', 'translation-worker.js'));
}

/**
 * Which running jobs a job may be sent behind (see the header, issue 42): a channel's (not bounded
 * by the queue's limits) behind a channel's, a request's behind a request's. Runs that stop at
 * their first timeout (coverage, suites) and upload analysis never are: undefined.
 */
function aheadClass(batch: Batch): 'channel' | 'request' | undefined {
  if (runsAlone(batch)) return undefined;
  return batch.request.bounded ? 'request' : 'channel';
}

/** A run that stops at its first timeout (coverage, suites) or an upload's analysis: never merged with other jobs nor sent ahead. */
function runsAlone(batch: Batch): boolean {
  return batch.request.stopAfterTimeout === true || batch.request.items.some((i) => i.kind === 'analyze');
}

function toError(data: ErrorData): MediatorError {
  // The code crossed a thread boundary as plain data: a code this build does not know is a bug.
  const code = isErrorCode(data.code) ? data.code : ErrorCodes.internal;
  if (data.name === 'ParseError') {
    return new ParseError(data.message, {
      code,
      ...(data.line === undefined ? {} : { line: data.line }),
      ...(data.column === undefined ? {} : { column: data.column }),
      ...(data.source === undefined ? {} : { source: data.source }),
    });
  }
  if (data.name === 'ValidationError') return new ValidationError(data.message, data.problems ?? [], code);
  return new MediatorError(data.message, code);
}

export class TranslationPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Batch[] = [];
  private readonly log: Logger;
  private readonly graceMs: number;
  private readonly queueLimit: number;
  private readonly queueWaitMs: number;
  private readonly spareAfterMs: number;
  private readonly baseSize: number;
  private nextId = 1;
  private closed = false;
  /** A dispatch is due once this turn of the event loop has read every request that arrived (`submit`). */
  private dispatchDue = false;
  /** Batch jobs posted to workers (one thread message each). */
  private jobsPosted = 0;
  private strayReplies = 0;
  /** Waiting for every regular worker to be ready (`whenReady`). */
  private readyWaiters: Array<() => void> = [];

  constructor(options: TranslationPoolOptions) {
    this.log = options.logger ?? silentLogger;
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.queueLimit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT;
    this.queueWaitMs = options.queueWaitMs ?? DEFAULT_QUEUE_WAIT_MS;
    this.spareAfterMs = options.spareAfterMs ?? DEFAULT_SPARE_AFTER_MS;
    this.baseSize = Math.max(1, Math.floor(options.size));
    for (let i = 0; i < this.baseSize; i++) this.slots.push(this.spawn(false));
  }

  /** The regular workers (spares come and go). */
  get size(): number {
    return this.baseSize;
  }

  /** Workers running now, spares included. */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Items queued or running, not answered yet. */
  get pendingJobs(): number {
    const left = (b: Batch) => b.request.items.length - b.next;
    return (
      this.queue.reduce((n, b) => n + left(b), 0) +
      this.slots.reduce((n, s) => n + (s.batch === undefined ? 0 : left(s.batch)) + (s.ahead === undefined ? 0 : left(s.ahead)), 0)
    );
  }

  /** Queues a batch; one promise per item, settled as each item is answered. */
  submit(request: PoolBatch): Promise<unknown>[] {
    const settle: Settle[] = [];
    const promises = request.items.map(() => new Promise<unknown>((resolve, reject) => settle.push({ resolve, reject })));
    const batch: Batch = { id: this.nextId++, request, settle, next: 0, resent: false, waitTimer: undefined, queuedAt: performance.now() };
    if (this.closed) {
      this.failRest(batch, new MediatorError('the translation pool is closed', ErrorCodes.internal));
      return promises;
    }
    if (request.bounded) {
      // Jobs sent behind a running one wait for their worker too.
      const waiting = this.queue.filter((b) => b.request.bounded).length + this.slots.filter((s) => s.ahead?.request.bounded === true).length;
      if (waiting >= this.queueLimit) {
        this.failRest(
          batch,
          new MediatorError(
            `the translation queue is full: ${waiting} jobs are waiting for a worker (limit ${this.queueLimit}); try again later`,
            ErrorCodes.translationQueueFull,
          ),
        );
        return promises;
      }
      this.waitingAgain(batch);
    }
    this.queue.push(batch);
    this.dispatchSoon();
    this.addSpareIfStuck();
    return promises;
  }

  /**
   * Resolves once every regular worker has loaded the engine and run its warm-up translation (or
   * the pool was closed): the server waits for it before it answers, so no request pays for it.
   */
  whenReady(): Promise<void> {
    if (this.closed || this.allReady()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  private allReady(): boolean {
    return this.slots.filter((s) => !s.spare).every((s) => s.ready);
  }

  /**
   * Stored alignments compiled ahead of their first translation in every worker that does not hold
   * them yet (each worker may run any chain): the first translation after a start finds them
   * compiled. Fire and forget: a batch sent meanwhile waits in the worker for the compile.
   */
  load(alignments: readonly PoolAlignment[]): void {
    for (const slot of this.slots) {
      const fresh = alignments.filter((a) => !slot.known.has(a.key));
      if (fresh.length === 0) continue;
      for (const a of fresh) slot.known.add(a.key);
      slot.worker.postMessage({ kind: 'load', alignments: fresh.map(({ key, xml }) => ({ key, xml })) } satisfies WorkerJob);
    }
  }

  /** Lets workers drop compiled copies of alignments that were deleted (or uploads that were not stored). */
  forget(keys: readonly string[]): void {
    for (const slot of this.slots) {
      for (const k of keys) slot.known.delete(k);
      slot.worker.postMessage({ kind: 'forget', keys } satisfies WorkerJob);
    }
  }

  /** An analysed upload was stored as `to`: the worker that compiled it keeps it under that key. */
  rename(from: string, to: string): void {
    for (const slot of this.slots) {
      if (!slot.known.delete(from)) continue;
      slot.known.add(to);
      slot.worker.postMessage({ kind: 'rename', from, to } satisfies WorkerJob);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    const error = new MediatorError('the translation pool was closed', ErrorCodes.internal);
    for (const batch of this.queue.splice(0)) this.failRest(batch, error);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.watchdog);
      clearTimeout(slot.slowTimer);
      slot.retired = true;
      if (slot.batch !== undefined) this.failRest(slot.batch, error);
      if (slot.ahead !== undefined) this.failRest(slot.ahead, error);
      slot.batch = undefined;
      slot.ahead = undefined;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** @internal for tests: replies for a job the slot no longer runs (a dropped copy that ran anyway). */
  get strayRepliesForTest(): number {
    return this.strayReplies;
  }

  /** @internal for tests: how many batch jobs were posted to workers so far. */
  get jobsPostedForTest(): number {
    return this.jobsPosted;
  }

  /** @internal for tests: terminates one worker as if it had crashed. */
  async crashWorkerForTest(index: number): Promise<void> {
    await this.slots[index]?.worker.terminate();
  }

  /**
   * Dispatches after the event loop's poll phase (setImmediate), not at once: the requests that
   * arrived on the other connections in the same turn are queued by then and go to the worker as
   * one job (coalesce). One thread message per request, each waking the worker, was the main cost
   * of POST /translation under load on two cores (issue 42); a worker finishing a job takes what
   * waits at once (finish), so this adds no wait behind a busy worker.
   */
  private dispatchSoon(): void {
    if (this.dispatchDue) return;
    this.dispatchDue = true;
    setImmediate(() => {
      this.dispatchDue = false;
      if (!this.closed) this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.batch !== undefined) continue;
      if (this.queue.length === 0) {
        // A free worker while another holds a job sent behind its running one: that job runs here
        // now rather than after the other's (the other worker is told to drop its copy).
        const holder = this.slots.find((s) => s.ahead !== undefined);
        if (holder === undefined) return;
        this.requeueAhead(holder);
      }
      this.send(slot, this.coalesce(this.takeFirst()), false);
    }
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      const next = aheadClass(this.queue[0]!);
      if (next === undefined) return;
      if (!slot.ready || slot.slow || slot.batch === undefined || slot.ahead !== undefined || aheadClass(slot.batch) !== next) continue;
      this.sendAhead(slot, this.coalesce(this.takeFirst(), true));
    }
  }

  /** The queue's first batch, out of the queue. */
  private takeFirst(): Batch {
    const first = this.queue.shift()!;
    // Its own wait timer, also when coalesce merges it into a new batch (which has none).
    clearTimeout(first.waitTimer);
    first.waitTimer = undefined;
    return first;
  }

  /**
   * The batches waiting behind `first` with the same chain go to the worker with it, as one job (up
   * to MAX_COALESCED items): a channel at parallelism 4 has four small batches in the queue, and
   * one thread round trip per batch cost a third of its throughput. Each item keeps its promise and
   * its own clock. Runs that stop at their first timeout are kept apart.
   */
  private coalesce(first: Batch, sameClass = false): Batch {
    // A job sent behind a running one takes only its own class (aheadClass): a channel's items must
    // not share a request's wait limit, which still applies behind the running job.
    const chainOf = (b: Batch) =>
      `${sameClass ? `${b.request.bounded}\u0000` : ''}${b.request.timeoutMs}\u0000${b.request.alignments.map((a) => a.key).join('\u0000')}`;
    if (first.next > 0 || runsAlone(first)) return first;
    const key = chainOf(first);
    const merged: Batch[] = [first];
    let items = first.request.items.length;
    for (let i = 0; i < this.queue.length && items < MAX_COALESCED;) {
      const b = this.queue[i]!;
      if (b.next === 0 && !runsAlone(b) && chainOf(b) === key) {
        this.queue.splice(i, 1);
        clearTimeout(b.waitTimer);
        merged.push(b);
        items += b.request.items.length;
      } else i++;
    }
    if (merged.length === 1) return first;
    return {
      id: first.id,
      request: { ...first.request, items: merged.flatMap((b) => b.request.items), bounded: merged.some((b) => b.request.bounded) },
      settle: merged.flatMap((b) => b.settle),
      next: 0,
      resent: false,
      waitTimer: undefined,
      queuedAt: first.queuedAt,
    };
  }

  private waitedTooLong(batch: Batch): void {
    const at = this.queue.indexOf(batch);
    if (at < 0) return;
    this.queue.splice(at, 1);
    this.failRest(batch, this.queueWaitError());
  }

  /** A request's job sent behind a running one that has not started within the wait limit: taken back and refused. */
  private waitedTooLongBehind(slot: Slot, batch: Batch): void {
    if (slot.ahead !== batch) return;
    slot.worker.postMessage({ kind: 'drop', id: batch.id } satisfies WorkerJob);
    slot.ahead = undefined;
    this.failRest(batch, this.queueWaitError());
  }

  private queueWaitError(): MediatorError {
    return new MediatorError(
      `no translation worker was free within ${this.queueWaitMs} ms (the queue's wait limit); try again later`,
      ErrorCodes.translationQueueFull,
    );
  }

  private send(slot: Slot, batch: Batch, withAllXml: boolean): void {
    slot.batch = batch;
    this.arm(slot);
    this.post(slot, batch, withAllXml);
  }

  /** A job behind the slot's running one of its class (aheadClass): armed when it becomes the running one (finish). */
  private sendAhead(slot: Slot, batch: Batch): void {
    slot.ahead = batch;
    // A request's job keeps its wait limit until it runs (finish clears it).
    if (batch.request.bounded) batch.waitTimer = setTimeout(() => this.waitedTooLongBehind(slot, batch), this.waitLeft(batch));
    this.post(slot, batch, false);
  }

  private post(slot: Slot, batch: Batch, withAllXml: boolean): void {
    const request = batch.request;
    const alignments: WorkerAlignment[] = request.alignments.map((a) => (withAllXml || !slot.known.has(a.key) ? { key: a.key, xml: a.xml } : { key: a.key }));
    const job: BatchJob = {
      kind: 'batch',
      id: batch.id,
      alignments,
      items: request.items.slice(batch.next),
      offset: batch.next,
      timeoutMs: request.timeoutMs,
      stopAfterTimeout: request.stopAfterTimeout === true,
    };
    for (const a of request.alignments) slot.known.add(a.key);
    this.jobsPosted++;
    slot.worker.postMessage(job);
  }

  /** The item now running on the slot gets its limit plus grace from now, and is not slow yet. */
  private arm(slot: Slot): void {
    this.disarm(slot);
    const batch = slot.batch;
    if (batch === undefined) return;
    slot.watchdog = setTimeout(() => this.overrun(slot, batch), batch.request.timeoutMs + this.graceMs);
    slot.slowTimer = setTimeout(() => {
      slot.slow = true;
      // A job sent behind a long item would wait for it: back to the queue, where a spare may take it.
      this.requeueAhead(slot);
      this.addSpareIfStuck();
    }, this.spareAfterMs);
  }

  private disarm(slot: Slot): void {
    clearTimeout(slot.watchdog);
    clearTimeout(slot.slowTimer);
    slot.watchdog = undefined;
    slot.slowTimer = undefined;
    slot.slow = false;
  }

  /** Jobs wait, no worker is free, and a slow item holds one: start a spare (one per regular worker at most). */
  private addSpareIfStuck(): void {
    if (this.closed || this.queue.length === 0) return;
    if (this.slots.some((s) => s.batch === undefined)) return;
    const slow = this.slots.filter((s) => s.slow).length;
    const spares = this.slots.filter((s) => s.spare).length;
    if (slow <= spares || spares >= this.baseSize) return;
    this.log.warn({ workers: this.slots.length + 1 }, 'a translation runs long and jobs are waiting: starting a spare worker');
    this.slots.push(this.spawn(true));
  }

  /** Idle spares go once nothing waits (and no slow item still needs one beside it). */
  private retireSpares(): void {
    if (this.queue.length > 0) return;
    for (const slot of [...this.slots]) {
      const slow = this.slots.filter((s) => s.slow).length;
      const spares = this.slots.filter((s) => s.spare).length;
      if (spares <= slow) return;
      if (!slot.spare || slot.batch !== undefined) continue;
      slot.retired = true;
      this.slots.splice(this.slots.indexOf(slot), 1);
      void slot.worker.terminate();
    }
  }

  private spawn(spare: boolean): Slot {
    const slot: Slot = {
      worker: new Worker(workerUrl()),
      ready: false,
      known: new Set(),
      batch: undefined,
      ahead: undefined,
      watchdog: undefined,
      spare,
      slow: false,
      slowTimer: undefined,
      retired: false,
    };
    this.attach(slot);
    return slot;
  }

  private attach(slot: Slot): void {
    const worker = slot.worker;
    worker.on('message', (reply: WorkerReply) => {
      if (slot.worker !== worker) return;
      if ('ready' in reply) {
        if (reply.warmUpError !== undefined) this.log.error({ error: reply.warmUpError }, 'the warm-up translation failed in a translation worker (a bug)');
        slot.ready = true;
        if (this.allReady()) for (const resolve of this.readyWaiters.splice(0)) resolve();
        this.dispatch();
        return;
      }
      this.answer(slot, reply);
    });
    worker.on('error', (error) => {
      this.log.error({ err: error }, 'translation worker failed');
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker || this.closed || slot.retired) return;
      this.log.warn({ code }, 'translation worker stopped; starting a new one');
      this.abandon(slot, new MediatorError('the translation worker stopped while translating; try again', ErrorCodes.internal));
    });
  }

  private answer(slot: Slot, reply: Exclude<WorkerReply, { ready: true; warmUpError?: string }>): void {
    const batch = slot.batch;
    if (batch === undefined || reply.id !== batch.id) {
      this.strayReplies++;
      return;
    }
    if ('missing' in reply) {
      // The worker evicted a compiled alignment: send the XML once more, then give up.
      if (!batch.resent) {
        batch.resent = true;
        // A job sent behind it would now run before it: back to the queue's head, sent again later
        // (the worker still runs the copy it has; that copy's answers are not this slot's job's).
        this.requeueAhead(slot);
        this.send(slot, batch, true);
        return;
      }
      this.finish(slot);
      this.failRest(batch, new MediatorError(`translation worker could not load ${reply.missing.join(', ')}`, ErrorCodes.internal));
      return;
    }
    for (const result of reply.results) {
      const settle = batch.settle[result.index];
      batch.next = result.index + 1;
      if (result.ok) {
        const item = batch.request.items[result.index];
        // The worker keeps an analysed upload compiled under its provisional key (rename, above).
        if (item?.kind === 'analyze') slot.known.add(item.keepAs);
        settle?.resolve(result.value);
      } else settle?.reject(toError(result.error));
    }
    if (batch.next >= batch.request.items.length) this.finish(slot);
    else this.arm(slot);
  }

  /** The slot's batch is done: the worker takes the next one. */
  private finish(slot: Slot): void {
    this.disarm(slot);
    // The job sent behind it is the one the worker runs now.
    slot.batch = slot.ahead;
    slot.ahead = undefined;
    if (slot.batch !== undefined) {
      clearTimeout(slot.batch.waitTimer);
      slot.batch.waitTimer = undefined;
      this.arm(slot);
    }
    this.dispatch();
    this.retireSpares();
  }

  /** An item ran its limit plus grace: the worker is stuck inside one cell. */
  private overrun(slot: Slot, batch: Batch): void {
    if (slot.batch !== batch || this.closed) return;
    const { timeoutMs, label } = batch.request;
    this.log.error({ timeoutMs, alignments: label }, 'translation overran its time limit; replacing its worker');
    const old = slot.worker;
    this.abandon(
      slot,
      new MediatorError(
        `translation${label === undefined ? '' : ` through ${label}`} took longer than ${timeoutMs} ms and was stopped (a cell did not finish; its worker thread was replaced)`,
        ErrorCodes.timeout,
      ),
    );
    void old.terminate();
  }

  /** Fails the slot's running item, puts the rest of its batch back first in line, and replaces the worker. */
  private abandon(slot: Slot, error: MediatorError): void {
    const batch = slot.batch;
    this.disarm(slot);
    slot.batch = undefined;
    if (batch !== undefined) {
      batch.settle[batch.next]?.reject(error);
      batch.next += 1;
      if (batch.request.stopAfterTimeout === true && error.code === ErrorCodes.timeout) {
        this.failRest(batch, new MediatorError('not run: an earlier item passed the time limit', ErrorCodes.timeout));
      } else if (batch.next < batch.request.items.length) this.queue.unshift(batch);
    }
    // Never started by the old worker (it runs its jobs in turn): next in line, after the rest of `batch`.
    if (slot.ahead !== undefined) this.queue.splice(this.queue[0] === batch && batch !== undefined ? 1 : 0, 0, this.waitingAgain(slot.ahead));
    slot.ahead = undefined;
    slot.known.clear();
    slot.ready = false;
    slot.worker = new Worker(workerUrl());
    this.attach(slot);
    this.retireSpares();
  }

  /**
   * The job sent behind the running one goes back to the head of the queue, under a new id: the
   * worker is told to drop the copy it was sent, and if it began it already, its answers must not
   * count for the job resent.
   */
  private requeueAhead(slot: Slot): void {
    if (slot.ahead === undefined) return;
    // waitingAgain replaces the wait timer the copy shares with the job sent ahead.
    this.queue.unshift(this.waitingAgain({ ...slot.ahead, id: this.nextId++ }));
    // The worker's copy would still run after the slow item, delaying (and eating into the clock
    // of) whatever the slot runs next: it skips it instead.
    slot.worker.postMessage({ kind: 'drop', id: slot.ahead.id } satisfies WorkerJob);
    slot.ahead = undefined;
  }

  /** A request's job (back) in the queue: under the queue's wait limit, counted from its submission. */
  private waitingAgain(batch: Batch): Batch {
    clearTimeout(batch.waitTimer);
    batch.waitTimer = batch.request.bounded ? setTimeout(() => this.waitedTooLong(batch), this.waitLeft(batch)) : undefined;
    return batch;
  }

  private waitLeft(batch: Batch): number {
    return Math.max(0, this.queueWaitMs - (performance.now() - batch.queuedAt));
  }

  private failRest(batch: Batch, error: MediatorError): void {
    clearTimeout(batch.waitTimer);
    for (let i = batch.next; i < batch.settle.length; i++) batch.settle[i]!.reject(error);
    batch.next = batch.settle.length;
  }
}
