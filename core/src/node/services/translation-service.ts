/**
 * The one way the server runs the engine (issues 26 and 29): POST /translation, channels, coverage,
 * suites and uploads all come here, get the same time limit, and run on the worker pool when the
 * server has workers (`--translation-workers`, so a long job never stalls the API, the UI or
 * channels) or on the event loop when it has none. It also shapes POST /translation's answer; the
 * route only parses and sends.
 *
 * The limit counts working time (the pool's clock starts when a worker starts the item), and a
 * worker stuck inside one cell is replaced (translation-pool.ts). On the event loop the limit is
 * checked between cells only: a cell stuck in a backtracking pattern cannot be stopped there, which
 * is why a multi-core server has a worker by default.
 */
import {
  ErrorCodes,
  MediatorError,
  ParseError,
  translateMessage,
  type api,
  type ChannelTranslate,
  type ChannelTranslation,
  type CompiledAlignment,
  type Logger,
} from '../../common/index.js';
import { alignmentId } from './alignment-check.js';
import type { AlignmentService } from './alignment-service.js';
import { ChannelBatcher } from './channel-batcher.js';
import { TranslationPool, type PoolAlignment } from './translation-pool.js';
import type { AlignmentSummary, TranslationAnswer, WorkItem, WorkValues } from './translation-protocol.js';
import { warmEngine } from './warm-up.js';
import { analyzeUpload, runWorkItem, suggestionOptions, suggestionReply, translationResponse } from './work-items.js';
import { SERVER_SUGGESTION_MEMORY_MB, suggestOnThread } from './bounded-suggestion.js';
import { BoundedLane } from './bounded-lane.js';

export interface TranslationServiceOptions {
  readonly alignments: AlignmentService;
  readonly logger: Logger;
  /** Worker threads; 0 runs the engine on the event loop. */
  readonly workers: number;
  /** Longest one translation (one message, one case) may work before it is abandoned (TIMEOUT, 503). */
  readonly timeoutMs: number;
  /** Past the limit, how long a worker stuck inside one cell gets before it is replaced (default 1 s). */
  readonly graceMs?: number;
  /** Request jobs that may wait for a worker at once (default 64). */
  readonly queueLimit?: number;
  /** Longest a request job may wait for a worker (default 10 s). */
  readonly queueWaitMs?: number;
  /** Suggestions' own lane (bounded-lane.ts): at once in the worker queue, waiting for it, and how long. */
  readonly suggestionLane?: { readonly concurrency?: number; readonly maxWaiting?: number; readonly maxWaitMs?: number };
}

/**
 * Suggestions go one at a time into the workers' queue: a translation queued behind them waits at
 * most one suggestion's budget, whatever the burst. Eight more may wait their turn, each at most
 * 10 s (the wait of any request job); past that, 503 TRANSLATION_QUEUE_FULL at once.
 */
const SUGGESTION_LANE = { concurrency: 1, maxWaiting: 8, maxWaitMs: 10_000 } as const;

export interface TranslateCall {
  readonly trace: boolean;
  readonly pretty: boolean;
  /** STE's default-graph translation of a message without a payload graph (off: IPSM's rule). */
  readonly defaultGraph?: boolean;
}

/** The call a POST /translation query string asks for, its defaults where a parameter is absent. */
export function translateCallOf(query: api.TranslationQuery): TranslateCall {
  return { trace: query.trace === 'true', pretty: query.pretty !== 'false', defaultGraph: query.defaultGraph === 'true' };
}

/** A chain of stored alignments, resolved for wherever the engine runs. */
export interface Chain {
  /** `AlignmentID(A,1.0) -> AlignmentID(B,1.0)`: named in time-limit errors. */
  readonly label: string;
  readonly ids: readonly api.AlignmentId[];
}

/** A ParseError past the alignment lookups is about the message (the alignments compiled). */
function aboutMessage(error: unknown): unknown {
  return error instanceof ParseError
    ? new ParseError(`Exception parsing message: ${error.message}`, {
        code: error.code,
        ...(error.line === undefined ? {} : { line: error.line }),
        ...(error.column === undefined ? {} : { column: error.column }),
      })
    : error;
}

/** POST /translation's answer (and the preview's) for an engine result. */
let provisional = 0;

/** A chain's name in queue errors and logs: its alignments in order. */
function chainLabel(ids: readonly api.AlignmentId[]): string {
  return ids.map((id) => alignmentId(id.name, id.version)).join(' -> ') || 'no alignment';
}

export class TranslationService {
  private readonly alignments: AlignmentService;
  private readonly logger: Logger;
  private readonly workers: number;
  private readonly options: TranslationServiceOptions;
  private pool: TranslationPool | undefined;
  private closed = false;
  private readonly suggestions: BoundedLane;
  readonly timeoutMs: number;

  constructor(options: TranslationServiceOptions) {
    this.options = options;
    this.alignments = options.alignments;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs;
    this.workers = Math.max(0, Math.floor(options.workers));
    this.suggestions = new BoundedLane({ what: 'suggestions', ...SUGGESTION_LANE, ...options.suggestionLane });
    // A deleted alignment's compiled copies in the workers are freed.
    if (this.workers > 0) options.alignments.onDelete = (key) => this.pool?.forget([key]);
  }

  /** True when the engine runs on worker threads. */
  get usesWorkers(): boolean {
    return this.workers > 0;
  }

  /**
   * Starts the engine with the server (issue 27): the worker threads are spawned now and each loads
   * the engine and runs the warm-up translation (warm-up.ts) on its own thread, beside the server's
   * own start-up; without workers the warm-up runs here. Resolves when the engine is warm: the
   * server answers its first request after it, so no request pays for it.
   */
  async start(): Promise<void> {
    if (this.workers > 0) {
      await this.workerPool().whenReady();
      return;
    }
    try {
      await warmEngine();
    } catch (error) {
      this.logger.error({ err: error }, 'the warm-up translation failed (a bug)');
    }
  }

  /** The pool, started by `start()` (or by the first job of a service that was never started). */
  private workerPool(): TranslationPool {
    if (this.closed) throw new MediatorError('the translation pool is closed', ErrorCodes.internal);
    if (this.pool === undefined) {
      const { graceMs, queueLimit, queueWaitMs } = this.options;
      this.pool = new TranslationPool({
        size: this.workers,
        logger: this.logger,
        ...(graceMs === undefined ? {} : { graceMs }),
        ...(queueLimit === undefined ? {} : { queueLimit }),
        ...(queueWaitMs === undefined ? {} : { queueWaitMs }),
      });
      this.logger.info({ workers: this.workers }, 'translation worker threads started');
    }
    return this.pool;
  }

  /** Resolves a chain now (NotFoundError for an alignment that is not stored). */
  async chain(ids: readonly api.AlignmentId[]): Promise<Chain> {
    // Checked here, so a missing alignment is the caller's error before anything is queued.
    for (const id of ids) await this.alignments.sourceFor(id.name, id.version);
    return { ids: [...ids], label: chainLabel(ids) };
  }

  /**
   * Runs a request's items through a chain (subject to the queue's bounds), one promise per item;
   * `stopAfterTimeout`: the items after one that passed the limit are not run (TIMEOUT).
   */
  run<K extends WorkItem['kind']>(chain: Chain, items: ReadonlyArray<Extract<WorkItem, { kind: K }>>, stopAfterTimeout = false): Promise<WorkValues[K]>[] {
    if (this.workers === 0) {
      // On the event loop, one after the other, as a worker would.
      const results: Promise<WorkValues[K]>[] = [];
      let previous: Promise<unknown> = Promise.resolve();
      for (const item of items) {
        const next = previous.then(async () => {
          const compiled = await this.compiled(chain.ids);
          return (await runWorkItem(item, compiled, this.timeoutMs, () => undefined)) as WorkValues[K];
        });
        previous = next.catch((error: unknown) => {
          if (stopAfterTimeout && error instanceof MediatorError && error.code === ErrorCodes.timeout) throw error;
        });
        results.push(next);
      }
      return results;
    }
    const pool = this.workerPool();
    const submitted = this.sources(chain.ids).then((alignments) =>
      pool.submit({ alignments, items, timeoutMs: this.timeoutMs, bounded: true, label: chain.label, stopAfterTimeout }),
    );
    return items.map((_item, i) => submitted.then((ps) => ps[i] as Promise<WorkValues[K]>));
  }

  private async compiled(ids: readonly api.AlignmentId[]): Promise<CompiledAlignment[]> {
    const out: CompiledAlignment[] = [];
    for (const id of ids) out.push(await this.alignments.compiledFor(id.name, id.version));
    return out;
  }

  private async sources(ids: readonly api.AlignmentId[]): Promise<PoolAlignment[]> {
    const out: PoolAlignment[] = [];
    for (const id of ids) out.push(await this.alignments.sourceFor(id.name, id.version));
    return out;
  }

  /**
   * POST /translation: the answer's JSON bytes, written where the translation ran (TranslationAnswer).
   * Each alignment is looked up once (issue 42): for the worker, its stored text (sourceFor), or on
   * the event loop its compiled form; `chain` then `run` looked each up twice per request.
   */
  async translate(request: api.TranslationRequest, call: TranslateCall): Promise<TranslationAnswer> {
    const { graphStr, alignIDs } = request;
    const item = { kind: 'answer', graphStr, trace: call.trace, pretty: call.pretty, defaultGraph: call.defaultGraph === true } as const;
    // Outside the try: a missing alignment (or one that does not compile) is not about the message.
    if (this.workers === 0) {
      const compiled = await this.compiled(alignIDs);
      try {
        return (await runWorkItem(item, compiled, this.timeoutMs, () => undefined)) as TranslationAnswer;
      } catch (error) {
        throw aboutMessage(error);
      }
    }
    const alignments = await this.sources(alignIDs);
    try {
      return (await this.workerPool().submit({
        alignments,
        items: [item],
        timeoutMs: this.timeoutMs,
        bounded: true,
        label: chainLabel(alignIDs),
        stopAfterTimeout: false,
      })[0]) as TranslationAnswer;
    } catch (error) {
      throw aboutMessage(error);
    }
  }

  /**
   * POST /translation-preview (issue 39): the message through alignment text that is not stored,
   * with the trace and the payload diff, where translations run; nothing is stored or kept.
   */
  async preview(request: api.TranslationPreviewRequest): Promise<api.TranslationResponse> {
    const result = await this.run({ ids: [], label: 'a preview of an alignment text' }, [
      { kind: 'preview', xml: request.alignment, graphStr: request.graphStr },
    ])[0]!;
    return translationResponse(result, request.graphStr);
  }

  /**
   * A channel's translation function (its runtime's `translate`) and the window its runtime should
   * keep: batches on the workers, or one message at a time on the event loop. Resolves the chain
   * now, so a channel naming an alignment that is not stored fails to start with the reason.
   */
  async forChannel(ids: readonly api.AlignmentId[], parallelism: number): Promise<{ translate: ChannelTranslate; window: number }> {
    const chain = await this.chain(ids);
    if (this.workers === 0) {
      const compiled = await this.compiled(chain.ids);
      const timeoutMs = this.timeoutMs;
      return { translate: (text) => translateMessage(text, compiled, { timeoutMs }), window: parallelism };
    }
    // Resolved once: a channel's alignments cannot be deleted while it exists (IN_USE), and a new
    // version adopted from the fleet restarts the channel.
    const alignments = await this.sources(chain.ids);
    const batcher = new ChannelBatcher(
      (texts) =>
        this.workerPool().submit({
          alignments,
          items: texts.map((graphStr) => ({ kind: 'translate', graphStr, trace: false, pretty: true, defaultGraph: false }) as const),
          timeoutMs: this.timeoutMs,
          // A channel's messages wait their turn: never dead-lettered for waiting (translation-pool.ts).
          bounded: false,
          label: chain.label,
        }) as Promise<ChannelTranslation>[],
      Math.max(1, parallelism),
    );
    return { translate: batcher.translate, window: batcher.window };
  }

  /**
   * What the workbench shows of a stored alignment (its view, or its cells with their SPARQL), built
   * where it runs: on a worker from the copy compiled there (issue 27: the main thread compiled it a
   * second time for the first view after an upload).
   */
  async inspectStored<K extends 'view' | 'cells'>(name: string, version: string, kind: K): Promise<WorkValues[K]> {
    const chain = await this.chain([{ name, version }]);
    const item: Extract<WorkItem, { kind: 'view' | 'cells' }> = { kind };
    return (await this.run(chain, [item])[0]!) as WorkValues[K];
  }

  /** The view of editor text (not stored), read and compiled where uploads are. */
  async viewText(xml: string): Promise<api.AlignmentView> {
    return this.run({ ids: [], label: 'the view of an alignment text' }, [{ kind: 'viewText', xml }])[0]!;
  }

  /**
   * An upload's analysis (read, validate, compile): on a worker when there are workers, where the
   * compiled copy stays for the translations to come (`keptAs`, to be renamed or forgotten).
   */
  async analyze(xml: string): Promise<{ summary: AlignmentSummary; keptAs?: string; compiled?: CompiledAlignment }> {
    if (this.workers === 0) {
      const { summary, compiled } = await analyzeUpload(xml);
      return { summary, compiled };
    }
    const keepAs = `upload:${++provisional}`;
    const [summary] = await Promise.all(this.run({ ids: [], label: 'an upload' }, [{ kind: 'analyze', xml, keepAs }]));
    return { summary: summary!, keptAs: keepAs };
  }

  /**
   * A suggestion (issue 30) with its own time budget: on a worker when there are workers, so a
   * long synthesis does not hold other requests (a worker stuck past the budget is replaced).
   */
  async suggest(request: api.SuggestionRequest, timeoutMs: number): Promise<api.SuggestionReply> {
    // Their own lane, so a burst of them never delays a translation past its own wait (issue 40).
    return this.suggestions.run(async () => {
      // Without workers, on a thread of its own rather than the event loop: stopped at its budget
      // whatever it is doing, so it never holds the other requests (bounded-suggestion.ts).
      if (this.workers === 0)
        return suggestionReply(await suggestOnThread(request.examples, suggestionOptions(request), { timeoutMs, memoryMb: SERVER_SUGGESTION_MEMORY_MB }));
      const [reply] = this.workerPool().submit({ alignments: [], items: [{ kind: 'suggest', request }], timeoutMs, bounded: true, label: 'a suggestion' });
      return (await reply) as api.SuggestionReply;
    });
  }

  /**
   * The alignments stored before this start, read and compiled on the workers (never here): each
   * one's summary, or why it no longer compiles, in order. The worker that analysed them keeps them
   * under their keys, and every other worker compiles them too, ahead of their first translation.
   */
  async analyzeStored(stored: readonly PoolAlignment[]): Promise<Array<PromiseSettledResult<AlignmentSummary>>> {
    if (stored.length === 0) return [];
    const pool = this.workerPool();
    const results = (await Promise.allSettled(
      pool.submit({
        alignments: [],
        items: stored.map((a) => ({ kind: 'analyze', xml: a.xml, keepAs: a.key }) as const),
        timeoutMs: this.timeoutMs,
        bounded: false,
        label: 'the stored alignments',
      }),
    )) as Array<PromiseSettledResult<AlignmentSummary>>;
    pool.load(stored.filter((_a, i) => results[i]?.status === 'fulfilled'));
    return results;
  }

  /** An analysed upload was stored under `key` (the record id): its worker keeps it under that key. */
  adoptUpload(keptAs: string, key: string | undefined): void {
    if (this.pool === undefined) return;
    if (key === undefined) this.pool.forget([keptAs]);
    else this.pool.rename(keptAs, key);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }
}
