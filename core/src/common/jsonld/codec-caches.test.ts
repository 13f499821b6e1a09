/**
 * The codec's caches across messages (issue 42, point 6) against a codec without history: the
 * fast reader's IRIs remembered by their place in the last message, its scanned node buckets, and
 * the direct writer's remembered sorts. Generated message sequences, each message read and written
 * by one long-lived MessageCodec and by a new one, must give the same quads and the same text.
 */
import { describe, expect, it } from 'vitest';
import { isomorphic } from '../../test-support/isomorphism.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { distinctSourceOf } from '../../test-support/triple-sources.js';
import { MESSAGE_GRAPHS, factory, quadToNTriples, type RDF } from '../rdf/terms.js';
import { MessageCodec, parseMessageWithJsonLd, serializeMessage, serializeMessageWithJsonLd } from './index.js';

const context = {
  ex: 'http://example.org/',
  exa: 'http://example.org/a',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  InterIoTMsg: 'http://inter-iot.eu/message/',
};

/** IRIs of one length apart from a letter (what a place-by-place comparison must tell apart), compact and absolute. */
const iris = ['ex:a1', 'ex:a2', 'ex:b1', 'exa:1', 'http://example.org/a1', 'http://example.org/a2', 'http://other.example/x', 'urn:x:1', 'urn:x:2'];

type Json = Record<string, unknown>;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A node object: IRI or blank subject, types, a few properties with IRI, blank, literal and typed values. */
function node(random: () => number): Json {
  const out: Json = {};
  const r = random();
  if (r < 0.8) out['@id'] = pick(random, iris);
  else if (r < 0.95) out['@id'] = `_:n${Math.floor(random() * 4)}`;
  if (random() < 0.6) out['@type'] = random() < 0.5 ? pick(random, iris) : [pick(random, iris), pick(random, iris)];
  const properties = Math.floor(random() * 4);
  for (let i = 0; i < properties; i++) {
    const values: unknown[] = [];
    for (let v = 0, n = 1 + Math.floor(random() * 3); v < n; v++) {
      const k = random();
      if (k < 0.4) values.push({ '@id': pick(random, iris) });
      else if (k < 0.5) values.push({ '@id': `_:n${Math.floor(random() * 4)}` });
      else if (k < 0.8) values.push(pick(random, ['x', 'y', 'ex:a1']));
      else values.push({ '@value': pick(random, ['1', '2']), '@type': pick(random, ['xsd:int', 'ex:dt']) });
    }
    out[pick(random, iris)] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** A message: metadata and payload graphs of `size` nodes each (past the reader's scan limit at times), repeats included. */
function message(random: () => number, size: number): Json {
  const graph = (name: string): Json => {
    const nodes: Json[] = [];
    for (let i = 0; i < size; i++) nodes.push(random() < 0.15 && nodes.length > 0 ? pick(random, nodes) : node(random));
    return { '@id': name, '@graph': nodes };
  };
  return { '@context': context, '@graph': [graph('InterIoTMsg:metadata'), graph('InterIoTMsg:payload'), ...(random() < 0.3 ? [node(random)] : [])] };
}

/** The same message with one IRI replaced wherever it stands (a source's next message: mostly the same). */
function mutate(random: () => number, doc: Json): Json {
  const from = pick(random, iris);
  const to = pick(random, iris);
  return JSON.parse(JSON.stringify(doc).split(`"${from}"`).join(`"${to}"`)) as Json;
}

function sequence(seed: number, length: number): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  let doc = message(random, 1 + Math.floor(random() * 24));
  for (let i = 0; i < length; i++) {
    const r = random();
    if (r < 0.4) doc = mutate(random, doc);
    else if (r < 0.6) doc = message(random, 1 + Math.floor(random() * 24));
    out.push(JSON.stringify(doc));
  }
  return out;
}

const nq = (quads: readonly RDF.Quad[]): string[] => quads.map((q) => quadToNTriples(q, true));

describe('caches across messages: a long-lived codec reads and writes as a new one', () => {
  it('reads each message of generated sequences to the same quads, in the same order', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const codec = new MessageCodec();
      for (const text of sequence(seed, 12)) {
        const ours = codec.parseFast(text);
        const fresh = new MessageCodec().parseFast(text);
        expect(ours).toBeDefined();
        expect(isomorphic(ours!.quads, fresh!.quads)).toBe(true);
        // Blank nodes aside, quad by quad (the writer's labels follow the quads' order).
        const plain = (quads: readonly RDF.Quad[]): string[] => nq(quads).map((line) => line.replace(/_:\S+/g, '_:'));
        expect(plain(ours!.quads)).toEqual(plain(fresh!.quads));
        expect(ours!.prefixes).toEqual(fresh!.prefixes);
      }
    }
  });

  it('reads generated messages of many nodes (nodes found by a scan, then by Maps) as jsonld.js does', async () => {
    const codec = new MessageCodec();
    for (let seed = 40; seed < 46; seed++) {
      for (const text of sequence(seed, 3)) {
        const ours = codec.parseFast(text)!;
        const reference = await parseMessageWithJsonLd(text);
        expect(ours.quads.length).toBe(new Set(nq(reference.quads)).size);
        expect(isomorphic(ours.quads, reference.quads)).toBe(true);
      }
    }
  });

  it('writes each message of generated sequences to the same text (read, then written as quads and from term ids)', () => {
    const payload = factory.namedNode(MESSAGE_GRAPHS.payload);
    for (let seed = 1; seed <= 30; seed++) {
      const codec = new MessageCodec();
      for (const text of sequence(100 + seed, 12)) {
        const fresh = new MessageCodec();
        const parsed = fresh.parseFast(text)!;
        const others = parsed.quads.filter((q) => !q.graph.equals(payload));
        const inPayload = parsed.quads.filter((q) => q.graph.equals(payload));
        const source = distinctSourceOf(inPayload);
        for (const pretty of [true, false]) {
          expect(codec.serialize(parsed.quads, parsed.prefixes, { pretty })).toBe(fresh.serialize(parsed.quads, parsed.prefixes, { pretty }));
          const direct = codec.serializeWithTriples(others, payload, source, parsed.prefixes, { pretty });
          expect(direct).toBe(new MessageCodec().serializeWithTriples(others, payload, source, parsed.prefixes, { pretty }));
          expect(direct).toBe(fresh.serialize([...others, ...inPayload], parsed.prefixes, { pretty }));
        }
      }
    }
  });
});

describe('the general writer sorts keys and node ids (by insertion when few) as jsonld.js does', () => {
  it('writes generated graphs of up to 40 nodes with up to 24 properties each exactly as jsonld.js', async () => {
    const random = seededRandom(77);
    const iri = (k: number): RDF.NamedNode => factory.namedNode(`http://example.org/${String.fromCharCode(97 + (k % 26))}${k}`);
    const graphs = [factory.namedNode(MESSAGE_GRAPHS.payload), factory.namedNode(MESSAGE_GRAPHS.metadata), factory.defaultGraph()];
    for (let round = 0; round < 16; round++) {
      const quads: RDF.Quad[] = [];
      const nodes = 1 + Math.floor(random() * 40);
      for (let n = 0; n < nodes; n++) {
        const subject = random() < 0.2 ? factory.blankNode(`s${n}`) : iri(Math.floor(random() * 60));
        const g = pick(random, graphs);
        for (let k = 0, properties = Math.floor(random() * 24); k < properties; k++) {
          const object = random() < 0.5 ? iri(Math.floor(random() * 60)) : factory.literal(`v${Math.floor(random() * 5)}`);
          quads.push(factory.quad(subject, iri(100 + Math.floor(random() * 30)), object, g));
        }
      }
      const prefixes: Array<[string, string]> = random() < 0.5 ? [['ex', 'http://example.org/']] : [];
      for (const pretty of [true, false]) {
        expect(serializeMessage(quads, prefixes, { pretty })).toBe(await serializeMessageWithJsonLd(quads, prefixes, { pretty }));
      }
    }
  });
});
