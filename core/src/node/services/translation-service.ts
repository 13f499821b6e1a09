/**
 * POST /translation as a service (reference-mediator.md 6.8): owns the choice between translating
 * on worker threads (a pool, so a long translation never stalls the API, the UI or channels) and
 * on the event loop, and shapes the API's answer. The route only parses and sends.
 */
import {
  ErrorCodes,
  MediatorError,
  ParseError,
  readMessage,
  translateParsed,
  type api,
  type CompiledAlignment,
  type Logger,
  type TranslationResult,
} from '../../common/index.js';
import type { AlignmentService } from './alignment-service.js';
import { TranslationPool, type PoolAlignment } from './translation-pool.js';

export interface TranslationServiceOptions {
  readonly alignments: AlignmentService;
  readonly logger: Logger;
  /** Worker threads; 0 translates on the event loop. */
  readonly workers: number;
  /** Longest a translation may run before it is abandoned (TIMEOUT, 503). */
  readonly timeoutMs: number;
}

export interface TranslateCall {
  readonly trace: boolean;
  readonly pretty: boolean;
  /** STE's default-graph translation of a message without a payload graph (off: IPSM's rule). */
  readonly defaultGraph?: boolean;
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

export class TranslationService {
  private readonly alignments: AlignmentService;
  private readonly logger: Logger;
  private readonly workers: number;
  private pool: TranslationPool | undefined;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(options: TranslationServiceOptions) {
    this.alignments = options.alignments;
    this.logger = options.logger;
    this.timeoutMs = options.timeoutMs;
    this.workers = Math.max(0, Math.floor(options.workers));
    // A deleted alignment's compiled copies in the workers are freed.
    if (this.workers > 0) options.alignments.onDelete = (key) => this.pool?.forget([key]);
  }

  /** True when translations run on worker threads. */
  get usesWorkers(): boolean {
    return this.workers > 0;
  }

  /**
   * The worker threads start with the first translation, not with the server: each loads the whole
   * engine, which on a small machine competed with the server's own start-up (issue 13).
   */
  private workerPool(): TranslationPool {
    if (this.closed) throw new MediatorError('the translation pool is closed', ErrorCodes.internal);
    if (this.pool === undefined) {
      this.pool = new TranslationPool({ size: this.workers, logger: this.logger });
      this.logger.info({ workers: this.workers }, 'translation worker threads started');
    }
    return this.pool;
  }

  async translate(request: api.TranslationRequest, call: TranslateCall): Promise<api.TranslationResponse> {
    const { alignIDs, graphStr } = request;
    const result = this.workers === 0 ? await this.onEventLoop(alignIDs, graphStr, call) : await this.onWorker(this.workerPool(), alignIDs, graphStr, call);
    if (result.emptyPayload) return { message: 'Message with empty payload received - no translation applied', graphStr };
    return {
      message: 'Message translation successful',
      graphStr: result.message,
      ...(result.failures.length > 0 ? { failures: [...result.failures] } : {}),
      ...(result.trace === undefined
        ? {}
        : { trace: result.trace.map(({ notes, ...step }) => ({ ...step, ...(notes === undefined ? {} : { notes: [...notes] }) })) }),
      ...(result.payloadDiff === undefined ? {} : { payloadDiff: result.payloadDiff }),
      ...(result.payloadGraphs === undefined ? {} : { payloadGraphs: result.payloadGraphs }),
    };
  }

  private async onWorker(pool: TranslationPool, ids: readonly api.AlignmentId[], graphStr: string, call: TranslateCall): Promise<TranslationResult> {
    const sources: PoolAlignment[] = [];
    for (const id of ids) sources.push(await this.alignments.sourceFor(id.name, id.version));
    try {
      return await pool.translate({
        alignments: sources,
        graphStr,
        trace: call.trace,
        pretty: call.pretty,
        defaultGraph: call.defaultGraph === true,
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw aboutMessage(error);
    }
  }

  private async onEventLoop(ids: readonly api.AlignmentId[], graphStr: string, call: TranslateCall): Promise<TranslationResult> {
    const compiled: CompiledAlignment[] = [];
    for (const id of ids) compiled.push(await this.alignments.compiledFor(id.name, id.version));
    let parsed;
    try {
      parsed = await readMessage(graphStr);
    } catch (error) {
      throw aboutMessage(error);
    }
    return translateParsed(graphStr, parsed, compiled, {
      trace: call.trace,
      payloadGraphs: call.trace,
      pretty: call.pretty,
      defaultGraph: call.defaultGraph === true,
      timeoutMs: this.timeoutMs,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }
}
