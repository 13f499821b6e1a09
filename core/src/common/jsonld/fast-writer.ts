/**
 * The fast writer: what the reference writes (jsonld-java fromRDF with useRdfType, then
 * compaction with the input's prefixes), built directly from the quads. The reference writer
 * (reference-writer.ts) does the same through jsonld.js and is what this one is tested against.
 * Where the two differ on purpose (IRIs whose suffix would start with `//`, IRI list tails,
 * rdf:JSON literals), see message-codec.ts.
 */
import type * as RDF from '@rdfjs/types';
import { BlankLabels } from './blank-labels.js';
import { RDF_FIRST, RDF_NIL, RDF_REST } from './codec-terms.js';
import { directNodes, directTriples, type DirectGraph, type TripleSource } from './direct-graph.js';
import { compactIri, compactLiteral, writeDocument, type PrefixData } from './prefix-tables.js';

export type { TripleSource } from './direct-graph.js';

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
  /** The keys of `props` as added (kept beside the Map: spreading its keys to sort them cost more). */
  readonly keys: string[];
}

interface Usage {
  readonly node: NodeRecord;
  readonly property: string;
  readonly value: Value;
}

interface GraphRecord {
  readonly nodes: Map<string, NodeRecord>;
  /** The ids of `nodes` as added, folded list nodes included (no longer in `nodes`). */
  readonly ids: string[];
  nilUsages: Usage[] | undefined;
  /** A graph written straight from a source's term ids (direct-graph.ts) instead of from `nodes`. */
  direct: DirectGraph | undefined;
}

/**
 * A source's nodes by subject id while its triples are added: a graph lists its triples predicate
 * by predicate, so subjects alternate, and a node looked up by its label would be a Map lookup per triple.
 */
type SourceNodes = Array<NodeRecord | undefined>;

function newGraph(): GraphRecord {
  return { nodes: new Map(), ids: [], nilUsages: undefined, direct: undefined };
}

function getNode(graph: GraphRecord, id: string): NodeRecord {
  let node = graph.nodes.get(id);
  if (node === undefined) {
    node = { id, props: new Map(), keys: [] };
    graph.nodes.set(id, node);
    graph.ids.push(id);
  }
  return node;
}

function isBlankId(id: string): boolean {
  return id.charCodeAt(0) === 95 && id.charCodeAt(1) === 58;
}

function sameValue(a: Value, b: Value): boolean {
  return a.kind === b.kind && a.value === b.value && a.language === b.language && a.datatype === b.datatype;
}

/**
 * Builds jsonld.js-style node maps (fromRDF with useRdfType), then folds lists into @list values
 * (`folded`), in the order of the JSON-LD API's "Serialize RDF as JSON-LD" algorithm, so that it
 * reads against the specification and against jsonld.js.
 */
class NodeMaps {
  readonly labels = new BlankLabels();
  readonly graphs = new Map<string, GraphRecord>();
  private readonly defaultGraph = newGraph();
  /** Only blank nodes can be list nodes, so only their references are counted. */
  private readonly referencedOnce = new Map<string, Usage | false>();

  constructor() {
    this.graphs.set('@default', this.defaultGraph);
  }

  private graphOf(g: RDF.Term): GraphRecord {
    const name = g.termType === 'DefaultGraph' ? '@default' : g.termType === 'BlankNode' ? this.labels.label(g.value) : g.value;
    let found = this.graphs.get(name);
    if (found === undefined) {
      found = newGraph();
      this.graphs.set(name, found);
      if (name !== '@default') getNode(this.defaultGraph, name);
    }
    return found;
  }

  private nodeOf(graph: GraphRecord, s: RDF.Term): NodeRecord {
    return getNode(graph, s.termType === 'BlankNode' ? this.labels.label(s.value) : s.value);
  }

  addQuads(quads: readonly RDF.Quad[]): void {
    let lastGraphTerm: RDF.Term | undefined;
    let graph = this.defaultGraph;
    let lastSubject: RDF.Term | undefined;
    let node: NodeRecord | undefined;
    for (const q of quads) {
      const g = q.graph;
      if (g !== lastGraphTerm) {
        lastGraphTerm = g;
        lastSubject = undefined;
        graph = this.graphOf(g);
      }
      const s = q.subject;
      if (s !== lastSubject || node === undefined) {
        lastSubject = s;
        node = this.nodeOf(graph, s);
      }
      this.addValue(graph, node, q.predicate.value, q.object);
    }
  }

  /** The triples of `source` in graph `g`, after the quads added so far (as if listed after them). */
  addTriples(g: RDF.Quad_Graph, source: TripleSource): void {
    // A graph of its own, named by an IRI no other graph or label can mean, may be written straight from the ids.
    const own = g.termType === 'NamedNode' && !this.graphs.has(g.value) && !isBlankId(g.value);
    const graph = this.graphOf(g);
    if (own && (graph.direct = directTriples(source, this.labels)) !== undefined) return;
    const nodes: SourceNodes = [];
    source.forEachTriple((s, p, o) => this.addTriple(graph, source, nodes, s, p, o));
  }

  /** Adds one triple of a source the general way (nodes by label, values compared); `nodes` are the source's so far. */
  private addTriple(graph: GraphRecord, source: TripleSource, nodes: SourceNodes, s: number, p: number, o: number): void {
    let node = nodes[s];
    if (node === undefined) {
      node = this.nodeOf(graph, source.term(s));
      nodes[s] = node;
    }
    this.addValue(graph, node, source.term(p).value, source.term(o));
  }

  /**
   * A direct graph whose prefixes turned out to compact two predicates alike: its triples added the
   * general way after all (its blank nodes are labelled already and it holds no list end).
   */
  undirect(graph: GraphRecord): void {
    const d = graph.direct;
    if (d === undefined) return;
    graph.direct = undefined;
    const nodes: SourceNodes = [];
    // Predicate by predicate: each subject's values of a predicate keep their order, the rest is sorted when written.
    for (let k = 0; k < d.lists.length; k++) {
      const { s, o } = d.lists[k]!;
      for (let i = 0; i < s.length; i++) this.addTriple(graph, d.source, nodes, s[i]!, d.predicates[k]!, o[i]!);
    }
  }

  private addValue(graph: GraphRecord, node: NodeRecord, p: string, o: RDF.Term): void {
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
        value: o.termType === 'BlankNode' ? this.labels.label(o.value) : o.value,
        language: '',
        datatype: '',
        items: undefined,
      };
    }
    let values = node.props.get(p);
    if (values === undefined) {
      values = [value];
      node.props.set(p, values);
      node.keys.push(p);
    } else {
      for (let i = 0; i < values.length; i++) {
        if (sameValue(values[i] as Value, value)) return; // a dataset holds each quad once
      }
      values.push(value);
    }
    if (value.kind === V_ID) {
      const objectId = value.value;
      if (objectId === RDF_NIL) {
        (graph.nilUsages ??= []).push({ node, property: p, value });
      } else if (o.termType === 'BlankNode') {
        this.referencedOnce.set(objectId, this.referencedOnce.has(objectId) ? false : { node, property: p, value });
      }
    }
  }

  /** The node maps with well-formed RDF lists folded (fromRDF, JSON-LD 1.0/1.1 "convert linked lists"). */
  folded(): Map<string, GraphRecord> {
    for (const graph of this.graphs.values()) {
      if (graph.nilUsages === undefined) continue;
      for (const start of graph.nilUsages) this.foldList(graph, start);
      graph.nilUsages = undefined;
    }
    return this.graphs;
  }

  private foldList(graph: GraphRecord, start: Usage): void {
    let node = start.node;
    let property = start.property;
    let head = start.value;
    const list: Value[] = [];
    const listNodes: string[] = [];
    for (;;) {
      if (property !== RDF_REST || !isBlankId(node.id) || node.props.size !== 2) break;
      const usage = this.referencedOnce.get(node.id);
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
}

/** Lists this long and shorter are sorted by insertion (no builtin call); longer ones by the built-in order. */
const INSERTION_SORT_MAX = 12;

/**
 * Distinct strings sorted in place (a node's keys, a graph's node ids: most are a few, often
 * listed in order already), by the built-in string order.
 */
function sortStrings(list: string[]): string[] {
  if (list.length > INSERTION_SORT_MAX) return list.sort();
  for (let i = 1; i < list.length; i++) {
    const x = list[i]!;
    let j = i - 1;
    while (j >= 0 && list[j]! > x) {
      list[j + 1] = list[j]!;
      j--;
    }
    list[j + 1] = x;
  }
  return list;
}

function compactValue(data: PrefixData, v: Value): unknown {
  if (v.kind === V_ID) return { '@id': isBlankId(v.value) ? v.value : compactIri(data, v.value, false) };
  if (v.kind === V_LIST) return { '@list': (v.items ?? []).map((item) => compactValue(data, item)) };
  return compactLiteral(data, v.value, v.language, v.datatype);
}

function compactNode(data: PrefixData, node: NodeRecord, graph: unknown[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (graph !== undefined) out['@graph'] = graph;
  out['@id'] = isBlankId(node.id) ? node.id : compactIri(data, node.id, false);
  const predicates = sortStrings(node.keys);
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

function graphNodes(data: PrefixData, graph: GraphRecord, maps: NodeMaps): unknown[] {
  if (graph.direct !== undefined) {
    const nodes = directNodes(data, graph.direct);
    if (nodes !== undefined) return nodes;
    maps.undirect(graph);
  }
  const out: unknown[] = [];
  for (const id of sortStrings(graph.ids)) {
    const node = graph.nodes.get(id);
    if (node !== undefined && node.props.size > 0) out.push(compactNode(data, node, undefined));
  }
  return out;
}

/**
 * Serialises the dataset like the reference (section 5.3): compact JSON-LD with the given prefixes
 * as @context, rdf:type as a property, no native types, named graphs as {"@id": g, "@graph": [...]},
 * nodes sorted by @id, single values unwrapped, blank nodes relabelled _:b0, _:b1, ... in order
 * of first appearance. Pretty (2-space) by default.
 */
export function writeFast(quads: readonly RDF.Quad[], data: PrefixData, pretty: boolean, asJsonString = false): string {
  const maps = new NodeMaps();
  maps.addQuads(quads);
  return writeNodeMaps(maps, data, pretty, asJsonString);
}

/**
 * `writeFast` of `quads` followed by the triples of `source` in graph `g`: the same document as
 * writeFast of those quads with the source's quads appended (in its forEachTriple order).
 */
export function writeFastWithTriples(
  quads: readonly RDF.Quad[],
  g: RDF.Quad_Graph,
  source: TripleSource,
  data: PrefixData,
  pretty: boolean,
  asJsonString = false,
): string {
  const maps = new NodeMaps();
  maps.addQuads(quads);
  maps.addTriples(g, source);
  return writeNodeMaps(maps, data, pretty, asJsonString);
}

function writeNodeMaps(maps: NodeMaps, data: PrefixData, pretty: boolean, asJsonString: boolean): string {
  const graphs = maps.folded();
  const defaultGraph = graphs.get('@default') as GraphRecord;
  const top: unknown[] = [];
  for (const id of sortStrings(defaultGraph.ids)) {
    const node = defaultGraph.nodes.get(id);
    if (node === undefined) continue;
    const named = graphs.get(id);
    if (named !== undefined && id !== '@default') {
      top.push(compactNode(data, node, graphNodes(data, named, maps)));
    } else if (node.props.size > 0) {
      top.push(compactNode(data, node, undefined));
    }
  }
  const doc: Record<string, unknown> = top.length === 1 ? (top[0] as Record<string, unknown>) : top.length === 0 ? {} : { '@graph': top };
  return writeDocument(doc, data, pretty, asJsonString);
}
