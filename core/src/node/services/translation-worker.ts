/**
 * A translation worker thread: keeps the alignments it was sent compiled, and translates messages
 * off the server's event loop, so a long translation never stalls uploads, the UI or channels.
 */
import { parentPort } from 'node:worker_threads';
import { compileAlignment, ErrorCodes, MediatorError, ParseError, readMessage, translateParsed, type CompiledAlignment } from '../../common/index.js';
import type { ErrorData, TranslateJob, WorkerJob, WorkerReply } from './translation-protocol.js';

/** Enough for every alignment a server realistically holds; past it the oldest are compiled again on use. */
const MAX_COMPILED = 512;
const compiled = new Map<string, CompiledAlignment>();

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
  if (error instanceof MediatorError) return { name: 'MediatorError', code: error.code, message: error.message };
  return { name: 'Error', code: ErrorCodes.internal, message: error instanceof Error ? error.message : String(error) };
}

async function translate(job: TranslateJob): Promise<WorkerReply> {
  const missing = job.alignments.filter((a) => a.xml === undefined && !compiled.has(a.key)).map((a) => a.key);
  if (missing.length > 0) return { id: job.id, ok: false, missing };
  try {
    const chain: CompiledAlignment[] = [];
    for (const a of job.alignments) {
      let c = compiled.get(a.key);
      if (c === undefined) {
        c = await compileAlignment(a.xml!);
        if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
        compiled.set(a.key, c);
      }
      chain.push(c);
    }
    const parsed = await readMessage(job.graphStr);
    const result = translateParsed(job.graphStr, parsed, chain, {
      trace: job.trace,
      payloadGraphs: job.trace,
      pretty: job.pretty,
      defaultGraph: job.defaultGraph,
      timeoutMs: job.timeoutMs,
    });
    return { id: job.id, ok: true, result };
  } catch (error) {
    return { id: job.id, ok: false, error: errorData(error) };
  }
}

parentPort!.on('message', (job: WorkerJob) => {
  if (job.kind === 'forget') {
    for (const k of job.keys) compiled.delete(k);
    return;
  }
  void translate(job).then((reply) => parentPort!.postMessage(reply));
});
