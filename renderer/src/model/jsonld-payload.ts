/**
 * A small JSON-LD reader for the INTER-IoT message shape (middleware-and-dashboard.md A.6): a
 * top-level `@graph` of named graphs (`InterIoTMsg:metadata`, `InterIoTMsg:payload`) and a flat
 * `@context` of prefixes. It turns the payload graph into N-Triples-like lines, enough to count and
 * diff triples in the browser without shipping jsonld.js. Unsupported features (remote contexts)
 * are reported, never guessed.
 */

export const PAYLOAD_GRAPH = 'http://inter-iot.eu/message/payload';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

export interface Triple {
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
}

export type PayloadRead =
  | { readonly ok: true; readonly triples: readonly Triple[]; readonly hasPayload: boolean }
  | { readonly ok: false; readonly error: string };

interface TermDefinition {
  readonly id: string;
  readonly type?: string;
}

interface Context {
  readonly terms: ReadonlyMap<string, TermDefinition>;
  readonly vocab?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class UnsupportedError extends Error {}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readContext(raw: Json | undefined, parent: Context): Context {
  if (raw === undefined || raw === null) return parent;
  const list = Array.isArray(raw) ? raw : [raw];
  const terms = new Map(parent.terms);
  let vocab = parent.vocab;
  for (const item of list) {
    if (typeof item === 'string') throw new UnsupportedError(`remote @context "${item}" is not supported in the browser preview`);
    if (!isObject(item)) continue;
    // Two passes: prefixes may be used by other definitions of the same context.
    for (const [key, value] of Object.entries(item)) {
      if (key === '@vocab' && typeof value === 'string') vocab = value;
      else if (typeof value === 'string' && !key.startsWith('@')) terms.set(key, { id: value });
    }
    const ctx: Context = { terms, ...(vocab === undefined ? {} : { vocab }) };
    for (const [key, value] of Object.entries(item)) {
      if (key.startsWith('@')) continue;
      if (typeof value === 'string') terms.set(key, { id: expandIri(value, ctx, true) });
      else if (isObject(value)) {
        const id = typeof value['@id'] === 'string' ? expandIri(value['@id'], ctx, true) : expandIri(key, ctx, true);
        const type = typeof value['@type'] === 'string' ? value['@type'] : undefined;
        terms.set(key, { id, ...(type === undefined ? {} : { type: type.startsWith('@') ? type : expandIri(type, ctx, true) }) });
      }
    }
  }
  return { terms, ...(vocab === undefined ? {} : { vocab }) };
}

/** Compact IRI, term or absolute IRI -> absolute IRI (or `_:label`). */
function expandIri(value: string, ctx: Context, vocab: boolean): string {
  if (value.startsWith('_:')) return value;
  if (vocab) {
    const term = ctx.terms.get(value);
    if (term !== undefined) return term.id;
  }
  const colon = value.indexOf(':');
  if (colon > 0) {
    const prefix = value.slice(0, colon);
    const suffix = value.slice(colon + 1);
    const def = ctx.terms.get(prefix);
    if (def !== undefined && !suffix.startsWith('//')) return def.id + suffix;
    return value;
  }
  if (vocab && ctx.vocab !== undefined) return ctx.vocab + value;
  return value;
}

function iri(value: string): string {
  return value.startsWith('_:') ? value : `<${value}>`;
}

function literal(value: string, datatype: string | undefined, language: string | undefined): string {
  const lexical = JSON.stringify(value);
  if (language !== undefined) return `${lexical}@${language.toLowerCase()}`;
  if (datatype === undefined || datatype === `${XSD}string`) return lexical;
  return `${lexical}^^<${datatype}>`;
}

/** JSON-LD's canonical double form (`1.5E0`), as jsonld.js and Jena write it. */
function canonicalDouble(n: number): string {
  const [mantissa = '0', exponent = '0'] = n.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '.0') : `${mantissa}.0`;
  return `${m}E${Number(exponent)}`;
}

class Reader {
  private blank = 0;
  private readonly labels = new Map<string, string>();
  readonly quads: Array<Triple & { graph: string }> = [];
  readonly graphs = new Set<string>();

  private bnode(label?: string): string {
    if (label === undefined) return `_:n${this.blank++}`;
    let mapped = this.labels.get(label);
    if (mapped === undefined) {
      mapped = `_:b${this.labels.size}`;
      this.labels.set(label, mapped);
    }
    return mapped;
  }

  private subjectOf(id: string): string {
    return id.startsWith('_:') ? this.bnode(id) : iri(id);
  }

  /** Processes a node object and returns its subject term. */
  node(obj: { [key: string]: Json }, parent: Context, graph: string): string {
    const ctx = readContext(obj['@context'], parent);
    const rawId = obj['@id'];
    const subject = typeof rawId === 'string' ? this.subjectOf(expandIri(rawId, ctx, false)) : this.bnode();
    for (const [key, value] of Object.entries(obj)) {
      if (key === '@id' || key === '@context') continue;
      if (key === '@graph') {
        // A node with @graph names a graph (the message's metadata / payload).
        const name = typeof rawId === 'string' ? expandIri(rawId, ctx, false) : subject;
        this.graphs.add(name);
        for (const item of Array.isArray(value) ? value : [value]) if (isObject(item)) this.node(item, ctx, name);
        continue;
      }
      if (key === '@type') {
        for (const t of Array.isArray(value) ? value : [value]) {
          if (typeof t === 'string') this.emit(subject, `${RDF}type`, iri(expandIri(t, ctx, true)), graph);
        }
        continue;
      }
      if (key.startsWith('@')) continue;
      const predicate = expandIri(key, ctx, true);
      const def = ctx.terms.get(key);
      for (const item of Array.isArray(value) ? value : [value]) {
        const object = this.value(item, ctx, graph, def);
        if (object !== undefined) this.emit(subject, predicate, object, graph);
      }
    }
    return subject;
  }

  private value(v: Json, ctx: Context, graph: string, def: TermDefinition | undefined): string | undefined {
    if (v === null) return undefined;
    if (typeof v === 'string') {
      if (def?.type === '@id') return this.subjectOf(expandIri(v, ctx, false));
      if (def?.type === '@vocab') return this.subjectOf(expandIri(v, ctx, true));
      return literal(v, def?.type, undefined);
    }
    if (typeof v === 'boolean') return literal(String(v), `${XSD}boolean`, undefined);
    if (typeof v === 'number') {
      if (def?.type !== undefined && !def.type.startsWith('@')) return literal(String(v), def.type, undefined);
      return Number.isInteger(v) && Math.abs(v) < 1e21 ? literal(String(v), `${XSD}integer`, undefined) : literal(canonicalDouble(v), `${XSD}double`, undefined);
    }
    if (Array.isArray(v)) throw new UnsupportedError('nested arrays are not JSON-LD');
    if ('@value' in v) {
      const raw = v['@value'];
      const type = typeof v['@type'] === 'string' ? expandIri(v['@type'], ctx, true) : undefined;
      const lang = typeof v['@language'] === 'string' ? v['@language'] : undefined;
      if (raw === null) return undefined;
      if (typeof raw === 'number' && type === undefined) return this.value(raw, ctx, graph, undefined);
      if (typeof raw === 'boolean' && type === undefined) return this.value(raw, ctx, graph, undefined);
      return literal(String(raw), type, lang);
    }
    if ('@list' in v) {
      const items = Array.isArray(v['@list']) ? v['@list'] : [v['@list']];
      let head = iri(`${RDF}nil`);
      for (let i = items.length - 1; i >= 0; i--) {
        const node = this.bnode();
        const item = items[i];
        const object = item === undefined ? undefined : this.value(item, ctx, graph, def);
        if (object !== undefined) this.emit(node, `${RDF}first`, object, graph);
        this.emit(node, `${RDF}rest`, head, graph);
        head = node;
      }
      return head;
    }
    if ('@set' in v) throw new UnsupportedError('@set inside a value is not supported in the browser preview');
    return this.node(v, ctx, graph);
  }

  private emit(subject: string, predicate: string, object: string, graph: string): void {
    this.quads.push({ subject, predicate: iri(predicate), object, graph });
  }
}

/** Triples of the message's payload graph (`http://inter-iot.eu/message/payload`). */
export function readPayloadTriples(text: string): PayloadRead {
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch (error) {
    return { ok: false, error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const reader = new Reader();
  try {
    const roots = Array.isArray(json) ? json : [json];
    for (const root of roots) if (isObject(root)) reader.node(root, { terms: new Map() }, '');
  } catch (error) {
    if (error instanceof UnsupportedError) return { ok: false, error: error.message };
    throw error;
  }
  const payload = reader.quads.filter((q) => q.graph === PAYLOAD_GRAPH);
  const hasPayload = reader.graphs.has(PAYLOAD_GRAPH);
  return {
    ok: true,
    hasPayload,
    triples: payload.map(({ subject, predicate, object }) => ({ subject, predicate, object })),
  };
}
