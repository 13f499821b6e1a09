/**
 * The one XML writer (issue 14), for the one tree (xml-tree.ts): fragments of a read document
 * (an RDF/XML cell's entity content, handed to the RDF/XML parser) and whole documents (the
 * alignment converters' output). Escapes &, <, > (and CR) in text and &, <, ", tab, newline and
 * CR in attribute values, so that the next parser reads back exactly the same characters.
 */
import type { XmlElement, XmlNode } from './xml-tree.js';

export interface SerializeOptions {
  /** Pretty-print element-only content with this indent; mixed content is kept as is. */
  indent?: string;
  /** Declare on the top element every binding in scope, not just the prefixes the subtree uses
   *  (needed when QNames appear in text or attribute values, e.g. Turtle snippets). */
  declareAllInScope?: boolean;
}

const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIAL_ALL = /[&<>\r]/g;
const ATTR_SPECIAL = /[&<"\t\n\r]/;
const ATTR_SPECIAL_ALL = /[&<"\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  // A raw CR would be turned into LF by the next parser; the reference keeps it.
  '\r': '&#13;',
};
const escapeChar = (ch: string): string => ESCAPES[ch] ?? ch;

/** Escapes &, <, > (and CR) in character data. */
export function escapeXmlText(s: string): string {
  return TEXT_SPECIAL.test(s) ? s.replace(TEXT_SPECIAL_ALL, escapeChar) : s;
}

/** Escapes &, <, " and tab/newline/CR (which attribute normalisation would turn into spaces). */
export function escapeXmlAttribute(s: string): string {
  return ATTR_SPECIAL.test(s) ? s.replace(ATTR_SPECIAL_ALL, escapeChar) : s;
}

/**
 * Serialise an element (and subtree) back to XML text, as a standalone well-formed fragment: the
 * top element also declares every namespace prefix used by the subtree's element and attribute
 * names that is not declared inside the subtree (taken from namespacesInScope).
 */
export function serializeElement(element: XmlElement, options: SerializeOptions = {}): string {
  const out: string[] = [];
  const layout: Layout = { indent: options.indent, wrapDeclarations: false };
  writeElement(element, out, layout, 0, missingDeclarations(element, options.declareAllInScope === true));
  return out.join('');
}

/** Serialise a list of nodes (the children of an element) as a fragment, each top element self-contained. */
export function serializeNodes(nodes: readonly XmlNode[], options: SerializeOptions = {}): string {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.kind === 'text') out.push(escapeXmlText(node.text));
    else out.push(serializeElement(node, options));
  }
  return out.join('');
}

/** An entity value that can be declared back as a plain literal (URIs in practice). */
const PLAIN_ENTITY_VALUE = /^[^&%<"]*$/;

/**
 * A whole document: XML declaration, a DOCTYPE re-declaring the source's plain internal entities
 * (their references were expanded while reading; the declarations are kept for later hand edits),
 * and the root pretty-printed with a 2-space indent, an element's namespace declarations one per
 * line when it has more than two (a root, typically). Every declaration must be in the tree.
 */
export function serializeDocument(root: XmlElement, entities: Readonly<Record<string, string>> = {}): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const declared = Object.entries(entities).filter(([, value]) => PLAIN_ENTITY_VALUE.test(value));
  if (declared.length > 0) {
    out.push(`<!DOCTYPE ${root.qname} [\n`);
    for (const [name, value] of declared) out.push(`  <!ENTITY ${name} "${value}">\n`);
    out.push(']>\n');
  }
  writeElement(root, out, { indent: '  ', wrapDeclarations: true }, 0, undefined);
  out.push('\n');
  return out.join('');
}

/**
 * Namespace bindings the subtree needs but does not declare itself. Such bindings come from
 * outside the subtree, so they are the ones in scope at the top element and can all be declared
 * there without changing any name's meaning.
 */
function missingDeclarations(top: XmlElement, allInScope: boolean): Map<string, string> {
  const missing = new Map<string, string>();
  if (allInScope) {
    const scope = top.namespacesInScope;
    for (const prefix in scope) {
      const uri = scope[prefix];
      if (prefix !== 'xml' && uri !== undefined && !(prefix in top.namespaceDeclarations)) missing.set(prefix, uri);
    }
  }
  const need = (prefix: string, uri: string, declared: ReadonlySet<string>): void => {
    if (prefix === 'xml' || (prefix === '' && uri === '')) return;
    if (!declared.has(prefix) && !missing.has(prefix)) missing.set(prefix, uri);
  };
  const visit = (element: XmlElement, outer: ReadonlySet<string>): void => {
    let declared = outer;
    const own = Object.keys(element.namespaceDeclarations);
    if (own.length > 0) declared = new Set([...outer, ...own]);
    need(element.prefix, element.uri, declared);
    for (const a of element.attributes) if (a.prefix !== '') need(a.prefix, a.uri, declared);
    for (const c of element.children) if (c.kind === 'element') visit(c, declared);
  };
  visit(top, new Set());
  return missing;
}

interface Layout {
  /** Pretty-print element-only content with this indent (undefined: write the tree as it is). */
  readonly indent: string | undefined;
  /** More than two namespace declarations on an element: one per line, aligned after the name. */
  readonly wrapDeclarations: boolean;
}

function isElementOnly(children: readonly XmlNode[]): boolean {
  let sawElement = false;
  for (const c of children) {
    if (c.kind === 'element') sawElement = true;
    else if (c.text.trim() !== '') return false;
  }
  return sawElement;
}

function writeElement(element: XmlElement, out: string[], layout: Layout, level: number, extraNamespaces: ReadonlyMap<string, string> | undefined): void {
  const { indent } = layout;
  const declarations = element.namespaceDeclarations;
  let separator = ' ';
  if (layout.wrapDeclarations && indent !== undefined) {
    if ((extraNamespaces?.size ?? 0) + Object.keys(declarations).length > 2) separator = `\n${indent.repeat(level)}${' '.repeat(element.qname.length + 2)}`;
  }
  out.push('<', element.qname);
  let first = true;
  const namespace = (prefix: string, uri: string): void => {
    out.push(first ? ' ' : separator, prefix === '' ? 'xmlns="' : `xmlns:${prefix}="`, escapeXmlAttribute(uri), '"');
    first = false;
  };
  if (extraNamespaces !== undefined) for (const [prefix, uri] of extraNamespaces) namespace(prefix, uri);
  for (const prefix in declarations) namespace(prefix, declarations[prefix] ?? '');
  for (const a of element.attributes) {
    out.push(first ? ' ' : separator, a.qname, '="', escapeXmlAttribute(a.value), '"');
    first = false;
  }
  const children = element.children;
  const only = children.length === 1 ? children[0] : undefined;
  // The reader never makes empty text nodes; a converter's empty text is an empty element.
  if (children.length === 0 || (only !== undefined && only.kind === 'text' && only.text === '')) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (indent !== undefined && only !== undefined && only.kind === 'text' && only.block === true) {
    const inner = indent.repeat(level + 1);
    const lines = only.text.replace(/\s+$/, '').split('\n');
    for (const line of lines) out.push('\n', line === '' ? '' : inner + escapeXmlText(line));
    out.push('\n', indent.repeat(level));
  } else if (indent !== undefined && isElementOnly(children)) {
    // Whitespace-only text between elements is replaced by the indentation.
    const inner = `\n${indent.repeat(level + 1)}`;
    for (const c of children) {
      if (c.kind !== 'element') continue;
      out.push(inner);
      writeElement(c, out, layout, level + 1, undefined);
    }
    out.push(`\n${indent.repeat(level)}`);
  } else {
    // Text and mixed content are written as they are.
    for (const c of children) {
      if (c.kind === 'text') out.push(escapeXmlText(c.text));
      else writeElement(c, out, layout, level + 1, undefined);
    }
  }
  out.push('</', element.qname, '>');
}
