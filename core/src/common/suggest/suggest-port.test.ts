/**
 * Port_CO has no sample message (reference-mediator.md 11), so each of its cells gets a payload on
 * which it fires (test-support/synthesize-payload.ts), the real alignment's translation of it is
 * the wanted output, and the suggestion from that one example is checked for fit and on random
 * variants. Port_CO's cells use functions (IRI of a concatenation, `concat("Point(", lat, " ",
 * long, ")")`), which the golden pairs do not.
 */
import { describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { synthesizePayload } from '../../test-support/synthesize-payload.js';
import { alignmentConstants, dataTerms, payloadVariant } from '../../test-support/payload-variants.js';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { applyAlignments, TermGraph } from '../translation/index.js';
import { serializeMessage } from '../jsonld/index.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../rdf/terms.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { suggestAlignment } from './suggest-alignment.js';

function run(payload: readonly RDF.Quad[], alignment: CompiledAlignment): RDF.Quad[] {
  const graph = TermGraph.fromQuads(payload);
  applyAlignments(graph, [alignment]);
  return graph.toQuads(factory.defaultGraph());
}

function message(quads: readonly RDF.Quad[]): string {
  const payload = factory.namedNode(MESSAGE_GRAPHS.payload);
  return serializeMessage(
    quads.map((q) => factory.quad(q.subject, q.predicate, q.object, payload)),
    [['ex', 'http://example.org/']],
  );
}

describe('suggestAlignment on Port_CO, one synthesized payload per cell', () => {
  it('fits most cells and generalises on most', async () => {
    const real = await compileAlignment(readData('alignments/Port_CO.rdf'));
    let fit = 0;
    let general = 0;
    for (const [id, cell] of real.cells) {
      const input = synthesizePayload({ ...real, cells: new Map([[id, cell]]) });
      const output = run(input, real);
      const suggestion = await suggestAlignment([{ input: message(input), output: message(output) }]);
      if (!suggestion.checks.every((c) => c.reproduced)) continue;
      fit++;
      const suggested = await compileAlignment(suggestion.alignment);
      const data = dataTerms(input, alignmentConstants([real]));
      let all = true;
      for (let seed = 1; seed <= 5 && all; seed++) {
        const variant = payloadVariant(input, data, seed * 104729);
        all = isomorphic(run(variant, suggested), run(variant, real));
      }
      if (all) general++;
    }
    expect(real.cells.size).toBe(28);
    // Measured when written: 22 of 28 fit, 19 of them on all 5 variants; the rest is listed in the README's limits.
    expect(fit).toBeGreaterThanOrEqual(22);
    expect(general).toBeGreaterThanOrEqual(19);
  });
});
