/**
 * The one XML tree type (issue 14): what the safe reader builds, what the alignment converters
 * copy, make and edit, and what the one writer (xml-writer.ts) writes; plus the few factories and
 * edits the converters need.
 */

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

export interface XmlAttribute {
  qname: string;
  prefix: string;
  local: string;
  /** '' for an unprefixed attribute (the default namespace never applies to attributes). */
  uri: string;
  value: string;
}

/** Text after entity expansion and unescaping; CDATA becomes text too. */
export interface XmlText {
  kind: 'text';
  text: string;
  line: number;
  column: number;
  /**
   * Written as an indented block on its own lines (Turtle cells written by the converters): each
   * line one level deeper than the element, the end tag on its own line. Never set by the reader.
   */
  block?: boolean;
}

/**
 * An element of the one XML tree: the reader (safe-xml.ts) builds it, the alignment converters
 * copy, make and edit elements of it, and the writer (xml-writer.ts) writes it. The reader fills
 * in every field. An element made by code (`element`) has no position (line and column 0), no
 * namespace resolution (uri '', no bindings in scope) and no parent: the converters write whole
 * documents whose declarations are all explicit, and never read those fields back.
 */
export interface XmlElement {
  kind: 'element';
  qname: string;
  prefix: string;
  local: string;
  /** '' when the element is in no namespace. */
  uri: string;
  /** Excluding xmlns declarations. */
  attributes: XmlAttribute[];
  /** xmlns declared on this element ('' key = default namespace). */
  namespaceDeclarations: Record<string, string>;
  /**
   * All bindings in scope here ('' = default namespace if any; includes 'xml'). Frozen, and
   * shared with the parent when this element declares nothing.
   */
  namespacesInScope: Record<string, string>;
  /** Comments and processing instructions are dropped; adjacent text and CDATA are merged. */
  children: XmlNode[];
  /** Position of the '<' that opens the element. */
  line: number;
  column: number;
  parent: XmlElement | undefined;
  /** Namespaced attribute lookup. */
  attr(uri: string, local: string): string | undefined;
  /** Attribute with that local name and no prefix. */
  attrAny(local: string): string | undefined;
  /** Concatenated descendant text. */
  text(): string;
  /** Child elements only. */
  elements(): XmlElement[];
}

export type XmlNode = XmlElement | XmlText;

const NO_BINDINGS: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

/** The element the reader and the factories below make. */
export class ElementNode implements XmlElement {
  readonly kind = 'element' as const;
  children: XmlNode[] = [];

  constructor(
    public qname: string,
    public prefix: string,
    public local: string,
    public uri: string,
    public attributes: XmlAttribute[],
    public namespaceDeclarations: Record<string, string>,
    public namespacesInScope: Record<string, string>,
    public line: number,
    public column: number,
    public parent: XmlElement | undefined,
  ) {}

  attr(uri: string, local: string): string | undefined {
    for (const a of this.attributes) if (a.local === local && a.uri === uri) return a.value;
    return undefined;
  }

  attrAny(local: string): string | undefined {
    for (const a of this.attributes) if (a.local === local && a.prefix === '') return a.value;
    return undefined;
  }

  text(): string {
    const only = this.children.length === 1 ? this.children[0] : undefined;
    if (only !== undefined && only.kind === 'text') return only.text;
    const parts: string[] = [];
    collectText(this, parts);
    return parts.join('');
  }

  elements(): XmlElement[] {
    const out: XmlElement[] = [];
    for (const c of this.children) if (c.kind === 'element') out.push(c);
    return out;
  }
}

function collectText(element: XmlElement, parts: string[]): void {
  for (const c of element.children) {
    if (c.kind === 'text') parts.push(c.text);
    else collectText(c, parts);
  }
}

/**
 * An element made by code, named `prefix:local` (or `local`); `declarations` are the xmlns
 * declarations written on it, in order ('' = default namespace).
 */
export function element(
  qname: string,
  attributes: XmlAttribute[] = [],
  children: XmlNode[] = [],
  declarations: Record<string, string> = Object.create(null) as Record<string, string>,
): XmlElement {
  const colon = qname.indexOf(':');
  const prefix = colon === -1 ? '' : qname.slice(0, colon);
  const node = new ElementNode(qname, prefix, qname.slice(colon + 1), '', attributes, declarations, NO_BINDINGS, 0, 0, undefined);
  node.children = children;
  return node;
}

/** A text node made by code (`block`: see XmlText). */
export function text(value: string, block = false): XmlText {
  return block ? { kind: 'text', text: value, line: 0, column: 0, block } : { kind: 'text', text: value, line: 0, column: 0 };
}

/** An attribute `prefix:local` in namespace `uri` (prefix '' = unprefixed, then uri must be ''). */
export function attribute(prefix: string, uri: string, local: string, value: string): XmlAttribute {
  return { qname: prefix === '' ? local : `${prefix}:${local}`, prefix, local, uri, value };
}

/**
 * An editable deep copy of an element: its own attribute list, declarations and children, so
 * that edits never reach the (partly frozen) tree the reader built. `onCopy` sees every pair,
 * so callers can find the copies of the elements they want to edit.
 */
export function copyElement(source: XmlElement, onCopy?: (source: XmlElement, copy: XmlElement) => void, parent?: XmlElement): XmlElement {
  const copy = new ElementNode(
    source.qname,
    source.prefix,
    source.local,
    source.uri,
    source.attributes.map((a) => ({ ...a })),
    // No prototype, as in the reader: a prefix may be any NCName, `__proto__` included.
    Object.assign(Object.create(null) as Record<string, string>, source.namespaceDeclarations),
    source.namespacesInScope,
    source.line,
    source.column,
    parent,
  );
  for (const child of source.children) {
    copy.children.push(child.kind === 'text' ? { ...child } : copyElement(child, onCopy, copy));
  }
  onCopy?.(source, copy);
  return copy;
}

/** Drops the element's attributes named `local` in namespace `uri`. */
export function removeAttributes(el: XmlElement, uri: string, local: string): void {
  el.attributes = el.attributes.filter((a) => !(a.uri === uri && a.local === local));
}
