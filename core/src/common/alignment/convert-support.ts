/**
 * Shared pieces of the alignment converters (convert-legacy.ts, convert-cells.ts): a small mutable
 * output tree for the document being written, its pretty-printing serialiser, namespace-prefix
 * bookkeeping and the CONVERSION_FAILED error.
 *
 * The converters read with the safe XML reader (`parseXml`), copy the element tree into this
 * output tree, edit it, and serialise the whole document again. Comments and processing
 * instructions are not kept; entity references are written expanded (the DOCTYPE's plain URI
 * entities are re-declared, so hand edits can keep using `&var;x`).
 */
import { ValidationError, type Problem } from '../errors.js';
import { NS } from '../rdf/terms.js';
import { escapeXmlAttribute, escapeXmlText, type XmlDocument, type XmlElement } from '../xml/index.js';

/** Error code of every conversion-specific failure (malformed XML keeps the XML_* codes). */
export const CONVERSION_FAILED = 'CONVERSION_FAILED';

/** The cell-format individuals (section 1.2: `inter-iot.eu`, no `www.`). */
export const CELL_FORMAT_IRIS = {
  turtle: 'http://inter-iot.eu/sripas#turtle',
  rdfxml: 'http://inter-iot.eu/sripas#rdfxml',
} as const;

export interface OutAttribute {
  qname: string;
  /** Namespace IRI, '' for unprefixed attributes. */
  uri: string;
  local: string;
  value: string;
}

export interface OutText {
  kind: 'text';
  text: string;
  /**
   * Text written as an indented block on its own lines (Turtle cells): each line is indented one
   * level deeper than the element, the end tag goes on its own line.
   */
  block?: boolean;
}

export interface OutElement {
  kind: 'element';
  qname: string;
  /** xmlns declarations written on this element, in order ('' = default namespace). */
  declarations: Array<[string, string]>;
  attributes: OutAttribute[];
  children: OutNode[];
}

export type OutNode = OutElement | OutText;

export function element(
  qname: string,
  attributes: OutAttribute[] = [],
  children: OutNode[] = [],
  declarations: Array<[string, string]> = [],
): OutElement {
  return { kind: 'element', qname, declarations, attributes, children };
}

export function text(value: string, block = false): OutText {
  return block ? { kind: 'text', text: value, block } : { kind: 'text', text: value };
}

/** An attribute `prefix:local` in namespace `uri` (prefix '' = unprefixed, then uri must be ''). */
export function attribute(prefix: string, uri: string, local: string, value: string): OutAttribute {
  return { qname: prefix === '' ? local : `${prefix}:${local}`, uri, local, value };
}

/**
 * Copies a parsed element (and subtree) into the output tree. `onCopy` sees every pair, so callers
 * can find the copies of the elements they want to edit.
 */
export function copyElement(source: XmlElement, onCopy?: (source: XmlElement, copy: OutElement) => void): OutElement {
  const declarations: Array<[string, string]> = [];
  for (const prefix in source.namespaceDeclarations) declarations.push([prefix, source.namespaceDeclarations[prefix] ?? '']);
  const copy = element(
    source.qname,
    source.attributes.map((a) => ({ qname: a.qname, uri: a.uri, local: a.local, value: a.value })),
    [],
    declarations,
  );
  for (const child of source.children) {
    copy.children.push(child.kind === 'text' ? text(child.text) : copyElement(child, onCopy));
  }
  onCopy?.(source, copy);
  return copy;
}

export function removeAttributes(el: OutElement, uri: string, local: string): void {
  el.attributes = el.attributes.filter((a) => !(a.uri === uri && a.local === local));
}

// ---------------------------------------------------------------------------------------------
// Prefixes

/** Every prefix name declared anywhere in the tree, with the IRIs it is bound to. */
export function declaredPrefixes(root: OutElement): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const visit = (el: OutElement): void => {
    for (const [prefix, uri] of el.declarations) {
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
export function documentPrefixMap(root: OutElement): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (el: OutElement): void => {
    for (const [prefix, uri] of el.declarations) out.set(prefix, uri);
    for (const c of el.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
  return out;
}

const NCNAME = /^[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][\w.\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/;

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
  root: OutElement,
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
  for (const [prefix, bound] of root.declarations) {
    if (prefix === '' || bound !== uri) continue;
    const everywhere = all.get(prefix);
    if (everywhere !== undefined && everywhere.size === 1) return prefix;
  }
  const name = freshPrefix(preferred, all);
  root.declarations.push([name, uri]);
  return name;
}

/** Prefixes the converters need on every document, with their preferred names. */
export interface CorePrefixes {
  readonly rdf: string;
  readonly sripas: string;
  readonly iiot: string;
  readonly align: string;
}

export function ensureCorePrefixes(root: OutElement): CorePrefixes {
  return {
    rdf: ensurePrefix(root, NS.rdf, 'rdf'),
    align: ensurePrefix(root, NS.align, 'align'),
    sripas: ensurePrefix(root, NS.sripas, 'sripas'),
    iiot: ensurePrefix(root, NS.iiot, 'iiot'),
  };
}

// ---------------------------------------------------------------------------------------------
// Serialisation

function isElementOnly(children: readonly OutNode[]): boolean {
  let sawElement = false;
  for (const c of children) {
    if (c.kind === 'element') sawElement = true;
    else if (c.text.trim() !== '') return false;
  }
  return sawElement;
}

function writeElement(el: OutElement, out: string[], indent: string, level: number): void {
  const parts: string[] = [];
  for (const [prefix, uri] of el.declarations) {
    parts.push(`${prefix === '' ? 'xmlns' : `xmlns:${prefix}`}="${escapeXmlAttribute(uri)}"`);
  }
  for (const a of el.attributes) parts.push(`${a.qname}="${escapeXmlAttribute(a.value)}"`);
  out.push('<', el.qname);
  // Many namespace declarations (a root, typically) go one per line.
  const separator = el.declarations.length > 2 ? `\n${indent.repeat(level)}${' '.repeat(el.qname.length + 2)}` : ' ';
  parts.forEach((part, i) => out.push(i === 0 ? ' ' : separator, part));
  const children = el.children;
  const only = children.length === 1 ? children[0] : undefined;
  if (children.length === 0 || (only !== undefined && only.kind === 'text' && only.text === '')) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (only !== undefined && only.kind === 'text' && only.block === true) {
    const inner = indent.repeat(level + 1);
    const lines = only.text.replace(/\s+$/, '').split('\n');
    for (const line of lines) out.push('\n', line === '' ? '' : inner + escapeXmlText(line));
    out.push('\n', indent.repeat(level));
  } else if (isElementOnly(children)) {
    // Whitespace between elements is replaced by the indentation.
    for (const c of children) {
      if (c.kind !== 'element') continue;
      out.push('\n', indent.repeat(level + 1));
      writeElement(c, out, indent, level + 1);
    }
    out.push('\n', indent.repeat(level));
  } else {
    // Text and mixed content are written as they are.
    for (const c of children) {
      if (c.kind === 'text') out.push(escapeXmlText(c.text));
      else writeElement(c, out, indent, level + 1);
    }
  }
  out.push('</', el.qname, '>');
}

/** An entity value that can be declared back as a plain literal (URIs in practice). */
const PLAIN_ENTITY_VALUE = /^[^&%<"]*$/;

/**
 * The whole document: XML declaration, a DOCTYPE re-declaring the source's plain internal
 * entities (their references were expanded while reading; the declarations are kept for later
 * hand edits), and the root pretty-printed with a 2-space indent.
 */
export function serializeDocument(root: OutElement, entities: XmlDocument['entities'] = {}): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const declared = Object.entries(entities).filter(([, value]) => PLAIN_ENTITY_VALUE.test(value));
  if (declared.length > 0) {
    out.push(`<!DOCTYPE ${root.qname} [\n`);
    for (const [name, value] of declared) out.push(`  <!ENTITY ${name} "${value}">\n`);
    out.push(']>\n');
  }
  writeElement(root, out, '  ', 0);
  out.push('\n');
  return out.join('');
}

// ---------------------------------------------------------------------------------------------
// Errors

export class ProblemList {
  readonly items: Problem[] = [];

  error(code: string, message: string, at?: { line: number; column: number }, cellId?: string): void {
    this.items.push({
      code,
      severity: 'error',
      message,
      ...(at === undefined ? {} : { line: at.line, column: at.column }),
      ...(cellId === undefined ? {} : { cellId }),
    });
  }

  add(problems: readonly Problem[]): void {
    for (const p of problems) if (p.severity === 'error') this.items.push(p);
  }

  get hasErrors(): boolean {
    return this.items.length > 0;
  }

  /** Throws a CONVERSION_FAILED ValidationError listing every problem, when there is one. */
  throwIfAny(what: string): void {
    const first = this.items[0];
    if (first === undefined) return;
    const where = first.line === undefined ? '' : `line ${first.line}, column ${first.column ?? 1}: `;
    const more = this.items.length > 1 ? ` (and ${this.items.length - 1} more problem(s))` : '';
    throw new ValidationError(`${what}: ${where}${first.message}${more}`, this.items, CONVERSION_FAILED);
  }
}
