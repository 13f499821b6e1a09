/**
 * Translation on worker threads for the REST server. Each worker keeps compiled copies of the
 * alignments it has been sent (keyed by the stored record, whose id is never reused, so a deleted
 * and re-uploaded alignment can never be served stale). A job goes to the worker with the fewest
 * jobs pending. A worker that overruns the translation deadline by more than `graceMs` (a cell
 * stuck inside one regular expression, say) is terminated and replaced; its jobs fail with
 * TIMEOUT. A worker that dies is replaced; its jobs fail with INTERNAL.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCodes, isErrorCode, MediatorError, ParseError, silentLogger, type Logger, type TranslationResult } from '../../common/index.js';
import { corePath } from '../core-root.js';
import type { ErrorData, TranslateJob, WorkerAlignment, WorkerJob, WorkerReply } from './translation-protocol.js';

export interface PoolAlignment {
  /** Identifies one stored content: the store's record id. */
  readonly key: string;
  readonly xml: string;
}

export interface PoolRequest {
  readonly alignments: readonly PoolAlignment[];
  readonly graphStr: string;
  readonly trace: boolean;
  readonly pretty: boolean;
  /** STE's default-graph translation (TranslateOptions.defaultGraph); off when omitted. */
  readonly defaultGraph?: boolean;
  readonly timeoutMs: number;
}

export interface TranslationPoolOptions {
  readonly size: number;
  readonly logger?: Logger;
  /** Extra time past a job's own deadline before its worker is terminated (default 2000 ms). */
  readonly graceMs?: number;
}

interface Pending {
  readonly request: PoolRequest;
  readonly resolve: (r: TranslationResult) => void;
  readonly reject: (e: unknown) => void;
  readonly timer: ReturnType<typeof setTimeout>;
  /** Whether the XML of every alignment was already sent once for this job (after a `missing` reply). */
  resent: boolean;
}

interface Slot {
  worker: Worker;
  readonly known: Set<string>;
  readonly pending: Map<number, Pending>;
}

/**
 * Always the compiled module: under vitest this module runs from src/*.ts and a worker needs plain
 * JavaScript; in the start-up bundle there is no file of its own beside this code.
 */
function workerUrl(): URL {
  return pathToFileURL(corePath('dist', 'node', 'services', 'translation-worker.js'));
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
  return new MediatorError(data.message, code);
}

export class TranslationPool {
  private readonly slots: Slot[] = [];
  private readonly log: Logger;
  private readonly graceMs: number;
  private nextId = 1;
  private closed = false;

  constructor(options: TranslationPoolOptions) {
    this.log = options.logger ?? silentLogger;
    this.graceMs = options.graceMs ?? 2000;
    const size = Math.max(1, Math.floor(options.size));
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Jobs sent to workers and not answered yet. */
  get pendingJobs(): number {
    return this.slots.reduce((n, s) => n + s.pending.size, 0);
  }

  translate(request: PoolRequest): Promise<TranslationResult> {
    if (this.closed) return Promise.reject(new MediatorError('the translation pool is closed', ErrorCodes.internal));
    const slot = this.slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
    const id = this.nextId++;
    return new Promise<TranslationResult>((resolve, reject) => {
      const timer = setTimeout(() => this.overrun(slot, id), request.timeoutMs + this.graceMs);
      slot.pending.set(id, { request, resolve, reject, timer, resent: false });
      this.send(slot, id, request, false);
    });
  }

  /** Lets workers drop compiled copies of alignments that were deleted. */
  forget(keys: readonly string[]): void {
    for (const slot of this.slots) {
      for (const k of keys) slot.known.delete(k);
      slot.worker.postMessage({ kind: 'forget', keys } satisfies WorkerJob);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const slot of slots) this.failAll(slot, new MediatorError('the translation pool was closed', ErrorCodes.internal));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** @internal for tests: terminates one worker as if it had crashed. */
  async crashWorkerForTest(index: number): Promise<void> {
    await this.slots[index]?.worker.terminate();
  }

  private send(slot: Slot, id: number, request: PoolRequest, withAllXml: boolean): void {
    const alignments: WorkerAlignment[] = request.alignments.map((a) => (withAllXml || !slot.known.has(a.key) ? { key: a.key, xml: a.xml } : { key: a.key }));
    const job: TranslateJob = {
      kind: 'translate',
      id,
      alignments,
      graphStr: request.graphStr,
      trace: request.trace,
      pretty: request.pretty,
      defaultGraph: request.defaultGraph === true,
      timeoutMs: request.timeoutMs,
    };
    for (const a of request.alignments) slot.known.add(a.key);
    slot.worker.postMessage(job);
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl()), known: new Set(), pending: new Map() };
    this.attach(slot);
    return slot;
  }

  private attach(slot: Slot): void {
    const worker = slot.worker;
    worker.on('message', (reply: WorkerReply) => {
      const p = slot.pending.get(reply.id);
      if (p === undefined) return;
      if (!reply.ok && 'missing' in reply) {
        // The worker evicted a compiled alignment: send the XML once more, then give up.
        if (!p.resent) {
          p.resent = true;
          this.send(slot, reply.id, p.request, true);
          return;
        }
      }
      slot.pending.delete(reply.id);
      clearTimeout(p.timer);
      if (reply.ok) p.resolve(reply.result);
      else if ('missing' in reply) p.reject(new MediatorError(`translation worker could not load ${reply.missing.join(', ')}`, ErrorCodes.internal));
      else p.reject(toError(reply.error));
    });
    worker.on('error', (error) => {
      this.log.error({ err: error }, 'translation worker failed');
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker || this.closed) return;
      this.log.warn({ code }, 'translation worker stopped; starting a new one');
      this.failAll(slot, new MediatorError('the translation worker stopped while translating; try again', ErrorCodes.internal));
      this.replace(slot);
    });
  }

  /** A job ran past its deadline plus grace: the worker is stuck inside one cell. */
  private overrun(slot: Slot, id: number): void {
    const p = slot.pending.get(id);
    if (p === undefined || this.closed) return;
    this.log.error({ timeoutMs: p.request.timeoutMs }, 'translation overran its deadline; replacing its worker');
    const old = slot.worker;
    this.failAll(slot, new MediatorError(`translation took longer than ${p.request.timeoutMs} ms and was abandoned`, ErrorCodes.timeout));
    this.replace(slot);
    void old.terminate();
  }

  private replace(slot: Slot): void {
    slot.known.clear();
    slot.worker = new Worker(workerUrl());
    this.attach(slot);
  }

  private failAll(slot: Slot, error: MediatorError): void {
    for (const p of slot.pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    slot.pending.clear();
  }
}
