import { describe, expect, it } from 'vitest';
import { FIT_PADDING, fittedViewport, layoutBox, MAX_FIT_ZOOM, splitFirstFrame, type Link, type PlacedNode, type Viewport } from './first-frame.js';
import { layeredLayout } from './layered-layout.js';

/** A generated graph (a forest plus scattered extra links, a shared hub among them) laid out as the workbench does. */
function graph(n: number, variant: number) {
  const mix = (i: number, salt: number) => Math.imul(i + 1, 2654435761 + salt * 40503) >>> 0;
  const nodes: PlacedNode[] = Array.from({ length: n }, (_, i) => ({ id: `n${i}`, w: 40 + (mix(i, variant) % 300), h: 24 + (mix(i, variant + 1) % 5) * 14 }));
  const links: Link[] = [];
  for (let i = 1; i < n; i++) if (mix(i, variant + 2) % 6 !== 0) links.push({ source: `n${mix(i, variant + 3) % i}`, target: `n${i}` });
  // A shared term (a unit, a class): a link from every third node.
  for (let i = 3; i < n; i += 3) links.push({ source: `n${i}`, target: 'n0' });
  for (let k = 0; k < n / 4; k++) links.push({ source: `n${mix(k, variant + 4) % n}`, target: `n${mix(k, variant + 5) % n}` });
  return { nodes, links, at: layeredLayout(nodes, links) };
}

const sizes = [1, 2, 7, 40, 150, 600];
const containers = [
  [1380, 420],
  [640, 420],
  [300, 900],
] as const;
const cases = sizes.flatMap((n) => [0, 1, 2].flatMap((variant) => containers.map(([width, height]) => ({ n, variant, width, height }))));

/** The node's box in screen pixels under `view`. */
function onScreen(n: PlacedNode, at: ReadonlyMap<string, { x: number; y: number }>, view: Viewport) {
  const p = at.get(n.id)!;
  return {
    x1: (p.x - n.w / 2) * view.zoom + view.pan.x,
    x2: (p.x + n.w / 2) * view.zoom + view.pan.x,
    y1: (p.y - n.h / 2) * view.zoom + view.pan.y,
    y2: (p.y + n.h / 2) * view.zoom + view.pan.y,
  };
}

describe('layoutBox', () => {
  it.each(sizes)('holds every node of %i and touches the outermost ones', (n) => {
    const { nodes, at } = graph(n, 0);
    const box = layoutBox(nodes, at)!;
    const boxes = nodes.map((node) => onScreen(node, at, { zoom: 1, pan: { x: 0, y: 0 } }));
    for (const b of boxes) {
      expect(b.x1).toBeGreaterThanOrEqual(box.x1);
      expect(b.y1).toBeGreaterThanOrEqual(box.y1);
      expect(b.x2).toBeLessThanOrEqual(box.x2);
      expect(b.y2).toBeLessThanOrEqual(box.y2);
    }
    expect(Math.min(...boxes.map((b) => b.x1))).toBe(box.x1);
    expect(Math.max(...boxes.map((b) => b.y2))).toBe(box.y2);
  });

  it('is undefined for an empty graph', () => {
    expect(layoutBox([], new Map())).toBeUndefined();
  });
});

describe('fittedViewport', () => {
  const minZoom = 1;
  it.each(cases)(
    'fits $n nodes (variant $variant) in $width x $height: readable, no closer than the cap, whole or from its top left',
    ({ n, variant, width, height }) => {
      const { nodes, at } = graph(n, variant);
      const box = layoutBox(nodes, at)!;
      const view = fittedViewport(box, width, height, minZoom);
      expect(view.zoom).toBeGreaterThanOrEqual(minZoom);
      expect(view.zoom).toBeLessThanOrEqual(MAX_FIT_ZOOM);
      const x1 = box.x1 * view.zoom + view.pan.x;
      const x2 = box.x2 * view.zoom + view.pan.x;
      const y1 = box.y1 * view.zoom + view.pan.y;
      const y2 = box.y2 * view.zoom + view.pan.y;
      const fitsWhole = Math.min((width - 2 * FIT_PADDING) / (box.x2 - box.x1), (height - 2 * FIT_PADDING) / (box.y2 - box.y1)) >= minZoom;
      if (fitsWhole) {
        // Whole, within the padding, centred.
        expect(x1).toBeGreaterThanOrEqual(FIT_PADDING - 1e-6);
        expect(y1).toBeGreaterThanOrEqual(FIT_PADDING - 1e-6);
        expect(x2).toBeLessThanOrEqual(width - FIT_PADDING + 1e-6);
        expect(y2).toBeLessThanOrEqual(height - FIT_PADDING + 1e-6);
        expect(x1 + x2).toBeCloseTo(width, 6);
        expect(y1 + y2).toBeCloseTo(height, 6);
      } else {
        // Too large to read whole: at the smallest readable zoom, its top left corner at the padding.
        expect(view.zoom).toBe(minZoom);
        expect(x1).toBeCloseTo(FIT_PADDING, 6);
        expect(y1).toBeCloseTo(FIT_PADDING, 6);
      }
    },
  );

  it('draws a single point (a box without extent) at the cap, centred', () => {
    const view = fittedViewport({ x1: 5, y1: 5, x2: 5, y2: 5 }, 2 * FIT_PADDING, 2 * FIT_PADDING, 1);
    expect(view).toEqual({ zoom: MAX_FIT_ZOOM, pan: { x: FIT_PADDING - 5 * MAX_FIT_ZOOM, y: FIT_PADDING - 5 * MAX_FIT_ZOOM } });
  });
});

describe('splitFirstFrame', () => {
  it.each(cases)(
    'splits $n nodes (variant $variant) in $width x $height: all in view first, nothing lost, no link before its ends',
    ({ n, variant, width, height }) => {
      const { nodes, links, at } = graph(n, variant);
      const view = fittedViewport(layoutBox(nodes, at)!, width, height, 1);
      const parts = splitFirstFrame(nodes, links, at, view, width, height);
      // Every node and link exactly once.
      expect([...parts.nodes, ...parts.laterNodes].map((x) => x.id).sort()).toEqual(nodes.map((x) => x.id).sort());
      expect(parts.links.length + parts.laterLinks.length).toBe(links.length);
      expect(new Set([...parts.links, ...parts.laterLinks]).size).toBe(links.length);
      // Every node the view shows (even partly) is in the first frame.
      const first = new Set(parts.nodes.map((x) => x.id));
      for (const node of nodes) {
        const b = onScreen(node, at, view);
        if (b.x2 >= 0 && b.x1 <= width && b.y2 >= 0 && b.y1 <= height) expect(first.has(node.id), node.id).toBe(true);
      }
      // A first-frame link has both ends drawn in it; a link between two first-frame nodes is not left for later.
      for (const l of parts.links) expect(first.has(l.source) && first.has(l.target)).toBe(true);
      for (const l of parts.laterLinks) expect(first.has(l.source) && first.has(l.target)).toBe(false);
    },
  );

  it('leaves the far copies of a pattern for later when a shared term in view links them all', () => {
    // 60 subjects in one column, each linked to one unit node at the top: a tall graph.
    const nodes: PlacedNode[] = [{ id: 'unit', w: 80, h: 24 }, ...Array.from({ length: 60 }, (_, i) => ({ id: `s${i}`, w: 120, h: 40 }))];
    const links: Link[] = Array.from({ length: 60 }, (_, i) => ({ source: `s${i}`, target: 'unit' }));
    const at = layeredLayout(nodes, links);
    const view = fittedViewport(layoutBox(nodes, at)!, 1380, 420, 1);
    const parts = splitFirstFrame(nodes, links, at, view, 1380, 420);
    expect(parts.nodes.length).toBeGreaterThan(1);
    expect(parts.nodes.length).toBeLessThan(30);
    expect(parts.links.length).toBe(parts.nodes.length - 1);
  });
});
