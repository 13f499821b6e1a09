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
import { analyzeAlignment } from '../../common/translation/compile-alignment.js';
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

/** Reads and compiles, or throws ParseError (malformed/hostile XML) or ValidationError (every problem). */
export async function checkAlignment(xml: string, options: CompileOptions = {}): Promise<CompiledAlignment> {
  const result = await analyzeAlignment(xml, options);
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
