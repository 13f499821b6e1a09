/**
 * "Cells added to the open alignment" (issue 30): the suggestion's cells (its align:map elements)
 * and steps appended to another IPSM-AF document. Worked on the XML tree (DOMParser), not on text,
 * so that the open document's own prefixes, entities and layout do not matter: the namespaces the
 * cells' Turtle uses are declared on the root where missing (the cells' prefixes are the
 * document's, reference-mediator.md 3.1), a cell IRI the document uses already gets a suffix, and
 * the steps continue after the document's last order.
 */
const ALIGN = 'http://knowledgeweb.semanticweb.org/heterogeneity/alignment#';
const SRIPAS = 'http://www.inter-iot.eu/sripas#';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const XMLNS = 'http://www.w3.org/2000/xmlns/';

export type MergeResult = { readonly ok: true; readonly xml: string; readonly added: number } | { readonly ok: false; readonly message: string };

function parse(text: string, what: string): Document | string {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return `${what} is not well-formed XML`;
  return doc;
}

function stepsOf(doc: Document): Element | undefined {
  return doc.getElementsByTagNameNS(SRIPAS, 'steps')[0];
}

export function mergeSuggestedCells(baseXml: string, suggestionXml: string): MergeResult {
  const base = parse(baseXml, 'the open alignment');
  if (typeof base === 'string') return { ok: false, message: base };
  const suggestion = parse(suggestionXml, 'the suggestion');
  if (typeof suggestion === 'string') return { ok: false, message: suggestion };
  const alignment = base.getElementsByTagNameNS(ALIGN, 'Alignment')[0];
  const suggested = suggestion.getElementsByTagNameNS(ALIGN, 'Alignment')[0];
  if (alignment === undefined || suggested === undefined) return { ok: false, message: 'no align:Alignment element in the open alignment' };

  // Prefixes: what the suggestion's cells use must mean the same in the open document.
  const root = base.documentElement;
  for (const attribute of Array.from(suggestion.documentElement.attributes)) {
    if (attribute.prefix !== 'xmlns') continue;
    const known = root.getAttributeNS(XMLNS, attribute.localName);
    if (known === null || known === '') root.setAttributeNS(XMLNS, `xmlns:${attribute.localName}`, attribute.value);
    else if (known !== attribute.value)
      return {
        ok: false,
        message: `the prefix ${attribute.localName}: is ${known} in the open alignment and ${attribute.value} in the suggestion`,
      };
  }

  const taken = new Set(Array.from(base.getElementsByTagNameNS(ALIGN, 'Cell')).map((c) => c.getAttributeNS(RDF, 'about') ?? ''));
  const renamed = new Map<string, string>();
  const maps = Array.from(suggested.childNodes).filter((n): n is Element => n instanceof Element && n.namespaceURI === ALIGN && n.localName === 'map');
  for (const map of maps) {
    const cell = map.getElementsByTagNameNS(ALIGN, 'Cell')[0];
    const about = cell?.getAttributeNS(RDF, 'about') ?? '';
    let fresh = about;
    for (let n = 1; taken.has(fresh); n++) fresh = `${about}_suggested${n === 1 ? '' : n}`;
    taken.add(fresh);
    renamed.set(about, fresh);
    if (cell !== undefined && fresh !== about) cell.setAttributeNS(RDF, 'rdf:about', fresh);
    alignment.appendChild(base.createTextNode('\n    '));
    alignment.appendChild(base.importNode(map, true));
  }
  alignment.appendChild(base.createTextNode('\n  '));

  // Steps after the document's own, in the suggestion's order; without steps the document orders by cell.
  const steps = stepsOf(base);
  const newSteps = stepsOf(suggestion);
  if (steps !== undefined && newSteps !== undefined) {
    const orders = Array.from(steps.getElementsByTagNameNS(SRIPAS, 'step')).map((s) => Number(s.getAttributeNS(SRIPAS, 'order')));
    let next = Math.max(-1, ...orders.filter((n) => Number.isFinite(n))) + 1;
    for (const step of Array.from(newSteps.getElementsByTagNameNS(SRIPAS, 'step'))) {
      const copy = base.importNode<Element>(step, true);
      copy.setAttributeNS(SRIPAS, 'sripas:order', String(next++));
      const cell = step.getAttributeNS(SRIPAS, 'cell') ?? '';
      copy.setAttributeNS(SRIPAS, 'sripas:cell', renamed.get(cell) ?? cell);
      steps.appendChild(base.createTextNode('\n      '));
      steps.appendChild(copy);
    }
  }
  const text = new XMLSerializer().serializeToString(base);
  const declaration = /^\s*<\?xml[^>]*\?>/.exec(baseXml)?.[0];
  return { ok: true, xml: declaration === undefined || text.startsWith('<?xml') ? text : `${declaration.trim()}\n${text}`, added: maps.length };
}
