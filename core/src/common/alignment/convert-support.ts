/**
 * Shared pieces of the alignment converters (convert-legacy.ts, convert-cells.ts): namespace-prefix
 * bookkeeping on the output tree (their problems are collected in a ./problem-list.ts ProblemList).
 *
 * The converters read with the safe XML reader (`parseXml`), make an editable copy of the element
 * tree (`copyElement`; the one tree type of ../xml), edit it, and write the whole document again
 * (`serializeDocument`). Comments and processing instructions are not kept; entity references are
 * written expanded (the DOCTYPE's plain URI entities are re-declared, so hand edits can keep using
 * `&var;x`).
 */
import { NS } from '../rdf/terms.js';
import type { XmlElement } from '../xml/index.js';

/** The cell-format individuals (section 1.2: `inter-iot.eu`, no `www.`). */
export const CELL_FORMAT_IRIS = {
  turtle: 'http://inter-iot.eu/sripas#turtle',
  rdfxml: 'http://inter-iot.eu/sripas#rdfxml',
} as const;

// ---------------------------------------------------------------------------------------------
// Prefixes

/** Every prefix name declared anywhere in the tree, with the IRIs it is bound to. */
export function declaredPrefixes(root: XmlElement): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (el: XmlElement): void => {
    for (const [prefix, uri] of Object.entries(el.namespaceDeclarations)) {
      let set = out.get(prefix);
      if (set === undefined) out.set(prefix, (set = new Set()));
      set.add(uri);
    }
    for (const c of el.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
  return out;
}

/**
 * The prefix map a reader builds from the document (section 1.7): every xmlns declaration in
 * document order, a later declaration of the same prefix overriding an earlier one.
 */
export function documentPrefixMap(root: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (el: XmlElement): void => {
    for (const [prefix, uri] of Object.entries(el.namespaceDeclarations)) out.set(prefix, uri);
    for (const c of el.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
  return out;
}

// Namespaces in XML's NCName (XML 1.0 section 2.3 ranges, ZWNJ/ZWJ included on purpose).
const NCNAME =
  // eslint-disable-next-line no-misleading-character-class
  /^[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][\w.\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/;

export function isNcName(s: string): boolean {
  return NCNAME.test(s);
}

/** A prefix name not declared anywhere in `taken`: `base`, `base1`, `base2`, ... */
export function freshPrefix(base: string, taken: ReadonlyMap<string, unknown> | ReadonlySet<string>): string {
  let stem = isNcName(base) && !/^xml/i.test(base) && !base.includes('.') ? base : 'ns';
  if (stem === '') stem = 'ns';
  if (!taken.has(stem)) return stem;
  for (let i = 1; ; i++) if (!taken.has(`${stem}${i}`)) return `${stem}${i}`;
}

/**
 * A prefix usable for `uri` on any element of the tree: an existing root declaration of it that no
 * other element rebinds, else a new declaration on the root under `preferred` (suffixed 1, 2, ...
 * when that name is taken). A new name is declared nowhere else, so adding it changes nothing.
 */
export function ensurePrefix(
  root: XmlElement,
  uri: string,
  preferred: string,
  /** Declarations that will end up in the tree later (the converted document's nested ones). */
  elsewhere: Iterable<{ readonly prefix: string; readonly uri: string }> = [],
): string {
  const all = declaredPrefixes(root);
  for (const d of elsewhere) {
    let set = all.get(d.prefix);
    if (set === undefined) all.set(d.prefix, (set = new Set()));
    set.add(d.uri);
  }
  for (const [prefix, bound] of Object.entries(root.namespaceDeclarations)) {
    if (prefix === '' || bound !== uri) continue;
    const everywhere = all.get(prefix);
    if (everywhere !== undefined && everywhere.size === 1) return prefix;
  }
  const name = freshPrefix(preferred, all);
  root.namespaceDeclarations[name] = uri;
  return name;
}

/** Prefixes the converters need on every document, with their preferred names. */
export interface CorePrefixes {
  readonly rdf: string;
  readonly sripas: string;
  readonly iiot: string;
  readonly align: string;
}

export function ensureCorePrefixes(root: XmlElement): CorePrefixes {
  return {
    rdf: ensurePrefix(root, NS.rdf, 'rdf'),
    align: ensurePrefix(root, NS.align, 'align'),
    sripas: ensurePrefix(root, NS.sripas, 'sripas'),
    iiot: ensurePrefix(root, NS.iiot, 'iiot'),
  };
}
