/**
 * Where each element of an XML document starts and ends, as offsets into the text (issue 39): what
 * the cell editor needs to splice one element and keep every other byte, comments included. The
 * safe reader (xml/safe-xml.ts) builds the tree the engine reads but drops comments and keeps only
 * line and column; this scanner keeps offsets and reads nothing else. It checks tag nesting, not
 * the whole of XML 1.0: the server validates the spliced text as it validates any upload.
 */
import { ErrorCodes, ParseError } from '../errors.js';

export interface XmlSpanAttribute {
  readonly qname: string;
  readonly prefix: string;
  readonly local: string;
  /** The value as written, between the quotes (entity references not expanded). */
  readonly raw: string;
  /** Offset of the value's first character (after the opening quote). */
  readonly valueStart: number;
}

export interface XmlSpan {
  readonly qname: string;
  readonly prefix: string;
  readonly local: string;
  /** Namespace IRI ('' when in no namespace). */
  readonly uri: string;
  /** Offset of the '<' opening the start tag. */
  readonly start: number;
  /** Offset just after the start tag's '>'. */
  readonly openEnd: number;
  /** Offset of the end tag's '<' (`openEnd` for an empty-element tag). */
  readonly closeStart: number;
  /** Offset just after the element. */
  readonly end: number;
  readonly attributes: readonly XmlSpanAttribute[];
  /** Namespace bindings in scope ('' = the default namespace). */
  readonly namespaces: ReadonlyMap<string, string>;
  readonly children: readonly XmlSpan[];
}

export interface ScannedXml {
  readonly root: XmlSpan;
  /** General entities of the internal DTD subset (`<!ENTITY sripas "...">`), as declared. */
  readonly entities: ReadonlyMap<string, string>;
}

interface OpenSpan {
  qname: string;
  prefix: string;
  local: string;
  uri: string;
  start: number;
  openEnd: number;
  closeStart: number;
  end: number;
  attributes: XmlSpanAttribute[];
  namespaces: Map<string, string>;
  children: OpenSpan[];
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

function fail(text: string, at: number, message: string): never {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - before.lastIndexOf('\n');
  throw new ParseError(`${message} (line ${line}, column ${column})`, { code: ErrorCodes.parse, line, column });
}

function splitName(qname: string): { prefix: string; local: string } {
  const colon = qname.indexOf(':');
  return colon < 0 ? { prefix: '', local: qname } : { prefix: qname.slice(0, colon), local: qname.slice(colon + 1) };
}

function skipTo(text: string, from: number, marker: string, what: string): number {
  const at = text.indexOf(marker, from);
  if (at < 0) fail(text, from, `unclosed ${what}`);
  return at + marker.length;
}

/** The end of `<!DOCTYPE ...>`, past an internal subset; its entity declarations go into `entities`. */
function skipDoctype(text: string, from: number, entities: Map<string, string>): number {
  let i = from;
  let quote = '';
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth === 0) break;
  }
  if (i >= text.length) fail(text, from, 'unclosed DOCTYPE');
  for (const m of text.slice(from, i).matchAll(/<!ENTITY\s+([\w.-]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const name = m[1] ?? '';
    if (!entities.has(name)) entities.set(name, m[2] ?? m[3] ?? '');
  }
  return i + 1;
}

const NAME = /[^\s/>=]+/y;

function readStartTag(text: string, at: number, parent: OpenSpan | undefined): { span: OpenSpan; empty: boolean } {
  NAME.lastIndex = at + 1;
  const name = NAME.exec(text);
  if (name === null) fail(text, at, 'a tag without a name');
  let i = NAME.lastIndex;
  const attributes: XmlSpanAttribute[] = [];
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i++;
    const c = text[i];
    if (c === undefined) fail(text, at, `unclosed start tag <${name[0]}`);
    if (c === '>' || (c === '/' && text[i + 1] === '>')) break;
    NAME.lastIndex = i;
    const attr = NAME.exec(text);
    if (attr === null) fail(text, i, `a malformed attribute in <${name[0]}>`);
    i = NAME.lastIndex;
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i] !== '=') fail(text, i, `attribute ${attr[0]} has no value`);
    i++;
    while (/\s/.test(text[i] ?? '')) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") fail(text, i, `attribute ${attr[0]} is not quoted`);
    const close = text.indexOf(quote, i + 1);
    if (close < 0) fail(text, i, `attribute ${attr[0]} is not closed`);
    attributes.push({ qname: attr[0], ...splitName(attr[0]), raw: text.slice(i + 1, close), valueStart: i + 1 });
    i = close + 1;
  }
  const empty = text[i] === '/';
  const openEnd = i + (empty ? 2 : 1);
  // An element that binds no prefix shares its parent's bindings (read only once built): a copy
  // per element was most of the cell form's reading of a 2,000-cell alignment (issue 42).
  const binds = attributes.some((a) => a.qname === 'xmlns' || a.prefix === 'xmlns');
  const namespaces = parent !== undefined && !binds ? parent.namespaces : new Map(parent?.namespaces ?? [['xml', XML_NS]]);
  if (binds) {
    for (const a of attributes) {
      if (a.qname === 'xmlns') namespaces.set('', a.raw);
      else if (a.prefix === 'xmlns') namespaces.set(a.local, a.raw);
    }
  }
  const { prefix, local } = splitName(name[0]);
  const uri = namespaces.get(prefix) ?? '';
  if (prefix !== '' && !namespaces.has(prefix)) fail(text, at, `the prefix ${prefix} of <${name[0]}> is not declared`);
  const span: OpenSpan = { qname: name[0], prefix, local, uri, start: at, openEnd, closeStart: openEnd, end: openEnd, attributes, namespaces, children: [] };
  return { span, empty };
}

/** The end of the comment, CDATA section, processing instruction or DOCTYPE at `lt`; undefined for a tag. */
function skipMarkup(text: string, lt: number, entities: Map<string, string>): number | undefined {
  if (text.startsWith('<!--', lt)) return skipTo(text, lt + 4, '-->', 'comment');
  if (text.startsWith('<![CDATA[', lt)) return skipTo(text, lt + 9, ']]>', 'CDATA section');
  if (text.startsWith('<?', lt)) return skipTo(text, lt + 2, '?>', 'processing instruction');
  if (text.startsWith('<!DOCTYPE', lt)) return skipDoctype(text, lt + 9, entities);
  return undefined;
}

/**
 * The elements of `text` with their offsets. Throws ParseError (with line and column) for a tag
 * left open, an end tag that closes another element, or text outside the root element's tags
 * that is not markup.
 */
export function scanXml(text: string): ScannedXml {
  const entities = new Map<string, string>();
  const stack: OpenSpan[] = [];
  let root: OpenSpan | undefined;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const skipped = skipMarkup(text, lt, entities);
    if (skipped !== undefined) i = skipped;
    else if (text.startsWith('</', lt)) {
      const close = skipTo(text, lt + 2, '>', 'end tag');
      const name = text.slice(lt + 2, close - 1).trim();
      const open = stack.pop();
      if (open === undefined || open.qname !== name) fail(text, lt, `</${name}> does not close ${open === undefined ? 'any element' : `<${open.qname}>`}`);
      open.closeStart = lt;
      open.end = close;
      i = close;
    } else {
      const parent = stack[stack.length - 1];
      if (parent === undefined && root !== undefined) fail(text, lt, 'a second root element');
      const { span, empty } = readStartTag(text, lt, parent);
      if (parent === undefined) root = span;
      else parent.children.push(span);
      if (!empty) stack.push(span);
      i = span.openEnd;
    }
  }
  const open = stack[stack.length - 1];
  if (open !== undefined) fail(text, open.start, `<${open.qname}> is never closed`);
  if (root === undefined) fail(text, 0, 'no root element');
  return { root, entities };
}

/**
 * The root element's start tag alone: its attributes and namespace bindings, without children or
 * an end. What the document's prefixes need (issue 42): completion asks for them on nearly every
 * keystroke, and scanning a 200-cell alignment to its end each time was about 5 ms of each one; it
 * also failed, leaving completion without prefixes, whenever the text below was mid-edit. Throws
 * ParseError when the prolog or the root's start tag cannot be read.
 */
export function scanRootTag(text: string): XmlSpan {
  const entities = new Map<string, string>();
  let i = 0;
  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) fail(text, i, 'no root element');
    const skipped = skipMarkup(text, lt, entities);
    if (skipped !== undefined) i = skipped;
    else if (text.startsWith('</', lt)) fail(text, lt, 'an end tag before the root element');
    else return readStartTag(text, lt, undefined).span;
  }
}

/** Children of `span` in namespace `uri` named `local`. */
export function childrenNamed(span: XmlSpan, uri: string, local: string): XmlSpan[] {
  return span.children.filter((c) => c.uri === uri && c.local === local);
}

/** Namespaced attribute if present, else the unprefixed one of the same local name, as the reader takes them. */
export function attributeRaw(span: XmlSpan, uri: string, local: string): string | undefined {
  const named = span.attributes.find((a) => a.local === local && a.prefix !== '' && span.namespaces.get(a.prefix) === uri);
  return (named ?? span.attributes.find((a) => a.prefix === '' && a.qname === local))?.raw;
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Expands character references, the five predefined entities and the document's own entities. */
export function decodeEntities(raw: string, entities: ReadonlyMap<string, string>): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[\w.-]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[ref] ?? entities.get(ref) ?? whole;
  });
}

/** Text content of an element as written between its tags: CDATA sections opened, entities expanded. */
export function textContent(text: string, span: XmlSpan, entities: ReadonlyMap<string, string>): string {
  const inner = text.slice(span.openEnd, span.closeStart);
  let out = '';
  let i = 0;
  while (i < inner.length) {
    const cdata = inner.indexOf('<![CDATA[', i);
    const comment = inner.indexOf('<!--', i);
    const next = [cdata, comment].filter((n) => n >= 0).sort((a, b) => a - b)[0];
    if (next === undefined) {
      out += decodeEntities(inner.slice(i), entities);
      break;
    }
    out += decodeEntities(inner.slice(i, next), entities);
    if (next === cdata) {
      const close = inner.indexOf(']]>', next);
      out += inner.slice(next + 9, close);
      i = close + 3;
    } else i = inner.indexOf('-->', next) + 3;
  }
  return out;
}
