/**
 * The suite's payload comparison (expected N-Triples text against the translated TermGraph) must
 * give the general isomorphism check's answer whenever it answers, and leave the rest to it:
 * checked on the golden pairs with the edits an engineer's expectation goes through, and on random
 * graphs full of look-alike blank nodes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { goldenSuite, type GoldenSuite } from '../../test-support/golden-suite.js';
import { goldenPairs } from '../../test-support/shared-data.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { factory, type RDF } from '../rdf/terms.js';
import { TermGraph } from '../translation/term-graph.js';
import { matchPayloadText, pairedByStructure, readExpectation } from './payload-match.js';
import { payloadToNTriples, readPayloadNTriples } from './payload-triples.js';
import { runCase, runChain } from './run-case.js';

let golden: GoldenSuite;
beforeAll(async () => {
  golden = await goldenSuite();
});

/** What a suite decides: the fast answer when there is one, else the general check. */
function decided(text: string, graph: TermGraph): boolean {
  return matchPayloadText(text, graph) ?? isomorphic(graph.toQuads(factory.defaultGraph()), readPayloadNTriples(text));
}

/** Blank-node labels renamed (only term-initial `_:`: IRIs may contain it, as one golden payload's do). */
const relabel = (text: string): string =>
  text.replace(/(^|[ \t])_:([A-Za-z0-9_]+)/gm, (_, before: string, l: string) => `${before}_:z${[...l].reverse().join('')}`);
const shuffle = (text: string): string =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .reverse()
    .join('\r\n');

describe('payload comparison against the expected text', () => {
  const edits: Array<[string, (text: string) => string, boolean | 'general']> = [
    ['as the reference wrote it', (t) => t, true],
    ['blank nodes renamed, lines reordered, CRLF', (t) => shuffle(relabel(t)), true],
    ['extra spaces and tabs', (t) => t.replace(/> </g, '>\t  <').replace(/ \.$/gm, '  . '), true],
    ['one line repeated (a triple counts once)', (t) => `${t}${t.split('\n')[0]}\n`, true],
    ['a line with a blank node repeated', (t) => `${t}${t.split('\n').find((l) => l.startsWith('_:'))}\n`, true],
    ['a line repeated in place of another', (t) => ((lines) => [lines[0], ...lines.slice(0, -1)].join('\n'))(t.trimEnd().split('\n')), false],
    [
      'a line with a blank node repeated in place of another',
      (t) => ((lines) => [...lines.slice(0, -1), lines.find((l) => l.startsWith('_:'))].join('\n'))(t.trimEnd().split('\n')),
      false,
    ],
    ['a literal changed', (t) => t.replace(/"([^"]+)"/, '"$1-changed"'), false],
    ['a line removed', (t) => t.split('\n').slice(1).join('\n'), false],
    ['a triple added', (t) => `${t}<http://example.org/s> <http://example.org/p> "x" .\n`, false],
    ['a blank node split in two', (t) => t.replace(/^(_:[A-Za-z0-9]+)/m, '_:fresh'), false],
    [
      'an escape (read by n3)',
      (t) => t.replace(/"([^"\\]+)"/, (_, l: string) => `"\\u${l.charCodeAt(0).toString(16).padStart(4, '0')}${l.slice(1)}"`),
      'general',
    ],
  ];

  it.each(edits)('golden pairs, expected payload %s', async (_, edit, want) => {
    let compared = 0;
    for (const testCase of golden.cases) {
      const chain = golden.compiled;
      const pair = goldenPairs().find((p) => p.pair === testCase.name)!;
      const run = await runChain(
        testCase.message,
        pair.alignments.map((f) => chain.get(f)!),
        false,
      );
      if (run.graph === undefined) continue;
      const text = edit(testCase.expectedPayload);
      if (text === testCase.expectedPayload && want !== true) continue;
      compared++;
      const general = isomorphic(run.payload, readPayloadNTriples(text));
      const fast = matchPayloadText(text, run.graph);
      if (want === 'general') expect({ pair: pair.pair, fast }).toEqual({ pair: pair.pair, fast: undefined });
      else expect({ pair: pair.pair, general, fast: fast ?? general }).toEqual({ pair: pair.pair, general: want, fast: want });
    }
    expect(compared).toBeGreaterThanOrEqual(9);
  });

  it('a case whose expectation the fast path cannot decide still passes or fails as the general check says', async () => {
    const testCase = golden.cases.find((c) => c.expectedPayload.includes('"'))!;
    const pair = goldenPairs().find((p) => p.pair === testCase.name)!;
    const chain = pair.alignments.map((f) => golden.compiled.get(f)!);
    const repeated = { ...testCase, expectedPayload: `${testCase.expectedPayload}${testCase.expectedPayload}` };
    expect((await runCase(repeated, chain)).status).toBe('passed');
    const broken = { ...testCase, expectedPayload: `${testCase.expectedPayload}<http://a/s> <http://a/p> "unterminated .\n` };
    const result = await runCase(broken, chain);
    expect({ status: result.status, line: /line (\d+)/.exec(result.error ?? '')?.[1] }).toEqual({
      status: 'error',
      line: String(testCase.expectedPayload.split('\n').length),
    });
  });

  it('answers alike for a text met again against other graphs (read once, its terms resolved anew against each graph)', async () => {
    const runs: Array<{ name: string; graph: TermGraph; payload: RDF.Quad[] }> = [];
    for (const testCase of golden.cases) {
      const pair = goldenPairs().find((p) => p.pair === testCase.name)!;
      const run = await runChain(
        testCase.message,
        pair.alignments.map((f) => golden.compiled.get(f)!),
        false,
      );
      if (run.graph !== undefined) runs.push({ name: testCase.name, graph: run.graph, payload: run.payload });
    }
    // Each text (as written, relabelled and reordered, one literal changed; with a blank line at the
    // end, which no other test writes) against every payload, three rounds: read at the first, found
    // again at the next (fresh copies of the text each time).
    const texts = golden.cases
      .flatMap((c) => [c.expectedPayload, shuffle(relabel(c.expectedPayload)), c.expectedPayload.replace(/"([^"]+)"/, '"$1-changed"')])
      .map((text) => `${text}\n\n`);
    const general = texts.map((text) => runs.map((r) => isomorphic(r.payload, readPayloadNTriples(text))));
    const copy = (text: string): string => text.split('').join('');
    let first: Array<Array<boolean | undefined>> = [];
    for (let round = 0; round < 3; round++) {
      const answers = texts.map(copy).map((text) => runs.map((r) => matchPayloadText(text, r.graph)));
      // The same answers every round, each one the general check's when there is one.
      if (round === 0) first = answers;
      expect({ round, answers }).toEqual({ round, answers: first });
      expect(answers.map((row, t) => row.map((a, r) => a ?? general[t]![r]))).toEqual(general);
    }
    expect(first.flat().filter((a) => a !== undefined).length).toBeGreaterThan(texts.length * runs.length * 0.5);
    // Each payload matched its own text (as written and relabelled) and no other.
    expect(general.flat().filter(Boolean).length).toBe(2 * runs.length);
  });

  it('matches an empty payload (a message without one) against the text without n3: no triple passes, any triple fails', async () => {
    const testCase = golden.cases.find((c) => c.expectedPayload.trim() === '')!;
    const pair = goldenPairs().find((p) => p.pair === testCase.name)!;
    const chain = pair.alignments.map((f) => golden.compiled.get(f)!);
    expect(matchPayloadText('', undefined)).toBe(true);
    expect(matchPayloadText(' \n\t\n', undefined)).toBe(true);
    expect(matchPayloadText('<http://a/s> <http://a/p> "x" .\n', undefined)).toBe(false);
    expect(matchPayloadText('<http://a/s> <http://a/p> "\\u0078" .\n', undefined)).toBe(undefined);
    const status = async (expectedPayload: string) => {
      const result = await runCase({ ...testCase, expectedPayload }, chain);
      return [result.status, result.payloadDiff?.removedCount ?? 0, /line (\d+)/.exec(result.error ?? '')?.[1] ?? ''];
    };
    expect(await status('\n')).toEqual(['passed', 0, '']);
    expect(await status('<http://a/s> <http://a/p> "x" .\n')).toEqual(['failed', 1, '']);
    expect(await status('<http://a/s> <http://a/p> "\\u0078" .\n')).toEqual(['failed', 1, '']);
    expect(await status('<http://a/s> <http://a/p> "x" .\n<http://a/s> <http://a/p> "unterminated .\n')).toEqual(['error', 0, '2']);
  });

  it('finds IRIs that differ only where the lookup table does not look (every one in the same probe chain)', () => {
    // Same length, same last two characters and middle character: one fingerprint for all.
    const iri = (i: number) => factory.namedNode(`http://example.org/k${100 + i}zz`);
    const p = factory.namedNode('http://example.org/p');
    const graph = TermGraph.fromQuads(Array.from({ length: 40 }, (_, i) => factory.quad(iri(i), p, iri(i + 1))));
    const text = payloadToNTriples(graph.toQuads(factory.defaultGraph()));
    expect(matchPayloadText(text, graph)).toBe(true);
    // A look-alike the graph lacks, as subject and as object; and two existing IRIs swapped.
    expect(matchPayloadText(text.replace('k105zz> <http://example.org/p>', 'k905zz> <http://example.org/p>'), graph)).toBe(false);
    expect(matchPayloadText(text.replace(/k140zz/, 'k940zz'), graph)).toBe(false);
    expect(
      matchPayloadText(
        text.replace(
          '<http://example.org/k103zz> <http://example.org/p> <http://example.org/k104zz>',
          '<http://example.org/k104zz> <http://example.org/p> <http://example.org/k103zz>',
        ),
        graph,
      ),
    ).toBe(false);
  });

  it('finds a language tag as the graph holds it: as written (STRLANG keeps its case, as Jena does) or lower-cased (read from a message)', () => {
    const s = factory.namedNode('http://example.org/s');
    const p = factory.namedNode('http://example.org/p');
    const cased = TermGraph.fromQuads([factory.quad(s, p, factory.literal('x', 'en-US'))]);
    const lowered = TermGraph.fromQuads([factory.quad(s, p, factory.literal('x', 'en-us'))]);
    expect(matchPayloadText('<http://example.org/s> <http://example.org/p> "x"@en-US .\n', cased)).toBe(true);
    expect(matchPayloadText('<http://example.org/s> <http://example.org/p> "x"@en-US .\n', lowered)).toBe(true);
    expect(matchPayloadText('<http://example.org/s> <http://example.org/p> "x"@en-GB .\n', cased)).toBe(false);
  });

  it('agrees with the general check on random graphs of look-alike blank nodes', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const iri = (i: number) => factory.namedNode(`http://example.org/t${i}`);
    const outcomes = { true: 0, false: 0, general: 0 };
    for (let round = 0; round < 400; round++) {
      const blanks = 1 + random(6);
      const node = (): RDF.Quad_Subject => (random(3) === 0 ? iri(random(3)) : factory.blankNode(`b${random(blanks)}`));
      const quads: RDF.Quad[] = [];
      for (let i = 0, n = 1 + random(10); i < n; i++) {
        const object = random(4) === 0 ? factory.literal(String(random(2))) : node();
        quads.push(factory.quad(node(), iri(10 + random(2)), object));
      }
      const graph = TermGraph.fromQuads(quads);
      const actual = graph.toQuads(factory.defaultGraph());
      // The expectation: the same graph relabelled, or with one triple's object or subject changed.
      const variant = actual.map((q, i) =>
        i === 0 && random(2) === 0 ? factory.quad(q.subject, q.predicate, random(2) === 0 ? factory.blankNode(`b${random(blanks)}`) : iri(random(3))) : q,
      );
      const text = relabel(payloadToNTriples(variant));
      const general = isomorphic(actual, readPayloadNTriples(text));
      const fast = matchPayloadText(text, graph);
      if (fast !== undefined) expect({ round, text, fast }).toEqual({ round, text, fast: general });
      outcomes[fast === undefined ? 'general' : fast ? 'true' : 'false']++;
      expect(decided(text, graph)).toBe(general);
    }
    // Every kind of answer was exercised.
    expect(Math.min(outcomes.true, outcomes.false, outcomes.general)).toBeGreaterThan(10);
  });

  it('pairs blank nodes by structure only when the graphs are equal, on random trees of look-alike blank nodes', () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const iri = (i: number) => factory.namedNode(`http://example.org/t${i}`);
    const outcomes = { paired: 0, equalNotPaired: 0, different: 0 };
    for (let round = 0; round < 400; round++) {
      // A payload as messages have them: blank nodes hanging from IRIs and from each other, by a
      // few predicates, with leaves drawn from a few values (so siblings often look alike).
      const quads: RDF.Quad[] = [];
      const nodes: RDF.Quad_Subject[] = [iri(random(2))];
      for (let b = 0, n = 1 + random(8); b < n; b++) {
        const child = factory.blankNode(`n${b}`);
        quads.push(factory.quad(nodes[random(nodes.length)]!, iri(10 + random(2)), child));
        for (let leaf = random(3); leaf > 0; leaf--)
          quads.push(factory.quad(child, iri(20 + random(2)), random(2) === 0 ? factory.literal(String(random(3))) : iri(random(3))));
        nodes.push(child);
      }
      if (random(4) === 0) quads.push(factory.quad(nodes[1 + random(nodes.length - 1)]!, iri(30), nodes[random(nodes.length)]!));
      const graph = TermGraph.fromQuads(quads);
      const actual = graph.toQuads(factory.defaultGraph());
      // Relabelled as it is, or with a leaf moved to another node, an edge moved, or a line repeated.
      const edit = random(4);
      const variant = actual.map((q, i) =>
        i !== 0 || edit === 0
          ? q
          : edit === 1
            ? factory.quad(nodes[random(nodes.length)]!, q.predicate, q.object)
            : factory.quad(q.subject, q.predicate, nodes[random(nodes.length)]!),
      );
      const lines = payloadToNTriples(variant);
      const text = relabel(edit === 3 ? `${lines}${lines.split('\n').find((l) => l.startsWith('_:')) ?? ''}\n` : lines);
      const general = isomorphic(actual, readPayloadNTriples(text));
      const reading = readExpectation(text, graph);
      const paired = typeof reading === 'object' ? pairedByStructure(reading, graph) : undefined;
      // Structure alone may leave a choice (undefined), but what it pairs is always right.
      if (paired === true) expect({ round, text, general }).toEqual({ round, text, general: true });
      expect({ round, decided: decided(text, graph) }).toEqual({ round, decided: general });
      outcomes[!general ? 'different' : paired === true ? 'paired' : 'equalNotPaired']++;
    }
    // Most equal payloads are paired by structure alone; the look-alikes left over go to the colours.
    expect(outcomes.paired).toBeGreaterThan(3 * outcomes.equalNotPaired);
    expect(Math.min(outcomes.equalNotPaired, outcomes.different)).toBeGreaterThan(10);
  });
});
