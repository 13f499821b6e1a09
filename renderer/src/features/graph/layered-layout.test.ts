import { describe, expect, it } from 'vitest';
import { layeredLayout, type LayoutEdge, type LayoutNode } from './layered-layout.js';

const SPACING = { nodeSep: 12, rankSep: 70 };

/**
 * Generated graphs, many shapes per size: a forest (each node hangs under an earlier one, or is a
 * root), plus `extra` edges between scattered nodes, which make cycles, back edges, cross edges,
 * self-loops, duplicates and edges to ids that are not nodes. Sizes vary per node.
 */
function graph(n: number, variant: number, extra: number): { nodes: LayoutNode[]; edges: LayoutEdge[] } {
  const mix = (i: number, salt: number) => Math.imul(i + 1, 2654435761 + salt * 40503) >>> 0;
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, w: 40 + (mix(i, variant) % 200), h: 24 + (mix(i, variant + 1) % 4) * 14 }));
  const edges: LayoutEdge[] = [];
  for (let i = 1; i < n; i++) if (mix(i, variant + 2) % 5 !== 0) edges.push({ source: `n${mix(i, variant + 3) % i}`, target: `n${i}` });
  for (let k = 0; k < extra; k++) {
    const s = mix(k, variant + 4) % n;
    const t = mix(k, variant + 5) % (n + 2); // n and n + 1: ids no node has
    edges.push({ source: `n${s}`, target: `n${t}` });
  }
  return { nodes, edges };
}

const cases = [1, 2, 5, 17, 60, 250].flatMap((n) => [0, 1, 2, 3].flatMap((variant) => [0, Math.ceil(n / 3)].map((extra) => ({ n, variant, extra }))));

describe('layeredLayout', () => {
  it.each(cases)(
    'places every node of $n (variant $variant, $extra extra edges) once, finite, and no two nodes of a column overlap',
    ({ n, variant, extra }) => {
      const { nodes, edges } = graph(n, variant, extra);
      const at = layeredLayout(nodes, edges, SPACING);
      expect([...at.keys()].sort()).toEqual(nodes.map((x) => x.id).sort());
      const columns = new Map<number, Array<{ top: number; bottom: number; w: number }>>();
      for (const node of nodes) {
        const p = at.get(node.id);
        expect(Number.isFinite(p?.x) && Number.isFinite(p?.y)).toBe(true);
        const column = columns.get(p?.x ?? NaN) ?? [];
        column.push({ top: (p?.y ?? 0) - node.h / 2, bottom: (p?.y ?? 0) + node.h / 2, w: node.w });
        columns.set(p?.x ?? NaN, column);
      }
      for (const column of columns.values()) {
        column.sort((a, b) => a.top - b.top);
        for (let i = 1; i < column.length; i++) expect(column[i]?.top).toBeGreaterThanOrEqual((column[i - 1]?.bottom ?? 0) + SPACING.nodeSep - 1e-9);
      }
      // Columns do not overlap either: each starts rankSep after the widest node of the one before.
      const xs = [...columns.keys()].sort((a, b) => a - b);
      for (let i = 1; i < xs.length; i++) {
        const widest = (x: number) => Math.max(...(columns.get(x) ?? []).map((c) => c.w));
        expect((xs[i] ?? 0) - widest(xs[i] ?? 0) / 2).toBeCloseTo((xs[i - 1] ?? 0) + widest(xs[i - 1] ?? 0) / 2 + SPACING.rankSep, 6);
      }
    },
  );

  it.each(cases.filter((c) => c.extra === 0))(
    'draws a forest ($n nodes, variant $variant) left to right: every edge goes one column right',
    ({ n, variant }) => {
      const { nodes, edges } = graph(n, variant, 0);
      const at = layeredLayout(nodes, edges, SPACING);
      const xs = [...new Set([...at.values()].map((p) => p.x))].sort((a, b) => a - b);
      for (const e of edges) expect(xs.indexOf(at.get(e.target)?.x ?? NaN)).toBe(xs.indexOf(at.get(e.source)?.x ?? NaN) + 1);
    },
  );

  it('keeps a child no higher than its parent, so a subtree sits beside its root', () => {
    const nodes = ['a', 'b', 'c', 'a1', 'b1', 'c1'].map((id) => ({ id, w: 50, h: 20 }));
    const edges = [
      { source: 'a', target: 'a1' },
      { source: 'b', target: 'b1' },
      { source: 'c', target: 'c1' },
    ];
    const at = layeredLayout(nodes, edges, SPACING);
    for (const [parent, child] of [
      ['a', 'a1'],
      ['b', 'b1'],
      ['c', 'c1'],
    ] as const)
      expect(at.get(child)?.y).toBe(at.get(parent)?.y);
  });

  it('walks a chain of 50,000 nodes without overflowing the stack', () => {
    const n = 50_000;
    const nodes = Array.from({ length: n }, (_, i) => ({ id: String(i), w: 10, h: 10 }));
    const edges = Array.from({ length: n - 1 }, (_, i) => ({ source: String(i), target: String(i + 1) }));
    const at = layeredLayout(nodes, edges, SPACING);
    expect(at.get(String(n - 1))?.x).toBe(5 + (n - 1) * (10 + SPACING.rankSep));
  });
});
