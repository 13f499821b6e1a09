/**
 * What each kind of engine job does, in one place for both places it runs: a translation worker
 * thread, or the event loop when the server has no workers (`--translation-workers 0`). So a job
 * gives the same answer wherever it runs.
 */
// From the engine's own modules, not the common barrel: a translation worker loads this file, and
// the barrel would bring the REST API's schemas and every tool along to its start (issue 27).
import type { api, CompiledAlignment } from '../../common/index.js';
import { chainContributions } from '../../common/suites/cell-blame.js';
import { recordCase, runCase, runChain } from '../../common/suites/run-case.js';
import { suggestAlignment, type Suggestion, type SuggestOptions } from '../../common/suggest/suggest-alignment.js';
import { readMessage, translateMessage, translateParsed } from '../../common/translation/translate.js';
import { checkAlignment, summarizeAlignment } from './alignment-check.js';
import { cellsWithSparql, storedView, textView } from './alignment-views.js';
import type { AlignmentSummary, TranslationAnswer, WorkItem, WorkValues } from './translation-protocol.js';
import type { TranslationResult } from '../../common/translation/translate.js';

/** What an upload's analysis hands back: the summary, and the compiled alignment for whoever keeps it. */
export async function analyzeUpload(xml: string): Promise<{ summary: AlignmentSummary; compiled: CompiledAlignment }> {
  const compiled = await checkAlignment(xml);
  const summary = summarizeAlignment(compiled);
  return { summary, compiled };
}

/**
 * Runs one item through the chain with the item's time limit (checked between cells). `keep` takes
 * an analysed upload's compiled alignment (the worker keeps it for the translations to come).
 */
export async function runWorkItem(
  item: WorkItem,
  chain: readonly CompiledAlignment[],
  timeoutMs: number,
  keep: (key: string, compiled: CompiledAlignment) => void,
): Promise<WorkValues[WorkItem['kind']]> {
  switch (item.kind) {
    case 'translate': {
      // translateMessage: untraced, it reads the payload straight into the engine's graph.
      return translateMessage(item.graphStr, chain, {
        trace: item.trace,
        payloadGraphs: item.trace,
        pretty: item.pretty,
        defaultGraph: item.defaultGraph,
        timeoutMs,
      });
    }
    case 'answer': {
      const result = await translateMessage(item.graphStr, chain, {
        trace: item.trace,
        payloadGraphs: item.trace,
        pretty: item.pretty,
        defaultGraph: item.defaultGraph,
        timeoutMs,
        // The answer carries the text as a string: written escaped in one walk (translationAnswer).
        messageAsJsonString: !item.trace,
      });
      return translationAnswer(result, item.graphStr);
    }
    case 'trace':
      return (await runChain(item.graphStr, chain, true, timeoutMs)).trace ?? [];
    case 'case':
      return runCase(item.testCase, chain, { timeoutMs });
    case 'contributions':
      return chainContributions(item.message, chain, timeoutMs);
    case 'record':
      return recordCase(item.name, item.message, chain, timeoutMs);
    case 'analyze': {
      const { summary, compiled } = await analyzeUpload(item.xml);
      keep(item.keepAs, compiled);
      return summary;
    }
    case 'suggest':
      return suggest(item.request, timeoutMs);
    case 'view':
      return jsonBytes(storedView(onlyAlignment(chain)));
    case 'cells':
      return cellsWithSparql(onlyAlignment(chain));
    case 'viewText':
      return textView(item.xml);
    case 'preview': {
      // Read and checked as an upload is (problems refuse it), compiled for this item only: nothing is kept.
      const compiled = await checkAlignment(item.xml);
      const parsed = await readMessage(item.graphStr);
      return translateParsed(item.graphStr, parsed, [compiled], { trace: true, payloadGraphs: false, pretty: true, defaultGraph: false, timeoutMs });
    }
  }
}

const TRANSLATED = 'Message translation successful';

/** The REST answer of a translation (reference section 6.8): the translated message, or the input untouched when its payload is empty. */
export function translationResponse(result: TranslationResult, graphStr: string): api.TranslationResponse {
  if (result.messageAsJsonString === true) throw new Error('translationResponse needs the message as text, not as a JSON string literal');
  if (result.emptyPayload) return { message: 'Message with empty payload received - no translation applied', graphStr };
  return {
    message: TRANSLATED,
    graphStr: result.message,
    ...(result.failures.length > 0 ? { failures: [...result.failures] } : {}),
    ...(result.trace === undefined
      ? {}
      : { trace: result.trace.map(({ notes, ...step }) => ({ ...step, ...(notes === undefined ? {} : { notes: [...notes] }) })) }),
    ...(result.payloadDiff === undefined ? {} : { payloadDiff: result.payloadDiff }),
    ...(result.payloadGraphs === undefined ? {} : { payloadGraphs: result.payloadGraphs }),
  };
}

const utf8 = new TextEncoder();

/**
 * The answer's bytes as the route sends them: V8's JSON.stringify (the schema serialiser escapes
 * the multi-kilobyte graphStr in a JavaScript loop), encoded into a buffer of its own (TextEncoder,
 * never a slice of a shared pool) so that a worker can transfer it.
 */
export function translationAnswer(result: TranslationResult, graphStr: string): TranslationAnswer {
  if (result.messageAsJsonString !== true) return { body: jsonBytes(translationResponse(result, graphStr)), failures: result.failures };
  // The message is already its JSON string literal: the same bytes as JSON.stringify of
  // translationResponse (same keys in the same order; an untraced result has no trace or diff).
  const failures = result.failures.length > 0 ? `,"failures":${JSON.stringify(result.failures)}` : '';
  return { body: utf8.encode(`{"message":"${TRANSLATED}","graphStr":${result.message}${failures}}`), failures: result.failures };
}

/**
 * A reply's JSON as bytes the route sends as they are, in a buffer of its own so that a worker can
 * transfer it: serialised where it was built, not cloned to the event loop to be serialised there
 * (a 2,000-cell alignment's view is 7 MB: 45 ms of cloning and 28 ms of JSON.stringify).
 */
export function jsonBytes(value: unknown): Uint8Array {
  return utf8.encode(JSON.stringify(value));
}

function onlyAlignment(chain: readonly CompiledAlignment[]): CompiledAlignment {
  if (chain.length !== 1) throw new Error(`a view is of one alignment, not ${chain.length}`);
  return chain[0]!;
}

/** POST /suggestions' answer: the synthesis (issue 30) within `timeoutMs` (SUGGESTION_TIMEOUT past it). */
export async function suggest(request: api.SuggestionRequest, timeoutMs: number): Promise<api.SuggestionReply> {
  return suggestionReply(await suggestAlignment(request.examples, { ...suggestionOptions(request), timeoutMs }));
}

/** The synthesis' options a request carries. */
export function suggestionOptions({ name, version, answers }: api.SuggestionRequest): SuggestOptions {
  return {
    ...(name === undefined ? {} : { name }),
    ...(version === undefined ? {} : { version }),
    ...(answers === undefined ? {} : { answers }),
  };
}

/** POST /suggestions' answer for a suggestion. */
export function suggestionReply(suggestion: Suggestion): api.SuggestionReply {
  return {
    alignment: suggestion.alignment,
    questions: [...suggestion.questions],
    remaining: [...suggestion.remaining],
    expectedPayloads: [...suggestion.expectedPayloads],
  };
}
