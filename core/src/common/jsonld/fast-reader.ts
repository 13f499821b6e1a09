/**
 * The fast reader (reference-mediator.md 5.1-5.2): a synchronous JSON-LD 1.0 toRDF for the shape
 * every INTER-IoT message has, as jsonld-java (the reference) reads it. It reads: a top-level
 * object with an optional @context of prefix -> absolute IRI strings (no keywords, no term
 * definition objects) and @graph (or a top-level node object); node objects with @id, @type,
 * @graph (named graph; the node's own properties stay in the enclosing graph) and properties
 * keyed by a term, a compact IRI or an absolute IRI (other keys are dropped); values that are
 * strings, numbers, booleans, null, value objects (@value with @type or @language), node objects
 * (embedded or references, blank when without @id), @list objects and arrays of these. Blank node
 * labels become fresh, message-scoped blank nodes. Repeated triples are read once. Anything else
 * (relative IRIs, blank graph names, @vocab, @reverse, nested contexts, ...) makes it decline
 * (undefined), and the codec hands the document to the fallback reader (jsonld.js).
 */
import type * as RDF from '@rdfjs/types';
import { RDF_TYPE, factory } from '../rdf/terms.js';
import { RDF_FIRST, RDF_NIL, RDF_REST, XSD_BOOLEAN, XSD_DOUBLE, XSD_INTEGER, freshBlank } from './codec-terms.js';
import type { ParsedMessage } from './codec-types.js';
import { isPlainObject, type JsonDocument } from './json-document.js';
import { isDoubleToken, numberLexical, type JsonNumbers } from './json-numbers.js';
import { MAX_JSON_DEPTH } from './json-depth.js';
import { RecentList } from './recent-list.js';

const rdfTypeNode = factory.namedNode(RDF_TYPE);
const xsdIntegerNode = factory.namedNode(XSD_INTEGER);
const xsdDoubleNode = factory.namedNode(XSD_DOUBLE);
const xsdBooleanNode = factory.namedNode(XSD_BOOLEAN);
const rdfFirstNode = factory.namedNode(RDF_FIRST);
const rdfRestNode = factory.namedNode(RDF_REST);
const rdfNilNode = factory.namedNode(RDF_NIL);
const defaultGraphTerm = factory.defaultGraph();

/** Size limits of a reader's caches (IRI expansions per context; recent contexts). */
const CACHE_LIMIT = 10_000;
const RECENT_LIMIT = 32;

/** Thrown inside the fast parser when the document needs the full JSON-LD processor. */
const UNSUPPORTED = Symbol('unsupported');
/** Thrown inside the fast parser when it meets a JSON number in a document parsed without markers. */
const NEEDS_NUMBERS = Symbol('needs numbers');
/** Thrown inside the fast parser when it would descend past MAX_JSON_DEPTH. */
const TOO_DEEP = Symbol('too deep');

/**
 * Bounds the parser's recursion: `depth` is the JSON nesting level of the array or object about
 * to be read (the top-level object is 1), counted as json-depth.ts counts it.
 */
function enter(depth: number): void {
  if (depth > MAX_JSON_DEPTH) throw TOO_DEEP;
}

/** How many nodes outside the sink's graph the reader finds by a scan before it makes Maps. */
const BUCKET_SCAN_LIMIT = 16;

/** The quads of one subject in one graph, for deduplication. */
interface Bucket {
  readonly predicates: RDF.NamedNode[];
  readonly objects: RDF.Quad_Object[];
}

/**
 * Where a reader sends the triples of one named graph instead of listing them as quads (the
 * translation engine reads the payload graph straight into its TermGraph, which drops repeated
 * triples itself). Triples arrive in the order the quads would have been listed in.
 */
export interface TripleSink {
  triple(s: RDF.Quad_Subject, p: RDF.NamedNode, o: RDF.Quad_Object): void;
}

/** What `FastReader.read` sends to a sink: the graph's IRI, and a new sink per reading attempt. */
export interface SinkRequest {
  readonly graph: string;
  readonly sink: () => TripleSink;
}

/** The bucket of every node of the sink's graph: its triples go to the sink, which deduplicates. */
const SINK_BUCKET: Bucket = { predicates: [], objects: [] };

/** True for the characters JavaScript's \s matches (jsonld.js rejects IRIs containing them). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0x80 &&
      (c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff))
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
  /**
   * The raw IRIs the last message read under this context asked `curie` for, in call order, and
   * their NamedNodes: messages of one source repeat their IRIs in the same order, and comparing a
   * string with the one at its place costs less than hashing it (JSON.parse makes a new string per
   * value, so every Map lookup hashes the whole IRI again).
   */
  readonly lastRaw: string[];
  readonly lastNodes: RDF.NamedNode[];
}

/** How many of a message's `curie` calls `FastContext.lastRaw` remembers. */
const LAST_LIMIT = 256;

function newFastContext(terms: Map<string, string>): FastContext {
  return { entries: [...terms], terms, curies: new Map(), termNodes: new Map(), lastRaw: [], lastNodes: [] };
}

class FastParser {
  readonly quads: RDF.Quad[] = [];
  private readonly blanks = new Map<string, RDF.BlankNode>();
  private readonly terms: Map<string, string>;
  private readonly curies: Map<string, RDF.NamedNode>;
  /**
   * The buckets of the first nodes, scanned: (graph IRI, '' for the default graph; subject, an IRI
   * string or a BlankNode) key pairs and index-aligned, their buckets. A message's graphs other
   * than the sink's hold a few nodes, and Maps made per message cost more than scanning them.
   */
  private readonly bucketKeys: Array<string | RDF.BlankNode> = [];
  private readonly bucketList: Bucket[] = [];
  /** Past BUCKET_SCAN_LIMIT nodes: graph IRI -> subject -> its quads (the scanned ones too). */
  private buckets: Map<string, Map<string | RDF.BlankNode, Bucket>> | undefined;
  /** Set when a value was dropped unread, so its depth is unknown (then the whole text is measured). */
  unvisited = false;
  /** How many times `curie` was called (its place in the context's `lastRaw`). */
  private curieCalls = 0;

  constructor(
    private readonly context: FastContext,
    /** The number table, or null when the document was parsed without markers. */
    private readonly numbers: JsonNumbers | undefined | null,
    /** The IRI of the graph whose triples go to `sink` (none when undefined). */
    private readonly sinkGraph: string | undefined,
    private readonly sink: TripleSink | undefined,
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
    const at = this.curieCalls++;
    const { lastRaw, lastNodes } = this.context;
    if (at < lastRaw.length && lastRaw[at] === value) return lastNodes[at]!;
    const node = this.curies.get(value) ?? this.expandCurie(value);
    if (at <= lastRaw.length && at < LAST_LIMIT) {
      lastRaw[at] = value;
      lastNodes[at] = node;
    }
    return node;
  }

  /** `curie` of a value not in the cache: expanded, checked and cached. */
  private expandCurie(value: string): RDF.NamedNode {
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
    const node = factory.namedNode(expanded);
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
    const subjectKey = s.termType === 'NamedNode' ? s.value : s;
    if (this.buckets !== undefined) return this.mappedBucket(graphKey, subjectKey);
    const keys = this.bucketKeys;
    for (let i = 0; i < keys.length; i += 2) {
      if (keys[i] === graphKey && keys[i + 1] === subjectKey) return this.bucketList[i >> 1]!;
    }
    if (keys.length >= 2 * BUCKET_SCAN_LIMIT) {
      this.buckets = new Map();
      for (let i = 0; i < keys.length; i += 2) this.mappedBucket(keys[i] as string, keys[i + 1]!, this.bucketList[i >> 1]);
      return this.mappedBucket(graphKey, subjectKey);
    }
    const bucket: Bucket = { predicates: [], objects: [] };
    keys.push(graphKey, subjectKey);
    this.bucketList.push(bucket);
    return bucket;
  }

  /** The bucket of a node in the Maps (`given`, or a new one, when it has none). */
  private mappedBucket(graphKey: string, subjectKey: string | RDF.BlankNode, given?: Bucket): Bucket {
    const buckets = this.buckets!;
    let subjects = buckets.get(graphKey);
    if (subjects === undefined) {
      subjects = new Map();
      buckets.set(graphKey, subjects);
    }
    let bucket = subjects.get(subjectKey);
    if (bucket === undefined) {
      bucket = given ?? { predicates: [], objects: [] };
      subjects.set(subjectKey, bucket);
    }
    return bucket;
  }

  /** True when the triples of graph `g` go to the sink. */
  private sinks(g: RDF.Quad_Graph): boolean {
    return this.sink !== undefined && g.termType === 'NamedNode' && g.value === this.sinkGraph;
  }

  /** Adds a quad unless the dataset has it already (the sink's graph: gives the triple to the sink). */
  private emit(bucket: Bucket, s: RDF.Quad_Subject, p: RDF.NamedNode, o: RDF.Quad_Object, g: RDF.Quad_Graph): void {
    if (bucket === SINK_BUCKET) {
      this.sink!.triple(s, p, o);
      return;
    }
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

  /** Processes a node object (at nesting level `depth`) into graph `g`; returns its subject. */
  node(obj: Record<string, unknown>, g: RDF.Quad_Graph, depth: number, top = false): RDF.NamedNode | RDF.BlankNode {
    enter(depth);
    const rawId = obj['@id'];
    const subject = rawId === undefined ? freshBlank() : this.idTerm(rawId);
    const bucket = this.sinks(g) ? SINK_BUCKET : this.bucket(subject, g);
    let graph: unknown;
    for (const key in obj) {
      const value = obj[key];
      if (key.charCodeAt(0) === 64) {
        switch (key) {
          case '@id':
            break;
          case '@type':
            if (Array.isArray(value)) {
              enter(depth + 1);
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
      if (p === undefined) {
        if (typeof value === 'object' && value !== null) this.unvisited = true;
        continue;
      }
      if (Array.isArray(value)) {
        enter(depth + 1);
        for (const item of value) {
          if (Array.isArray(item)) throw UNSUPPORTED;
          const o = this.object(item, g, depth + 2, false);
          if (o !== undefined) this.emit(bucket, subject, p, o, g);
        }
      } else {
        const o = this.object(value, g, depth + 1, false);
        if (o !== undefined) this.emit(bucket, subject, p, o, g);
      }
    }
    if (graph !== undefined) {
      // A named graph; a blank-node graph name is left to jsonld.js.
      if (subject.termType !== 'NamedNode') throw UNSUPPORTED;
      this.graphItems(graph, subject, depth + 1);
    }
    return subject;
  }

  /** The value of @graph, at nesting level `depth`. */
  graphItems(items: unknown, g: RDF.Quad_Graph, depth: number): void {
    if (items === null) return;
    if (Array.isArray(items)) {
      enter(depth);
      for (const item of items) {
        if (item === null) continue;
        if (!isPlainObject(item)) throw UNSUPPORTED;
        this.node(item, g, depth + 1);
      }
    } else if (isPlainObject(items)) {
      this.node(items, g, depth);
    } else {
      throw UNSUPPORTED;
    }
  }

  /** The RDF term of a property value at nesting level `depth` (undefined for null values, which JSON-LD drops). */
  private object(v: unknown, g: RDF.Quad_Graph, depth: number, inList: boolean): RDF.Quad_Object | undefined {
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
        if ('@value' in obj) {
          enter(depth);
          return this.valueObject(obj);
        }
        if ('@list' in obj) {
          if (inList) throw UNSUPPORTED; // lists of lists: not JSON-LD 1.0
          enter(depth);
          for (const key in obj) if (key !== '@list') throw UNSUPPORTED;
          return this.list(obj['@list'], g, depth + 1);
        }
        return this.node(obj, g, depth);
      }
      default:
        throw UNSUPPORTED;
    }
  }

  /** An RDF collection (blank rdf:first/rdf:rest nodes ending in rdf:nil); returns its head. */
  private list(items: unknown, g: RDF.Quad_Graph, depth: number): RDF.NamedNode | RDF.BlankNode {
    const terms: RDF.Quad_Object[] = [];
    const array = Array.isArray(items);
    if (array) enter(depth);
    // The items of an array are one level below it; a single item stands at the array's place.
    const itemDepth = array ? depth + 1 : depth;
    for (const item of array ? items : [items]) {
      if (Array.isArray(item)) throw UNSUPPORTED;
      const term = this.object(item, g, itemDepth, true);
      if (term !== undefined) terms.push(term);
    }
    let head: RDF.NamedNode | RDF.BlankNode = rdfNilNode;
    for (let i = terms.length - 1; i >= 0; i--) {
      const cell = freshBlank();
      if (this.sinks(g)) {
        this.sink!.triple(cell, rdfFirstNode, terms[i] as RDF.Quad_Object);
        this.sink!.triple(cell, rdfRestNode, head);
      } else {
        this.quads.push(factory.quad(cell, rdfFirstNode, terms[i] as RDF.Quad_Object, g));
        this.quads.push(factory.quad(cell, rdfRestNode, head, g));
      }
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
    if (value === null) {
      // Dropped with its @type and @language unread.
      if ((typeof type === 'object' && type !== null) || (typeof language === 'object' && language !== null)) this.unvisited = true;
      return undefined;
    }
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

/** True when the @context object has exactly these entries, in this order. */
function matchesEntries(ctx: Record<string, unknown>, entries: ReadonlyArray<readonly [string, string]>): boolean {
  let i = 0;
  for (const key in ctx) {
    const entry = entries[i++];
    if (entry === undefined || entry[0] !== key || entry[1] !== ctx[key]) return false;
  }
  return i === entries.length;
}

/**
 * The fast reader, with the caches it owns: the recently seen prefix contexts (messages of one
 * source repeat theirs), each with the expansions done under it.
 */
export class FastReader {
  private readonly recentContexts = new RecentList<FastContext>(RECENT_LIMIT);
  private readonly emptyContext = newFastContext(new Map());

  /**
   * The dataset, or undefined when the message needs the fallback reader. With `into`, the triples
   * of its graph go to the sink made for the attempt that succeeds (each attempt makes a new one:
   * a message with JSON numbers is read twice), not to the quads.
   */
  read(parsed: JsonDocument, into?: SinkRequest): ParsedMessage | undefined {
    // The plain parse first, the marked one only when the message has JSON numbers.
    const result = this.readDocument(parsed, parsed.plain, null, into);
    if (result !== NEEDS_NUMBERS) return result;
    const { doc, numbers } = parsed.withNumbers();
    return this.readDocument(parsed, doc, numbers, into) as ParsedMessage | undefined;
  }

  private context(ctx: unknown): FastContext | undefined {
    if (ctx === undefined || ctx === null) return this.emptyContext;
    if (!isPlainObject(ctx)) return undefined;
    const recent = this.recentContexts.find((c) => matchesEntries(ctx, c.entries));
    if (recent !== undefined) return recent;
    const terms = buildFastContext(ctx);
    if (terms === undefined) return undefined;
    const context = newFastContext(terms);
    this.recentContexts.add(context);
    return context;
  }

  private readDocument(
    source: JsonDocument,
    doc: object,
    numbers: JsonNumbers | undefined | null,
    into: SinkRequest | undefined,
  ): ParsedMessage | undefined | typeof NEEDS_NUMBERS {
    if (!isPlainObject(doc)) return undefined;
    const context = this.context(doc['@context']);
    if (context === undefined) return undefined;
    const parser = new FastParser(context, numbers, into?.graph, into?.sink());
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
        if (graph !== undefined) parser.graphItems(graph, defaultGraphTerm, 2);
      } else {
        parser.node(doc, defaultGraphTerm, 1, true);
      }
    } catch (error) {
      if (error === UNSUPPORTED) return undefined;
      if (error === NEEDS_NUMBERS) return NEEDS_NUMBERS;
      if (error === TOO_DEEP) {
        // Throws NESTING_LIMIT; were the count ever wrong, the fallback reader measures the text again.
        source.assertDepth();
        return undefined;
      }
      throw error;
    }
    if (parser.unvisited) source.assertDepth();
    // A new array per message: the caller may change it.
    const entries = context.entries;
    const prefixes = new Array<[string, string]>(entries.length);
    for (let i = 0; i < entries.length; i++) prefixes[i] = [entries[i]![0], entries[i]![1]];
    return { quads: parser.quads, prefixes, fastPath: true };
  }
}
