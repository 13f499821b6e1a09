/**
 * INTER-IoT message codec (reference-mediator.md 5.1-5.3): JSON-LD text <-> RDF dataset.
 *
 * Reading follows JSON-LD 1.0 toRDF semantics as jsonld-java (the reference) applies them. A fast,
 * synchronous path handles the shape every INTER-IoT message has; anything else goes to jsonld.js.
 * The fast path reads: a top-level object with an optional @context of prefix -> absolute IRI
 * strings (no keywords, no term definition objects) and @graph (or a top-level node object); node
 * objects with @id, @type, @graph (named graph; the node's own properties stay in the enclosing
 * graph) and properties keyed by a term, a compact IRI or an absolute IRI (other keys are
 * dropped); values that are strings, numbers, booleans, null, value objects (@value with @type or
 * @language), node objects (embedded or references, blank when without @id), @list objects and
 * arrays of these. Blank node labels become fresh, message-scoped blank nodes. Repeated triples are
 * read once. Anything else (relative IRIs, blank graph names, @vocab, @reverse, nested contexts,
 * ...) makes it decline, and parseMessage hands the document to jsonld.js.
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
import jsonld from 'jsonld';
import type * as RDF from '@rdfjs/types';
import { ErrorCodes, ParseError } from '../errors.js';
import { NS, RDF_TYPE, XSD_STRING, factory, quadToNTriples } from '../rdf/terms.js';
import { isDoubleToken, markNumbers, numberLexical, type JsonNumbers } from './json-numbers.js';

export interface ParsedMessage {
  /** The whole dataset; graph terms are NamedNode for named graphs, DefaultGraph otherwise. */
  quads: RDF.Quad[];
  /** Every string-valued entry of the top-level @context object, in document order (prefix -> IRI). */
  prefixes: Array<[string, string]>;
  /** True when the fast path handled the message. */
  fastPath: boolean;
}

export interface SerializeOptions {
  /** Pretty-print with a 2-space indent (default true), as the reference does. */
  pretty?: boolean;
}

const XSD_INTEGER = `${NS.xsd}integer`;
const XSD_DOUBLE = `${NS.xsd}double`;
const XSD_BOOLEAN = `${NS.xsd}boolean`;
const RDF_FIRST = `${NS.rdf}first`;
const RDF_REST = `${NS.rdf}rest`;
const RDF_NIL = `${NS.rdf}nil`;

const rdfTypeNode = factory.namedNode(RDF_TYPE);
const xsdIntegerNode = factory.namedNode(XSD_INTEGER);
const xsdDoubleNode = factory.namedNode(XSD_DOUBLE);
const xsdBooleanNode = factory.namedNode(XSD_BOOLEAN);
const rdfFirstNode = factory.namedNode(RDF_FIRST);
const rdfRestNode = factory.namedNode(RDF_REST);
const rdfNilNode = factory.namedNode(RDF_NIL);
const defaultGraphTerm = factory.defaultGraph();

/** Size limits of the module-level caches (IRI compaction per prefix list; recent lists). */
const CACHE_LIMIT = 10_000;
const RECENT_LIMIT = 32;
const GEN_DELIM_END = /[:/?#[\]@]$/;

// ---------------------------------------------------------------------------------------------
// JSON

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/**
 * The offset of the first JSON syntax error in `text` (a small validating scanner), for the V8
 * messages that carry no position ("Unexpected token 'o', ..."); undefined when it finds none.
 */
function jsonErrorOffset(text: string): number | undefined {
  const n = text.length;
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= n) fail();
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) fail();
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          i++;
          fail();
        }
      } else {
        i++;
      }
    }
  };
  const word = (w: string): void => {
    for (let k = 0; k < w.length; k++, i++) if (text[i] !== w[k]) fail();
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
    else fail();
    if (text[i] === '.') {
      i++;
      if (!isDigit(text.charCodeAt(i))) fail();
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(text.charCodeAt(i))) fail();
      while (isDigit(text.charCodeAt(i))) i++;
    }
  };
  const value = (): void => {
    ws();
    if (i >= n) fail();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') string();
    else if (c === 't') word('true');
    else if (c === 'f') word('false');
    else if (c === 'n') word('null');
    else number();
  };
  try {
    value();
    ws();
    if (i < n) fail();
    return undefined;
  } catch (offset) {
    return typeof offset === 'number' ? offset : undefined; // RangeError: nested too deeply
  }
}

function notJson(text: string, error: unknown): ParseError {
  const detail = error instanceof Error ? error.message : String(error);
  let where: { line: number; column: number } | undefined;
  const lc = /\(line (\d+) column (\d+)\)/.exec(detail);
  const pos = /at position (\d+)/.exec(detail);
  if (lc !== null) where = { line: Number(lc[1]), column: Number(lc[2]) };
  else if (pos !== null) where = lineColumn(text, Number(pos[1]));
  else {
    const offset = jsonErrorOffset(text);
    if (offset !== undefined) where = lineColumn(text, offset);
  }
  return new ParseError(`Message is not JSON: ${detail}`, {
    code: ErrorCodes.messageNotJson,
    cause: error,
    ...(where ?? {}),
  });
}

/**
 * A message text parsed by JSON.parse as it stands, and, on first demand, with its number tokens
 * as markers (json-numbers.ts). Numbers never reach an RDF term from the plain parse: the fast
 * parser asks for the marked form when it meets one, and jsonld.js always gets the marked form.
 * Most messages have no JSON numbers, and so never pay for the scan.
 */
class JsonDocument {
  private marked: { doc: object; numbers: JsonNumbers | undefined } | undefined;

  constructor(
    readonly text: string,
    readonly plain: object,
  ) {}

  withNumbers(): { doc: object; numbers: JsonNumbers | undefined } {
    return (this.marked ??= markNumbers(this.text, this.plain));
  }
}

/** JSON.parse with the mediator's errors; the result is an object or an array. */
function parseJson(text: string): JsonDocument {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw notJson(text, error);
  }
  if (typeof doc !== 'object' || doc === null) {
    throw new ParseError(
      `Message is JSON but not JSON-LD: the top level is ${doc === null ? 'null' : typeof doc}, not an object or array`,
      { code: ErrorCodes.messageInvalidJsonLd },
    );
  }
  return new JsonDocument(text, doc);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every string-valued entry of the top-level @context (of each object in a @context array). */
function collectPrefixes(doc: object): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!isPlainObject(doc)) return out;
  const ctx = doc['@context'];
  const objects = Array.isArray(ctx) ? ctx : [ctx];
  for (const c of objects) {
    if (!isPlainObject(c)) continue;
    for (const key in c) {
      const v = c[key];
      if (typeof v === 'string') out.push([key, v]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fast parser

/** Thrown inside the fast parser when the document needs the full JSON-LD processor. */
const UNSUPPORTED = Symbol('unsupported');
/** Thrown inside the fast parser when it meets a JSON number in a document parsed without markers. */
const NEEDS_NUMBERS = Symbol('needs numbers');

let blankCounter = 0;
/** A fresh blank-node label, unique in this process (so messages never share blank nodes). */
function freshBlank(): RDF.BlankNode {
  return factory.blankNode(`jb${(blankCounter++).toString(36)}`);
}

/** The quads of one subject in one graph, for deduplication. */
interface Bucket {
  readonly predicates: RDF.NamedNode[];
  readonly objects: RDF.Quad_Object[];
}

/** True for the characters JavaScript's \s matches (jsonld.js rejects IRIs containing them). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0x80 &&
      (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
        c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff))
  );
}

/** jsonld.js's absolute-IRI test (url.js: `^([A-Za-z][A-Za-z0-9+-.]*|_):[^\s]*$`) without a RegExp. */
function isAbsoluteIri(s: string, colon: number): boolean {
  const first = s.charCodeAt(0);
  if (colon === 1 && first === 95) return !hasSpace(s, 2);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return false;
  for (let i = 1; i < colon; i++) {
    const c = s.charCodeAt(i);
    // letters, digits and the range '+' to '.' (+ , - .), as in jsonld.js's class [A-Za-z0-9+-.]
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 43 && c <= 46))) return false;
  }
  return !hasSpace(s, colon + 1);
}

function hasSpace(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 32 || c >= 0x80) {
      if (isSpace(c)) return true;
    }
  }
  return false;
}

/**
 * A validated prefix-only context, kept while messages keep using it, with the expansions done
 * under it (RDF terms are immutable values, so messages may share NamedNodes).
 */
interface FastContext {
  readonly entries: ReadonlyArray<readonly [string, string]>;
  readonly terms: Map<string, string>;
  /** Raw compact or absolute IRI -> its NamedNode. */
  readonly curies: Map<string, RDF.NamedNode>;
  /** Term -> its NamedNode. */
  readonly termNodes: Map<string, RDF.NamedNode>;
}

function newFastContext(terms: Map<string, string>): FastContext {
  return { entries: [...terms], terms, curies: new Map(), termNodes: new Map() };
}

class FastParser {
  readonly quads: RDF.Quad[] = [];
  private readonly blanks = new Map<string, RDF.BlankNode>();
  private readonly terms: Map<string, string>;
  private readonly curies: Map<string, RDF.NamedNode>;
  /** Graph IRI ('' for the default graph) -> subject (IRI string or BlankNode) -> its quads. */
  private readonly buckets = new Map<string, Map<string | RDF.BlankNode, Bucket>>();

  constructor(
    private readonly context: FastContext,
    /** The number table, or null when the document was parsed without markers. */
    private readonly numbers: JsonNumbers | undefined | null,
  ) {
    this.terms = context.terms;
    this.curies = context.curies;
  }

  /** The NamedNode of a term, or undefined when `value` is not a term. */
  private term(value: string): RDF.NamedNode | undefined {
    const termNodes = this.context.termNodes;
    let node = termNodes.get(value);
    if (node === undefined) {
      const iri = this.terms.get(value);
      if (iri === undefined) return undefined;
      node = factory.namedNode(iri);
      termNodes.set(value, node);
    }
    return node;
  }

  /** A compact IRI or an absolute IRI (never a term): the part shared by @id and vocab expansion. */
  private curie(value: string): RDF.NamedNode {
    let node = this.curies.get(value);
    if (node !== undefined) return node;
    const colon = value.indexOf(':');
    if (colon <= 0) throw UNSUPPORTED; // relative IRI: left to jsonld.js
    let expanded: string | undefined;
    // `prefix://...` is an absolute IRI, never a compact one.
    if (!(value.charCodeAt(colon + 1) === 47 && value.charCodeAt(colon + 2) === 47)) {
      const base = this.terms.get(value.slice(0, colon));
      if (base !== undefined) {
        if (hasSpace(value, colon + 1)) throw UNSUPPORTED;
        expanded = base + value.slice(colon + 1);
      }
    }
    if (expanded === undefined) {
      if (!isAbsoluteIri(value, colon)) throw UNSUPPORTED;
      expanded = value;
    }
    node = factory.namedNode(expanded);
    if (this.curies.size >= CACHE_LIMIT) this.curies.clear();
    this.curies.set(value, node);
    return node;
  }

  private blank(label: string): RDF.BlankNode {
    let node = this.blanks.get(label);
    if (node === undefined) {
      node = freshBlank();
      this.blanks.set(label, node);
    }
    return node;
  }

  /** An @id value: blank node label, compact IRI or absolute IRI (document-relative: no terms). */
  private idTerm(value: unknown): RDF.NamedNode | RDF.BlankNode {
    if (typeof value !== 'string') throw UNSUPPORTED;
    if (value.charCodeAt(0) === 95 && value.charCodeAt(1) === 58) return this.blank(value);
    return this.curie(value);
  }

  /** An @type value (vocabulary-relative: a term, a compact IRI, an absolute IRI or a blank node). */
  private typeTerm(value: unknown): RDF.NamedNode | RDF.BlankNode {
    if (typeof value !== 'string') throw UNSUPPORTED;
    // Terms never contain ':' (such contexts are left to jsonld.js).
    if (!value.includes(':')) {
      const term = this.term(value);
      if (term !== undefined) return term;
    }
    if (value.charCodeAt(0) === 95 && value.charCodeAt(1) === 58) return this.blank(value);
    return this.curie(value);
  }

  /** A property key; undefined when JSON-LD drops it (no colon and not a term). */
  private predicate(key: string): RDF.NamedNode | undefined {
    const colon = key.indexOf(':');
    if (colon < 0) return this.term(key);
    if (colon === 1 && key.charCodeAt(0) === 95) throw UNSUPPORTED; // blank-node predicate
    return this.curie(key);
  }

  private bucket(s: RDF.NamedNode | RDF.BlankNode, g: RDF.Quad_Graph): Bucket {
    const graphKey = g.termType === 'DefaultGraph' ? '' : g.value;
    let subjects = this.buckets.get(graphKey);
    if (subjects === undefined) {
      subjects = new Map();
      this.buckets.set(graphKey, subjects);
    }
    const subjectKey = s.termType === 'NamedNode' ? s.value : s;
    let bucket = subjects.get(subjectKey);
    if (bucket === undefined) {
      bucket = { predicates: [], objects: [] };
      subjects.set(subjectKey, bucket);
    }
    return bucket;
  }

  /** Adds a quad unless the dataset has it already. */
  private emit(bucket: Bucket, s: RDF.Quad_Subject, p: RDF.NamedNode, o: RDF.Quad_Object, g: RDF.Quad_Graph): void {
    const { predicates, objects } = bucket;
    for (let i = 0; i < predicates.length; i++) {
      const q = predicates[i] as RDF.NamedNode;
      if (q !== p && q.value !== p.value) continue;
      const other = objects[i] as RDF.Quad_Object;
      if (other === o || o.equals(other)) return;
    }
    predicates.push(p);
    objects.push(o);
    this.quads.push(factory.quad(s, p, o, g));
  }

  /** Processes a node object into graph `g`; returns its subject. */
  node(obj: Record<string, unknown>, g: RDF.Quad_Graph, top = false): RDF.NamedNode | RDF.BlankNode {
    const rawId = obj['@id'];
    const subject = rawId === undefined ? freshBlank() : this.idTerm(rawId);
    const bucket = this.bucket(subject, g);
    let graph: unknown;
    for (const key in obj) {
      const value = obj[key];
      if (key.charCodeAt(0) === 64) {
        switch (key) {
          case '@id':
            break;
          case '@type':
            if (Array.isArray(value)) {
              for (const t of value) this.emit(bucket, subject, rdfTypeNode, this.typeTerm(t), g);
            } else {
              this.emit(bucket, subject, rdfTypeNode, this.typeTerm(value), g);
            }
            break;
          case '@graph':
            graph = value;
            break;
          case '@context':
            if (top) break;
            throw UNSUPPORTED;
          default:
            throw UNSUPPORTED;
        }
        continue;
      }
      const p = this.predicate(key);
      if (p === undefined) continue;
      if (Array.isArray(value)) {
        for (const item of value) {
          if (Array.isArray(item)) throw UNSUPPORTED;
          const o = this.object(item, g, false);
          if (o !== undefined) this.emit(bucket, subject, p, o, g);
        }
      } else {
        const o = this.object(value, g, false);
        if (o !== undefined) this.emit(bucket, subject, p, o, g);
      }
    }
    if (graph !== undefined) {
      // A named graph; a blank-node graph name is left to jsonld.js.
      if (subject.termType !== 'NamedNode') throw UNSUPPORTED;
      this.graphItems(graph, subject);
    }
    return subject;
  }

  graphItems(items: unknown, g: RDF.Quad_Graph): void {
    if (items === null) return;
    if (Array.isArray(items)) {
      for (const item of items) {
        if (item === null) continue;
        if (!isPlainObject(item)) throw UNSUPPORTED;
        this.node(item, g);
      }
    } else if (isPlainObject(items)) {
      this.node(items, g);
    } else {
      throw UNSUPPORTED;
    }
  }

  /** The RDF term of a property value (undefined for null values, which JSON-LD drops). */
  private object(v: unknown, g: RDF.Quad_Graph, inList: boolean): RDF.Quad_Object | undefined {
    switch (typeof v) {
      case 'string':
        return factory.literal(v);
      case 'number':
        return this.number(v, undefined);
      case 'boolean':
        return factory.literal(v ? 'true' : 'false', xsdBooleanNode);
      case 'object': {
        if (v === null) return undefined;
        if (Array.isArray(v)) throw UNSUPPORTED;
        const obj = v as Record<string, unknown>;
        if ('@value' in obj) return this.valueObject(obj);
        if ('@list' in obj) {
          if (inList) throw UNSUPPORTED; // lists of lists: not JSON-LD 1.0
          for (const key in obj) if (key !== '@list') throw UNSUPPORTED;
          return this.list(obj['@list'], g);
        }
        return this.node(obj, g);
      }
      default:
        throw UNSUPPORTED;
    }
  }

  /** An RDF collection (blank rdf:first/rdf:rest nodes ending in rdf:nil); returns its head. */
  private list(items: unknown, g: RDF.Quad_Graph): RDF.NamedNode | RDF.BlankNode {
    const terms: RDF.Quad_Object[] = [];
    for (const item of Array.isArray(items) ? items : [items]) {
      if (Array.isArray(item)) throw UNSUPPORTED;
      const term = this.object(item, g, true);
      if (term !== undefined) terms.push(term);
    }
    let head: RDF.NamedNode | RDF.BlankNode = rdfNilNode;
    for (let i = terms.length - 1; i >= 0; i--) {
      const cell = freshBlank();
      this.quads.push(factory.quad(cell, rdfFirstNode, terms[i] as RDF.Quad_Object, g));
      this.quads.push(factory.quad(cell, rdfRestNode, head, g));
      head = cell;
    }
    return head;
  }

  /** A JSON number (a marker for its token) as jsonld-java makes it a literal (json-numbers.ts). */
  private number(v: number, datatype: RDF.NamedNode | undefined): RDF.Literal {
    if (this.numbers === null) throw NEEDS_NUMBERS;
    // Every number of a marked document is a marker; String(v) only guards against a scanner bug.
    const token = this.numbers?.token(v) ?? String(v);
    const type = datatype ?? (isDoubleToken(token) ? xsdDoubleNode : xsdIntegerNode);
    return factory.literal(numberLexical(token, type.value), type);
  }

  private valueObject(obj: Record<string, unknown>): RDF.Literal | undefined {
    let value: unknown;
    let type: unknown;
    let language: unknown;
    for (const key in obj) {
      if (key === '@value') value = obj[key];
      else if (key === '@type') type = obj[key];
      else if (key === '@language') language = obj[key];
      else throw UNSUPPORTED;
    }
    if (value === null) return undefined;
    if (language !== undefined) {
      if (typeof language !== 'string' || language === '' || typeof value !== 'string' || type !== undefined) {
        throw UNSUPPORTED;
      }
      return factory.literal(value, language);
    }
    let datatype: RDF.NamedNode | undefined;
    if (type !== undefined) {
      const t = this.typeTerm(type);
      if (t.termType !== 'NamedNode') throw UNSUPPORTED;
      datatype = t;
    }
    switch (typeof value) {
      case 'string':
        // The lexical form is kept, even for xsd:double (jsonld-java; jsonld.js would canonicalise).
        return datatype === undefined ? factory.literal(value) : factory.literal(value, datatype);
      case 'number':
        return this.number(value, datatype);
      case 'boolean':
        return factory.literal(value ? 'true' : 'false', datatype ?? xsdBooleanNode);
      default:
        throw UNSUPPORTED;
    }
  }
}

/** The prefix map of a prefix-only @context; undefined when the context needs jsonld.js. */
function buildFastContext(ctx: Record<string, unknown>): Map<string, string> | undefined {
  const terms = new Map<string, string>();
  for (const key in ctx) {
    const v = ctx[key];
    // Keywords (@vocab, @base, @language, ...), compact-IRI-like terms and term definition objects
    // are left to jsonld.js.
    if (typeof v !== 'string' || key === '' || key.charCodeAt(0) === 64 || key.includes(':')) return undefined;
    terms.set(key, v);
  }
  // Each value must be an absolute IRI as it stands (not a compact IRI using another entry).
  for (const v of terms.values()) {
    const colon = v.indexOf(':');
    if (colon <= 0 || !isAbsoluteIri(v, colon)) return undefined;
    const scheme = v.slice(0, colon);
    if (scheme === '_') return undefined;
    if (terms.has(scheme) && !(v.charCodeAt(colon + 1) === 47 && v.charCodeAt(colon + 2) === 47)) return undefined;
  }
  return terms;
}

/** Recently seen prefix contexts (most recent first): messages of one source repeat theirs. */
const recentContexts: FastContext[] = [];
const EMPTY_CONTEXT = newFastContext(new Map());

function matchesEntries(ctx: Record<string, unknown>, entries: ReadonlyArray<readonly [string, string]>): boolean {
  let i = 0;
  for (const key in ctx) {
    const entry = entries[i++];
    if (entry === undefined || entry[0] !== key || entry[1] !== ctx[key]) return false;
  }
  return i === entries.length;
}

function fastContext(ctx: unknown): FastContext | undefined {
  if (ctx === undefined || ctx === null) return EMPTY_CONTEXT;
  if (!isPlainObject(ctx)) return undefined;
  for (let i = 0; i < recentContexts.length; i++) {
    const recent = recentContexts[i] as FastContext;
    if (matchesEntries(ctx, recent.entries)) {
      if (i > 0) {
        recentContexts.splice(i, 1);
        recentContexts.unshift(recent);
      }
      return recent;
    }
  }
  const terms = buildFastContext(ctx);
  if (terms === undefined) return undefined;
  const context = newFastContext(terms);
  recentContexts.unshift(context);
  if (recentContexts.length > RECENT_LIMIT) recentContexts.pop();
  return context;
}

/** The fast path: the plain parse first, the marked one only when the message has JSON numbers. */
function fastFrom(parsed: JsonDocument): ParsedMessage | undefined {
  const result = fastFromDoc(parsed.plain, null);
  if (result !== NEEDS_NUMBERS) return result;
  const { doc, numbers } = parsed.withNumbers();
  return fastFromDoc(doc, numbers) as ParsedMessage | undefined;
}

function fastFromDoc(doc: object, numbers: JsonNumbers | undefined | null): ParsedMessage | undefined | typeof NEEDS_NUMBERS {
  if (!isPlainObject(doc)) return undefined;
  const context = fastContext(doc['@context']);
  if (context === undefined) return undefined;
  const parser = new FastParser(context, numbers);
  try {
    let onlyGraph = true;
    for (const key in doc) {
      if (key !== '@context' && key !== '@graph') {
        onlyGraph = false;
        break;
      }
    }
    if (onlyGraph) {
      const graph = doc['@graph'];
      if (graph !== undefined) parser.graphItems(graph, defaultGraphTerm);
    } else {
      parser.node(doc, defaultGraphTerm, true);
    }
  } catch (error) {
    if (error === UNSUPPORTED) return undefined;
    if (error === NEEDS_NUMBERS) return NEEDS_NUMBERS;
    throw error;
  }
  const prefixes: Array<[string, string]> = [];
  for (const [k, v] of context.entries) prefixes.push([k, v]);
  return { quads: parser.quads, prefixes, fastPath: true };
}

/**
 * Sync fast path: returns undefined if the document uses anything it does not support (then call
 * parseMessage). Throws ParseError on invalid JSON (MESSAGE_NOT_JSON, with line and column when
 * the JSON parser reports an offset) and on JSON that is not an object or array
 * (MESSAGE_INVALID_JSONLD).
 */
export function parseMessageFast(text: string): ParsedMessage | undefined {
  return fastFrom(parseJson(text));
}

// ---------------------------------------------------------------------------------------------
// jsonld.js

/** Refuses every remote context: messages are read offline. */
async function refuseRemote(url: string): Promise<never> {
  throw new ParseError(
    `Message refers to the remote JSON-LD context ${url}; remote contexts are never loaded (use an inline @context)`,
    { code: ErrorCodes.messageInvalidJsonLd },
  );
}

/** Our own ParseError somewhere in jsonld.js's cause chain (it wraps loader errors). */
function findParseError(error: unknown, depth = 0): ParseError | undefined {
  if (error instanceof ParseError) return error;
  if (depth > 8 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { cause?: unknown; details?: { cause?: unknown } };
  return findParseError(e.cause, depth + 1) ?? findParseError(e.details?.cause, depth + 1);
}

/** A context object with every plain prefix entry marked `@prefix: true` (JSON-LD 1.0 prefix rules). */
function flagPrefixes(ctx: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in ctx) {
    const v = ctx[key];
    out[key] =
      typeof v === 'string' &&
      key !== '' &&
      !key.startsWith('@') &&
      !key.includes(':') &&
      !key.includes('/') &&
      !v.startsWith('@') &&
      !v.startsWith('_:') &&
      !GEN_DELIM_END.test(v)
        ? { '@id': v, '@prefix': true }
        : v;
  }
  return out;
}

function withFlaggedPrefixes(doc: object): object {
  if (!isPlainObject(doc)) return doc;
  const ctx = doc['@context'];
  if (isPlainObject(ctx)) return { ...doc, '@context': flagPrefixes(ctx) };
  if (Array.isArray(ctx)) return { ...doc, '@context': ctx.map((c) => (isPlainObject(c) ? flagPrefixes(c) : c)) };
  return doc;
}

interface JsonLdTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}
interface JsonLdQuad {
  subject: JsonLdTerm;
  predicate: JsonLdTerm;
  object: JsonLdTerm;
  graph: JsonLdTerm;
}

/** Markers inside @context objects back to the numbers the message wrote (`"@version": 1.1`). */
function restoreContextNumbers(v: unknown, numbers: JsonNumbers, inContext: boolean): unknown {
  if (typeof v === 'number') return inContext ? numbers.value(v) : v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = restoreContextNumbers(v[i], numbers, inContext);
  } else if (isPlainObject(v)) {
    for (const key in v) v[key] = restoreContextNumbers(v[key], numbers, inContext || key === '@context');
  }
  return v;
}

const RDF_JSON = `${NS.rdf}JSON`;

/**
 * jsonld.js toRDF, with every plain prefix flagged `@prefix: true` (JSON-LD 1.0 compact IRIs) and
 * remote contexts refused. JSON numbers reach jsonld.js as markers (json-numbers.ts), so its type
 * coercions apply to them as to any number, and the literals it makes of them get the lexical
 * form jsonld-java gives the token. Deviation from the reference kept here: jsonld.js rewrites a
 * typed xsd:double *string* to its canonical form with 16 significant digits
 * ({"@value":"21.5","@type":"xsd:double"} reads as "2.15E1", where jsonld-java and the fast path
 * keep "21.5"; "0.30000000000000004" becomes "3.0E-1"). Only messages the fast path declines come
 * here.
 */
async function parseWithJsonLd(parsed: JsonDocument): Promise<ParsedMessage> {
  const { doc, numbers } = parsed.withNumbers();
  if (numbers !== undefined) restoreContextNumbers(doc, numbers, false);
  let dataset: JsonLdQuad[];
  try {
    dataset = (await jsonld.toRDF(withFlaggedPrefixes(doc) as jsonld.JsonLdDocument, {
      documentLoader: refuseRemote,
    } as jsonld.Options.ToRdf)) as unknown as JsonLdQuad[];
  } catch (error) {
    const own = findParseError(error);
    if (own !== undefined) throw own;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ParseError(`Message is not valid JSON-LD: ${detail}`, {
      code: ErrorCodes.messageInvalidJsonLd,
        cause: error,
    });
  }
  const blanks = new Map<string, RDF.BlankNode>();
  const node = (t: JsonLdTerm): RDF.NamedNode | RDF.BlankNode => {
    if (t.termType !== 'BlankNode') return factory.namedNode(t.value);
    let b = blanks.get(t.value);
    if (b === undefined) {
      b = freshBlank();
      blanks.set(t.value, b);
    }
    return b;
  };
  const quads: RDF.Quad[] = [];
  const seen = new Set<string>();
  for (const q of dataset) {
    const o = q.object;
    let object: RDF.Quad_Object;
    if (o.termType === 'Literal') {
      const dt = o.datatype?.value ?? XSD_STRING;
      let lexical = o.value;
      if (numbers !== undefined && dt !== XSD_STRING && (o.language === undefined || o.language === '')) {
        if (dt === RDF_JSON) {
          lexical = numbers.restoreInJson(lexical);
        } else {
          const token = numbers.tokenOfLiteral(lexical);
          if (token !== undefined) lexical = numberLexical(token, dt);
        }
      }
      object =
        o.language !== undefined && o.language !== ''
          ? factory.literal(o.value, o.language)
          : dt === XSD_STRING
            ? factory.literal(o.value)
            : factory.literal(lexical, factory.namedNode(dt));
    } else {
      object = node(o);
    }
    const graph = q.graph.termType === 'DefaultGraph' ? defaultGraphTerm : node(q.graph);
    const quad = factory.quad(node(q.subject), factory.namedNode(q.predicate.value), object, graph);
    // jsonld.js may state a triple twice (e.g. @type and an explicit rdf:type); a dataset is a set.
    const key = quadToNTriples(quad, true);
    if (seen.has(key)) continue;
    seen.add(key);
    quads.push(quad);
  }
  return { quads, prefixes: collectPrefixes(doc), fastPath: false };
}

/**
 * Reads a message with jsonld.js only (JSON-LD 1.0 prefix rules, remote contexts refused): the
 * fallback of parseMessage and the reference the fast path is tested against.
 */
export async function parseMessageWithJsonLd(text: string): Promise<ParsedMessage> {
  return parseWithJsonLd(parseJson(text));
}

/** Fast path, else jsonld.js toRDF (remote contexts are refused with a ParseError). */
export async function parseMessage(text: string): Promise<ParsedMessage> {
  const parsed = parseJson(text);
  return fastFrom(parsed) ?? parseWithJsonLd(parsed);
}

// ---------------------------------------------------------------------------------------------
// Serialisation

/** Blank nodes relabelled _:b0, _:b1, ... in order of first appearance (graph, subject, object). */
class BlankLabels {
  private readonly labels = new Map<string, string>();

  label(value: string): string {
    let label = this.labels.get(value);
    if (label === undefined) {
      label = `_:b${this.labels.size}`;
      this.labels.set(value, label);
    }
    return label;
  }
}

/** Per prefix list: the output context and the IRI compaction tables (JSON-LD 1.0 rules). */
interface PrefixData {
  readonly context: Record<string, string>;
  readonly hasContext: boolean;
  /** IRI -> term (shortest, then least), for vocabulary-relative compaction. */
  readonly exact: Map<string, string>;
  /** [term, IRI] usable as compact-IRI prefixes. */
  readonly prefixes: ReadonlyArray<readonly [string, string]>;
  readonly keys: Set<string>;
  readonly vocabCache: Map<string, string>;
  readonly idCache: Map<string, string>;
}

/** Recently used prefix lists (most recent first), compared entry by entry: cheaper than a key. */
const recentPrefixData: Array<{ list: ReadonlyArray<readonly [string, string]>; data: PrefixData }> = [];

function sameList(a: ReadonlyArray<readonly [string, string]>, b: ReadonlyArray<readonly [string, string]>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as readonly [string, string];
    const y = b[i] as readonly [string, string];
    if (x[0] !== y[0] || x[1] !== y[1]) return false;
  }
  return true;
}

function shorterOrLess(a: string, b: string): boolean {
  return a.length < b.length || (a.length === b.length && a < b);
}

function buildPrefixData(list: ReadonlyArray<[string, string]>): PrefixData {
  // Keyword entries (`@vocab`, `@language`, `@base` from a message read by jsonld.js) are not
  // prefixes: written back they would change what the output means.
  const context: Record<string, string> = {};
  for (const [k, v] of list) if (!k.startsWith('@')) context[k] = v;
  const exact = new Map<string, string>();
  const prefixes: Array<readonly [string, string]> = [];
  const keys = new Set<string>();
  for (const key in context) {
    const iri = context[key] ?? '';
    keys.add(key);
    if (key === '' || key.startsWith('@') || iri === '' || iri.startsWith('@')) continue;
    const current = exact.get(iri);
    if (current === undefined || shorterOrLess(key, current)) exact.set(iri, key);
    if (!key.includes(':')) prefixes.push([key, iri]);
  }
  return {
    context,
    hasContext: keys.size > 0,
    exact,
    prefixes,
    keys,
    vocabCache: new Map(),
    idCache: new Map(),
  };
}

function prefixData(list: ReadonlyArray<[string, string]>): PrefixData {
  // Compared by content every time (not cached by array identity): callers may edit their arrays.
  let data: PrefixData | undefined;
  for (let i = 0; i < recentPrefixData.length; i++) {
    const recent = recentPrefixData[i] as { list: ReadonlyArray<readonly [string, string]>; data: PrefixData };
    if (sameList(recent.list, list)) {
      data = recent.data;
      if (i > 0) {
        recentPrefixData.splice(i, 1);
        recentPrefixData.unshift(recent);
      }
      break;
    }
  }
  if (data === undefined) {
    data = buildPrefixData(list);
    // A private copy: the caller may change its array later.
    recentPrefixData.unshift({ list: list.map(([k, v]): readonly [string, string] => [k, v]), data });
    if (recentPrefixData.length > RECENT_LIMIT) recentPrefixData.pop();
  }
  return data;
}

/** JSON-LD 1.0 IRI compaction with a prefix-only context (vocab: terms may stand for whole IRIs). */
function compactIri(data: PrefixData, iri: string, vocab: boolean): string {
  const cache = vocab ? data.vocabCache : data.idCache;
  const hit = cache.get(iri);
  if (hit !== undefined) return hit;
  let result = vocab ? data.exact.get(iri) : undefined;
  if (result === undefined) {
    let best: string | undefined;
    for (const [term, prefix] of data.prefixes) {
      if (iri.length <= prefix.length || !iri.startsWith(prefix)) continue;
      // `term://...` would read back as an absolute IRI.
      if (iri.charCodeAt(prefix.length) === 47 && iri.charCodeAt(prefix.length + 1) === 47) continue;
      const curie = `${term}:${iri.slice(prefix.length)}`;
      if (data.keys.has(curie)) continue;
      if (best === undefined || shorterOrLess(curie, best)) best = curie;
    }
    result = best ?? iri;
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(iri, result);
  return result;
}

const V_ID = 0;
const V_LITERAL = 1;
const V_LIST = 2;

/** One object value of a node (a mutable record: list conversion rewrites it in place). */
interface Value {
  kind: number;
  /** Node id (IRI or `_:bN`) or literal lexical form. */
  value: string;
  language: string;
  datatype: string;
  items: Value[] | undefined;
}

interface NodeRecord {
  readonly id: string;
  readonly props: Map<string, Value[]>;
}

interface Usage {
  readonly node: NodeRecord;
  readonly property: string;
  readonly value: Value;
}

interface GraphRecord {
  readonly nodes: Map<string, NodeRecord>;
  nilUsages: Usage[] | undefined;
}

function newGraph(): GraphRecord {
  return { nodes: new Map(), nilUsages: undefined };
}

function getNode(graph: GraphRecord, id: string): NodeRecord {
  let node = graph.nodes.get(id);
  if (node === undefined) {
    node = { id, props: new Map() };
    graph.nodes.set(id, node);
  }
  return node;
}

function isBlankId(id: string): boolean {
  return id.charCodeAt(0) === 95 && id.charCodeAt(1) === 58;
}

function sameValue(a: Value, b: Value): boolean {
  return a.kind === b.kind && a.value === b.value && a.language === b.language && a.datatype === b.datatype;
}

/** Builds jsonld.js-style node maps (fromRDF with useRdfType), lists folded into @list values. */
function nodeMaps(quads: readonly RDF.Quad[]): Map<string, GraphRecord> {
  const labels = new BlankLabels();
  const graphs = new Map<string, GraphRecord>();
  const defaultGraph = newGraph();
  graphs.set('@default', defaultGraph);
  // Only blank nodes can be list nodes, so only their references are counted.
  const referencedOnce = new Map<string, Usage | false>();
  let lastGraphTerm: RDF.Term | undefined;
  let graph = defaultGraph;
  let lastSubject: RDF.Term | undefined;
  let node: NodeRecord | undefined;
  for (const q of quads) {
    const g = q.graph;
    if (g !== lastGraphTerm) {
      lastGraphTerm = g;
      lastSubject = undefined;
      const name = g.termType === 'DefaultGraph' ? '@default' : g.termType === 'BlankNode' ? labels.label(g.value) : g.value;
      let found = graphs.get(name);
      if (found === undefined) {
        found = newGraph();
        graphs.set(name, found);
        if (name !== '@default') getNode(defaultGraph, name);
      }
      graph = found;
    }
    const s = q.subject;
    if (s !== lastSubject || node === undefined) {
      lastSubject = s;
      node = getNode(graph, s.termType === 'BlankNode' ? labels.label(s.value) : s.value);
    }
    const o = q.object;
    let value: Value;
    if (o.termType === 'Literal') {
      const language = o.language;
      value = {
        kind: V_LITERAL,
        value: o.value,
        language,
        datatype: language === '' ? o.datatype.value : '',
        items: undefined,
      };
    } else {
      value = {
        kind: V_ID,
        value: o.termType === 'BlankNode' ? labels.label(o.value) : o.value,
        language: '',
        datatype: '',
        items: undefined,
      };
    }
    const p = q.predicate.value;
    let values = node.props.get(p);
    if (values === undefined) {
      values = [value];
      node.props.set(p, values);
    } else {
      let duplicate = false;
      for (let i = 0; i < values.length; i++) {
        if (sameValue(values[i] as Value, value)) {
          duplicate = true;
          break;
        }
      }
      if (duplicate) continue; // a dataset holds each quad once
      values.push(value);
    }
    if (value.kind === V_ID) {
      const objectId = value.value;
      if (objectId === RDF_NIL) {
        (graph.nilUsages ??= []).push({ node, property: p, value });
      } else if (o.termType === 'BlankNode') {
        referencedOnce.set(objectId, referencedOnce.has(objectId) ? false : { node, property: p, value });
      }
    }
  }
  // Fold well-formed RDF lists (fromRDF, JSON-LD 1.0/1.1 "convert linked lists").
  for (const graph of graphs.values()) {
    if (graph.nilUsages === undefined) continue;
    for (const start of graph.nilUsages) {
      let node = start.node;
      let property = start.property;
      let head = start.value;
      const list: Value[] = [];
      const listNodes: string[] = [];
      for (;;) {
        if (property !== RDF_REST || !isBlankId(node.id) || node.props.size !== 2) break;
        const usage = referencedOnce.get(node.id);
        const first = node.props.get(RDF_FIRST);
        const rest = node.props.get(RDF_REST);
        if (usage === undefined || usage === false || first?.length !== 1 || rest?.length !== 1) break;
        list.push(first[0] as Value);
        listNodes.push(node.id);
        node = usage.node;
        property = usage.property;
        head = usage.value;
        if (!isBlankId(node.id)) break;
      }
      head.kind = V_LIST;
      head.value = '';
      head.items = list.reverse();
      for (const id of listNodes) graph.nodes.delete(id);
    }
    graph.nilUsages = undefined;
  }
  return graphs;
}

function compactValue(data: PrefixData, v: Value): unknown {
  if (v.kind === V_ID) return { '@id': isBlankId(v.value) ? v.value : compactIri(data, v.value, false) };
  if (v.kind === V_LIST) return { '@list': (v.items ?? []).map((item) => compactValue(data, item)) };
  if (v.language !== '') return { '@language': v.language, '@value': v.value };
  if (v.datatype === XSD_STRING) return v.value;
  return { '@type': compactIri(data, v.datatype, true), '@value': v.value };
}

function compactNode(data: PrefixData, node: NodeRecord, graph: unknown[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (graph !== undefined) out['@graph'] = graph;
  out['@id'] = isBlankId(node.id) ? node.id : compactIri(data, node.id, false);
  const predicates = [...node.props.keys()].sort();
  for (const p of predicates) {
    const values = node.props.get(p) ?? [];
    const key = compactIri(data, p, true);
    if (values.length === 1) {
      out[key] = compactValue(data, values[0] as Value);
    } else {
      const arr: unknown[] = new Array(values.length);
      for (let i = 0; i < values.length; i++) arr[i] = compactValue(data, values[i] as Value);
      out[key] = arr;
    }
  }
  return out;
}

function graphNodes(data: PrefixData, graph: GraphRecord): unknown[] {
  const out: unknown[] = [];
  for (const id of [...graph.nodes.keys()].sort()) {
    const node = graph.nodes.get(id) as NodeRecord;
    if (node.props.size > 0) out.push(compactNode(data, node, undefined));
  }
  return out;
}

function finish(doc: Record<string, unknown>, data: PrefixData, pretty: boolean): string {
  if (data.hasContext) doc['@context'] = data.context;
  return pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
}

/**
 * Serialises the dataset like the reference (section 5.3): compact JSON-LD with the given prefixes
 * as @context, rdf:type as a property, no native types, named graphs as {"@id": g, "@graph": [...]},
 * nodes sorted by @id, single values unwrapped, blank nodes relabelled _:b0, _:b1, ... in order
 * of first appearance. Pretty (2-space) by default.
 */
export function serializeMessage(
  quads: readonly RDF.Quad[],
  prefixes: ReadonlyArray<[string, string]>,
  options: SerializeOptions = {},
): string {
  const data = prefixData(prefixes);
  const graphs = nodeMaps(quads);
  const defaultGraph = graphs.get('@default') as GraphRecord;
  const top: unknown[] = [];
  for (const id of [...defaultGraph.nodes.keys()].sort()) {
    const node = defaultGraph.nodes.get(id) as NodeRecord;
    const named = graphs.get(id);
    if (named !== undefined && id !== '@default') {
      top.push(compactNode(data, node, graphNodes(data, named)));
    } else if (node.props.size > 0) {
      top.push(compactNode(data, node, undefined));
    }
  }
  const doc: Record<string, unknown> =
    top.length === 1 ? (top[0] as Record<string, unknown>) : top.length === 0 ? {} : { '@graph': top };
  return finish(doc, data, options.pretty ?? true);
}

/**
 * The same through jsonld.js (fromRDF {useRdfType: true, useNativeTypes: false} + compact with
 * the prefix context, every prefix flagged `@prefix: true` for JSON-LD 1.0 compact IRIs): the slow
 * reference implementation, used by tests and as a fallback option. Blank nodes are relabelled as
 * serializeMessage does and duplicate quads dropped, so both give the same document.
 */
export async function serializeMessageWithJsonLd(
  quads: readonly RDF.Quad[],
  prefixes: ReadonlyArray<[string, string]>,
  options: SerializeOptions = {},
): Promise<string> {
  const labels = new BlankLabels();
  const relabel = <T extends RDF.Term>(t: T): T =>
    (t.termType === 'BlankNode' ? factory.blankNode(labels.label(t.value).slice(2)) : t) as T;
  const seen = new Set<string>();
  const input: RDF.Quad[] = [];
  for (const q of quads) {
    const g = relabel(q.graph);
    const s = relabel(q.subject);
    const o = relabel(q.object);
    const quad = factory.quad(s, q.predicate, o, g);
    const key = quadToNTriples(quad, true);
    if (seen.has(key)) continue;
    seen.add(key);
    input.push(quad);
  }
  const data = prefixData(prefixes);
  const expanded = await jsonld.fromRDF(input as unknown as object, { useRdfType: true, useNativeTypes: false });
  const compacted = (await jsonld.compact(
    expanded,
    flagPrefixes(data.context) as jsonld.ContextDefinition,
  )) as Record<string, unknown>;
  delete compacted['@context'];
  return finish(compacted, data, options.pretty ?? true);
}
