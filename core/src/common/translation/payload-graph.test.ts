/**
 * The payload graphs of the translation trace (issue 12, part 4): table-driven over the golden
 * pairs, each added triple's cell checked independently by re-running the chain up to that cell;
 * removed/added marks agree with the payload diff; term table, prefixes and limit.
 */
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { API_COMPONENTS, PayloadDiff, PayloadGraphs } from '../api/index.js';
import { compileAlignment, type CompiledAlignment } from './compile-alignment.js';
import { factory, MESSAGE_GRAPHS, NS, type RDF } from '../rdf/terms.js';
import { goldenPairs, readData } from '../../test-support/shared-data.js';
import { applyAlignments, readMessage, TermGraph, translateMessage } from './index.js';
import { payloadGraphs } from './payload-graph.js';

const payloadOf = (quads: readonly RDF.Quad[]) => quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload);

/** The payload after the chain has run up to step `step` of `alignment` (inclusive), as N-Triples-like keys. */
function payloadAfter(payload: readonly RDF.Quad[], chain: readonly CompiledAlignment[], alignment: string, step: number): Set<string> {
  const graph = TermGraph.fromQuads(payload);
  const prefix: CompiledAlignment[] = [];
  for (const a of chain) {
    if (a.header.name !== alignment) {
      prefix.push(a);
      continue;
    }
    prefix.push({ ...a, steps: a.steps.slice(0, step) });
    break;
  }
  applyAlignments(graph, prefix);
  return new Set(graph.toQuads(factory.defaultGraph()).map(key));
}

/** The components `ref()` points at, as TypeBox's check context (`<$id>#`). */
const components = Object.fromEntries(API_COMPONENTS.map((schema) => [`${String((schema as { $id?: unknown }).$id)}#`, schema]));

const key = (q: RDF.Quad) => `${q.subject.value} ${q.predicate.value} ${q.object.termType}:${q.object.value}`;

describe('payloadGraphs in the trace', () => {
  for (const pair of goldenPairs().filter((p) => p.inputPayloadTriples > 0)) {
    it(`${pair.pair}: both graphs whole, marks agree with the diff, every added triple names the cell that inserted it`, async () => {
      const chain = await Promise.all(pair.alignments.map(async (a) => compileAlignment(readData(a))));
      const text = readData(pair.message);
      const result = await translateMessage(text, chain, { trace: true, payloadGraphs: true });
      const graphs = result.payloadGraphs;
      const diff = result.payloadDiff;
      if (graphs === undefined || diff === undefined) throw new Error('no payload graphs in the trace');
      expect(Value.Check(components, PayloadGraphs, graphs)).toBe(true);
      expect(Value.Check(components, PayloadDiff, diff)).toBe(true);
      expect(graphs).toMatchObject({ beforeCount: pair.inputPayloadTriples, afterCount: pair.outputPayloadTriples });
      expect(graphs.before).toHaveLength(pair.inputPayloadTriples);
      expect(graphs.after).toHaveLength(pair.outputPayloadTriples);
      expect(graphs.before.filter((t) => t.change === 'removed')).toHaveLength(diff.removedCount);
      const added = graphs.after.filter((t) => t.change === 'added');
      expect(added).toHaveLength(diff.addedCount);
      expect(graphs.after.some((t) => t.change === 'removed') || graphs.before.some((t) => t.change === 'added')).toBe(false);

      const input = payloadOf((await readMessage(text)).quads);
      const term = (i: number) => graphs.terms[i]!;
      for (const t of added) {
        // Each added triple was inserted by some cell, and by the one named: absent before it ran, present after.
        expect(t.producedBy, `added ${term(t.s).display} ${term(t.p).display} ${term(t.o).display}`).toBeDefined();
        const origin = t.producedBy!;
        const row = result.trace?.find((r) => r.alignment === origin.alignment && r.step === origin.step);
        expect(row?.cellId).toBe(origin.cellId);
        expect(row?.inserted).toBeGreaterThan(0);
        if (term(t.s).kind === 'blank' || term(t.o).kind === 'blank') continue; // fresh labels differ between runs
        const k = `${term(t.s).value} ${term(t.p).value} ${term(t.o).kind === 'iri' ? 'NamedNode' : 'Literal'}:${term(t.o).value}`;
        expect(payloadAfter(input, chain, origin.alignment, origin.step).has(k)).toBe(true);
        expect(payloadAfter(input, chain, origin.alignment, origin.step - 1).has(k)).toBe(false);
      }
      // The diff's added list carries the same cells; the graphs come only when asked for.
      expect(diff.added.filter((t) => t.producedBy !== undefined)).toHaveLength(diff.added.length);
      expect((await translateMessage(text, chain, { trace: true })).payloadGraphs).toBeUndefined();
    });
  }
});

describe('payloadGraphs', () => {
  const ex = (local: string) => factory.namedNode(`http://ex.org/${local}`);
  const q = (s: RDF.Quad_Subject, p: string, o: RDF.Quad_Object) => factory.quad(s, ex(p), o);

  it('shares one term table, prefixes displays, marks changes by shape and names cells from the origins given', () => {
    const typed = factory.literal('21.5', factory.namedNode(`${NS.xsd}double`));
    const before = [q(ex('m'), 'v', typed), q(factory.blankNode('a'), 'p', factory.literal('1')), q(ex('m'), 'old', ex('x'))];
    const after = [q(ex('m'), 'v', typed), q(factory.blankNode('z'), 'p', factory.literal('1')), q(ex('m'), 'new', factory.literal('hi', 'en'))];
    const origin = { alignment: 'A', version: '1', step: 2, cellId: 'c2' };
    const origins = new Map([[`http://ex.org/m\u0000http://ex.org/new\u0000"hi"@en`, origin]]);
    const g = payloadGraphs(
      before,
      after,
      [
        ['ex', 'http://ex.org/'],
        ['xsd', NS.xsd],
      ],
      { origins },
    );
    const show = (side: typeof g.before) =>
      side.map((t) => [g.terms[t.s]!.display, g.terms[t.p]!.display, g.terms[t.o]!.display, t.change, t.producedBy?.cellId]);
    expect(show(g.before)).toEqual([
      ['ex:m', 'ex:old', 'ex:x', 'removed', undefined],
      ['ex:m', 'ex:v', '"21.5"^^xsd:double', undefined, undefined],
      ['_:a', 'ex:p', '"1"', undefined, undefined],
    ]);
    expect(show(g.after)).toEqual([
      ['ex:m', 'ex:new', '"hi"@en', 'added', 'c2'],
      ['ex:m', 'ex:v', '"21.5"^^xsd:double', undefined, undefined],
      ['_:z', 'ex:p', '"1"', undefined, undefined],
    ]);
    expect(g.terms.filter((t) => t.display === 'ex:m')).toHaveLength(1);
    expect(g.terms.find((t) => t.value === '21.5')).toEqual({ kind: 'literal', value: '21.5', display: '"21.5"^^xsd:double', datatype: `${NS.xsd}double` });
    expect(g.terms.find((t) => t.value === 'hi')).toMatchObject({ language: 'en' });
    expect(Value.Check(components, PayloadGraphs, g)).toBe(true);
  });

  it('lists at most `limit` triples per side, changed ones first, and keeps the counts whole', () => {
    const before = Array.from({ length: 5 }, (_, i) => q(ex(`s${i}`), 'p', ex('o')));
    const after = [...before.slice(0, 4), q(ex('new'), 'p', ex('o'))];
    const g = payloadGraphs(before, after, [], { limit: 2 });
    expect(g).toMatchObject({ beforeCount: 5, afterCount: 5, limit: 2 });
    expect(g.before.map((t) => t.change)).toEqual(['removed', undefined]);
    expect(g.after.map((t) => t.change)).toEqual(['added', undefined]);
    expect(g.terms[g.after[0]!.s]!.value).toBe('http://ex.org/new');
  });
});
