import { describe, expect, it } from 'vitest';
import { attribute, copyElement, element, parseXml, serializeDocument, serializeElement, text } from './index.js';

describe('one tree, one writer', () => {
  const source = '<r:RDF xmlns:r="urn:r" xmlns:a="urn:a" xmlns:b="urn:b"><a:x b:y="1">t</a:x><a:e/></r:RDF>';

  it('writes a read tree as a document: declaration, 2-space indent, many declarations one per line', () => {
    const doc = parseXml(source);
    expect(serializeDocument(doc.root)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<r:RDF xmlns:r="urn:r"',
        '       xmlns:a="urn:a"',
        '       xmlns:b="urn:b">',
        '  <a:x b:y="1">t</a:x>',
        '  <a:e/>',
        '</r:RDF>',
        '',
      ].join('\n'),
    );
  });

  it('edits a copy, never the read tree, and writes made elements (block text, empty text) the same way', () => {
    const doc = parseXml(source);
    const copies = new Map<unknown, ReturnType<typeof copyElement>>();
    const root = copyElement(doc.root, (from, copy) => copies.set(from, copy));
    root.namespaceDeclarations['c'] = 'urn:c';
    const x = copies.get(doc.root.elements()[0]);
    if (x === undefined) throw new Error('no copy');
    x.children = [text('line 1\n\nline 2 < 3\n', true)];
    root.children.push(element('c:made', [attribute('c', 'urn:c', 'k', 'v\t')], [text('')]));
    expect(serializeDocument(root, { ent: 'urn:ent#' })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE r:RDF [',
        '  <!ENTITY ent "urn:ent#">',
        ']>',
        '<r:RDF xmlns:r="urn:r"',
        '       xmlns:a="urn:a"',
        '       xmlns:b="urn:b"',
        '       xmlns:c="urn:c">',
        '  <a:x b:y="1">',
        '    line 1',
        '',
        '    line 2 &lt; 3',
        '  </a:x>',
        '  <a:e/>',
        '  <c:made c:k="v&#9;"/>',
        '</r:RDF>',
        '',
      ].join('\n'),
    );
    expect(Object.keys(doc.root.namespaceDeclarations)).toEqual(['r', 'a', 'b']);
    expect(serializeElement(doc.root.elements()[0] ?? doc.root)).toBe('<a:x xmlns:a="urn:a" xmlns:b="urn:b" b:y="1">t</a:x>');
  });
});
