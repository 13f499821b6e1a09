import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError } from '../errors.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, NS, RDF_TYPE, factory, quadToNTriples, type RDF } from '../rdf/terms.js';
import { goldenFile, goldenPairs, messageFiles, readData } from '../../test-support/shared-data.js';
import {
  MessageCodec,
  parseMessage,
  parseMessageFast,
  parseMessageWithJsonLd,
  serializeMessage,
  serializeMessageWithJsonLd,
  serializeMessageWithTriples,
  type ParsedMessage,
} from './index.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { distinctSourceOf, sourceOf } from '../../test-support/triple-sources.js';
import { MAX_JSON_DEPTH, jsonDepth } from './json-depth.js';

interface Sample {
  readonly name: string;
  readonly text: string;
}

const samples: Sample[] = [
  ...messageFiles().map((f) => ({ name: `messages/${f}`, text: readData(`messages/${f}`) })),
  ...goldenPairs().flatMap((p) => [
    { name: `golden/${p.pair}/input.json`, text: goldenFile(p.pair, 'input.json') },
    { name: `golden/${p.pair}/output.json`, text: goldenFile(p.pair, 'output.json') },
  ]),
];

function fast(text: string): ParsedMessage {
  const parsed = parseMessageFast(text);
  if (parsed === undefined) throw new Error('fast path declined');
  return parsed;
}

function nt(quads: readonly RDF.Quad[]): string {
  return quads
    .map((q) => quadToNTriples(q, true))
    .sort()
    .join('\n');
}

/** Blank node labels erased and the arrays that depend on them (@graph) put in a fixed order. */
function withoutBlankLabels(doc: unknown): unknown {
  if (Array.isArray(doc)) return doc.map(withoutBlankLabels);
  if (typeof doc !== 'object' || doc === null) return doc;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc as Record<string, unknown>)) {
    if (key === '@id' && typeof value === 'string' && value.startsWith('_:')) out[key] = '_:';
    else if (key === '@graph' && Array.isArray(value)) {
      out[key] = value.map(withoutBlankLabels).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    } else out[key] = withoutBlankLabels(value);
  }
  return out;
}

const ex = (local: string): RDF.NamedNode => factory.namedNode(`http://example.org/${local}`);
const payload = factory.namedNode(MESSAGE_GRAPHS.payload);

/** Parse with both paths and check they agree (blank-node-insensitive). */
async function expectSameAsJsonLd(doc: unknown): Promise<ParsedMessage> {
  const text = JSON.stringify(doc);
  const ours = fast(text);
  const reference = await parseMessageWithJsonLd(text);
  expect(reference.fastPath).toBe(false);
  expect(ours.quads.length).toBe(new Set(reference.quads.map((q) => quadToNTriples(q, true))).size);
  if (!isomorphic(ours.quads, reference.quads)) {
    expect(nt(ours.quads)).toBe(nt(reference.quads)); // shows the difference
  }
  expect(isomorphic(ours.quads, reference.quads)).toBe(true);
  return ours;
}

describe.each(samples)('sample $name', ({ text }) => {
  it('fast parse gives the same dataset as jsonld.js toRDF', async () => {
    const ours = fast(text);
    expect(ours.fastPath).toBe(true);
    const reference = await parseMessageWithJsonLd(text);
    expect(ours.quads.length).toBe(reference.quads.length);
    expect(isomorphic(ours.quads, reference.quads)).toBe(true);
    expect(ours.prefixes).toEqual(reference.prefixes);
    expect(ours.prefixes).toEqual(Object.entries((JSON.parse(text) as Record<string, unknown>)['@context'] as Record<string, string>));
    const viaParseMessage = await parseMessage(text);
    expect(viaParseMessage.fastPath).toBe(true);
    expect(isomorphic(viaParseMessage.quads, ours.quads)).toBe(true);
  });

  it('serialises to JSON-LD that reads back as the same dataset', () => {
    const parsed = fast(text);
    for (const pretty of [true, false]) {
      const out = serializeMessage(parsed.quads, parsed.prefixes, { pretty });
      const back = fast(out);
      expect(isomorphic(back.quads, parsed.quads)).toBe(true);
      expect(back.prefixes).toEqual(parsed.prefixes);
    }
  });

  it('serialises exactly as jsonld.js fromRDF + compact does', async () => {
    const parsed = fast(text);
    const ours = serializeMessage(parsed.quads, parsed.prefixes);
    const reference = await serializeMessageWithJsonLd(parsed.quads, parsed.prefixes);
    expect(ours).toBe(reference);
  });
});

describe('reference outputs', () => {
  it.each(goldenPairs().map((p) => p.pair))('%s: reserialising golden output.json reproduces it', (pair) => {
    const text = goldenFile(pair, 'output.json');
    const parsed = fast(text);
    const ours = serializeMessage(parsed.quads, parsed.prefixes);
    expect(isomorphic(fast(ours).quads, parsed.quads)).toBe(true);
    // Same document as the reference wrote (keys and their order, value order, unwrapping, graph
    // layout), up to blank-node labels, which the reference numbers in its own store's order.
    expect(JSON.stringify(withoutBlankLabels(JSON.parse(ours)))).toBe(JSON.stringify(withoutBlankLabels(JSON.parse(text))));
  });

  it('writes the reference layout (rdf:type as property, typed values, graphs, @context last)', () => {
    const parsed = fast(readData('messages/weight.UniversAAL_CO.json'));
    const out = JSON.parse(serializeMessage(parsed.quads, parsed.prefixes)) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['@graph', '@context']);
    const graphs = out['@graph'] as Array<Record<string, unknown>>;
    expect(graphs.map((g) => Object.keys(g))).toEqual([
      ['@graph', '@id'],
      ['@graph', '@id'],
    ]);
    expect(graphs.map((g) => g['@id'])).toEqual(['InterIoTMsg:metadata', 'InterIoTMsg:payload']);
    const payloadNodes = graphs[1]?.['@graph'] as Array<Record<string, unknown>>;
    const ids = payloadNodes.map((n) => n['@id'] as string);
    expect(ids).toEqual([...ids].sort());
    expect(ids.slice(0, 4)).toEqual(['_:b0', '_:b1', '_:b2', '_:b3']);
    const weight = payloadNodes.find((n) => n['@id'] === 'ns1:weight1');
    expect(weight).toEqual({
      '@id': 'ns1:weight1',
      'InterIoT:GOIoTP#hasUnit': { '@id': 'http://sweet.jpl.nasa.gov/2.3/reprSciUnits.owl#kilogram' },
      'InterIoT:GOIoTP#hasValue': { '@type': 'xsd:float', '@value': '0.0' },
      'rdf:type': [{ '@id': 'ns3:PersonWeight' }, { '@id': 'http://www.w3.org/ns/sosa/Result' }],
    });
    expect(Object.keys(weight ?? {})).toEqual(['@id', 'InterIoT:GOIoTP#hasUnit', 'InterIoT:GOIoTP#hasValue', 'rdf:type']);
    expect(out['@context']).toEqual((JSON.parse(readData('messages/weight.UniversAAL_CO.json')) as Record<string, unknown>)['@context']);
  });
});

describe('serialiser on datasets beyond the samples', () => {
  const base = fast(readData('messages/weight.UniversAAL_CO.json'));
  const XSD = NS.xsd;
  const b = (label: string): RDF.BlankNode => factory.blankNode(label);
  const extra: RDF.Quad[] = [
    factory.quad(ex('s1'), ex('label'), factory.literal('Waage', 'de'), payload),
    factory.quad(ex('s1'), ex('label'), factory.literal('scale', 'en-gb'), payload),
    factory.quad(ex('s1'), ex('count'), factory.literal('3', factory.namedNode(`${XSD}integer`)), payload),
    factory.quad(ex('s1'), ex('when'), factory.literal('2017-05-08T13:48:18', factory.namedNode(`${XSD}dateTime`)), payload),
    factory.quad(ex('s1'), ex('custom'), factory.literal('x', factory.namedNode('http://example.org/dt')), payload),
    factory.quad(ex('s1'), ex('blank'), b('n1'), payload),
    factory.quad(b('n1'), ex('inner'), b('n2'), payload),
    factory.quad(b('n2'), factory.namedNode(RDF_TYPE), factory.namedNode('urn:uuid:1234'), payload),
    factory.quad(b('n2'), ex('self'), b('n2'), payload),
    factory.quad(ex('s1'), factory.namedNode('http://inter-iot.eu/'), factory.namedNode('http://inter-iot.eu/'), payload),
    factory.quad(factory.namedNode('http://inter-iot.eu/'), ex('p'), factory.literal('prefix IRI as subject'), payload),
    factory.quad(ex('s1'), ex('quote'), factory.literal('say "hi"\n\ttab \u00e9 \u2028'), payload),
    factory.quad(ex('s1'), ex('empty'), factory.literal(''), payload),
    // default graph and a graph name that is also a subject
    factory.quad(ex('d'), ex('p'), factory.literal('in default graph')),
    factory.quad(payload, ex('describedBy'), ex('d')),
    // another named graph
    factory.quad(ex('s'), ex('p'), b('n1'), ex('g2')),
  ];
  const list: RDF.Quad[] = [
    factory.quad(ex('s2'), ex('list'), b('l1'), payload),
    factory.quad(b('l1'), factory.namedNode(`${NS.rdf}first`), factory.literal('a'), payload),
    factory.quad(b('l1'), factory.namedNode(`${NS.rdf}rest`), b('l2'), payload),
    factory.quad(b('l2'), factory.namedNode(`${NS.rdf}first`), ex('b'), payload),
    factory.quad(b('l2'), factory.namedNode(`${NS.rdf}rest`), factory.namedNode(`${NS.rdf}nil`), payload),
    factory.quad(ex('s2'), ex('empty'), factory.namedNode(`${NS.rdf}nil`), payload),
    // not a well-formed list node (extra property): stays as triples
    factory.quad(ex('s2'), ex('bad'), b('l3'), payload),
    factory.quad(b('l3'), factory.namedNode(`${NS.rdf}first`), factory.literal('z'), payload),
    factory.quad(b('l3'), factory.namedNode(`${NS.rdf}rest`), factory.namedNode(`${NS.rdf}nil`), payload),
    factory.quad(b('l3'), ex('extra'), factory.literal('e'), payload),
  ];
  const prefixSets: Array<[string, Array<[string, string]>]> = [
    ['message prefixes', base.prefixes],
    ['message prefixes + ex', [...base.prefixes, ['ex', 'http://example.org/'], ['exs', 'http://example.org/s']]],
    ['no prefixes', []],
  ];

  it.each(prefixSets)('with %s: same document as jsonld.js, round trip isomorphic', async (_name, prefixes) => {
    for (const quads of [[...base.quads, ...extra], [...base.quads, ...list], extra, list, extra.slice(0, 1), []]) {
      for (const pretty of [true, false]) {
        const ours = serializeMessage(quads, prefixes, { pretty });
        expect(ours).toBe(await serializeMessageWithJsonLd(quads, prefixes, { pretty }));
        const back = fast(ours);
        expect(isomorphic(back.quads, quads)).toBe(true);
        expect(isomorphic((await parseMessageWithJsonLd(ours)).quads, quads)).toBe(true);
      }
    }
  });

  it('writes a graph given by distinct term ids (written straight from them) exactly as the same quads', () => {
    const random = seededRandom(9);
    const datasets = [[...base.quads, ...extra], [...base.quads, ...list], [...extra, ...list], ...samples.map((x) => fast(x.text).quads)];
    for (const quads of datasets) {
      for (let round = 0; round < 8; round++) {
        const graphs = [...new Set(quads.map((q) => q.graph))];
        const g = graphs[Math.floor(random() * graphs.length)]!;
        // The whole graph moves (a part left as quads would share the graph's name with them).
        const moved = quads.filter((q) => q.graph === g).sort(() => random() - 0.5);
        const kept = quads.filter((q) => !moved.includes(q));
        const source = distinctSourceOf(moved);
        const inGraph: RDF.Quad[] = [];
        source.forEachTriple((s, p, o) =>
          inGraph.push(factory.quad(source.term(s) as RDF.Quad_Subject, source.term(p) as RDF.Quad_Predicate, source.term(o) as RDF.Quad_Object, g)),
        );
        for (const [, prefixes] of prefixSets) {
          const pretty = random() < 0.5;
          expect(serializeMessageWithTriples(kept, g, source, prefixes, { pretty })).toBe(serializeMessage([...kept, ...inGraph], prefixes, { pretty }));
        }
      }
    }
  });

  it('writes quads plus a graph given by term ids exactly as the same quads listed in one array', () => {
    const random = seededRandom(5);
    const datasets = [[...base.quads, ...extra], [...base.quads, ...list], [...extra, ...list], ...samples.map((x) => fast(x.text).quads)];
    for (const quads of datasets) {
      for (let round = 0; round < 8; round++) {
        // Some quads of one graph move to the source, shuffled, some twice; the rest stay quads (in their order).
        const graphs = [...new Set(quads.map((q) => q.graph))];
        const g = graphs[Math.floor(random() * graphs.length)]!;
        const moved = quads.filter((q) => q.graph === g && random() < 0.7).sort(() => random() - 0.5);
        if (moved.length > 0 && random() < 0.5) moved.push(moved[0]!);
        const kept = quads.filter((q) => !moved.includes(q));
        const inGraph = moved.map((q) => factory.quad(q.subject, q.predicate, q.object, g));
        for (const [, prefixes] of prefixSets) {
          const pretty = random() < 0.5;
          expect(serializeMessageWithTriples(kept, g, sourceOf(moved), prefixes, { pretty })).toBe(
            serializeMessage([...kept, ...inGraph], prefixes, { pretty }),
          );
        }
      }
    }
  });

  it('compacts IRIs as JSON-LD 1.0 (shortest, then least; terms for whole vocabulary IRIs)', () => {
    const prefixes: Array<[string, string]> = [
      ['ex', 'http://example.org/'],
      ['exa', 'http://example.org/a'],
      ['long', 'http://example.org/abc/'],
      ['t', 'http://example.org/dt'],
    ];
    const quads = [
      factory.quad(ex('abc/x'), ex('abc'), ex('abc'), payload),
      factory.quad(ex('abc/x'), ex('dt'), factory.literal('1', ex('dt')), payload),
      factory.quad(ex('abc/x'), factory.namedNode('http://example.org/dt'), ex('dt'), payload),
    ];
    const out = JSON.parse(serializeMessage(quads, prefixes)) as Record<string, unknown>;
    const node = (out['@graph'] as Array<Record<string, unknown>>)[0];
    expect(node).toEqual({
      '@id': 'long:x',
      'ex:abc': { '@id': 'ex:abc' },
      t: [{ '@type': 't', '@value': '1' }, { '@id': 'ex:dt' }],
    });
    expect(out['@id']).toBe(MESSAGE_GRAPHS.payload);
  });

  it('folds RDF lists into @list and leaves malformed ones as triples', () => {
    const out = serializeMessage(list, [['ex', 'http://example.org/']], { pretty: false });
    const doc = JSON.parse(out) as { '@graph': Array<Record<string, unknown>> };
    const s2 = doc['@graph'].find((n) => n['@id'] === 'ex:s2');
    expect(s2?.['ex:list']).toEqual({ '@list': ['a', { '@id': 'ex:b' }] });
    expect(s2?.['ex:empty']).toEqual({ '@list': [] });
    expect(s2?.['ex:bad']).toEqual({ '@id': '_:b2' });
    expect(doc['@graph'].map((n) => n['@id'])).toEqual(['_:b2', 'ex:s2']);
  });

  it('leaves keyword entries of the input context (read by jsonld.js) out of the output context', async () => {
    const text = JSON.stringify({ '@context': { '@language': 'en', ex: 'http://example.org/' }, '@id': 'ex:s', 'ex:p': 'hello' });
    const parsed = await parseMessage(text);
    expect(parsed.fastPath).toBe(false);
    expect(parsed.prefixes).toEqual([
      ['@language', 'en'],
      ['ex', 'http://example.org/'],
    ]);
    const out = serializeMessage(parsed.quads, parsed.prefixes);
    expect(JSON.parse(out)).toEqual({ '@id': 'ex:s', 'ex:p': { '@language': 'en', '@value': 'hello' }, '@context': { ex: 'http://example.org/' } });
    expect(out).toBe(await serializeMessageWithJsonLd(parsed.quads, parsed.prefixes));
    expect(isomorphic(fast(out).quads, parsed.quads)).toBe(true);
  });

  it('reuses the per-prefix tables and keeps results independent of earlier calls', () => {
    const prefixes = base.prefixes;
    const first = serializeMessage(base.quads, prefixes);
    const copy = prefixes.map(([k, v]): [string, string] => [k, v]);
    expect(serializeMessage(base.quads, copy)).toBe(first);
    expect(serializeMessage(base.quads, prefixes)).toBe(first);
    expect(serializeMessage(base.quads, [])).not.toBe(first);
  });

  it('deviation: keeps an IRI absolute when its compact form would start with "//"', async () => {
    const quads = [factory.quad(ex('s'), factory.namedNode('http://example.org///p'), factory.namedNode('http://example.org///o'), payload)];
    const prefixes: Array<[string, string]> = [['ex', 'http://example.org/']];
    const ours = JSON.parse(serializeMessage(quads, prefixes)) as { '@graph': Array<Record<string, unknown>> };
    expect(ours['@graph'][0]).toEqual({ '@id': 'ex:s', 'http://example.org///p': { '@id': 'http://example.org///o' } });
    const theirs = JSON.parse(await serializeMessageWithJsonLd(quads, prefixes)) as { '@graph': Array<Record<string, unknown>> };
    expect(theirs['@graph'][0]).toEqual({ '@id': 'ex:s', 'ex://p': { '@id': 'ex://o' } });
    expect(isomorphic(fast(JSON.stringify(ours)).quads, quads)).toBe(true);
  });
});

describe('fast parser against jsonld.js on constructs beyond the samples', () => {
  const context = { ex: 'http://example.org/', xsd: NS.xsd, rdf: NS.rdf, InterIoTMsg: 'http://inter-iot.eu/message/' };

  it('values: strings, numbers, booleans, typed, language-tagged, null, arrays', async () => {
    await expectSameAsJsonLd({
      '@context': context,
      '@graph': [
        {
          '@id': 'InterIoTMsg:payload',
          '@graph': [
            {
              '@id': 'ex:s',
              '@type': ['ex:T', 'http://other.org/T', 'ex'],
              'ex:str': ['a', '', 'multi\nline "quoted"'],
              'ex:int': [0, -12, 123456789012, 1e20],
              'ex:dbl': [21.5, -0.001, 1e21, 1.5e300, 0.1],
              'ex:bool': [true, false],
              'ex:typed': [
                { '@value': 'x', '@type': 'ex:dt' },
                { '@value': '2017-05-08T13:48:18', '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
                { '@value': 5, '@type': 'xsd:float' },
                { '@value': 5.5, '@type': 'xsd:float' },
                { '@value': 7, '@type': 'xsd:double' },
                { '@value': true, '@type': 'xsd:string' },
                { '@value': 'plain', '@type': 'xsd:string' },
              ],
              'ex:lang': [
                { '@value': 'Hallo', '@language': 'de' },
                { '@value': 'colour', '@language': 'EN-GB' },
              ],
              'ex:nothing': null,
              'ex:nulls': [null, { '@value': null }, 'kept'],
              'ex:empty': [],
            },
          ],
        },
      ],
    });
  });

  it('nodes: embedded, blank, references, terms as keys and types, dropped keys, absolute IRIs', async () => {
    const parsed = await expectSameAsJsonLd({
      '@context': context,
      '@graph': [
        {
          '@id': 'InterIoTMsg:payload',
          '@graph': [
            {
              '@id': '_:a',
              'ex:knows': [{ '@id': '_:b' }, { '@id': 'ex:c' }, { 'ex:name': 'anonymous' }, {}],
              'ex:embedded': { '@id': 'ex:e', '@type': 'ex:E', 'ex:deep': { 'ex:deeper': 1 } },
              ex: 'term as property',
              undefinedTerm: 'dropped',
              'urn:x:y': 'absolute IRI property',
              'ex://not-a-curie': { '@id': 'ex://also-absolute' },
              'http://example.org/abs': { '@id': 'mailto:someone@example.org' },
            },
            { '@id': '_:b', 'ex:back': { '@id': '_:a' }, '@type': '_:blankType' },
            { '@id': 'ex:onlyId' },
          ],
        },
      ],
    });
    const blankSubjects = new Set(parsed.quads.filter((q) => q.subject.termType === 'BlankNode').map((q) => q.subject.value));
    expect(blankSubjects.size).toBe(4); // _:a, _:b, the anonymous node, the deeper node ({} has no triples)
    expect(parsed.quads.filter((q) => q.predicate.value === 'http://example.org/knows')).toHaveLength(4);
  });

  it('graphs: nested named graph, node properties in the enclosing graph, top-level node, single @graph object', async () => {
    await expectSameAsJsonLd({
      '@context': context,
      '@graph': [
        { '@id': 'ex:g1', 'ex:about': 'graph node property', '@graph': [{ '@id': 'ex:s', 'ex:p': 1, '@graph': { '@id': 'ex:x', 'ex:q': 2 } }] },
        { '@id': 'ex:g1', '@graph': [{ '@id': 'ex:s', 'ex:p': 1, 'ex:r': 3 }] },
        { '@id': 'ex:d', 'ex:p': 'default graph' },
      ],
    });
    await expectSameAsJsonLd({ '@context': context, '@id': 'ex:g', 'ex:p': 1, '@graph': [{ '@id': 'ex:s', 'ex:q': 2 }] });
    await expectSameAsJsonLd({ '@context': context, '@graph': { '@id': 'ex:s', 'ex:q': 2 } });
    await expectSameAsJsonLd({ '@id': 'http://example.org/s', 'http://example.org/p': 'no context' });
    await expectSameAsJsonLd({ '@context': context });
  });

  it('reads each triple once, however often and however spelled the document states it', async () => {
    const doc = {
      '@context': context,
      '@graph': [
        {
          '@id': 'InterIoTMsg:payload',
          '@graph': [
            { '@id': 'ex:s', '@type': ['ex:T', 'ex:T'], 'ex:p': ['a', 'a', 1, 1, { '@value': '1', '@type': 'xsd:integer' }], 'ex:q': { '@id': 'ex:o' } },
            { '@id': 'http://example.org/s', '@type': 'http://example.org/T', 'http://example.org/p': 'a', 'ex:q': { '@id': 'http://example.org/o' } },
            { '@id': '_:b', 'ex:p': [{ '@id': '_:b' }, { '@id': '_:b' }] },
          ],
        },
      ],
    };
    const parsed = await expectSameAsJsonLd(doc);
    expect(parsed.quads).toHaveLength(5);
  });

  it("expands with each message's own context (contexts are cached across messages)", () => {
    const subjects = (ns: string, extra: Record<string, string> = {}): string[] =>
      fast(JSON.stringify({ '@context': { ex: ns, ...extra }, '@id': 'ex:s', 'ex:p': 'x' })).quads.map((q) => q.subject.value);
    expect(subjects('http://a.example/')).toEqual(['http://a.example/s']);
    expect(subjects('http://b.example/')).toEqual(['http://b.example/s']);
    expect(subjects('http://a.example/')).toEqual(['http://a.example/s']);
    expect(subjects('http://a.example/', { y: 'http://y.example/' })).toEqual(['http://a.example/s']);
    expect(fast(JSON.stringify({ '@context': { ex: 'http://a.example/', y: 'http://y.example/' }, '@id': 'ex:s' })).prefixes).toEqual([
      ['ex', 'http://a.example/'],
      ['y', 'http://y.example/'],
    ]);
  });

  it('gives fresh blank nodes per message, shared within it', () => {
    const text = JSON.stringify({ '@context': context, '@graph': [{ '@id': '_:b0', 'ex:p': { '@id': '_:b0' } }] });
    const one = fast(text).quads[0];
    const two = fast(text).quads[0];
    expect(one?.subject.termType).toBe('BlankNode');
    expect(one?.subject.equals(one.object)).toBe(true);
    expect(one?.subject.equals(two?.subject ?? null)).toBe(false);
  });

  it('a MessageCodec of its own (its own caches) reads and writes as the shared one does; blank nodes stay distinct', async () => {
    const own = new MessageCodec();
    for (const { text } of samples.slice(0, 4)) {
      const mine = own.parseFast(text);
      const shared = fast(text);
      expect(mine && isomorphic(mine.quads, shared.quads)).toBe(true);
      expect(mine?.prefixes).toEqual(shared.prefixes);
      expect(own.serialize(shared.quads, shared.prefixes)).toBe(serializeMessage(shared.quads, shared.prefixes));
      expect(await own.serializeWithJsonLd(shared.quads, shared.prefixes)).toBe(await serializeMessageWithJsonLd(shared.quads, shared.prefixes));
    }
    const text = JSON.stringify({ '@context': context, '@id': '_:b0', 'ex:p': 'x' });
    expect(own.parseFast(text)?.quads[0]?.subject.equals(fast(text).quads[0]?.subject ?? null)).toBe(false);
  });

  it('reads a message with no payload graph', async () => {
    const text = readData('messages/emptyPayload.json');
    const parsed = fast(text);
    expect(parsed.quads.length).toBeGreaterThan(0);
    expect(parsed.quads.every((q) => q.graph.value === MESSAGE_GRAPHS.metadata)).toBe(true);
    const noGraphs = fast(JSON.stringify({ '@context': context, '@graph': [{ '@id': 'InterIoTMsg:metadata', '@graph': [] }] }));
    expect(noGraphs.quads).toEqual([]);
    expect((await parseMessage(text)).quads.length).toBe(parsed.quads.length);
  });

  it('deviation: typed xsd:double strings keep their lexical form (jsonld-java); jsonld.js rewrites them', async () => {
    const text = JSON.stringify({
      '@context': context,
      '@id': 'ex:s',
      'ex:typed': { '@value': '21.5', '@type': 'xsd:double' },
      'ex:native': 21.5,
      'ex:tiny': 1e-7,
    });
    const values = (quads: RDF.Quad[]): Record<string, string> =>
      Object.fromEntries(
        quads.map((q) => [
          q.predicate.value.slice('http://example.org/'.length),
          `${q.object.value}^^${(q.object as RDF.Literal).datatype.value.slice(NS.xsd.length)}`,
        ]),
      );
    expect(values(fast(text).quads)).toEqual({ typed: '21.5^^double', native: '2.15E1^^double', tiny: '1.0E-7^^double' });
    // Numbers are read from the text on both paths, so only the typed string differs.
    expect(values((await parseMessageWithJsonLd(text)).quads)).toEqual({ typed: '2.15E1^^double', native: '2.15E1^^double', tiny: '1.0E-7^^double' });
  });

  it('deviation: prefixes not ending in a delimiter expand as in JSON-LD 1.0 (demoMsg6 "sosa")', async () => {
    const text = readData('messages/demoMsg6.json');
    const sosaResult = 'http://www.w3.org/ns/sosaResult';
    const types = (quads: readonly RDF.Quad[]): string[] => quads.filter((q) => q.predicate.value === RDF_TYPE).map((q) => q.object.value);
    expect(types(fast(text).quads)).toContain(sosaResult);
    expect(types((await parseMessageWithJsonLd(text)).quads)).toContain(sosaResult);
    const plain = (await jsonld.toRDF(JSON.parse(text) as jsonld.JsonLdDocument, {})) as unknown as Array<{ object: { value: string } }>;
    const plainObjects = plain.map((q) => q.object.value);
    expect(plainObjects).toContain('sosa:Result');
    expect(plainObjects).not.toContain(sosaResult);
    // And they compact back with the same prefix.
    const parsed = fast(text);
    expect(serializeMessage(parsed.quads, parsed.prefixes)).toContain('"@id": "sosa:Result"');
  });
});

describe('fallback to jsonld.js', () => {
  const cases: Array<[string, unknown]> = [
    ['@vocab', { '@context': { '@vocab': 'http://example.org/' }, '@id': 'http://example.org/s', p: 'x' }],
    [
      'term definition object',
      { '@context': { p: { '@id': 'http://example.org/p', '@type': '@id' } }, '@id': 'http://example.org/s', p: 'http://example.org/o' },
    ],
    ['@set', { '@context': { ex: 'http://example.org/' }, '@id': 'ex:s', 'ex:l': { '@set': ['a', 'b'] } }],
    ['list of lists', { '@context': { ex: 'http://example.org/' }, '@id': 'ex:s', 'ex:l': { '@list': [{ '@list': ['a'] }] } }],
    ['top-level array', [{ '@id': 'http://example.org/s', 'http://example.org/p': 'x' }]],
    ['relative @id', { '@context': { ex: 'http://example.org/' }, '@id': 'relative', 'ex:p': 'x' }],
    ['nested @context', { '@context': { ex: 'http://example.org/' }, '@id': 'ex:s', 'ex:p': { '@context': { y: 'http://y/' }, 'y:q': 1 } }],
    ['blank graph name', { '@context': { ex: 'http://example.org/' }, '@graph': [{ 'ex:p': 1, '@graph': [{ '@id': 'ex:s', 'ex:q': 2 }] }] }],
    ['@reverse', { '@context': { ex: 'http://example.org/' }, '@id': 'ex:s', '@reverse': { 'ex:p': { '@id': 'ex:o' } } }],
    ['prefix defined by another prefix', { '@context': { ex: 'http://example.org/', sub: 'ex:sub/' }, '@id': 'sub:s', 'ex:p': 1 }],
  ];

  it.each(cases)('%s: fast path declines, parseMessage uses jsonld.js', async (_name, doc) => {
    const text = JSON.stringify(doc);
    expect(parseMessageFast(text)).toBeUndefined();
    const parsed = await parseMessage(text);
    expect(parsed.fastPath).toBe(false);
    const reference = (await jsonld.toRDF(doc as jsonld.JsonLdDocument, {})) as unknown as unknown[];
    expect(parsed.quads.length).toBe(reference.length);
  });

  it('reads a triple stated twice once, as the fast path does', async () => {
    const doc = {
      '@context': { '@vocab': 'http://example.org/', rdf: NS.rdf },
      '@id': 'http://example.org/s',
      '@type': 'T',
      'rdf:type': { '@id': 'http://example.org/T' },
    };
    const raw = (await jsonld.toRDF(doc, {})) as unknown as unknown[];
    expect(raw).toHaveLength(2);
    const parsed = await parseMessage(JSON.stringify(doc));
    expect(parsed.fastPath).toBe(false);
    expect(parsed.quads).toHaveLength(1);
  });

  it('the fast path reads @list like jsonld.js, and the serialiser writes it back as @list', async () => {
    const doc = {
      '@context': { ex: 'http://example.org/' },
      '@id': 'ex:s',
      'ex:l': { '@list': ['a', { '@id': 'ex:b' }, null, 3] },
      'ex:e': { '@list': [] },
      'ex:one': [{ '@list': 'x' }, 'y'],
    };
    const parsed = await expectSameAsJsonLd(doc);
    expect(parsed.quads.length).toBe(12);
    expect(JSON.parse(serializeMessage(parsed.quads, parsed.prefixes))).toEqual({
      '@id': 'ex:s',
      'ex:e': { '@list': [] },
      'ex:l': { '@list': ['a', { '@id': 'ex:b' }, { '@type': 'http://www.w3.org/2001/XMLSchema#integer', '@value': '3' }] },
      'ex:one': [{ '@list': ['x'] }, 'y'],
      '@context': { ex: 'http://example.org/' },
    });
  });
});

describe('errors', () => {
  function catchError(fn: () => unknown): ParseError {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ParseError);
      return error as ParseError;
    }
    throw new Error('no error thrown');
  }

  it('invalid JSON: MESSAGE_NOT_JSON with line and column', async () => {
    const text = '{\n  "@graph": [\n    { "@id": "x" }\n    { "@id": "y" }\n  ]\n}';
    const error = catchError(() => parseMessageFast(text));
    expect(error.code).toBe(ErrorCodes.messageNotJson);
    expect(error.code).toBe('MESSAGE_NOT_JSON');
    expect(error.line).toBe(4);
    expect(error.column).toBe(5);
    await expect(parseMessage(text)).rejects.toMatchObject({ code: ErrorCodes.messageNotJson, line: 4, column: 5 });
    const truncated = catchError(() => parseMessageFast('{\n  "a": [1,'));
    expect(truncated).toMatchObject({ code: ErrorCodes.messageNotJson, line: 2, column: 11 });
    // V8 gives no position for these; the codec finds it itself.
    expect(catchError(() => parseMessageFast('not json'))).toMatchObject({ code: ErrorCodes.messageNotJson, line: 1, column: 2 });
    expect(catchError(() => parseMessageFast('{\n  "@graph": [\n    oops\n  ]\n}'))).toMatchObject({ line: 3, column: 5 });
    expect(catchError(() => parseMessageFast('{"a": "x\\q"}'))).toMatchObject({ line: 1, column: 10 });
    expect(catchError(() => parseMessageFast('{"a": tru }'))).toMatchObject({ line: 1, column: 10 });
    expect(catchError(() => parseMessageFast('[1, -x]'))).toMatchObject({ line: 1, column: 6 });
    expect(catchError(() => parseMessageFast('{"a": 1}\r\n}'))).toMatchObject({ line: 2, column: 1 });
  });

  it.each(['42', '"a string"', 'null', 'true'])('JSON %s that is not an object or array: MESSAGE_INVALID_JSONLD', async (text) => {
    expect(catchError(() => parseMessageFast(text)).code).toBe(ErrorCodes.messageInvalidJsonLd);
    await expect(parseMessage(text)).rejects.toMatchObject({ code: ErrorCodes.messageInvalidJsonLd });
  });

  it('remote @context: refused with a ParseError, nothing fetched', async () => {
    const url = 'http://127.0.0.1:9/never-fetched/context.jsonld';
    for (const doc of [
      { '@context': url, '@id': 'http://example.org/s', p: 'x' },
      { '@context': [url, { ex: 'http://example.org/' }], '@id': 'ex:s', 'ex:p': 'x' },
    ]) {
      const text = JSON.stringify(doc);
      expect(parseMessageFast(text)).toBeUndefined();
      const error = await parseMessage(text).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).code).toBe(ErrorCodes.messageInvalidJsonLd);
      expect((error as ParseError).message).toContain(url);
    }
  });

  /*
   * The fast reader counts the levels it descends instead of scanning the text first: a message it
   * reads is refused exactly when the text nests deeper than MAX_JSON_DEPTH, whichever construct
   * (node objects, arrays, @list, value objects, values it drops unread) makes it deep.
   */
  describe('nesting: refused past MAX_JSON_DEPTH, read up to it, on every construct', () => {
    const head = '{"@context":{"ex":"http://example.org/"},"@id":"ex:s","ex:p":';
    // Each shape: the JSON of `levels` nested levels below a property, innermost readable.
    const shapes: Record<string, (levels: number) => string> = {
      'node objects': (n) => `${'{"ex:p":'.repeat(n - 1)}{"@id":"ex:o"}${'}'.repeat(n - 1)}`,
      'arrays of node objects': (n) => `${'[{"ex:p":'.repeat((n - 1) / 2)}[]${'}]'.repeat((n - 1) / 2)}`,
      '@list and value objects': (n) => `${'{"@list":[{"ex:p":'.repeat((n - 1) / 3)}{"@value":"x"}${'}]}'.repeat((n - 1) / 3)}`,
      '@type arrays': (n) => `${'{"ex:p":'.repeat(n - 2)}{"@type":["ex:T"]}${'}'.repeat(n - 2)}`,
      'a dropped key': (n) => `{"dropped":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`,
      'a null value object with a deep @type': (n) => `{"@value":null,"@type":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`,
    };
    // Depths the shapes can all hit exactly (top object 1, the property value 2, ...).
    const message = (shape: (levels: number) => string, depth: number) => `${head}${shape(depth - 1)}}`;
    const limits = [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, MAX_JSON_DEPTH + 2, MAX_JSON_DEPTH + 3, MAX_JSON_DEPTH + 6];
    it.each(Object.entries(shapes))('%s', async (_name, shape) => {
      let checked = 0;
      for (const depth of limits) {
        const text = message(shape, depth);
        if (jsonDepth(text, Infinity) !== depth) continue; // this shape cannot reach this depth exactly
        checked++;
        if (depth <= MAX_JSON_DEPTH) {
          expect(parseMessageFast(text), `depth ${depth}`).toMatchObject({ fastPath: true });
        } else {
          expect(catchError(() => parseMessageFast(text)).code, `depth ${depth}`).toBe(ErrorCodes.nestingLimit);
          await expect(parseMessage(text), `depth ${depth}`).rejects.toMatchObject({ code: ErrorCodes.nestingLimit });
        }
      }
      expect(checked).toBeGreaterThanOrEqual(2);
    });

    it('too deep and not JSON: the depth is the error, as before parsing', () => {
      expect(catchError(() => parseMessageFast(`${'['.repeat(MAX_JSON_DEPTH + 1)}oops`)).code).toBe(ErrorCodes.nestingLimit);
      expect(catchError(() => parseMessageFast(`${'['.repeat(MAX_JSON_DEPTH)}oops`)).code).toBe(ErrorCodes.messageNotJson);
    });

    it('messages the fast reader declines are measured before jsonld.js reads them', async () => {
      const deep = `[${'{"http://example.org/p":'.repeat(MAX_JSON_DEPTH)}"x"${'}'.repeat(MAX_JSON_DEPTH)}]`;
      expect(parseMessageFast(deep)).toBeUndefined();
      await expect(parseMessage(deep)).rejects.toMatchObject({ code: ErrorCodes.nestingLimit });
      await expect(parseMessageWithJsonLd(deep)).rejects.toMatchObject({ code: ErrorCodes.nestingLimit });
    });
  });

  it('JSON-LD errors from jsonld.js become MESSAGE_INVALID_JSONLD', async () => {
    const text = JSON.stringify({ '@context': { ex: 'http://example.org/' }, '@id': 'ex:s', 'ex:p': { '@value': 'x', '@language': 'en', '@type': 'ex:t' } });
    expect(parseMessageFast(text)).toBeUndefined();
    await expect(parseMessage(text)).rejects.toMatchObject({ code: ErrorCodes.messageInvalidJsonLd });
  });
});

describe('JSON numbers: read from the text as jsonld-java reads them (issue 16)', () => {
  const lit = (lexical: string, type: string): RDF.Literal => factory.literal(lexical, factory.namedNode(NS.xsd + type));
  const key = (t: RDF.Term): string => (t.termType === 'Literal' ? `"${t.value}"^^<${t.datatype.value}>` : t.termType);
  const literals = (quads: readonly RDF.Quad[]): string[] =>
    quads
      .filter((q) => q.object.termType === 'Literal')
      .map((q) => key(q.object))
      .sort();
  const message = (value: string, context = ''): string =>
    `{"@context": {"ex": "http://example.org/", "xsd": "${NS.xsd}"${context}}, "@id": "ex:s", "ex:p": ${value}}`;

  // [what the message says, the literals the reference (jsonld-java 0.12, Jackson) produces]
  const rows: Array<[string, RDF.Literal[]]> = [
    // The table.
    ['72.0', [lit('7.2E1', 'double')]],
    ['1.0', [lit('1.0E0', 'double')]],
    ['1E2', [lit('1.0E2', 'double')]],
    ['1e20', [lit('1.0E20', 'double')]],
    ['{"@value": 1E2, "@type": "xsd:int"}', [lit('1.0E2', 'int')]],
    ['0.30000000000000004', [lit('3.0000000000000004E-1', 'double')]],
    ['12345678901234567890', [lit('12345678901234567890', 'integer')]],
    // Signs and zeros.
    ['-72.5', [lit('-7.25E1', 'double')]],
    ['-12', [lit('-12', 'integer')]],
    ['0', [lit('0', 'integer')]],
    ['-0', [lit('0', 'integer')]],
    ['0.0', [lit('0.0E0', 'double')]],
    ['-0.0', [lit('-0.0E0', 'double')]],
    // Large and small doubles.
    ['1e21', [lit('1.0E21', 'double')]],
    ['1E+22', [lit('1.0E22', 'double')]],
    ['123456789e300', [lit('1.23456789E308', 'double')]],
    ['1.7976931348623157E308', [lit('1.7976931348623157E308', 'double')]],
    ['-1.7976931348623157e308', [lit('-1.7976931348623157E308', 'double')]],
    ['5e-324', [lit('5.0E-324', 'double')]], // jsonld-java: "4.9E-324", the same double
    ['1e-400', [lit('0.0E0', 'double')]],
    ['1E400', [lit('INF', 'double')]], // jsonld-java: "∞", which no reader takes for a double
    ['-1E400', [lit('-INF', 'double')]],
    // Integers beyond 2^53 and 2^64 keep every digit.
    ['9007199254740993', [lit('9007199254740993', 'integer')]],
    ['18446744073709551617', [lit('18446744073709551617', 'integer')]],
    ['-123456789012345678901234567890', [lit('-123456789012345678901234567890', 'integer')]],
    // Typed: an integer keeps its digits unless typed xsd:double; a double is always canonical.
    ['{"@value": 7, "@type": "xsd:double"}', [lit('7.0E0', 'double')]],
    ['{"@value": 12345678901234567890, "@type": "xsd:double"}', [lit('1.2345678901234568E19', 'double')]],
    ['{"@value": 12345678901234567890, "@type": "xsd:long"}', [lit('12345678901234567890', 'long')]],
    ['{"@value": 5, "@type": "xsd:float"}', [lit('5', 'float')]],
    ['{"@value": 72.0, "@type": "xsd:float"}', [lit('7.2E1', 'float')]],
    ['{"@value": 0.30000000000000004, "@type": "xsd:double"}', [lit('3.0000000000000004E-1', 'double')]],
    ['{"@value": -0.0, "@type": "xsd:decimal"}', [lit('-0.0E0', 'decimal')]],
    ['{"@value": 1E400, "@type": "xsd:int"}', [lit('INF', 'int')]],
    // Arrays (1.0 and 1E0 are one literal), lists and nested node objects, typed and untyped.
    ['[1, 1.0, 1E0, -0.0]', [lit('1', 'integer'), lit('1.0E0', 'double'), lit('-0.0E0', 'double')]],
    [
      '{"@list": [72.0, 12345678901234567890, {"@value": 1E2, "@type": "xsd:int"}, -0.0]}',
      [lit('7.2E1', 'double'), lit('12345678901234567890', 'integer'), lit('1.0E2', 'int'), lit('-0.0E0', 'double')],
    ],
    [
      '{"ex:q": {"ex:r": [0.30000000000000004, 0.3, {"@value": 1e21, "@type": "xsd:long"}]}, "ex:n": 18446744073709551616}',
      [lit('3.0000000000000004E-1', 'double'), lit('3.0E-1', 'double'), lit('1.0E21', 'long'), lit('18446744073709551616', 'integer')],
    ],
  ];

  it.each(rows)('%s (fast path, jsonld.js, jsonld.js fallback)', async (value, expected) => {
    const want = expected.map(key).sort();
    const text = message(value);
    expect(literals(fast(text).quads)).toEqual(want);
    expect(literals((await parseMessageWithJsonLd(text)).quads)).toEqual(want);
    // @vocab makes the fast path decline: parseMessage reads it with jsonld.js.
    const fallback = await parseMessage(message(value, ', "@vocab": "http://example.org/vocab#"'));
    expect(fallback.fastPath).toBe(false);
    expect(literals(fallback.quads)).toEqual(want);
  });

  it('keeps list order', () => {
    const parsed = fast(message('{"@list": [1.0, 1, 2.5e0]}'));
    const firsts = new Map(parsed.quads.filter((q) => q.predicate.value === `${NS.rdf}first`).map((q) => [q.subject.value, q.object]));
    const rests = new Map(parsed.quads.filter((q) => q.predicate.value === `${NS.rdf}rest`).map((q) => [q.subject.value, q.object]));
    let node = parsed.quads.find((q) => q.predicate.value === 'http://example.org/p')?.object;
    const items: string[] = [];
    while (node !== undefined && node.termType === 'BlankNode') {
      items.push(key(firsts.get(node.value) as RDF.Term));
      node = rests.get(node.value);
    }
    expect(items).toEqual([lit('1.0E0', 'double'), lit('1', 'integer'), lit('2.5E0', 'double')].map(key));
  });

  it('compares doubles by exact value: 0.30000000000000004 and 0.3 stay two literals, on both paths', async () => {
    const text = message('[0.30000000000000004, 0.3, 0.1, 0.10000000000000001]');
    for (const parsed of [fast(text), await parseMessageWithJsonLd(text)]) {
      const values = parsed.quads.map((q) => q.object.value).sort();
      // 0.1 and 0.10000000000000001 are the same double; the other two are not.
      expect(values).toEqual(['1.0E-1', '3.0000000000000004E-1', '3.0E-1']);
      expect(new Set(values.map(Number)).size).toBe(3);
    }
  });

  it('jsonld.js fallback: type coercion, numbers in @context, JSON literals', async () => {
    const text = JSON.stringify({
      '@context': {
        '@version': 1.1,
        ex: 'http://example.org/',
        d: { '@id': 'http://example.org/d', '@type': `${NS.xsd}double` },
        i: { '@id': 'http://example.org/i', '@type': '@id' },
        j: { '@id': 'http://example.org/j', '@type': '@json' },
      },
      '@id': 'ex:s',
      d: 'D',
      i: 'I',
      j: 'J',
    })
      .replace('"D"', '72')
      .replace('"I"', '72.0')
      .replace('"J"', '{"b": [1.0, 12345678901234567890], "a": -0}');
    const parsed = await parseMessage(text);
    expect(parsed.fastPath).toBe(false);
    const byPredicate = Object.fromEntries(parsed.quads.map((q) => [q.predicate.value.slice('http://example.org/'.length), key(q.object)]));
    expect(byPredicate).toEqual({
      d: key(lit('7.2E1', 'double')), // Integer 72 typed xsd:double by the context
      i: key(lit('7.2E1', 'double')), // @id coercion applies to strings only
      j: `"{"a":0,"b":[1,12345678901234567000]}"^^<${NS.rdf}JSON>`, // JSON canonicalisation's numbers
    });
  });

  it('serialises the lexical forms as typed strings and reads them back unchanged', () => {
    const text = message('[72.0, 12345678901234567890, 0.30000000000000004, {"@value": 1E2, "@type": "xsd:int"}]');
    const parsed = fast(text);
    const out = serializeMessage(parsed.quads, parsed.prefixes);
    expect(JSON.parse(out)).toEqual({
      '@id': 'ex:s',
      // Values in the order the message states them (the reference: its store's order).
      'ex:p': [
        { '@type': 'xsd:double', '@value': '7.2E1' },
        { '@type': 'xsd:integer', '@value': '12345678901234567890' },
        { '@type': 'xsd:double', '@value': '3.0000000000000004E-1' },
        { '@type': 'xsd:int', '@value': '1.0E2' },
      ],
      '@context': { ex: 'http://example.org/', xsd: NS.xsd },
    });
    expect(literals(fast(out).quads)).toEqual(literals(parsed.quads));
  });
});
