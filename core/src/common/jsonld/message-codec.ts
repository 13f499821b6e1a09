/**
 * INTER-IoT message codec (reference-mediator.md 5.1-5.3): JSON-LD text <-> RDF dataset.
 *
 * Reading follows JSON-LD 1.0 toRDF semantics as jsonld-java (the reference) applies them. A fast,
 * synchronous reader handles the shape every INTER-IoT message has; anything else goes to the
 * fallback reader (jsonld.js).
 * The jobs, one module each: json-document.ts (JSON.parse, numbers marked on demand),
 * json-errors.ts (MESSAGE_NOT_JSON with line and column), fast-reader.ts (what it reads, and when it
 * declines), fallback-reader.ts (jsonld.js), fast-writer.ts, direct-graph.ts (a graph written from
 * term ids), reference-writer.ts (jsonld.js),
 * prefix-tables.ts (output context and IRI compaction). A MessageCodec owns the caches they keep
 * between messages; the functions below use one shared instance.
 *
 * Writing produces what the reference writes (jsonld-java fromRDF with useRdfType + compaction
 * with the input's prefixes); a fast serialiser does it directly, and `serializeMessageWithJsonLd`
 * does it through jsonld.js as the slow reference the fast one is tested against.
 *
 * Deliberate differences between the fast path (which follows the reference) and jsonld.js 9:
 *  - Prefixes whose IRI does not end in a gen-delim character (`"sosa": "http://www.w3.org/ns/sosa"`,
 *    seen in demoMsg6.json) expand and compact as JSON-LD 1.0 says (`sosa:Result` ->
 *    `http://www.w3.org/ns/sosaResult`); jsonld.js (1.1 rules) would leave `sosa:Result` as an IRI
 *    with the scheme `sosa`. The jsonld.js paths below flag every context entry with `@prefix: true`
 *    so that they follow 1.0 here too.
 *  - A typed string value keeps its lexical form: `{"@value":"21.5","@type":"xsd:double"}` reads as
 *    "21.5"^^xsd:double, as in jsonld-java; jsonld.js (and so the fallback) rewrites it to "2.15E1".
 *  - JSON numbers are read from the text, as jsonld-java (Jackson) reads them, on both paths: a
 *    number written with a fraction or an exponent is a double even when whole (`72.0` ->
 *    "7.2E1"^^xsd:double, `1E2` typed xsd:int -> "1.0E2"^^xsd:int), written in `d.dddE±n` with the
 *    shortest digits that read back as the same double (`0.30000000000000004` ->
 *    "3.0000000000000004E-1"); an integer keeps every digit (`12345678901234567890`). jsonld.js
 *    alone decides by the JS value (`72.0` -> "72"^^xsd:integer, 1e-7 -> "0"^^xsd:integer) and
 *    prints 16 digits. Where Java's digits are not the shortest (`5e-324`: Java "4.9E-324", here
 *    "5.0E-324") and for numbers beyond the double range ("INF" here, "∞" there) we differ from
 *    jsonld-java; see json-numbers.ts.
 *  - Writing, an IRI whose compact form would start its suffix with `//` (e.g. `ex://x`) stays
 *    absolute, since `prefix://...` reads back as an absolute IRI; jsonld.js compacts it anyway.
 *  - Writing, RDF lists become `@list` only through blank list nodes (the spec's rule); jsonld.js
 *    also folds an IRI list tail, which loses that IRI.
 *  - Writing, an rdf:JSON literal is an ordinary typed literal (JSON-LD 1.0 has no `@json`).
 * Known limit shared with the reference: an absolute IRI whose scheme equals a context prefix
 * (`urn:x` with a `urn` prefix) is written as is and reads back differently.
 */
import type * as RDF from '@rdfjs/types';
import type { ParsedMessage, SerializeOptions } from './codec-types.js';
import { readWithJsonLd } from './fallback-reader.js';
import { FastReader, type SinkRequest } from './fast-reader.js';
import { writeFast, writeFastWithTriples, type TripleSource } from './fast-writer.js';
import { readJson } from './json-document.js';
import { PrefixTables } from './prefix-tables.js';
import { writeWithJsonLd } from './reference-writer.js';

export type { ParsedMessage, SerializeOptions } from './codec-types.js';
export type { TripleSource } from './fast-writer.js';
export type { SinkRequest, TripleSink } from './fast-reader.js';

/**
 * A message codec and the caches it keeps between messages: the fast reader's recent contexts
 * (with their IRI expansions) and the writers' prefix tables (with their IRI compactions). The
 * caches are bounded and never change a result, only its cost; an instance is not shared across
 * threads (each worker thread loads its own module and so its own default instance).
 */
export class MessageCodec {
  private readonly fastReader = new FastReader();
  private readonly prefixTables = new PrefixTables();

  /**
   * Sync fast path: undefined if the document uses anything it does not support (then call
   * parse). Throws ParseError on invalid JSON (MESSAGE_NOT_JSON, with line and column when the
   * JSON parser reports an offset), on JSON that is not an object or array
   * (MESSAGE_INVALID_JSONLD) and on a message it reads that nests deeper than MAX_JSON_DEPTH
   * (NESTING_LIMIT; parse measures the messages it declines).
   */
  parseFast(text: string): ParsedMessage | undefined {
    return this.fastReader.read(readJson(text));
  }

  /**
   * `parseFast` with the triples of one named graph sent to a sink (FastReader.read) rather than
   * listed in the quads.
   */
  parseFastInto(text: string, into: SinkRequest): ParsedMessage | undefined {
    return this.fastReader.read(readJson(text), into);
  }

  /** Fast path, else jsonld.js toRDF (remote contexts are refused with a ParseError). */
  async parse(text: string): Promise<ParsedMessage> {
    const parsed = readJson(text);
    return this.fastReader.read(parsed) ?? readWithJsonLd(parsed);
  }

  /**
   * Reads a message with jsonld.js only (JSON-LD 1.0 prefix rules, remote contexts refused): the
   * fallback of parse and the reference the fast path is tested against.
   */
  async parseWithJsonLd(text: string): Promise<ParsedMessage> {
    return readWithJsonLd(readJson(text));
  }

  /**
   * Serialises the dataset like the reference (section 5.3): compact JSON-LD with the given
   * prefixes as @context, rdf:type as a property, no native types, named graphs as
   * {"@id": g, "@graph": [...]}, nodes sorted by @id, single values unwrapped, blank nodes
   * relabelled _:b0, _:b1, ... in order of first appearance. Pretty (2-space) by default.
   */
  serialize(quads: readonly RDF.Quad[], prefixes: ReadonlyArray<[string, string]>, options: SerializeOptions = {}): string {
    return writeFast(quads, this.prefixTables.of(prefixes), options.pretty ?? true, options.asJsonString === true);
  }

  /**
   * `serialize` of `quads` plus the triples of `source` in graph `g` (listed after the quads, in
   * the source's order), without a quad per triple: the translation engine writes its payload
   * graph this way, straight from its term ids.
   */
  serializeWithTriples(
    quads: readonly RDF.Quad[],
    g: RDF.Quad_Graph,
    source: TripleSource,
    prefixes: ReadonlyArray<[string, string]>,
    options: SerializeOptions = {},
  ): string {
    return writeFastWithTriples(quads, g, source, this.prefixTables.of(prefixes), options.pretty ?? true, options.asJsonString === true);
  }

  /**
   * The same through jsonld.js: the slow reference implementation, used by tests and as a
   * fallback option; both give the same document.
   */
  async serializeWithJsonLd(quads: readonly RDF.Quad[], prefixes: ReadonlyArray<[string, string]>, options: SerializeOptions = {}): Promise<string> {
    return writeWithJsonLd(quads, this.prefixTables.of(prefixes), options.pretty ?? true, options.asJsonString === true);
  }
}

/** The instance behind the functions below (the translation engine, its worker threads, the server). */
const defaultCodec = new MessageCodec();

/** MessageCodec.parseFast on the shared instance. */
export function parseMessageFast(text: string): ParsedMessage | undefined {
  return defaultCodec.parseFast(text);
}

/** MessageCodec.parseFastInto on the shared instance. */
export function parseMessageFastInto(text: string, into: SinkRequest): ParsedMessage | undefined {
  return defaultCodec.parseFastInto(text, into);
}

/** MessageCodec.parse on the shared instance. */
export async function parseMessage(text: string): Promise<ParsedMessage> {
  return defaultCodec.parse(text);
}

/** MessageCodec.parseWithJsonLd on the shared instance. */
export async function parseMessageWithJsonLd(text: string): Promise<ParsedMessage> {
  return defaultCodec.parseWithJsonLd(text);
}

/** MessageCodec.serialize on the shared instance. */
export function serializeMessage(quads: readonly RDF.Quad[], prefixes: ReadonlyArray<[string, string]>, options: SerializeOptions = {}): string {
  return defaultCodec.serialize(quads, prefixes, options);
}

/** MessageCodec.serializeWithTriples on the shared instance. */
export function serializeMessageWithTriples(
  quads: readonly RDF.Quad[],
  g: RDF.Quad_Graph,
  source: TripleSource,
  prefixes: ReadonlyArray<[string, string]>,
  options: SerializeOptions = {},
): string {
  return defaultCodec.serializeWithTriples(quads, g, source, prefixes, options);
}

/** MessageCodec.serializeWithJsonLd on the shared instance. */
export async function serializeMessageWithJsonLd(
  quads: readonly RDF.Quad[],
  prefixes: ReadonlyArray<[string, string]>,
  options: SerializeOptions = {},
): Promise<string> {
  return defaultCodec.serializeWithJsonLd(quads, prefixes, options);
}
