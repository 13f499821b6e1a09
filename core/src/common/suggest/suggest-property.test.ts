/**
 * Acceptance property of issue 41: random source formats and random reference alignments (one
 * IPSM-AF cell of each function family of the search space, test-support/random-alignments.ts);
 * examples are translated by the engine, 1, 2 and 3 of them are given to the suggester, and the
 * suggestion is run on fresh inputs against the reference. Goals: every case of 2 or 3 examples
 * generalises (a conditional once the examples show each of its branches); every 1-example case,
 * and a conditional shown fewer branches than it has, generalises or asks. The rates per family and number of
 * examples are printed (and copied into the README).
 */
import { describe, expect, it } from 'vitest';
import { compileAlignment, applyAlignments, TermGraph, type CompiledAlignment } from '../translation/index.js';
import { factory, type RDF } from '../rdf/terms.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { FAMILIES, randomCase, type RandomCase } from '../../test-support/random-alignments.js';
import { suggestAlignment } from './suggest-alignment.js';

const SEEDS = Number(process.env.SUGGEST_PROPERTY_SEEDS ?? 6);
const FRESH = 3;

function run(payload: readonly RDF.Quad[], alignment: CompiledAlignment): RDF.Quad[] {
  const graph = TermGraph.fromQuads(payload);
  applyAlignments(graph, [alignment]);
  return graph.toQuads(factory.defaultGraph());
}

type Outcome = 'generalises' | 'asks' | 'fails';

async function outcome(c: RandomCase, reference: CompiledAlignment, examples: number, seed: number): Promise<{ outcome: Outcome; detail: string }> {
  const rng = seededRandom(seed * 7919 + examples);
  const pairs = Array.from({ length: examples }, () => {
    const input = c.input(rng);
    return { input: c.message(input), output: c.message(run(input, reference)) };
  });
  const suggestion = await suggestAlignment(pairs, { timeoutMs: 5000 });
  const asks = suggestion.questions.some((q) => q.kind !== 'unverified' && q.candidates.length > 1);
  if (!suggestion.checks.every((x) => x.reproduced)) return { outcome: 'fails', detail: suggestion.questions.map((q) => q.message).join('; ') };
  const suggested = await compileAlignment(suggestion.alignment);
  for (let i = 0; i < FRESH; i++) {
    const fresh = c.input(rng);
    if (!isomorphic(run(fresh, suggested), run(fresh, reference))) return { outcome: asks ? 'asks' : 'fails', detail: 'differs on a fresh input' };
  }
  return { outcome: 'generalises', detail: '' };
}

describe('suggestions generalise from examples of random formats and alignments', () => {
  it('every 2- and 3-example case generalises; every 1-example case generalises or asks', async () => {
    const rates = new Map<string, Record<Outcome, number>>();
    const failures: string[] = [];
    for (const family of Object.keys(FAMILIES)) {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const c = randomCase(family, seed * 1009 + family.length);
        const reference = await compileAlignment(c.alignment);
        for (const n of [1, 2, 3]) {
          const { outcome: o, detail } = await outcome(c, reference, n, seed);
          const key = `${family} ${n}`;
          const row = rates.get(key) ?? { generalises: 0, asks: 0, fails: 0 };
          row[o]++;
          rates.set(key, row);
          // Fewer examples than a conditional has branches cannot show them all: like one example, it generalises or asks.
          const shown = n > 1 && n >= c.branches;
          if (o === 'fails' || (shown && o !== 'generalises')) failures.push(`${family} seed ${seed} with ${n} example(s): ${o} ${detail}`);
        }
      }
    }
    const lines = ['family        examples  generalises  asks  fails'];
    for (const [key, row] of rates) {
      const [family, n] = key.split(' ');
      lines.push(
        `${(family ?? '').padEnd(14)}${(n ?? '').padStart(8)}${String(row.generalises).padStart(13)}${String(row.asks).padStart(6)}${String(row.fails).padStart(7)}`,
      );
    }
    for (const n of [1, 2, 3]) {
      const rows = [...rates].filter(([k]) => k.endsWith(` ${n}`)).map(([, r]) => r);
      const total = rows.reduce((s, r) => s + r.generalises + r.asks + r.fails, 0);
      const g = rows.reduce((s, r) => s + r.generalises, 0);
      const a = rows.reduce((s, r) => s + r.asks, 0);
      lines.push(`all ${n} example(s): ${g}/${total} generalise, ${a} ask, ${total - g - a} fail`);
    }
    console.log(lines.join('\n'));
    expect(failures).toEqual([]);
  }, 120_000);
});
