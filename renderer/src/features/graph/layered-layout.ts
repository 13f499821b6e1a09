/**
 * A layered left-to-right layout in linear time (issue 42, point 4), for the payload and pattern
 * graphs: what dagre drew, a triple reading from left to right, without dagre's cost. In a Chromium
 * profile of the first payload graph tab (500 triples), dagre and cytoscape's breadth-first layout
 * were a third of the main thread's time (102 ms and 156 ms on a loaded machine, with the position
 * events they emit per node); this runs in a few milliseconds and its positions go into the
 * elements cytoscape is created with, so no layout pass and no position events at all.
 *
 * Payloads are mostly trees (a subject, its blank nodes, their values), so: each node's rank (its
 * column) is its depth in a depth-first walk from the nodes nothing points to; nodes are placed in
 * the walk's order, each in its column's next free slot but no higher than its parent, so a subtree
 * stays beside its root. Cycles and nodes reached only through them start walks of their own.
 */

export interface LayoutNode {
  readonly id: string;
  /** Width and height of the drawn node, px. */
  readonly w: number;
  readonly h: number;
}

export interface LayoutEdge {
  readonly source: string;
  readonly target: string;
}

export interface LayoutSpacing {
  /** Vertical gap between two nodes of one column. */
  readonly nodeSep: number;
  /** Horizontal gap between two columns. */
  readonly rankSep: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

const DEFAULT_SPACING: LayoutSpacing = { nodeSep: 12, rankSep: 70 };

/** Each node's rank and the order the walk reached them in (every node exactly once). */
function walk(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): { order: number[]; rank: Int32Array; parent: Int32Array } {
  const index = new Map<string, number>();
  nodes.forEach((n, i) => index.set(n.id, i));
  const children: number[][] = nodes.map(() => []);
  const pointedTo = new Uint8Array(nodes.length);
  for (const e of edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    children[s]?.push(t);
    pointedTo[t] = 1;
  }
  const rank = new Int32Array(nodes.length).fill(-1);
  const parent = new Int32Array(nodes.length).fill(-1);
  const order: number[] = [];
  // An explicit stack: a long chain must not overflow the call stack.
  const visit = (root: number) => {
    if (rank[root] !== -1) return;
    rank[root] = 0;
    const stack = [root];
    while (stack.length > 0) {
      const at = stack.pop() ?? 0;
      order.push(at);
      const kids = children[at] ?? [];
      // Pushed in reverse so the first child is walked first (the model's order, top to bottom).
      for (let k = kids.length - 1; k >= 0; k--) {
        const c = kids[k] ?? 0;
        if (rank[c] !== -1) continue;
        rank[c] = (rank[at] ?? 0) + 1;
        parent[c] = at;
        stack.push(c);
      }
    }
  };
  for (let i = 0; i < nodes.length; i++) if (pointedTo[i] === 0) visit(i);
  for (let i = 0; i < nodes.length; i++) visit(i);
  return { order, rank, parent };
}

/** Centre points by node id: columns left to right by rank, each column top to bottom without overlaps. */
export function layeredLayout(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[], spacing: LayoutSpacing = DEFAULT_SPACING): Map<string, Point> {
  const { order, rank, parent } = walk(nodes, edges);
  let ranks = 0;
  for (const r of rank) ranks = Math.max(ranks, r + 1);
  const width = new Float64Array(ranks);
  nodes.forEach((n, i) => (width[rank[i] ?? 0] = Math.max(width[rank[i] ?? 0] ?? 0, n.w)));
  const left = new Float64Array(ranks);
  for (let r = 1; r < ranks; r++) left[r] = (left[r - 1] ?? 0) + (width[r - 1] ?? 0) + spacing.rankSep;
  const nextFree = new Float64Array(ranks);
  const top = new Float64Array(nodes.length);
  const at = new Map<string, Point>();
  for (const i of order) {
    const n = nodes[i];
    if (n === undefined) continue;
    const r = rank[i] ?? 0;
    const p = parent[i] ?? -1;
    const y = Math.max(nextFree[r] ?? 0, p >= 0 ? (top[p] ?? 0) : 0);
    top[i] = y;
    nextFree[r] = y + n.h + spacing.nodeSep;
    at.set(n.id, { x: (left[r] ?? 0) + (width[r] ?? 0) / 2, y: y + n.h / 2 });
  }
  return at;
}
