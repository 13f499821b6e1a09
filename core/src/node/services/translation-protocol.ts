/**
 * Messages between the translation pool (main thread) and its workers. Plain data only: they are
 * structured-cloned across threads.
 *
 * A job is a batch: one chain of alignments and items run one after the other on one worker (a
 * REST translation is a batch of one; a channel sends what arrived while its previous batch ran;
 * coverage and suites send a few messages or cases at a time). The worker answers item by item,
 * so the pool sees when each item starts and times each one on its own.
 */
import type { api, CellFailure, ChainContributions, Problem, StepTrace, TranslationResult } from '../../common/index.js';

/** A stored alignment as a worker needs it: `key` names one stored content (never reused). */
export interface WorkerAlignment {
  readonly key: string;
  /** Sent the first time a worker needs this key; the worker compiles it once and keeps it. */
  readonly xml?: string;
}

/** What one item asks of the engine. */
export type WorkItem =
  /** POST /translation and channels: the translated message. */
  | {
      readonly kind: 'translate';
      readonly graphStr: string;
      readonly trace: boolean;
      readonly pretty: boolean;
      readonly defaultGraph: boolean;
    }
  /**
   * POST /translation: the REST answer itself, its JSON text written and UTF-8 encoded where the
   * translation ran (the bytes are transferred, not copied), so the event loop only sends it.
   */
  | {
      readonly kind: 'answer';
      readonly graphStr: string;
      readonly trace: boolean;
      readonly pretty: boolean;
      readonly defaultGraph: boolean;
    }
  /** Coverage: the per-step trace only (no output is written). */
  | { readonly kind: 'trace'; readonly graphStr: string }
  /** A suite's case, compared in the worker (the translated graph never crosses the thread). */
  | { readonly kind: 'case'; readonly testCase: api.TestCase }
  /** A failed case: what each cell of the chain added and removed (the suite blames a cell by it). */
  | { readonly kind: 'contributions'; readonly message: string }
  /** "Save as test case": what the chain makes of the message now. */
  | { readonly kind: 'record'; readonly name: string; readonly message: string }
  /** An upload: read, validate and compile the XML; kept compiled under `keepAs` when it compiles. */
  | { readonly kind: 'analyze'; readonly xml: string; readonly keepAs: string }
  /** POST /suggestions (issue 30): the synthesis, off the event loop, within the item's time limit. */
  | { readonly kind: 'suggest'; readonly request: api.SuggestionRequest }
  /** The workbench's view of the chain's one (stored) alignment, from the worker's compiled copy. */
  | { readonly kind: 'view' }
  /** The chain's one (stored) alignment's cells with their compiled SPARQL. */
  | { readonly kind: 'cells' }
  /** The view of alignment text that is not stored (the editor's). */
  | { readonly kind: 'viewText'; readonly xml: string }
  /** POST /translation-preview: a message through alignment text that is not stored (issue 39). */
  | { readonly kind: 'preview'; readonly xml: string; readonly graphStr: string };

/** What an upload's analysis tells the main thread: enough to store and list it, no compiled plan. */
export interface AlignmentSummary {
  readonly header: {
    readonly name: string;
    readonly version: string;
    readonly creator: string;
    readonly description: string;
    readonly sourceOntology: string;
    readonly targetOntology: string;
  };
  /** sha256 of the alignment's meaning (201/208/409 are decided by it). */
  readonly fingerprint: string;
  readonly problems: readonly Problem[];
  readonly cellCount: number;
  readonly stepCount: number;
}

/** POST /translation's answer as sent: the JSON body's bytes, and the failed cells for the log. */
export interface TranslationAnswer {
  /** UTF-8 JSON of api.TranslationResponse; its buffer is the whole of it (transferable). */
  readonly body: Uint8Array;
  readonly failures: readonly CellFailure[];
}

/** The value each kind of item answers with. */
export interface WorkValues {
  readonly translate: TranslationResult;
  readonly answer: TranslationAnswer;
  readonly trace: readonly StepTrace[];
  readonly case: api.CaseResult;
  readonly record: api.TestCase;
  readonly contributions: ChainContributions;
  readonly analyze: AlignmentSummary;
  readonly suggest: api.SuggestionReply;
  /** GET …/view's JSON body (work-items.ts `jsonBytes`), transferred from the worker. */
  readonly view: Uint8Array;
  readonly cells: Omit<api.CellsWithSparql, 'name' | 'version'>;
  readonly viewText: api.AlignmentView;
  readonly preview: TranslationResult;
}

export interface BatchJob {
  readonly kind: 'batch';
  readonly id: number;
  readonly alignments: readonly WorkerAlignment[];
  readonly items: readonly WorkItem[];
  /** Index of `items[0]` in the whole batch (a batch resumed on a new worker starts past 0). */
  readonly offset: number;
  /** Each item's own limit, checked between cells; the pool's watchdog stops a worker stuck inside one. */
  readonly timeoutMs: number;
  /** After an item passes its limit, the rest of the batch is not run (answered TIMEOUT): a run that stops at the first. */
  readonly stopAfterTimeout: boolean;
}

export interface ForgetJob {
  readonly kind: 'forget';
  readonly keys: readonly string[];
}

/** An analysed upload was stored: keep its compiled copy under the stored key. */
export interface RenameJob {
  readonly kind: 'rename';
  readonly from: string;
  readonly to: string;
}

/**
 * Alignments stored before the server started (issue 27): compiled now, ahead of their first
 * translation. A batch naming one still compiling waits for it.
 */
export interface LoadJob {
  readonly kind: 'load';
  readonly alignments: ReadonlyArray<{ readonly key: string; readonly xml: string }>;
}

/**
 * A batch sent behind the running one (a channel's next job) was taken back into the pool's queue:
 * the worker does not run it, or stops it between items if it already began. Its answers would be
 * ignored anyway (the pool resends it under a new id); running it only delayed the next job.
 */
export interface DropJob {
  readonly kind: 'drop';
  readonly id: number;
}

export type WorkerJob = BatchJob | ForgetJob | RenameJob | LoadJob | DropJob;

/** A domain error as data: `name` is the class (ParseError, ValidationError, MediatorError, ...). */
export interface ErrorData {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly source?: string;
  readonly problems?: readonly Problem[];
}

export type ItemResult =
  { readonly index: number; readonly ok: true; readonly value: unknown } | { readonly index: number; readonly ok: false; readonly error: ErrorData };

/** Longest a worker holds answered items before it reports them. */
export const FLUSH_MS = 2;

export type WorkerReply =
  /** The worker loaded the engine, ran the warm-up translation (warm-up.ts) and listens: jobs may go to it (its clock must not count its start-up). */
  | { readonly ready: true; readonly warmUpError?: string }
  /**
   * Items answered, in order. The worker sends what it has at most every FLUSH_MS, not one message
   * per item (a thread message per small translation cost a fifth of a channel's throughput): an
   * item not reported yet finished within FLUSH_MS of the last report, so the pool's watchdog,
   * armed at each report, runs at most that much early. A POST /translation answer (`answer`) is
   * sent at once: its client waits for it, and the event loop answers it while the batch goes on.
   */
  | { readonly id: number; readonly results: readonly ItemResult[] }
  /** The worker no longer has these keys (it was restarted or evicted them): send their XML. */
  | { readonly id: number; readonly ok: false; readonly missing: readonly string[] };
