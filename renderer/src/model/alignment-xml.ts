/**
 * Reads an IPSM-AF alignment (XML) in the browser for display: header, cells (entity1/entity2
 * patterns, functions, typings, filters) and steps, with each cell's line in the source so the
 * editor can jump to it. Validation stays the server's job (POST /validate); this reader is lenient.
 */

const ALIGN = 'http://knowledgeweb.semanticweb.org/heterogeneity/alignment#';

export interface CellFunction {
  readonly name: string;
  readonly params: readonly string[];
  readonly result?: string;
}

export interface CellView {
  readonly id: string;
  readonly iri: string;
  readonly line?: number;
  readonly entity1: string;
  readonly entity2: string;
  readonly relation: string;
  readonly functions: readonly CellFunction[];
  readonly typings: readonly string[];
  readonly filters: readonly string[];
}

export interface StepView {
  readonly order: string;
  readonly cellId: string;
}

export interface AlignmentDocument {
  readonly name: string;
  readonly version: string;
  readonly creator: string;
  readonly description: string;
  readonly source: string;
  readonly target: string;
  readonly cells: readonly CellView[];
  readonly steps: readonly StepView[];
}

export type AlignmentRead =
  | { readonly ok: true; readonly alignment: AlignmentDocument }
  | { readonly ok: false; readonly error: string };

/** `http://www.inter-iot.eu/sripas#cell0` -> `cell0` (how the server names cells in traces). */
export function cellIdOf(iri: string): string {
  const cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'));
  return cut >= 0 && cut < iri.length - 1 ? iri.slice(cut + 1) : iri;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Internal DTD entities (`<!ENTITY var "http://...">`), which the alignments use in attributes. */
function declaredEntities(text: string): Map<string, string> {
  const entities = new Map<string, string>();
  for (const m of text.matchAll(/<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    entities.set(m[1] ?? '', m[2] ?? m[3] ?? '');
  }
  return entities;
}

function expandEntities(value: string, entities: ReadonlyMap<string, string>): string {
  return value.replace(/&([A-Za-z_][\w.-]*);/g, (all, name: string) => entities.get(name) ?? all);
}

/**
 * The DOCTYPE is replaced by as many blank lines as it spanned and declared entities are expanded
 * up front, so every browser's DOMParser (and jsdom's) reads the same document with the same lines.
 */
function withoutDoctype(text: string, entities: ReadonlyMap<string, string>): string {
  const stripped = text.replace(/<!DOCTYPE[\s\S]*?\]\s*>|<!DOCTYPE[^>[]*>/, (doctype) => '\n'.repeat(doctype.split('\n').length - 1));
  return expandEntities(stripped, new Map([...entities].map(([k, v]) => [k, v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')])));
}

/** The line of each `<...Cell rdf:about="...">` start tag, by cell IRI. */
export function cellLines(text: string): Map<string, number> {
  const entities = declaredEntities(text);
  const lines = new Map<string, number>();
  for (const m of text.matchAll(/<(?:[\w.-]+:)?Cell\b[^>]*?\babout\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const iri = expandEntities(m[2] ?? m[3] ?? '', entities);
    if (!lines.has(iri)) lines.set(iri, lineAt(text, m.index ?? 0));
  }
  return lines;
}

function attr(el: Element, local: string): string | undefined {
  for (const a of Array.from(el.attributes)) if (a.localName === local) return a.value;
  return undefined;
}

function children(el: Element, local: string): Element[] {
  return Array.from(el.children).filter((c) => c.localName === local);
}

function descendants(el: Element, local: string): Element[] {
  return Array.from(el.getElementsByTagName('*')).filter((c) => c.localName === local);
}

function firstText(el: Element, ns: string | null, local: string): string {
  for (const c of Array.from(el.children)) {
    if (c.localName === local && (ns === null || c.namespaceURI === ns)) return (c.textContent ?? '').trim();
  }
  return '';
}

function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^\s*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

const shortVar = (s: string) => s.replace(/^.*#node_/, '?').replace(/^.*#/, '');

export function readAlignmentXml(text: string): AlignmentRead {
  const entities = declaredEntities(text);
  const doc = new DOMParser().parseFromString(withoutDoctype(text, entities), 'application/xml');
  const parseError = doc.getElementsByTagName('parsererror')[0];
  if (parseError !== undefined || doc.documentElement === null) {
    return { ok: false, error: (parseError?.textContent ?? 'Not XML').trim().split('\n')[0] ?? 'Not XML' };
  }
  const root = doc.documentElement;
  const alignment = root.localName === 'Alignment' ? root : descendants(root, 'Alignment')[0];
  if (alignment === undefined) return { ok: false, error: 'No align:Alignment element' };
  const lines = cellLines(text);

  const ontology = (which: string) => {
    const el = children(alignment, which)[0];
    const onto = el === undefined ? undefined : descendants(el, 'Ontology')[0];
    return (onto === undefined ? el?.textContent : (attr(onto, 'about') ?? onto.textContent))?.trim() ?? '';
  };

  const cells: CellView[] = [];
  for (const map of children(alignment, 'map')) {
    for (const cell of children(map, 'Cell')) {
      const iri = attr(cell, 'about') ?? '';
      const functions = descendants(cell, 'function').map((f) => {
        const result = descendants(f, 'return')[0];
        const resultName = result === undefined ? undefined : attr(result, 'about');
        return {
          name: attr(f, 'about') ?? '?',
          params: descendants(f, 'param').map((p) => shortVar(attr(p, 'about') ?? attr(p, 'val') ?? (p.textContent ?? '').trim())),
          ...(resultName === undefined ? {} : { result: shortVar(resultName) }),
        };
      });
      const line = lines.get(iri);
      cells.push({
        id: cellIdOf(iri),
        iri,
        ...(line === undefined ? {} : { line }),
        entity1: dedent(children(cell, 'entity1')[0]?.textContent ?? ''),
        entity2: dedent(children(cell, 'entity2')[0]?.textContent ?? ''),
        relation: firstText(cell, ALIGN, 'relation'),
        functions,
        typings: descendants(cell, 'typing').map((t) => `${shortVar(attr(t, 'about') ?? '')} : ${shortVar(attr(t, 'datatype') ?? '')}`),
        filters: descendants(cell, 'filter').map((t) => `${shortVar(attr(t, 'about') ?? '')} : ${shortVar(attr(t, 'datatype') ?? '')}`),
      });
    }
  }

  const steps = descendants(alignment, 'step').map((s) => ({ order: attr(s, 'order') ?? '', cellId: cellIdOf(attr(s, 'cell') ?? '') }));

  return {
    ok: true,
    alignment: {
      name: firstText(alignment, null, 'title'),
      version: firstText(alignment, null, 'version'),
      creator: firstText(alignment, null, 'creator'),
      description: firstText(alignment, null, 'description'),
      source: ontology('onto1'),
      target: ontology('onto2'),
      cells,
      steps,
    },
  };
}
