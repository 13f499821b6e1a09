import { describe, expect, it } from 'vitest';
import { MESSAGE_GRAPHS, NS, factory, type RDF } from './terms.js';
import { isomorphic } from './isomorphism.js';

const ex = (local: string): RDF.NamedNode => factory.namedNode(`http://example.org/${local}`);
const payload = factory.namedNode(MESSAGE_GRAPHS.payload);

describe('isomorphism check', () => {
  const b = (label: string): RDF.BlankNode => factory.blankNode(label);
  it('accepts renamed blank nodes and rejects structural differences', () => {
    const a = [factory.quad(b('x'), ex('p'), b('y')), factory.quad(b('y'), ex('p'), b('x')), factory.quad(b('z'), ex('p'), b('z'))];
    const renamed = [factory.quad(b('1'), ex('p'), b('2')), factory.quad(b('3'), ex('p'), b('3')), factory.quad(b('2'), ex('p'), b('1'))];
    const different = [factory.quad(b('1'), ex('p'), b('2')), factory.quad(b('2'), ex('p'), b('3')), factory.quad(b('3'), ex('p'), b('1'))];
    expect(isomorphic(a, renamed)).toBe(true);
    expect(isomorphic(a, different)).toBe(false);
    expect(isomorphic(a, a.slice(1))).toBe(false);
    expect(isomorphic([factory.quad(ex('s'), ex('p'), ex('o'))], [factory.quad(ex('s'), ex('p'), ex('o2'))])).toBe(false);
  });

  it('needs backtracking for regular graphs (two triangles vs one hexagon)', () => {
    const ring = (labels: string[]): RDF.Quad[] => labels.map((l, i) => factory.quad(b(l), ex('p'), b(labels[(i + 1) % labels.length] ?? '')));
    const triangles = [...ring(['a', 'b', 'c']), ...ring(['d', 'e', 'f'])];
    const hexagon = ring(['1', '2', '3', '4', '5', '6']);
    const triangles2 = [...ring(['u', 'v', 'w']), ...ring(['x', 'y', 'z'])].reverse();
    expect(isomorphic(triangles, hexagon)).toBe(false);
    expect(isomorphic(triangles, triangles2)).toBe(true);
    // All twelve nodes look alike to colour refinement; the first pairing tried (a triangle node
    // with a hexagon node) fails, so only backtracking finds the isomorphism.
    const mixed = [...triangles, ...ring(['g', 'h', 'i', 'j', 'k', 'l'])];
    const mixedOtherOrder = [...ring(['6', '5', '4', '3', '2', '1']), ...ring(['x', 'y', 'z']), ...ring(['u', 'v', 'w'])];
    expect(isomorphic(mixed, mixedOtherOrder)).toBe(true);
    expect(isomorphic(mixed, [...hexagon, ...ring(['m', 'n', 'o', 'p', 'q', 'r'])])).toBe(false);
  });

  it('distinguishes graph names and literal forms', () => {
    const q1 = [factory.quad(ex('s'), ex('p'), factory.literal('1'), payload)];
    const q2 = [factory.quad(ex('s'), ex('p'), factory.literal('1'))];
    const q3 = [factory.quad(ex('s'), ex('p'), factory.literal('1', factory.namedNode(`${NS.xsd}integer`)), payload)];
    expect(isomorphic(q1, q2)).toBe(false);
    expect(isomorphic(q1, q3)).toBe(false);
    expect(isomorphic(q1, [...q1, ...q1])).toBe(true);
  });
});
