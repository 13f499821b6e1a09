/**
 * Reading and compiling an alignment with the reference's error wording (reference-mediator.md
 * 6.4): shared by the main thread (validation, the workbench's views) and the translation workers
 * (uploads are compiled there, off the event loop, issue 29).
 */
import { createHash } from 'node:crypto';
// The engine's own modules, not the common barrel (a translation worker loads this file: work-items.ts).
import type { CompiledAlignment, CompileOptions, Problem } from '../../common/index.js';
import { alignmentMeaning } from '../../common/alignment/fingerprint.js';
import { ValidationError } from '../../common/errors.js';
import { RecentList } from '../../common/jsonld/recent-list.js';
import { analyzeAlignment, type AnalysisResult } from '../../common/translation/compile-alignment.js';
import type { AlignmentSummary } from './translation-protocol.js';

/** The reference's rendering of an alignment identity in messages (section 1.4). */
export function alignmentId(name: string, version: string): string {
  return `AlignmentID(${name},${version})`;
}

/** `Error validating alignment with AlignmentID(n,v):\n\t-  first\n\t- second` (section 6.4), with positions. */
export function validationMessage(name: string, version: string, errors: readonly Problem[]): string {
  const lines = errors.map((p, i) => {
    const where = p.line === undefined ? '' : `line ${p.line}, column ${p.column ?? 1}: `;
    return `\t-${i === 0 ? '  ' : ' '}${where}${p.message}`;
  });
  return `Error validating alignment with ${alignmentId(name, version)}:\n${lines.join('\n')}`;
}

/** The last two texts' readings (`analyzeRecent`). */
const recentAnalyses = new RecentList<{ readonly xml: string; readonly options: string; readonly result: Promise<AnalysisResult> }>(2);

/**
 * `analyzeAlignment`, answering the text read last (or the one before) with the same reading: the
 * workbench sends each edited text to POST /validate and POST /view together, and both read and
 * compiled it, one after the other on the worker (a 2,000-cell alignment: 0.8-1.2 s each; issue
 * 42). The reading is the same object for both, as a stored alignment's compilation is for every
 * translation: nothing changes it. A reading that threw is not kept. Texts are compared whole
 * (a few milliseconds for megabytes, against a reading's second).
 */
export function analyzeRecent(xml: string, options: CompileOptions = {}): Promise<AnalysisResult> {
  const key = JSON.stringify(options);
  const hit = recentAnalyses.find((r) => r.options === key && r.xml === xml);
  if (hit !== undefined) return hit.result;
  const entry = { xml, options: key, result: analyzeAlignment(xml, options) };
  recentAnalyses.add(entry);
  entry.result.catch(() => recentAnalyses.remove(entry));
  return entry.result;
}

/** Reads and compiles, or throws ParseError (malformed/hostile XML) or ValidationError (every problem). */
export async function checkAlignment(xml: string, options: CompileOptions = {}): Promise<CompiledAlignment> {
  const result = await analyzeRecent(xml, options);
  if (result.parseError !== undefined) throw result.parseError;
  if (result.compiled === undefined) {
    const header = result.alignment?.header;
    const errors = result.problems.filter((p) => p.severity === 'error');
    throw new ValidationError(validationMessage(header?.name ?? '', header?.version ?? '', errors), result.problems);
  }
  return result.compiled;
}

/** What an upload's check hands back besides the compiled alignment: header, meaning fingerprint, counts. */
export function summarizeAlignment(compiled: CompiledAlignment): AlignmentSummary {
  const h = compiled.header;
  return {
    header: {
      name: h.name,
      version: h.version,
      creator: h.creator,
      description: h.description,
      sourceOntology: h.sourceOntology,
      targetOntology: h.targetOntology,
    },
    // 208 versus 409 compares meaning, not text (CONTRACT.md "REST API").
    fingerprint: createHash('sha256').update(alignmentMeaning(compiled)).digest('hex'),
    problems: [...compiled.problems],
    cellCount: compiled.cells.size,
    stepCount: compiled.steps.length,
  };
}
