import type { GraphEdge, GraphModel, GraphNode } from './graph-model.js';

/**
 * A made-up payload graph of about `elements` nodes and edges, shaped like the real ones (IRIs with
 * collapsed literal lines, blank nodes, literals, labelled edges, added, removed and changed
 * elements), for the warm-up drawing.
 */
export function warmUpModel(elements: number): GraphModel {
  const groups = Math.max(1, Math.round(elements / 6));
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const changes = [undefined, 'added', 'removed'] as const;
  for (let i = 0; i < groups; i++) {
    const change = changes[i % 3];
    nodes.push(
      {
        id: `s${i}`,
        kind: 'iri',
        label: `ex:Sensor${i}\na ex:Device\nex:name "sensor ${i}"`,
        title: `http://example.org/Sensor${i}`,
        ...(i % 4 === 0 ? { change: 'changed' as const } : {}),
      },
      { id: `b${i}`, kind: 'blank', label: `_:b${i}\nex:value 7${i}.5`, title: `_:b${i}`, ...(change === undefined ? {} : { change }) },
      { id: `l${i}`, kind: 'literal', label: `"2026-01-0${i % 9}T10:00:00Z"`, title: 'xsd:dateTime', ...(change === undefined ? {} : { change }) },
    );
    edges.push(
      { id: `e${i}a`, source: `s${i}`, target: `b${i}`, label: 'ex:hasResult', title: 'ex:hasResult', ...(change === undefined ? {} : { change }) },
      { id: `e${i}b`, source: `b${i}`, target: `l${i}`, label: 'ex:time', title: 'ex:time', ...(change === undefined ? {} : { change }) },
    );
    // A tree over the subjects, so the graph is connected and layered like a payload.
    if (i > 0) edges.push({ id: `e${i}c`, source: `s${Math.floor((i - 1) / 2)}`, target: `s${i}`, label: 'ex:partOf', title: 'ex:partOf' });
  }
  const count = (c: 'added' | 'removed') => edges.filter((e) => e.change === c).length;
  return { nodes, edges, triples: edges.length, added: count('added'), removed: count('removed') };
}
