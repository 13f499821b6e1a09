/**
 * The acceptance table of the engine: every golden pair of ../shared/data/golden/manifest.json is
 * translated and compared with what the reference mediator produced: payload isomorphic to
 * output-payload.nt, metadata untouched, per-step deleted/inserted counts as in steps.tsv.
 */
import { basename } from 'node:path';
import { Parser } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAlignment, type CompiledAlignment } from './compile-alignment.js';
import { readMessage, translateMessage } from './index.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, type RDF } from '../rdf/terms.js';
import { goldenFile, goldenPairs, goldenSteps, readData } from '../../test-support/shared-data.js';

const compiled = new Map<string, CompiledAlignment>();

beforeAll(async () => {
  for (const pair of goldenPairs()) {
    for (const file of pair.alignments) {
      if (!compiled.has(file)) compiled.set(file, await compileAlignment(readData(file), { source: file }));
    }
  }
});

function graphOf(quads: readonly RDF.Quad[], graph: string): RDF.Quad[] {
  return quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === graph);
}

function withoutGraph(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return new Parser({ format: 'N-Triples' }).parse(quads.map((q) => `${termNt(q.subject)} ${termNt(q.predicate)} ${termNt(q.object)} .`).join('\n'));
}

function termNt(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  if (t.termType === 'BlankNode') return `_:${t.value}`;
  const lit = t as RDF.Literal;
  const lex = JSON.stringify(lit.value);
  if (lit.language !== '') return `${lex}@${lit.language}`;
  return `${lex}^^<${lit.datatype.value}>`;
}

describe.each(goldenPairs())('golden pair $pair', (pair) => {
  it('translates to a payload isomorphic to the reference output, metadata untouched', async () => {
    const alignments = pair.alignments.map((f) => compiled.get(f)!);
    const input = readData(pair.message);
    const result = await translateMessage(input, alignments, { trace: true });
    expect(result.failures).toEqual([]);
    const inputQuads = (await readMessage(input)).quads;
    const outputQuads = (await readMessage(result.message)).quads;

    expect(isomorphic(graphOf(outputQuads, MESSAGE_GRAPHS.metadata), graphOf(inputQuads, MESSAGE_GRAPHS.metadata))).toBe(true);
    expect(graphOf(inputQuads, MESSAGE_GRAPHS.metadata).length).toBeGreaterThan(0);

    if (pair.outputPayloadTriples < 0) {
      expect(result.emptyPayload).toBe(true);
      expect(result.message).toBe(input);
      return;
    }
    const expected = new Parser({ format: 'N-Triples' }).parse(goldenFile(pair.pair, 'output-payload.nt')) as unknown as RDF.Quad[];
    const payload = withoutGraph(graphOf(outputQuads, MESSAGE_GRAPHS.payload));
    expect(result.payloadTriplesIn).toBe(pair.inputPayloadTriples);
    expect(payload.length).toBe(pair.outputPayloadTriples);
    expect(isomorphic(payload, expected)).toBe(true);
  });

  it('has the reference per-step trace (alignment, step, cell, counts)', async () => {
    const alignments = pair.alignments.map((f) => compiled.get(f)!);
    const result = await translateMessage(readData(pair.message), alignments, { trace: true });
    // steps.tsv names an alignment by its file (CO_FIWARE), the trace by its dcelem:title
    // (CO_FIWARE_align): compare which alignment of the chain each row belongs to.
    const titles = alignments.map((a) => a.header.name);
    const files = pair.alignments.map((f) => basename(f, '.rdf'));
    const ours = (result.trace ?? []).map((t) => ({
      alignment: titles.indexOf(t.alignment),
      step: t.step,
      cell: t.cellId,
      before: t.triplesBefore,
      after: t.triplesAfter,
      deleted: t.deleted,
      inserted: t.inserted,
    }));
    const reference = goldenSteps(pair.pair).map((s) => ({
      alignment: files.indexOf(s.alignment),
      step: s.step,
      cell: s.cell,
      before: s.before,
      after: s.after,
      deleted: s.deleted,
      inserted: s.inserted,
    }));
    expect(ours.every((row) => row.alignment >= 0)).toBe(true);
    expect(ours).toEqual(reference);
  });
});
