/**
 * The drawings' palettes (issue 39): every text on the fill it is drawn on keeps WCAG's 4.5:1, in
 * the light and the dark palette alike, and the dark surface is dark.
 */
import { describe, expect, it } from 'vitest';
import { DARK_GRAPH, LIGHT_GRAPH, type GraphPalette } from './cytoscape-draw.js';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** Each text colour with the fills it is drawn on. */
const pairs = (p: GraphPalette): Array<[string, string, string]> => [
  ['node text', p.text, p.node],
  ['blank node text', p.text, p.blank],
  ['literal text', p.text, p.literal],
  ['edge label', p.edgeText, p.surface],
  ['added text', p.added.text, p.added.fill],
  ['removed text', p.removed.text, p.removed.fill],
];

describe.each([
  ['light', LIGHT_GRAPH],
  ['dark', DARK_GRAPH],
] as const)('the %s graph palette', (_name, palette) => {
  it.each(pairs(palette))('%s: at least 4.5:1', (_what, text, fill) => {
    expect(contrast(text, fill)).toBeGreaterThanOrEqual(4.5);
  });
});

it('the dark surface is dark', () => {
  expect(luminance(DARK_GRAPH.surface)).toBeLessThan(0.05);
  expect(luminance(LIGHT_GRAPH.surface)).toBeGreaterThan(0.9);
});
