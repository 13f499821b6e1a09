import { describe, expect, it } from 'vitest';
import { scanXml, type XmlSpan } from './xml-spans.js';

const bindings = (span: XmlSpan): Record<string, string> => Object.fromEntries([...span.namespaces].filter(([prefix]) => prefix !== 'xml'));

describe('scanXml namespaces', () => {
  it("gives each element its parent's bindings and its own, and never a sibling's or a child's", () => {
    const { root } = scanXml('<r xmlns:a="A"><x xmlns:b="B" xmlns="D"><y/><b:w xmlns:b="B2"/></x><z/><a:v/></r>');
    const [x, z, v] = root.children;
    const [y, w] = x!.children;
    expect(bindings(root)).toEqual({ a: 'A' });
    expect(bindings(x!)).toEqual({ a: 'A', b: 'B', '': 'D' });
    expect(x!.uri).toBe('D');
    expect(bindings(y!)).toEqual({ a: 'A', b: 'B', '': 'D' });
    expect(y!.uri).toBe('D');
    expect(bindings(w!)).toEqual({ a: 'A', b: 'B2', '': 'D' });
    expect(w!.uri).toBe('B2');
    expect(bindings(z!)).toEqual({ a: 'A' });
    expect(z!.uri).toBe('');
    expect(v!.uri).toBe('A');
    expect(root.namespaces.get('xml')).toBe('http://www.w3.org/XML/1998/namespace');
  });

  it('refuses a prefix bound only on a sibling', () => {
    expect(() => scanXml('<r><x xmlns:b="B"/><b:y/></r>')).toThrow(/prefix b of <b:y> is not declared/);
  });
});
