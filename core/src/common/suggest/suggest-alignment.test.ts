import { describe, expect, it } from 'vitest';
import { goldenPairs, goldenFile, readData } from '../../test-support/shared-data.js';
import { alignmentConstants, dataTerms, payloadVariant } from '../../test-support/payload-variants.js';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { applyAlignments, readMessage, TermGraph } from '../translation/index.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../rdf/terms.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { monotonicNow } from '../monotonic-clock.js';
import { suggestAlignment } from './suggest-alignment.js';
import { alignPayloads } from './node-alignment.js';
import { VAR_NS } from './cell-drafts.js';

const singles = goldenPairs().filter((p) => p.alignments.length === 1 && p.outputPayloadTriples > 0);
const VARIANTS = 5;
/** Pairs whose every variant matches the real alignment (reported by the summary test). */
const generality = new Map<string, { full: boolean; worst: number }>();

async function payloadOf(text: string): Promise<RDF.Quad[]> {
  return (await readMessage(text)).quads
    .filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload)
    .map((q) => factory.quad(q.subject, q.predicate, q.object));
}

function run(payload: readonly RDF.Quad[], alignments: readonly CompiledAlignment[]): { out: RDF.Quad[]; firing: number } {
  const graph = TermGraph.fromQuads(payload);
  const { trace } = applyAlignments(graph, alignments, { trace: true, timing: false });
  const firing = new Set((trace ?? []).filter((t) => t.solutions > 0).map((t) => t.cellId)).size;
  return { out: graph.toQuads(factory.defaultGraph()), firing };
}

function differing(a: readonly RDF.Quad[], b: readonly RDF.Quad[]): number {
  if (isomorphic(a, b)) return 0;
  const d = alignPayloads(a, b);
  return d.added.length + d.deleted.length;
}

describe('suggestAlignment on the golden pairs', () => {
  it.each(singles.map((p) => [p.pair, p.alignments[0] ?? ''] as const))(
    '%s: fits the example, generalises to random variants, holds its bounds',
    async (pair, alignmentFile) => {
      const input = goldenFile(pair, 'input.json');
      const output = goldenFile(pair, 'output.json');
      const started = monotonicNow();
      const suggestion = await suggestAlignment([{ input, output }]);
      const ms = monotonicNow() - started;
      // Fit.
      expect(suggestion.checks).toEqual([{ reproduced: true, differingTriples: 0 }]);
      expect(ms).toBeLessThan(1000);

      const real = await compileAlignment(readData(alignmentFile));
      const suggested = await compileAlignment(suggestion.alignment);
      const inputPayload = await payloadOf(input);
      const constants = alignmentConstants([real]);
      const data = dataTerms(inputPayload, constants);

      // Bounds: cells within twice the real alignment's firing cells, none over 40 triples.
      const { firing } = run(inputPayload, [real]);
      expect(suggestion.cells).toBeLessThanOrEqual(2 * firing);
      for (const cell of suggested.alignment.cells) expect(cell.entity1.length + cell.entity2.length).toBeLessThanOrEqual(40);

      // No memorised data: no data literal or data IRI of the example as a constant of entity1.
      for (const cell of suggested.alignment.cells) {
        for (const q of cell.entity1) {
          for (const t of [q.subject, q.object]) {
            if (t.termType === 'Literal') expect(data.literals.has(t.value), `${cell.id} memorises ${t.value}`).toBe(false);
            if (t.termType === 'NamedNode' && !t.value.startsWith(VAR_NS)) expect(data.iris.has(t.value), `${cell.id} memorises <${t.value}>`).toBe(false);
          }
        }
      }

      // Generality: on random variants the suggestion does what the real alignment does.
      let worst = 0;
      for (let seed = 1; seed <= VARIANTS; seed++) {
        const variant = payloadVariant(inputPayload, data, seed * 7919 + pair.length);
        const want = run(variant, [real]).out;
        const got = run(variant, [suggested]).out;
        worst = Math.max(worst, differing(got, want));
      }
      generality.set(pair, { full: worst === 0, worst });
      expect(worst).toBeLessThanOrEqual(3);
    },
  );

  it('reports how many pairs match on every variant', () => {
    const full = [...generality.values()].filter((g) => g.full).length;
    const worst = Math.max(0, ...[...generality.values()].map((g) => g.worst));
    expect({ pairs: generality.size, fullyMatching: full, worstDifferingTriples: worst }).toMatchObject({ pairs: singles.length });
    expect({ full, worst }).toEqual({ full: singles.length, worst: 0 });
  });
});
