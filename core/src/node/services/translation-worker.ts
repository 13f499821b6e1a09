/**
 * A translation worker thread: keeps the alignments it was sent compiled (compiled here once, not
 * on the main thread and again here, issue 27), and runs every engine job of the server off its
 * event loop (issue 29): translations, coverage traces, suite cases, uploads. Items of a batch run
 * one after the other and each is answered as soon as it is done, so the pool times each one from
 * when it starts.
 */
import { parentPort } from 'node:worker_threads';
// The engine's own modules, not the common barrel (work-items.ts says why).
import type { CompiledAlignment } from '../../common/index.js';
import { ErrorCodes, MediatorError, ParseError, ValidationError } from '../../common/errors.js';
import { checkAlignment } from './alignment-check.js';
import { FLUSH_MS, type BatchJob, type ErrorData, type ItemResult, type TranslationAnswer, type WorkerJob, type WorkerReply } from './translation-protocol.js';
import { warmEngine } from './warm-up.js';
import { runWorkItem } from './work-items.js';

/** Enough for every alignment a server realistically holds; past it the oldest are compiled again on use. */
const MAX_COMPILED = 512;
const compiled = new Map<string, CompiledAlignment>();
/** Stored alignments being compiled ahead of use (a `load` job); a batch naming one waits for it. */
const loading = new Map<string, Promise<CompiledAlignment | undefined>>();

function keep(key: string, alignment: CompiledAlignment): void {
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, alignment);
}

function errorData(error: unknown): ErrorData {
  if (error instanceof ParseError) {
    return {
      name: 'ParseError',
      code: error.code,
      message: error.message,
      ...(error.line === undefined ? {} : { line: error.line }),
      ...(error.column === undefined ? {} : { column: error.column }),
      ...(error.source === undefined ? {} : { source: error.source }),
    };
  }
  if (error instanceof ValidationError) return { name: 'ValidationError', code: error.code, message: error.message, problems: error.problems };
  if (error instanceof MediatorError) return { name: 'MediatorError', code: error.code, message: error.message };
  return { name: 'Error', code: ErrorCodes.internal, message: error instanceof Error ? error.message : String(error) };
}

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []): void {
  parentPort!.postMessage(message, transfer);
}

/**
 * One turn of the event loop: batches chain on promises and their items run in one microtask run,
 * so without it a `drop` already posted would only be read once the batch, or the next, had run.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Batches sent and not yet finished; a `drop` takes one out, and it is skipped or stopped between items. */
const live = new Set<number>();

async function runBatch(job: BatchJob): Promise<void> {
  // An alignment still loading is waited for (its compile failing leaves it missing).
  for (const a of job.alignments) if (a.xml === undefined && !compiled.has(a.key)) await loading.get(a.key);
  const missing = job.alignments.filter((a) => a.xml === undefined && !compiled.has(a.key)).map((a) => a.key);
  if (missing.length > 0) {
    reply({ id: job.id, ok: false, missing });
    return;
  }
  let chain: CompiledAlignment[] | undefined;
  let chainError: unknown;
  try {
    chain = [];
    for (const a of job.alignments) {
      let c = compiled.get(a.key);
      if (c === undefined) {
        c = await checkAlignment(a.xml!);
        keep(a.key, c);
      }
      chain.push(c);
    }
  } catch (error) {
    chainError = error;
  }
  let stopped = false;
  let results: ItemResult[] = [];
  // The answers' bytes (POST /translation) move to the main thread instead of being copied.
  let transfer: ArrayBuffer[] = [];
  let flushed = performance.now();
  const flush = (): void => {
    if (results.length > 0) reply({ id: job.id, results }, transfer);
    results = [];
    transfer = [];
    flushed = performance.now();
  };
  for (let i = 0; i < job.items.length; i++) {
    if (!live.has(job.id)) break;
    const index = job.offset + i;
    if (stopped) {
      results.push({ index, ok: false, error: { name: 'MediatorError', code: ErrorCodes.timeout, message: 'not run: an earlier item passed the time limit' } });
      continue;
    }
    try {
      if (chain === undefined || chainError !== undefined) throw chainError;
      const value = await runWorkItem(job.items[i]!, chain, job.timeoutMs, keep);
      const kind = job.items[i]!.kind;
      if (kind === 'answer') transfer.push((value as TranslationAnswer).body.buffer as ArrayBuffer);
      else if (kind === 'view') transfer.push((value as Uint8Array).buffer as ArrayBuffer);
      results.push({ index, ok: true, value });
    } catch (error) {
      results.push({ index, ok: false, error: errorData(error) });
      stopped = job.stopAfterTimeout && error instanceof MediatorError && error.code === ErrorCodes.timeout;
    }
    // A REST answer goes back at once (issue 42): its client waits for it, and while the event loop
    // writes it and reads that client's next request, this thread translates the next item. Held
    // for the batch's end, the threads took turns (the event loop idle while the batch ran, the
    // worker idle while the event loop answered it and gathered the next): ping-pong, about the
    // sum of both threads' times per request instead of the longer of the two.
    if (job.items[i]!.kind === 'answer') flush();
    else if (performance.now() - flushed >= FLUSH_MS) {
      flush();
      // Reads the messages posted meanwhile: a `drop` of this batch stops it at the next item.
      await nextTurn();
    }
  }
  flush();
}

/** The batches sent, run in turn. */
let batches: Promise<void> = Promise.resolve();
/** Batches received and not finished: one that came while another ran may be dropped before its turn. */
let unfinished = 0;

async function runLive(job: BatchJob, behind: boolean): Promise<void> {
  // Only a batch sent behind a running one can be taken back (a channel's job sent ahead): it
  // waits one turn for a drop already posted. One sent to an idle worker (every request's) starts
  // at once: a turn before every batch made a one-item job's round trip from the main thread
  // 12-19 us longer (168-187 against 156-168 us, three runs alternating builds).
  if (behind) await nextTurn();
  try {
    if (live.has(job.id)) await runBatch(job);
  } finally {
    live.delete(job.id);
    unfinished--;
  }
}

parentPort!.on('message', (job: WorkerJob) => {
  switch (job.kind) {
    case 'forget':
      for (const k of job.keys) {
        compiled.delete(k);
        loading.delete(k);
      }
      return;
    case 'rename': {
      const c = compiled.get(job.from);
      compiled.delete(job.from);
      if (c !== undefined) keep(job.to, c);
      return;
    }
    case 'load':
      for (const { key, xml } of job.alignments) {
        const compiling = checkAlignment(xml).then(
          (c) => {
            // Not if it was forgotten (deleted) meanwhile.
            if (loading.get(key) === compiling) keep(key, c);
            return c;
          },
          // A stored alignment that no longer compiles: its first use sends the XML and reports why.
          () => undefined,
        );
        loading.set(key, compiling);
        void compiling.finally(() => {
          if (loading.get(key) === compiling) loading.delete(key);
        });
      }
      return;
    case 'drop':
      live.delete(job.id);
      return;
    case 'batch':
      // One after another: besides one batch at a time, the pool sends a channel's next job behind
      // a running one (translation-pool.ts), which starts when the running one has ended.
      live.add(job.id);
      batches = batches.then(runLive.bind(undefined, job, unfinished++ > 0));
  }
});
// Warm before reporting ready (issue 27): the first real translation finds the engine's code run
// and compiled, and the pool's clock never counts this.
warmEngine().then(
  () => parentPort!.postMessage({ ready: true } satisfies WorkerReply),
  (error: unknown) => {
    // A bug, but the worker still translates: report it and go on.
    parentPort!.postMessage({ ready: true, warmUpError: error instanceof Error ? error.message : String(error) } satisfies WorkerReply);
  },
);
