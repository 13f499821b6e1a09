/**
 * Messages between the translation pool (main thread) and its workers. Plain data only: they are
 * structured-cloned across threads.
 */
import type { TranslationResult } from '../../common/index.js';

/** A stored alignment as a worker needs it: `key` names one stored content (never reused). */
export interface WorkerAlignment {
  readonly key: string;
  /** Sent the first time a worker needs this key; the worker compiles it once and keeps it. */
  readonly xml?: string;
}

export interface TranslateJob {
  readonly kind: 'translate';
  readonly id: number;
  readonly alignments: readonly WorkerAlignment[];
  readonly graphStr: string;
  readonly trace: boolean;
  readonly pretty: boolean;
  readonly defaultGraph: boolean;
  readonly timeoutMs: number;
}

export interface ForgetJob {
  readonly kind: 'forget';
  readonly keys: readonly string[];
}

export type WorkerJob = TranslateJob | ForgetJob;

/** A domain error as data: `name` is the class (ParseError, MediatorError, ...). */
export interface ErrorData {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly source?: string;
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: TranslationResult }
  | { readonly id: number; readonly ok: false; readonly error: ErrorData }
  /** The worker no longer has these keys (it was restarted or evicted them): send their XML. */
  | { readonly id: number; readonly ok: false; readonly missing: readonly string[] };
