/**
 * translateMessage's two ways through a message, which must write the same text byte for byte
 * (issue 42, point 6): untraced, the fast reader sends the payload graph straight into the
 * engine's TermGraph and the writer writes it from the graph's ids (direct-graph.ts when it
 * applies); traced, the payload is read as quads and the output written from quads by the general
 * writer. Checked on every golden pair and on generated variants of their messages: data literals
 * and IRIs replaced, nodes repeated (triples the reader and the TermGraph each drop once), a JSON
 * number (read twice: a new sink per attempt), an RDF list and a blank node shared with the
 * metadata (where the direct writer declines), compact and pretty.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAlignment, type CompiledAlignment } from './compile-alignment.js';
import { translateMessage } from './index.js';
import { parseMessageFast, serializeMessage } from '../jsonld/index.js';
import { MESSAGE_GRAPHS, NS, factory, type RDF } from '../rdf/terms.js';
import { goldenPairs, readData } from '../../test-support/shared-data.js';
import { alignmentConstants, dataTerms, payloadVariant, seededRandom } from '../../test-support/payload-variants.js';

const compiled = new Map<string, CompiledAlignment>();

beforeAll(async () => {
  for (const pair of goldenPairs()) {
    for (const file of pair.alignments) {
      if (!compiled.has(file)) compiled.set(file, await compileAlignment(readData(file), { source: file }));
    }
  }
});

const isPayload = (q: RDF.Quad): boolean => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload;

/** Every node object inside a graph container, repeated once (its triples listed twice). */
function withRepeatedNodes(text: string, random: () => number): string {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (typeof x === 'object' && x !== null) {
      const graph = (x as Record<string, unknown>)['@graph'];
      if (Array.isArray(graph) && graph.length > 0) {
        graph.forEach(visit);
        graph.push(structuredClone(graph[Math.floor(random() * graph.length)]));
      }
    }
  };
  visit(doc);
  return JSON.stringify(doc, null, 2);
}

/** A property with a JSON number on a node of the payload (the reader then reads the message twice). */
function withNumber(text: string): string {
  const doc = JSON.parse(text) as { '@graph': Array<Record<string, unknown>> };
  const payload = doc['@graph'].find((g) => String(g['@id']).endsWith('payload'));
  const node = (payload?.['@graph'] as Array<Record<string, unknown>> | undefined)?.[0];
  expect(node, 'a payload node').toBeDefined();
  // A marker replaced in the text: JSON.stringify would write 72.0 as 72.
  node!['http://example.org/number'] = 'NUMBER';
  return JSON.stringify(doc, null, 2).replace('"NUMBER"', '72.0');
}

/** The message's quads with extra payload triples: a two-item RDF list, and a blank node the metadata mentions too. */
function withListAndSharedBlank(quads: readonly RDF.Quad[]): RDF.Quad[] {
  const payload = factory.namedNode(MESSAGE_GRAPHS.payload);
  const ex = (s: string) => factory.namedNode(`http://example.org/${s}`);
  const [l1, l2, shared] = [factory.blankNode('l1'), factory.blankNode('l2'), factory.blankNode('shared')];
  const metadata = quads.find((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.metadata)?.graph ?? factory.defaultGraph();
  return [
    ...quads,
    factory.quad(ex('s'), ex('list'), l1, payload),
    factory.quad(l1, factory.namedNode(`${NS.rdf}first`), factory.literal('a'), payload),
    factory.quad(l1, factory.namedNode(`${NS.rdf}rest`), l2, payload),
    factory.quad(l2, factory.namedNode(`${NS.rdf}first`), ex('b'), payload),
    factory.quad(l2, factory.namedNode(`${NS.rdf}rest`), factory.namedNode(`${NS.rdf}nil`), payload),
    factory.quad(ex('s'), ex('shared'), shared, payload),
    factory.quad(ex('m'), ex('shared'), shared, metadata),
  ];
}

async function expectSameBothWays(text: string, alignments: readonly CompiledAlignment[], label: string): Promise<void> {
  for (const pretty of [true, false]) {
    const direct = await translateMessage(text, alignments, { pretty });
    const traced = await translateMessage(text, alignments, { pretty, trace: true });
    expect(direct.message, `${label} (pretty ${pretty})`).toBe(traced.message);
    expect([direct.emptyPayload, direct.payloadTriplesIn, direct.payloadTriplesOut, direct.failures]).toEqual([
      traced.emptyPayload,
      traced.payloadTriplesIn,
      traced.payloadTriplesOut,
      traced.failures,
    ]);
  }
}

describe.each(goldenPairs())('golden pair $pair, untraced and traced', (pair) => {
  it('write the same text for the message and for generated variants of it', async () => {
    const alignments = pair.alignments.map((f) => compiled.get(f)!);
    const input = readData(pair.message);
    await expectSameBothWays(input, alignments, 'the golden message');
    const parsed = parseMessageFast(input)!;
    const payload = parsed.quads.filter(isPayload);
    if (payload.length === 0) return;
    const others = parsed.quads.filter((q) => !isPayload(q));
    const data = dataTerms(payload, alignmentConstants(alignments));
    for (let seed = 1; seed <= 6; seed++) {
      const random = seededRandom(seed);
      const variant = payloadVariant(payload, data, seed).map((q) => factory.quad(q.subject, q.predicate, q.object, payload[0]!.graph));
      const shuffled = [...variant].sort(() => random() - 0.5);
      const text = serializeMessage([...others, ...shuffled], parsed.prefixes);
      await expectSameBothWays(text, alignments, `variant ${seed}`);
      await expectSameBothWays(withRepeatedNodes(text, random), alignments, `variant ${seed}, nodes repeated`);
      await expectSameBothWays(withNumber(text), alignments, `variant ${seed}, a JSON number`);
    }
    await expectSameBothWays(serializeMessage(withListAndSharedBlank(parsed.quads), parsed.prefixes), alignments, 'a list and a shared blank node');
  });
});
