import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError } from '../errors.js';
import { XML_NAMESPACE, parseXml, serializeElement, serializeNodes, type XmlElement, type XmlText } from './index.js';

// The shared data sits next to the repository: <repo>/../shared. Computed, not hard-coded.
const ALIGNMENTS_DIR = fileURLToPath(new URL('../../../../../shared/data/alignments/', import.meta.url));
const ALIGNMENT_FILES = readdirSync(ALIGNMENTS_DIR)
  .filter((f) => f.endsWith('.rdf'))
  .sort();
const readAlignment = (name: string): string => readFileSync(`${ALIGNMENTS_DIR}${name}`, 'utf8');

const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const SRIPAS = 'http://www.inter-iot.eu/sripas#';
const ALIGN = 'http://knowledgeweb.semanticweb.org/heterogeneity/alignment#';

/** Runs `fn`, expects a ParseError with `code` (and position when given), returns it. */
function parseError(fn: () => unknown, code: string, line?: number, column?: number): ParseError {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ParseError);
  const error = caught as ParseError;
  expect(error.code, error.message).toBe(code);
  if (line !== undefined) expect({ line: error.line, column: error.column }).toEqual({ line, column });
  return error;
}

function* descendants(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const child of element.elements()) yield* descendants(child);
}

function find(root: XmlElement, qname: string): XmlElement[] {
  return [...descendants(root)].filter((e) => e.qname === qname);
}

/** Offset of a 1-based line/column (UTF-16 columns) in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** Names, attributes and text of a subtree, independent of prefixes chosen and positions. */
type Shape = { name: string; attrs: string[]; children: Array<Shape | string> };
function shape(element: XmlElement): Shape {
  return {
    name: `{${element.uri}}${element.local}`,
    attrs: element.attributes.map((a) => `{${a.uri}}${a.local}=${a.value}`).sort(),
    children: element.children.map((c) => (c.kind === 'text' ? c.text : shape(c))),
  };
}

/** `shape` without whitespace-only text, for comparing indented output. */
function withoutBlankText(s: Shape): Shape {
  return {
    ...s,
    children: s.children.filter((c) => typeof c !== 'string' || c.trim() !== '').map((c) => (typeof c === 'string' ? c : withoutBlankText(c))),
  };
}

describe('parseXml on the IPSM-AF alignments', () => {
  it('finds the alignment files', () => {
    expect(ALIGNMENT_FILES.length).toBeGreaterThanOrEqual(4);
  });

  it.each(ALIGNMENT_FILES)('parses %s, with every element positioned at its "<"', (file) => {
    const text = readAlignment(file);
    const doc = parseXml(text, { source: file });
    expect(doc.root.qname).toBe('rdf:RDF');
    expect(doc.root.uri).toBe(RDF);
    expect(doc.doctypeName).toBe('RDF');
    expect(doc.entities['sripas']).toBe(SRIPAS);
    const cells = find(doc.root, 'align:Cell');
    expect(cells.length).toBeGreaterThan(0);
    for (const e of descendants(doc.root)) {
      const at = offsetOf(text, e.line, e.column);
      expect(text.slice(at, at + e.qname.length + 1), `${file} ${e.qname} at ${e.line}:${e.column}`).toBe(`<${e.qname}`);
    }
    // No entity reference survives in attribute values.
    for (const e of descendants(doc.root)) for (const a of e.attributes) expect(a.value).not.toMatch(/&\w+;/);
  });

  it('reads CO_FIWARE.rdf: names, expanded entities, namespaces and positions', () => {
    const doc = parseXml(readAlignment('CO_FIWARE.rdf'), { source: 'CO_FIWARE.rdf' });
    const root = doc.root;
    expect([root.prefix, root.local, root.uri]).toEqual(['rdf', 'RDF', RDF]);
    expect(doc.entities['var']).toBe('http://www.inter-iot.eu/sripas#node_');
    expect(doc.namespaceDeclarations).toContainEqual({ prefix: '', uri: SRIPAS });
    expect(doc.namespaceDeclarations).toContainEqual({ prefix: 'align', uri: ALIGN });
    expect(root.namespaceDeclarations['']).toBe(SRIPAS);
    expect(root.namespacesInScope['xml']).toBe(XML_NAMESPACE);

    // `<sripas:param sripas:order="1" sripas:about="&var;CTX"/>` on line 116.
    const param = find(root, 'sripas:param')[0];
    expect(param).toBeDefined();
    expect(param?.attr(SRIPAS, 'about')).toBe('http://www.inter-iot.eu/sripas#node_CTX');
    expect(param?.attr(SRIPAS, 'order')).toBe('1');
    expect(param?.attrAny('about')).toBeUndefined(); // prefixed, so not an unprefixed attribute
    expect([param?.line, param?.column]).toEqual([116, 25]);

    const alignment = root.elements()[0];
    expect([alignment?.qname, alignment?.uri, alignment?.line, alignment?.column]).toEqual(['align:Alignment', ALIGN, 31, 5]);
    expect(alignment?.parent).toBe(root);

    const cell = find(root, 'align:Cell').find((c) => c.attr(RDF, 'about') === `${SRIPAS}cell2_weight`);
    expect(cell?.line).toBe(104);
    const entity2 = cell?.elements().find((e) => e.local === 'entity2');
    expect(entity2?.text()).toContain('fw:hasType "WeighingScale"');
    expect(entity2?.attr(RDF, 'datatype')).toBe('http://www.w3.org/2001/XMLSchema#string');
    const typing = find(cell as XmlElement, 'sripas:typing')[0];
    expect(typing?.attr(SRIPAS, 'datatype')).toBe('http://www.w3.org/2001/XMLSchema#int');
  });

  it('reads unprefixed attributes of Port_CO.rdf with attrAny', () => {
    const doc = parseXml(readAlignment('Port_CO.rdf'));
    const params = find(doc.root, 'param');
    expect(params[0]?.uri).toBe(SRIPAS); // default namespace applies to elements...
    expect(params[0]?.attrAny('about')).toBe('http://www.inter-iot.eu/sripas#node_plate');
    expect(params[0]?.attr('', 'about')).toBe('http://www.inter-iot.eu/sripas#node_plate'); // ...not attributes
    expect(params[0]?.line).toBe(154);
  });
});

describe('entities', () => {
  it('expands predefined entities and character references in text and attributes', () => {
    const doc = parseXml('<a x="&lt;&amp;&gt;&quot;&apos;&#65;&#x42;">&lt;&amp;&gt;&quot;&apos;&#65;&#x1F600;</a>');
    expect(doc.root.attrAny('x')).toBe('<&>"\'AB');
    expect(doc.root.text()).toBe('<&>"\'A\u{1F600}');
  });

  it('expands declared entities recursively, in text and attributes, with forward references', () => {
    const doc = parseXml(
      '<!DOCTYPE r [\n' +
        '  <!ENTITY full "&base;node_">\n' + // refers to an entity declared later
        '  <!ENTITY base "http://e/x#">\n' +
        "  <!ENTITY chars 'A&#66;&amp;&#x43;'>\n" +
        '  <!ENTITY base "ignored: the first declaration binds">\n' +
        ']>\n<r a="&full;1">&full;2 &chars;</r>',
    );
    expect(doc.entities).toEqual(
      Object.assign(Object.create(null) as Record<string, string>, {
        full: 'http://e/x#node_',
        base: 'http://e/x#',
        chars: 'AB&C',
      }),
    );
    expect(doc.root.attrAny('a')).toBe('http://e/x#node_1');
    expect(doc.root.text()).toBe('http://e/x#node_2 AB&C');
  });

  it('skips ELEMENT, ATTLIST, comments and PIs in the internal subset, even with quotes and ">"', () => {
    const doc = parseXml('<!DOCTYPE a [ <!ELEMENT a (#PCDATA)> <!ATTLIST a x CDATA "d>e"> <!-- it\'s > --> <?pi ?> <!ENTITY e "v"> ]><a>&e;</a>');
    expect(doc.root.text()).toBe('v');
  });

  it('ignores a DOCTYPE-looking comment before the real DOCTYPE', () => {
    const doc = parseXml('<!-- <!DOCTYPE x SYSTEM "evil"> --><!DOCTYPE a [<!ENTITY e "ok">]><a>&e;</a>');
    expect(doc.root.text()).toBe('ok');
  });

  it('turns CDATA into text and merges text around comments and PIs', () => {
    const doc = parseXml('<a>one <!-- c --> two <![CDATA[<b>&amp;</b>]]> three<?pi x?></a>');
    expect(doc.root.children).toHaveLength(1);
    expect(doc.root.children[0]).toMatchObject({ kind: 'text', text: 'one  two <b>&amp;</b> three', line: 1, column: 4 });
  });
});

describe('entity limits', () => {
  const lol = (levels: number): string => {
    const decls = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i < levels; i++) decls.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    return `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${decls.join('\n')}\n]>\n<lolz>&lol${levels - 1};</lolz>`;
  };

  // Speed is the benchmarks' business; here the limit's message and position show where it stopped.
  it('stops the billion laughs bomb', () => {
    const error = parseError(() => parseXml(lol(10)), ErrorCodes.xmlEntityLimit);
    expect(error.message).toBe('entity expansion exceeds the limit of 1000000 characters (possible entity expansion bomb)');
    // Also with a generous depth limit: the size budget alone stops it.
    parseError(() => parseXml(lol(10), { limits: { maxEntityDepth: 50 } }), ErrorCodes.xmlEntityLimit);
  });

  it('stops quadratic blowup: one 50 KB entity referenced 10,000 times', () => {
    const text = `<!DOCTYPE r [<!ENTITY big "${'x'.repeat(50_000)}">]>\n<r>\n${'&big;'.repeat(10_000)}</r>`;
    const error = parseError(() => parseXml(text), ErrorCodes.xmlEntityLimit, 3, 20 * 5 + 1);
    // 20 references make exactly 1,000,000 characters; the 21st (column 101) is refused.
    expect(error.message).toContain('limit of 1000000 characters');
    // In attribute values too.
    const inAttributes = `<!DOCTYPE r [<!ENTITY big "${'x'.repeat(50_000)}">]><r>${'<e a="&big;"/>'.repeat(10_000)}</r>`;
    parseError(() => parseXml(inAttributes), ErrorCodes.xmlEntityLimit);
  });

  it('counts the whole document against maxEntityExpansion', () => {
    const text = '<!DOCTYPE r [<!ENTITY ten "0123456789">]><r a="&ten;">&ten;&ten;</r>';
    expect(parseXml(text, { limits: { maxEntityExpansion: 30 } }).root.text()).toHaveLength(20);
    parseError(() => parseXml(text, { limits: { maxEntityExpansion: 29 } }), ErrorCodes.xmlEntityLimit, 1, 60); // the third reference
  });

  it('refuses recursive entities', () => {
    const direct = parseError(() => parseXml('<!DOCTYPE r [<!ENTITY a "x&a;">]><r>&a;</r>'), ErrorCodes.xmlEntityLimit, 1, 27);
    expect(direct.message).toContain('recursive');
    const indirect = parseError(() => parseXml('<!DOCTYPE r [<!ENTITY a "&b;"><!ENTITY b "&c;"><!ENTITY c "&a;">]><r/>'), ErrorCodes.xmlEntityLimit);
    expect(indirect.message).toContain('a -> b -> c -> a');
  });

  it('enforces maxEntityDepth', () => {
    const chain = (n: number): string => {
      const decls = ['<!ENTITY e0 "end">'];
      for (let i = 1; i <= n; i++) decls.push(`<!ENTITY e${i} "&e${i - 1};">`);
      return `<!DOCTYPE r [${decls.join('')}]><r>&e${n};</r>`;
    };
    expect(parseXml(chain(8)).root.text()).toBe('end');
    const error = parseError(() => parseXml(chain(9)), ErrorCodes.xmlEntityLimit);
    expect(error.message).toContain('limit of 8');
    expect(parseXml(chain(9), { limits: { maxEntityDepth: 9 } }).root.text()).toBe('end');
  });

  it('enforces maxEntities and maxDepth', () => {
    const three = '<!DOCTYPE r [<!ENTITY a "1"><!ENTITY b "2"><!ENTITY c "3">]><r/>';
    expect(Object.keys(parseXml(three, { limits: { maxEntities: 3 } }).entities)).toEqual(['a', 'b', 'c']);
    parseError(() => parseXml(three, { limits: { maxEntities: 2 } }), ErrorCodes.xmlEntityLimit, 1, 44);

    const nested = '<a><b><c><d/></c></b></a>';
    expect(parseXml(nested, { limits: { maxDepth: 4 } }).root.qname).toBe('a');
    parseError(() => parseXml(nested, { limits: { maxDepth: 3 } }), ErrorCodes.xmlMalformed, 1, 10);
  });
});

describe('external entities and DTDs are refused', () => {
  it('refuses a SYSTEM entity (XXE)', () => {
    const error = parseError(
      () => parseXml('<?xml version="1.0"?>\n<!DOCTYPE r [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<r>&xxe;</r>'),
      ErrorCodes.xmlExternalEntity,
      3,
      3,
    );
    expect(error.message).toBe('external entity \'xxe\' (SYSTEM "file:///etc/passwd") is refused: only internal entities are allowed');
  });

  it('refuses a PUBLIC entity', () => {
    const error = parseError(() => parseXml('<!DOCTYPE r [<!ENTITY x PUBLIC "-//A//B" "http://evil/x">]><r>&x;</r>'), ErrorCodes.xmlExternalEntity, 1, 14);
    expect(error.message).toContain('PUBLIC "-//A//B" "http://evil/x"');
  });

  it('refuses parameter entities and parameter entity references', () => {
    parseError(() => parseXml('<!DOCTYPE r [<!ENTITY % p SYSTEM "http://evil/p.dtd"> %p;]><r/>'), ErrorCodes.xmlExternalEntity, 1, 14);
    parseError(() => parseXml('<!DOCTYPE r [<!ENTITY % p "x">]><r/>'), ErrorCodes.xmlExternalEntity);
    parseError(() => parseXml('<!DOCTYPE r [ %p; ]><r/>'), ErrorCodes.xmlExternalEntity, 1, 15);
    parseError(() => parseXml('<!DOCTYPE r [<!ENTITY a "%p;">]><r/>'), ErrorCodes.xmlExternalEntity);
  });

  it('refuses an external DTD subset', () => {
    const system = parseError(() => parseXml('<!DOCTYPE r SYSTEM "http://evil/r.dtd"><r/>'), ErrorCodes.xmlExternalEntity, 1, 13);
    expect(system.message).toContain('external DTD subset (SYSTEM "http://evil/r.dtd")');
    parseError(() => parseXml('<!DOCTYPE r PUBLIC "-//A" "r.dtd"><r/>'), ErrorCodes.xmlExternalEntity);
    parseError(() => parseXml('<!DOCTYPE r SYSTEM "r.dtd" [<!ENTITY a "1">]><r/>'), ErrorCodes.xmlExternalEntity);
  });

  it('refuses entity values with markup', () => {
    const error = parseError(() => parseXml('<!DOCTYPE r [<!ENTITY m "<b>x</b>">]><r>&m;</r>'), ErrorCodes.xmlMalformed);
    expect(error.message).toContain('markup');
  });
});

describe('malformed XML', () => {
  it('reports an unclosed tag with its name and where it was opened', () => {
    const text = '<r xmlns:align="urn:a">\n  <align:Cell>\n    <x/>\n';
    const error = parseError(() => parseXml(text, { source: 'a.rdf' }), ErrorCodes.xmlMalformed, 2, 3);
    expect(error.message).toMatch(/^unclosed tag <align:Cell> opened at line 2, column 3/);
    expect(error.source).toBe('a.rdf');
    expect(error.describe()).toMatch(/^a\.rdf:2:3: unclosed tag/);
  });

  it('reports a mismatched end tag at the end tag, naming the expected one', () => {
    const error = parseError(() => parseXml('<a>\n  <b>\n  </a>'), ErrorCodes.xmlMalformed, 3, 3);
    expect(error.message).toBe('mismatched end tag </a>: expected </b> to close the element opened at line 2, column 3');
    parseError(() => parseXml('<a/></a>'), ErrorCodes.xmlMalformed, 1, 5);
  });

  it('reports an undefined entity at its "&", in text and in attributes', () => {
    const error = parseError(() => parseXml('<a>\n  x &nope; y</a>'), ErrorCodes.xmlUndefinedEntity, 2, 5);
    expect(error.message).toContain("'&nope;'");
    parseError(() => parseXml('<a>\n <b c="x&var;CTX"/></a>'), ErrorCodes.xmlUndefinedEntity, 2, 9);
    parseError(() => parseXml('<!DOCTYPE a [<!ENTITY a "&b;">]><a/>'), ErrorCodes.xmlUndefinedEntity, 1, 26);
  });

  it('reports an unbound namespace prefix at the element', () => {
    const error = parseError(() => parseXml('<a>\n  <p:b/></a>'), ErrorCodes.xmlMalformed, 2, 3);
    expect(error.message).toContain("unbound namespace prefix 'p'");
    parseError(() => parseXml('<a>\n <b q:c="1"/></a>'), ErrorCodes.xmlMalformed, 2, 2);
  });

  it('reports junk after the root, empty documents and other well-formedness errors', () => {
    parseError(() => parseXml('<a/>\n<b/>'), ErrorCodes.xmlMalformed, 2, 1);
    parseError(() => parseXml('<a/>\n  junk'), ErrorCodes.xmlMalformed, 2, 3);
    parseError(() => parseXml('junk<a/>'), ErrorCodes.xmlMalformed, 1, 1);
    expect(parseError(() => parseXml(''), ErrorCodes.xmlMalformed, 1, 1).message).toBe('the document is empty');
    parseError(() => parseXml('<?xml version="1.0"?><!-- nothing -->'), ErrorCodes.xmlMalformed);
    parseError(() => parseXml('<a>\n<b x="1"'), ErrorCodes.xmlMalformed, 2, 1);
    parseError(() => parseXml('<a/><!-- open'), ErrorCodes.xmlMalformed, 1, 5);
    parseError(() => parseXml('<a x="1" x="2"/>'), ErrorCodes.xmlMalformed, 1, 1);
    parseError(() => parseXml('<a>AT&T</a>'), ErrorCodes.xmlMalformed, 1, 6);
    parseError(() => parseXml('<a>&#0;</a>'), ErrorCodes.xmlMalformed, 1, 4);
    parseError(() => parseXml('<a b="<"/>'), ErrorCodes.xmlMalformed, 1, 7);
    parseError(() => parseXml('<a/><!DOCTYPE a>'), ErrorCodes.xmlMalformed);
    parseError(() => parseXml('<!DOCTYPE a [<!ENTITY e "v">'), ErrorCodes.xmlMalformed);
    // Trailing comments, PIs and whitespace are fine.
    expect(parseXml('<a/>\n<!-- c --> <?pi x?>\n').root.qname).toBe('a');
  });
});

describe('positions', () => {
  it('points elements at their "<", even when the name is followed by a newline', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<r>\n\t<b\n   x="1"\n/><c>t</c></r>');
    const [b, c] = doc.root.elements();
    expect([doc.root.line, doc.root.column]).toEqual([2, 1]);
    expect([b?.line, b?.column]).toEqual([3, 2]);
    expect([c?.line, c?.column]).toEqual([5, 3]);
  });

  it('counts CRLF as one line end and ignores a byte order mark', () => {
    const doc = parseXml('\uFEFF<r>\r\n  <b/>\r\n  <c/></r>');
    expect([doc.root.line, doc.root.column]).toEqual([1, 1]);
    expect(doc.root.elements().map((e) => [e.line, e.column])).toEqual([
      [2, 3],
      [3, 3],
    ]);
    expect((doc.root.children[0] as XmlText).text).toBe('\n  '); // line ends normalised
  });

  it('positions text where it starts, after leading comments and PIs', () => {
    const doc = parseXml('<r>\n<b/><!-- c --><?p?>text<c/>  tail</r>');
    const texts = doc.root.children.filter((c): c is XmlText => c.kind === 'text');
    expect(texts.map((t) => [t.text, t.line, t.column])).toEqual([
      ['\n', 1, 4],
      ['text', 2, 20],
      ['  tail', 2, 28],
    ]);
  });
});

describe('namespaces', () => {
  const text =
    '<r xmlns="urn:d" xmlns:p="urn:p" xml:lang="en">' +
    '<p:a p:x="1" y="2" xmlns:q="urn:q"><q:b xmlns="" xmlns:p="urn:p2"><c p:z="3"/></q:b></p:a>' +
    '<p:a xmlns:q="urn:q"/></r>';

  it('resolves element and attribute names and tracks scope', () => {
    const doc = parseXml(text);
    const root = doc.root;
    expect([root.uri, root.attr(XML_NAMESPACE, 'lang')]).toEqual(['urn:d', 'en']);
    expect(root.attributes.map((a) => a.qname)).toEqual(['xml:lang']); // xmlns excluded
    expect(root.namespacesInScope).toEqual(Object.assign(Object.create(null) as Record<string, string>, { xml: XML_NAMESPACE, '': 'urn:d', p: 'urn:p' }));

    const a = root.elements()[0] as XmlElement;
    expect([a.uri, a.attr('urn:p', 'x'), a.attrAny('y'), a.attrAny('x')]).toEqual(['urn:p', '1', '2', undefined]);
    expect(a.attributes).toEqual([
      { qname: 'p:x', prefix: 'p', local: 'x', uri: 'urn:p', value: '1' },
      { qname: 'y', prefix: '', local: 'y', uri: '', value: '2' },
    ]);
    expect({ ...a.namespaceDeclarations }).toEqual({ q: 'urn:q' });

    const b = a.elements()[0] as XmlElement;
    expect({ ...b.namespaceDeclarations }).toEqual({ '': '', p: 'urn:p2' });
    expect('' in b.namespacesInScope).toBe(false); // xmlns="" undeclares the default namespace
    const c = b.elements()[0] as XmlElement;
    expect([c.uri, c.attr('urn:p2', 'z')]).toEqual(['', '3']);
    expect(c.namespacesInScope).toBe(b.namespacesInScope); // shared when nothing is declared

    expect(doc.namespaceDeclarations).toEqual([
      { prefix: '', uri: 'urn:d' },
      { prefix: 'p', uri: 'urn:p' },
      { prefix: 'q', uri: 'urn:q' },
      { prefix: '', uri: '' },
      { prefix: 'p', uri: 'urn:p2' },
      { prefix: 'q', uri: 'urn:q' },
    ]);
  });

  it('gives text() of all descendants and elements() of children only', () => {
    const doc = parseXml('<a>x<b>y<c>z</c></b>w</a>');
    expect(doc.root.text()).toBe('xyzw');
    expect(doc.root.elements().map((e) => e.qname)).toEqual(['b']);
  });
});

describe('serializeElement', () => {
  const source =
    '<!DOCTYPE r [<!ENTITY ns "urn:x#"><!ENTITY both "a &amp; b &lt; c">]>\n' +
    '<r xmlns="urn:default" xmlns:p="urn:p" xmlns:q="urn:q" xmlns:unused="urn:unused">\n' +
    '  <p:cell q:about="&ns;c1" plain="x &lt; y &amp; z &quot;q&quot;" ws="a&#9;b&#10;c">\n' +
    '    <inner>text &amp; more &lt;tag&gt; &both;</inner>\n' +
    '    <q:leaf p:attr="&ns;v"/>\n' +
    '    <p:own xmlns:p="urn:other"><p:deep/></p:own>\n' +
    '  </p:cell>\n' +
    '</r>';

  it('round-trips an inner element as a standalone fragment', () => {
    const cell = parseXml(source).root.elements()[0] as XmlElement;
    const xml = serializeElement(cell);
    expect(xml).toMatch(/^<p:cell xmlns:p="urn:p" xmlns:q="urn:q" xmlns="urn:default" /);
    expect(xml).not.toContain('unused');
    expect(xml).toContain('text &amp; more &lt;tag&gt; a &amp; b &lt; c</inner>');
    expect(xml).toContain('plain="x &lt; y &amp; z &quot;q&quot;"');
    expect(xml).toContain('ws="a&#9;b&#10;c"');
    const reparsed = parseXml(xml).root;
    expect(shape(reparsed)).toEqual(shape(cell));
    expect(reparsed.attr('urn:q', 'about')).toBe('urn:x#c1');
  });

  it('declares every binding in scope on request, and indents element-only content', () => {
    const cell = parseXml(source).root.elements()[0] as XmlElement;
    expect(serializeElement(cell, { declareAllInScope: true })).toContain('xmlns:unused="urn:unused"');
    const pretty = serializeElement(cell, { indent: '  ' });
    expect(pretty).toContain('\n  <inner>text &amp; more');
    expect(pretty).toContain('\n  <p:own xmlns:p="urn:other">\n    <p:deep/>\n  </p:own>\n</p:cell>');
    expect(withoutBlankText(shape(parseXml(pretty).root))).toEqual(withoutBlankText(shape(cell)));
  });

  it('declares prefixes used only by attributes, but not xml', () => {
    const doc = parseXml('<r xmlns:x="urn:x"><a x:y="1&#10;2" xml:lang="en">1 &gt; 0</a></r>');
    const a = doc.root.elements()[0] as XmlElement;
    expect(serializeElement(a)).toBe('<a xmlns:x="urn:x" x:y="1&#10;2" xml:lang="en">1 &gt; 0</a>');
  });

  it('serializes child nodes as a fragment with serializeNodes', () => {
    const doc = parseXml('<r xmlns:a="urn:a">x &amp; y<a:b/>z</r>');
    expect(serializeNodes(doc.root.children)).toBe('x &amp; y<a:b xmlns:a="urn:a"/>z');
  });
});
