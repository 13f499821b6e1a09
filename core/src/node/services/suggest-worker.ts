/**
 * A worker thread that runs one suggestion (issue 40: `mediator suggest` keeps its budgets): the
 * thread is the unit the caller can stop, at its time budget or when it passes its heap limit,
 * whatever the synthesis is doing (bounded-suggestion.ts). Its examples and options come in
 * `workerData`; it posts one answer and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MediatorError } from '../../common/errors.js';
import { suggestAlignment, type SuggestionExample, type SuggestOptions } from '../../common/suggest/index.js';

export interface SuggestJob {
  readonly examples: readonly SuggestionExample[];
  readonly options: SuggestOptions;
}

export type SuggestAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly code?: string };

async function run(job: SuggestJob): Promise<SuggestAnswer> {
  try {
    return { ok: true, value: await suggestAlignment(job.examples, job.options) };
  } catch (error) {
    if (error instanceof MediatorError) return { ok: false, message: error.message, code: error.code };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort !== null) {
  const port = parentPort;
  void run(workerData as SuggestJob).then((answer) => port.postMessage(answer));
}
