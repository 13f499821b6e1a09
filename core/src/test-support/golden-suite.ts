/**
 * Test suites built from the shared golden data (issue 12 acceptance): one case per golden pair, its
 * expected payload the reference's output-payload.nt and its expected steps the reference's
 * steps.tsv; and alignments with one cell changed, to check that a suite catches the change.
 */
import { basename } from 'node:path';
import { compileAlignment, type CompiledAlignment } from '../common/translation/index.js';
import type { TestCase } from '../common/api/suites.js';
import { goldenFile, goldenPairs, goldenSteps, readData } from './shared-data.js';

export interface GoldenSuite {
  readonly cases: TestCase[];
  /** Compiled alignments by data-relative file (`alignments/X.rdf`). */
  readonly compiled: Map<string, CompiledAlignment>;
}

export async function goldenSuite(): Promise<GoldenSuite> {
  const compiled = new Map<string, CompiledAlignment>();
  const cases: TestCase[] = [];
  for (const pair of goldenPairs()) {
    for (const file of pair.alignments) if (!compiled.has(file)) compiled.set(file, await compileAlignment(readData(file), { source: file }));
    const chain = pair.alignments.map((f) => compiled.get(f)!);
    // steps.tsv names an alignment by its file, the trace by its title.
    const titleOf = new Map(pair.alignments.map((f, i) => [basename(f, '.rdf'), chain[i]!.header.name]));
    cases.push({
      name: pair.pair,
      alignments: chain.map((a) => ({ name: a.header.name, version: a.header.version })),
      message: readData(pair.message),
      expectedPayload: goldenFile(pair.pair, 'output-payload.nt'),
      expectedSteps: goldenSteps(pair.pair).map((s) => ({
        alignment: titleOf.get(s.alignment) ?? s.alignment,
        step: s.step,
        cellId: s.cell,
        triplesBefore: s.before,
        triplesAfter: s.after,
        deleted: s.deleted,
        inserted: s.inserted,
      })),
    });
  }
  return { cases, compiled };
}

export const CHANGE_MARK = '<http://example.org/changed#by> <http://example.org/changed#cell>';

/** The alignment XML with one more (constant) triple in the entity2 of `cellId`: wherever the cell matches, it now inserts one more triple. */
export function withCellChanged(xml: string, cellId: string): string {
  const at = xml.search(new RegExp(`rdf:about="[^"]*#${cellId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  if (at < 0) throw new Error(`cell ${cellId} not found`);
  const end = xml.indexOf('</align:entity2>', at);
  if (end < 0) throw new Error(`cell ${cellId} has no entity2`);
  // The Turtle goes into XML text, so its IRI brackets are escaped.
  const triple = `${CHANGE_MARK} "${cellId}" .`.replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Some cells end their last statement with ";" and no "." (the reader accepts it): close it first.
  const content = xml.slice(xml.lastIndexOf('>', end) + 1, end).trim();
  const close = content === '' || content.endsWith('.') ? '' : ' .';
  return `${xml.slice(0, end).trimEnd()}${close}\n ${triple}\n${xml.slice(end)}`;
}
