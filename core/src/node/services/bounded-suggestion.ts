/**
 * A suggestion within hard budgets (issue 40): `mediator suggest` ran 77-80 s past its 60 s budget
 * and reached 1.5 GB on 1.5 MB of input with many blank nodes, because the synthesis checks its
 * clock only between its phases, and one phase can be quadratic in the nodes of a message. Run on
 * a worker thread, it is stopped at its time budget and at its heap limit (V8's `resourceLimits`), whatever phase it is in: SUGGESTION_TIMEOUT
 * or MEMORY_LIMIT, and the caller's thread never holds the work.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCodes, isErrorCode, MediatorError } from '../../common/errors.js';
import { suggestAlignment, type Suggestion, type SuggestionExample, type SuggestOptions } from '../../common/suggest/index.js';
import { corePath } from '../core-root.js';
import type { SuggestAnswer, SuggestJob } from './suggest-worker.js';

export interface SuggestionBudgets {
  readonly timeoutMs: number;
  /** V8's old-generation heap limit of the thread, in MiB. */
  readonly memoryMb: number;
}

/** What the command line allows one suggestion: a minute, and 512 MiB of heap. */
export const CLI_SUGGESTION_BUDGETS: SuggestionBudgets = { timeoutMs: 60_000, memoryMb: 512 };

/** The command's budgets from now: its own start and the reading of its files count against its minute. */
export function cliSuggestionBudgets(): SuggestionBudgets {
  const spent = Math.round(process.uptime() * 1000);
  return { ...CLI_SUGGESTION_BUDGETS, timeoutMs: Math.max(1000, CLI_SUGGESTION_BUDGETS.timeoutMs - spent) };
}
/** Heap of a suggestion's thread on a server without translation workers (its time budget is the route's). */
export const SERVER_SUGGESTION_MEMORY_MB = 512;
/**
 * Examples this small (all texts together, UTF-16 code units) run on the caller's thread: a thread
 * costs a few hundred milliseconds to start and load the synthesis, more than such a suggestion
 * takes, and their work is far inside both budgets (hundreds of nodes at most).
 */
export const IN_THREAD_MAX_LENGTH = 64 * 1024;
/**
 * The synthesis' own clock runs out this much before the budget, so it usually stops by itself
 * (its own SUGGESTION_TIMEOUT) and the thread is stopped only when one of its phases runs on; the
 * call ends at the budget either way.
 */
const GRACE_MS = 1000;

/** The bundle's own entry when running from the start-up bundle, else the compiled module (as translation-pool.ts). */
function workerUrl(): URL {
  const here = fileURLToPath(import.meta.url);
  const bundled = join(dirname(here), 'suggest-worker.mjs');
  if (basename(dirname(here)) === 'bundle' && existsSync(bundled)) return pathToFileURL(bundled);
  return pathToFileURL(corePath('dist', 'node', 'services', 'suggest-worker.js'));
}

function answerError(answer: Extract<SuggestAnswer, { ok: false }>): MediatorError {
  return new MediatorError(answer.message, answer.code !== undefined && isErrorCode(answer.code) ? answer.code : ErrorCodes.internal);
}

/** `suggestAlignment` on a worker thread, stopped at `budgets` whatever it is doing (small examples: here). */
export function suggestWithinBudgets(examples: readonly SuggestionExample[], options: SuggestOptions, budgets: SuggestionBudgets): Promise<Suggestion> {
  const length = examples.reduce((sum, e) => sum + e.input.length + e.output.length, 0);
  if (length <= IN_THREAD_MAX_LENGTH) return suggestAlignment(examples, { ...options, timeoutMs: budgets.timeoutMs });
  return suggestOnThread(examples, options, budgets);
}

/** On a thread of its own whatever the size (the server without workers: its event loop stays free). */
export function suggestOnThread(examples: readonly SuggestionExample[], options: SuggestOptions, budgets: SuggestionBudgets): Promise<Suggestion> {
  const job: SuggestJob = { examples, options: { ...options, timeoutMs: Math.max(budgets.timeoutMs - GRACE_MS, budgets.timeoutMs / 2) } };
  const worker = new Worker(workerUrl(), {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: budgets.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, budgets.memoryMb / 8)) },
  });
  return new Promise<Suggestion>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new MediatorError(`the suggestion took longer than its time budget (${budgets.timeoutMs} ms) and was stopped`, ErrorCodes.suggestionTimeout)),
        ),
      budgets.timeoutMs,
    );
    worker.once('message', (answer: SuggestAnswer) => settle(() => (answer.ok ? resolve(answer.value as Suggestion) : reject(answerError(answer)))));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new MediatorError(
                `the suggestion needed more than its memory budget (${budgets.memoryMb} MiB of heap) and was stopped: give smaller examples`,
                ErrorCodes.memoryLimit,
              )
            : new MediatorError(`the suggestion failed: ${error.message}`, ErrorCodes.internal),
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new MediatorError(`the suggestion's thread stopped (exit code ${code}) without an answer`, ErrorCodes.internal))),
    );
  });
}
