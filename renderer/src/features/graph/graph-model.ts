/**
 * Triples to drawable graph elements (issue 12, part 4), pure so it is tested without a browser:
 * resources (IRIs, blank nodes) and literals become nodes, properties labelled edges, every name as
 * the server prefixed it with the message's @context. Removed and added triples carry a `change`
 * (drawn highlighted), added ones the cell that inserted them (shown on hover).
 *
 * Collapsing folds each literal into its subject's node as a `property value` line, and each
 * rdf:type as an `a Class` line: a typical payload then has about a third of the nodes, and no class
 * node with an edge from every instance, which keeps a large payload legible and quick to lay out.
 */
import type { GraphTerm, GraphTriple, TripleOrigin } from '../../api/index.js';

export type Change = 'added' | 'removed';

export interface GraphNode {
  readonly id: string;
  readonly kind: GraphTerm['kind'];
  /** Display name, then one line per collapsed literal. */
  readonly label: string;
  /** `added`/`removed`: every triple of the node is; `changed`: some of its collapsed literals are. */
  readonly change?: Change | 'changed';
  /** Hover text: the full name, and the cells that produced what the node shows. */
  readonly title: string;
}

export interface GraphEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly label: string;
  readonly change?: Change;
  readonly title: string;
}

export interface GraphModel {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  /** Triples drawn (as edges or collapsed lines). */
  readonly triples: number;
  readonly added: number;
  readonly removed: number;
}

export interface GraphModelOptions {
  /** Literals and rdf:type objects as lines of their subject's node rather than nodes of their own. */
  readonly collapseLiterals: boolean;
  /** Longest literal shown; longer ones end in `…` (the full value is in the hover text). Default 48. */
  readonly maxLiteral?: number;
}

export interface GraphInput {
  readonly terms: readonly GraphTerm[];
  readonly triples: readonly GraphTriple[];
}

/** `cell (alignment version, step n)`: how a producing cell is named on hover. */
export function originText(origin: TripleOrigin): string {
  return `${origin.cellId} (${origin.alignment} ${origin.version}, step ${origin.step})`;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

const SIGN: Record<Change, string> = { added: '+', removed: '−' };

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

function changeText(t: GraphTriple): string {
  if (t.change === undefined) return '';
  return t.producedBy === undefined ? ` [${t.change}]` : ` [${t.change} by ${originText(t.producedBy)}]`;
}

interface NodeDraft {
  id: string;
  kind: GraphTerm['kind'];
  name: string;
  full: string;
  lines: string[];
  notes: string[];
  touched: number;
  added: number;
  removed: number;
  literalChanges: number;
}

export function graphModel(input: GraphInput, options: GraphModelOptions): GraphModel {
  const maxLiteral = options.maxLiteral ?? 48;
  const nodes = new Map<string, NodeDraft>();
  const edges: GraphEdge[] = [];
  let added = 0;
  let removed = 0;
  const termOf = (i: number): GraphTerm => input.terms[i] ?? { kind: 'iri', value: `#${i}`, display: `#${i}` };
  const draft = (id: string, term: GraphTerm): NodeDraft => {
    let node = nodes.get(id);
    if (node === undefined) {
      const name = term.kind === 'literal' ? shorten(term.display, maxLiteral) : term.display;
      node = {
        id,
        kind: term.kind,
        name,
        full: term.kind === 'literal' ? term.display : term.value,
        lines: [],
        notes: [],
        touched: 0,
        added: 0,
        removed: 0,
        literalChanges: 0,
      };
      nodes.set(id, node);
    }
    return node;
  };
  const touch = (node: NodeDraft, t: GraphTriple) => {
    node.touched++;
    if (t.change === 'added') node.added++;
    if (t.change === 'removed') node.removed++;
  };

  input.triples.forEach((t, index) => {
    if (t.change === 'added') added++;
    if (t.change === 'removed') removed++;
    const s = termOf(t.s);
    const p = termOf(t.p);
    const o = termOf(t.o);
    const subject = draft(`t${t.s}`, s);
    const isType = p.kind === 'iri' && p.value === RDF_TYPE && o.kind === 'iri';
    if (options.collapseLiterals && (o.kind === 'literal' || isType)) {
      touch(subject, t);
      const sign = t.change === undefined ? '' : `${SIGN[t.change]} `;
      subject.lines.push(`${sign}${isType ? 'a' : p.display} ${shorten(o.display, maxLiteral)}`);
      if (t.change !== undefined) {
        subject.literalChanges++;
        subject.notes.push(`${p.display} ${o.display}${changeText(t)}`);
      }
      return;
    }
    touch(subject, t);
    // A literal gets a node per triple: two subjects with the value "1" are not linked by it.
    const target = draft(o.kind === 'literal' ? `l${index}` : `t${t.o}`, o);
    touch(target, t);
    if (o.kind === 'literal' && t.change !== undefined) target.notes.push(`${p.display}${changeText(t)}`);
    edges.push({
      id: `e${index}`,
      source: subject.id,
      target: target.id,
      label: p.display,
      ...(t.change === undefined ? {} : { change: t.change }),
      title: `${s.display} ${p.display} ${o.display}${changeText(t)}`,
    });
  });

  const out: GraphNode[] = [];
  for (const n of nodes.values()) {
    const change: GraphNode['change'] =
      n.touched > 0 && n.added === n.touched ? 'added' : n.touched > 0 && n.removed === n.touched ? 'removed' : n.literalChanges > 0 ? 'changed' : undefined;
    out.push({
      id: n.id,
      kind: n.kind,
      label: [n.name, ...n.lines].join('\n'),
      ...(change === undefined ? {} : { change }),
      title: [n.full, ...n.notes].join('\n'),
    });
  }
  return { nodes: out, edges, triples: input.triples.length, added, removed };
}
