import { describe, expect, it } from 'vitest';
import { WARM_UP_SIZES } from './cytoscape-draw.js';
import { warmUpModel } from './warm-up-model.js';

describe('warmUpModel', () => {
  it.each([60, 120, 360])('makes about %i elements with every kind of node and change, and edges between its own nodes', (size) => {
    const model = warmUpModel(size);
    const total = model.nodes.length + model.edges.length;
    expect(Math.abs(total - size)).toBeLessThanOrEqual(6);
    const ids = new Set(model.nodes.map((n) => n.id));
    expect(ids.size).toBe(model.nodes.length);
    for (const e of model.edges) expect([ids.has(e.source), ids.has(e.target), e.source === e.target]).toEqual([true, true, false]);
    expect(new Set(model.nodes.map((n) => n.kind))).toEqual(new Set(['iri', 'blank', 'literal']));
    expect(new Set(model.nodes.map((n) => n.change))).toEqual(new Set([undefined, 'added', 'removed', 'changed']));
    expect(model.added).toBe(model.edges.filter((e) => e.change === 'added').length);
    expect(model.added).toBeGreaterThan(0);
  });

  it('warms up a small drawing, then one of a few hundred elements (a collapsed payload graph of 500 triples)', () => {
    const sizes = WARM_UP_SIZES.map((size) => {
      const m = warmUpModel(size);
      return m.nodes.length + m.edges.length;
    });
    expect(sizes.map((n) => n >= 300)).toEqual([false, true]);
  });
});
