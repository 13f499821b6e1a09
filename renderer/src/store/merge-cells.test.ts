// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mergeSuggestedCells } from './merge-cells.js';

const HEAD = `xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:sripas="http://www.inter-iot.eu/sripas#"`;

function doc(prefixes: string, cells: string[], firstOrder: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF ${HEAD} ${prefixes}>
  <align:Alignment>
    <sripas:steps rdf:parseType="Collection">
${cells.map((c, i) => `      <sripas:step sripas:order="${firstOrder + i}" sripas:cell="http://www.inter-iot.eu/sripas#${c}"/>`).join('\n')}
    </sripas:steps>
${cells.map((c) => `    <align:map><align:Cell rdf:about="http://www.inter-iot.eu/sripas#${c}"><align:entity1>${c}</align:entity1></align:Cell></align:map>`).join('\n')}
  </align:Alignment>
</rdf:RDF>`;
}

function read(xml: string) {
  const d = new DOMParser().parseFromString(xml, 'application/xml');
  const cells = Array.from(d.getElementsByTagNameNS('http://knowledgeweb.semanticweb.org/heterogeneity/alignment#', 'Cell')).map((c) =>
    c.getAttributeNS('http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'about'),
  );
  const steps = Array.from(d.getElementsByTagNameNS('http://www.inter-iot.eu/sripas#', 'step')).map((s) => [
    s.getAttributeNS('http://www.inter-iot.eu/sripas#', 'order'),
    s.getAttributeNS('http://www.inter-iot.eu/sripas#', 'cell'),
  ]);
  return { cells, steps, root: d.documentElement };
}

describe('mergeSuggestedCells', () => {
  it('appends the cells and steps after the document’s own, renaming a cell IRI it uses and declaring missing prefixes', () => {
    const base = doc('xmlns:fw="http://inter-iot.eu/syntax/FIWAREv2#"', ['cell0', 'cell01'], 0);
    const suggestion = doc('xmlns:var="http://www.inter-iot.eu/sripas#node_"', ['cell01', 'cell02'], 1);
    const merged = mergeSuggestedCells(base, suggestion);
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.added).toBe(2);
    expect(merged.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const { cells, steps, root } = read(merged.xml);
    const s = 'http://www.inter-iot.eu/sripas#';
    expect(cells).toEqual([`${s}cell0`, `${s}cell01`, `${s}cell01_suggested`, `${s}cell02`]);
    expect(steps).toEqual([
      ['0', `${s}cell0`],
      ['1', `${s}cell01`],
      ['2', `${s}cell01_suggested`],
      ['3', `${s}cell02`],
    ]);
    expect(root.getAttribute('xmlns:var')).toBe('http://www.inter-iot.eu/sripas#node_');
    expect(root.getAttribute('xmlns:fw')).toBe('http://inter-iot.eu/syntax/FIWAREv2#');
  });

  it('refuses a prefix that means something else in the open document, and text that is not XML', () => {
    const base = doc('xmlns:var="http://example.org/other#"', ['cell0'], 0);
    const suggestion = doc('xmlns:var="http://www.inter-iot.eu/sripas#node_"', ['cell01'], 1);
    expect(mergeSuggestedCells(base, suggestion)).toEqual({
      ok: false,
      message: 'the prefix var: is http://example.org/other# in the open alignment and http://www.inter-iot.eu/sripas#node_ in the suggestion',
    });
    expect(mergeSuggestedCells('<unclosed', suggestion)).toEqual({ ok: false, message: 'the open alignment is not well-formed XML' });
  });
});
