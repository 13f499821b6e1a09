/**
 * What a writer needs of a prefix list: the output @context and the IRI compaction tables
 * (JSON-LD 1.0 IRI compaction with a prefix-only context, as jsonld-java compacts).
 */
import { XSD_STRING } from '../rdf/terms.js';
import { jsonTextAsString } from './json-string-writer.js';
import { RecentList } from './recent-list.js';

/** Size limits of the caches (IRI compactions per prefix list; recent prefix lists). */
const CACHE_LIMIT = 10_000;
const RECENT_LIMIT = 32;

/** Per prefix list: the output context and the IRI compaction tables (JSON-LD 1.0 rules). */
export interface PrefixData {
  readonly context: Record<string, string>;
  readonly hasContext: boolean;
  /** IRI -> term (shortest, then least), for vocabulary-relative compaction. */
  readonly exact: Map<string, string>;
  /** [term, IRI] usable as compact-IRI prefixes. */
  readonly prefixes: ReadonlyArray<readonly [string, string]>;
  readonly keys: Set<string>;
  readonly vocabCache: Map<string, string>;
  readonly idCache: Map<string, string>;
  /**
   * The direct writer's last sorts under these prefixes (direct-graph.ts): a source's messages
   * list the same predicates and node ids in the same order, so their sorted order is known.
   */
  readonly predicateSort: SortMemo;
  readonly subjectSort: SortMemo;
}

/** The last list of distinct strings sorted, and its order (positions in the list, by string). */
export interface SortMemo {
  keys: readonly string[];
  order: readonly number[];
  /** What the caller made of the sorted strings (the direct writer: the predicates' compact keys); dropped with them. */
  derived: readonly string[] | undefined;
}

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
    predicateSort: { keys: [], order: [], derived: undefined },
    subjectSort: { keys: [], order: [], derived: undefined },
  };
}

/**
 * The prefix tables of recently used prefix lists, owned by a codec: a source keeps writing with
 * the same prefixes, and the tables' compaction caches fill up across its messages.
 */
export class PrefixTables {
  private readonly recent = new RecentList<{ list: ReadonlyArray<readonly [string, string]>; data: PrefixData }>(RECENT_LIMIT);

  /** The tables of a prefix list. */
  of(list: ReadonlyArray<[string, string]>): PrefixData {
    // Compared by content every time (not cached by array identity): callers may edit their arrays.
    const recent = this.recent.find((r) => sameList(r.list, list));
    if (recent !== undefined) return recent.data;
    const data = buildPrefixData(list);
    // A private copy: the caller may change its array later.
    this.recent.add({ list: list.map(([k, v]): readonly [string, string] => [k, v]), data });
    return data;
  }
}

/**
 * A literal's compact form under a prefix-only context: a plain string for xsd:string, else its
 * value with its language tag or its compacted datatype (both writers, fast-writer.ts and
 * direct-graph.ts, write literals this way).
 */
export function compactLiteral(data: PrefixData, value: string, language: string, datatype: string): unknown {
  if (language !== '') return { '@language': language, '@value': value };
  if (datatype === XSD_STRING) return value;
  return { '@type': compactIri(data, datatype, true), '@value': value };
}

/** JSON-LD 1.0 IRI compaction with a prefix-only context (vocab: terms may stand for whole IRIs). */
export function compactIri(data: PrefixData, iri: string, vocab: boolean): string {
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

/**
 * The document as JSON text, with the prefix list's @context (when it has entries); with
 * `asJsonString`, that text as a JSON string literal (json-string-writer.ts), for a reply that
 * carries it as a string.
 */
export function writeDocument(doc: Record<string, unknown>, data: PrefixData, pretty: boolean, asJsonString = false): string {
  if (data.hasContext) doc['@context'] = data.context;
  if (asJsonString) return jsonTextAsString(doc, pretty);
  return pretty ? JSON.stringify(doc, null, 2) : JSON.stringify(doc);
}
