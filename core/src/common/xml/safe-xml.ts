/**
 * A small, safe, namespace-aware XML reader that builds the element tree (xml-tree.ts), for
 * IPSM-AF alignment documents (RDF/XML-flavoured XML whose internal DTD subset declares URI
 * entities such as `<!ENTITY sripas "http://www.inter-iot.eu/sripas#">`).
 *
 * Tokenising is saxes' job. saxes neither reads DTDs nor expands declared entities, so the
 * DOCTYPE is read by `dtd.ts` and the expanded values are served to saxes through its `ENTITIES`
 * table, which makes expansion work in both text and attribute values. Safety: no external
 * entity, external DTD or parameter entity is ever accepted, and entity expansion is bounded in
 * depth and total size for the whole document.
 *
 * Positions are 1-based; columns count UTF-16 code units (as JavaScript strings and most code
 * editors do), a leading byte order mark is not counted.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ErrorCodes, ParseError, type ErrorCode } from '../errors.js';
import { PREDEFINED_ENTITIES, decodeCharRef, expansionLimitMessage, findDoctype, isXmlName, readDoctype, readXmlName, type ExpansionBudget } from './dtd.js';
import { LineIndex } from './line-index.js';
import { ElementNode, XML_NAMESPACE, type XmlAttribute, type XmlElement } from './xml-tree.js';

export interface XmlLimits {
  /** Nesting of entity references inside entity values. */
  maxEntityDepth: number;
  /** Total characters produced by expanding entity references in the whole document (DTD included). */
  maxEntityExpansion: number;
  /** Declared entities. */
  maxEntities: number;
  /** Element nesting. */
  maxDepth: number;
}

export const DEFAULT_XML_LIMITS: Readonly<XmlLimits> = Object.freeze({
  maxEntityDepth: 8,
  maxEntityExpansion: 1_000_000,
  maxEntities: 1000,
  maxDepth: 256,
});

export interface XmlDocument {
  root: XmlElement;
  doctypeName: string | undefined;
  /** Declared internal general entities, fully expanded values. */
  entities: Record<string, string>;
  /** Every xmlns declaration in the whole document, document order, duplicates included. */
  namespaceDeclarations: Array<{ prefix: string; uri: string }>;
}

export interface ParseXmlOptions {
  /** Names the input in errors (file name, `upload`, ...). */
  source?: string;
  limits?: Partial<XmlLimits>;
}

const EMPTY_RECORD: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

const ROOT_SCOPE: Record<string, string> = Object.freeze(Object.assign(Object.create(null) as Record<string, string>, { xml: XML_NAMESPACE }));

type SaxOptions = { xmlns: true; position: true };

/** `&name;`, `&#123;` or `&#x7B;` at the current position (sticky). */
const REFERENCE_AT = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[^\s&<;#]+);/y;
/** The message saxes puts in front of its errors: `line:column: `. */
const SAXES_POSITION = /^\d+:\d+: /;

/**
 * Builds the tree from saxes events; one instance per parse.
 *
 * Only five saxes handlers are registered, on purpose: saxes stores each handler as a new
 * property through a computed key, and from the seventh on V8 turns the parser object into a
 * slow dictionary-mode object, which made parsing about four times slower. So there is no
 * `error` handler (saxes then throws, and we convert), the DOCTYPE is read before saxes runs,
 * and comments/PIs need no handler (their positions are recovered from the text when needed).
 */
class TreeBuilder {
  private readonly parser = new SaxesParser<SaxOptions>({ xmlns: true, position: true });
  private readonly lines: LineIndex;
  private readonly stack: ElementNode[] = [];
  private root: ElementNode | undefined;
  private doctypeName: string | undefined;
  private readonly entityValues = new Map<string, string>();
  private readonly budget: ExpansionBudget;
  private readonly namespaceDeclarations: Array<{ prefix: string; uri: string }> = [];
  /**
   * Offset just after the last start tag, end tag, CDATA section or DOCTYPE. Only comments and
   * PIs (complete ones) can lie between it and the next text or markup.
   */
  private markupEnd = 0;
  private lastClosed: ElementNode | undefined;
  /** Error found inside the entity table; saxes then fails, and this is what we report. */
  private pending: ParseError | undefined;

  constructor(
    private readonly text: string,
    private readonly source: string | undefined,
    private readonly limits: XmlLimits,
  ) {
    this.lines = new LineIndex(text);
    this.budget = { used: 0, max: limits.maxEntityExpansion };
  }

  run(): XmlDocument {
    const p = this.parser;
    const doctypeAt = findDoctype(this.text);
    if (doctypeAt !== -1) this.readDtd(doctypeAt);
    p.ENTITIES = this.entityTable();
    p.on('opentag', this.onOpenTag);
    p.on('closetag', this.onCloseTag);
    p.on('text', this.onText);
    p.on('cdata', this.onCdata);
    try {
      p.write(this.text);
      this.checkComplete();
      p.close();
    } catch (err) {
      throw this.convert(err);
    }
    const root = this.root;
    if (root === undefined) throw this.error(ErrorCodes.xmlMalformed, 'the document has no root element', 0);
    const entities = Object.create(null) as Record<string, string>;
    for (const [name, value] of this.entityValues) entities[name] = value;
    return {
      root,
      doctypeName: this.doctypeName,
      entities,
      namespaceDeclarations: this.namespaceDeclarations,
    };
  }

  private error(code: ErrorCode, message: string, offset: number): ParseError {
    const { line, column } = this.lines.at(offset);
    return new ParseError(message, { code, line, column, source: this.source });
  }

  private readDtd(start: number): void {
    const doctype = readDoctype(this.text, start, this.limits, this.budget, (code, message, offset) => {
      throw this.error(code, message, offset);
    });
    this.doctypeName = doctype.name;
    for (const [name, value] of doctype.entities) this.entityValues.set(name, value);
    this.markupEnd = doctype.end;
  }

  /**
   * saxes looks entity names up in `ENTITIES`. A proxy lets us count expansion for the whole
   * document and name the undefined entity in the error (saxes only says "undefined entity").
   */
  private entityTable(): Record<string, string> {
    const values = this.entityValues;
    const budget = this.budget;
    const target = Object.create(null) as Record<string, string>;
    return new Proxy(target, {
      get: (_target, key): string | undefined => {
        if (typeof key !== 'string') return undefined;
        const value = values.get(key);
        if (value !== undefined) {
          budget.used += value.length;
          if (budget.used <= budget.max) return value;
          this.pending ??= this.error(ErrorCodes.xmlEntityLimit, expansionLimitMessage(budget.max), this.referenceStart());
          return undefined;
        }
        const predefined = PREDEFINED_ENTITIES.get(key);
        if (predefined !== undefined) return predefined;
        // Non-names are left to saxes' "disallowed character in entity name" (see fromSaxes).
        if (isXmlName(key)) {
          this.pending ??= this.error(ErrorCodes.xmlUndefinedEntity, `undefined entity '&${key};': it is not declared in the DTD`, this.referenceStart());
        }
        return undefined;
      },
    });
  }

  /** Offset of the '&' of the reference saxes has just read (it stands just after the ';'). */
  private referenceStart(): number {
    return Math.max(0, this.text.lastIndexOf('&', this.parser.position - 1));
  }

  /** Offset of the '<' of the tag saxes is reading or has just read ('<' cannot occur inside a tag). */
  private tagStart(): number {
    return Math.max(0, this.text.lastIndexOf('<', this.parser.position - 1));
  }

  /** Skips complete comments and PIs at `offset`: where text after them really starts. */
  private skipCommentsAndPis(offset: number): number {
    const text = this.text;
    for (;;) {
      let close = -1;
      if (text.startsWith('<!--', offset)) {
        close = text.indexOf('-->', offset + 4);
        if (close !== -1) close += 3;
      } else if (text.startsWith('<?', offset)) {
        close = text.indexOf('?>', offset + 2);
        if (close !== -1) close += 2;
      }
      if (close === -1) return offset;
      offset = close;
    }
  }

  private readonly onOpenTag = (tag: SaxesTagNS): void => {
    const start = this.tagStart();
    if (this.stack.length >= this.limits.maxDepth) {
      throw this.error(ErrorCodes.xmlMalformed, `element nesting exceeds the limit of ${this.limits.maxDepth} levels at <${tag.name}>`, start);
    }
    const parent = this.stack[this.stack.length - 1];
    const { line, column } = this.lines.at(start);
    let declarations = EMPTY_RECORD;
    let scope = parent === undefined ? ROOT_SCOPE : parent.namespacesInScope;
    const attributes: XmlAttribute[] = [];
    const saxAttributes = tag.attributes;
    for (const name in saxAttributes) {
      const a = saxAttributes[name];
      if (a === undefined) continue;
      if (a.prefix === 'xmlns' || name === 'xmlns') {
        if (declarations === EMPTY_RECORD) {
          declarations = Object.create(null) as Record<string, string>;
          scope = Object.assign(Object.create(null) as Record<string, string>, scope);
        }
        const prefix = a.prefix === 'xmlns' ? a.local : '';
        // saxes trims namespace names; use its value so the tree agrees with its resolution.
        const uri = tag.ns[prefix] ?? a.value.trim();
        declarations[prefix] = uri;
        if (uri === '') delete scope[prefix];
        else scope[prefix] = uri;
        this.namespaceDeclarations.push({ prefix, uri });
      } else {
        attributes.push({ qname: a.name, prefix: a.prefix, local: a.local, uri: a.uri, value: a.value });
      }
    }
    if (declarations !== EMPTY_RECORD) {
      Object.freeze(declarations);
      Object.freeze(scope);
    }
    const element = new ElementNode(tag.name, tag.prefix, tag.local, tag.uri, attributes, declarations, scope, line, column, parent);
    if (parent === undefined) this.root = element;
    else parent.children.push(element);
    this.stack.push(element);
    this.markupEnd = this.parser.position;
  };

  private readonly onCloseTag = (): void => {
    this.lastClosed = this.stack.pop();
    this.markupEnd = this.parser.position;
  };

  private readonly onText = (text: string): void => {
    const parent = this.stack[this.stack.length - 1];
    // Outside the root saxes only lets whitespace through (anything else is an error).
    if (parent !== undefined) this.appendText(parent, text);
  };

  private readonly onCdata = (text: string): void => {
    const parent = this.stack[this.stack.length - 1];
    if (parent !== undefined) this.appendText(parent, text);
    this.markupEnd = this.parser.position;
  };

  private appendText(parent: ElementNode, text: string): void {
    if (text === '') return;
    const children = parent.children;
    const last = children[children.length - 1];
    // Only comments, PIs or CDATA can separate two text events: keep one node, at the first's place.
    if (last !== undefined && last.kind === 'text') {
      last.text += text;
      return;
    }
    const { line, column } = this.lines.at(this.skipCommentsAndPis(this.markupEnd));
    children.push({ kind: 'text', text, line, column });
  }

  /**
   * End-of-input checks done before saxes' own, which would only say "unclosed tag: x" or
   * "unexpected end." at the end of the text.
   */
  private checkComplete(): void {
    const text = this.text;
    const broken = this.findBrokenReference(this.markupEnd, text.length);
    if (broken !== -1) throw this.brokenReference(broken);
    // Text never contains '<', so a '<' after the last complete markup that does not start a
    // complete comment or PI starts unfinished markup.
    const unfinished = this.firstUnfinished(text.indexOf('<', this.markupEnd));
    if (unfinished !== -1) {
      throw this.error(ErrorCodes.xmlMalformed, `unexpected end of document inside ${describeMarkupAt(text, unfinished)}`, unfinished);
    }
    const open = this.stack[this.stack.length - 1];
    if (open !== undefined) {
      // Reported where the tag was opened: that is where the fix usually goes.
      throw new ParseError(`unclosed tag <${open.qname}> opened at line ${open.line}, column ${open.column}: the document ends without </${open.qname}>`, {
        code: ErrorCodes.xmlMalformed,
        line: open.line,
        column: open.column,
        source: this.source,
      });
    }
    if (this.root === undefined) {
      throw this.error(ErrorCodes.xmlMalformed, text.trim() === '' ? 'the document is empty' : 'the document has no root element', text.length);
    }
  }

  /** First '<' from the one at `at` on that does not start a complete comment or PI, or -1. */
  private firstUnfinished(at: number): number {
    while (at !== -1) {
      const after = this.skipCommentsAndPis(at);
      if (after === at) return at;
      at = this.text.indexOf('<', after);
    }
    return -1;
  }

  /**
   * First '&' in [from, to) that does not start a well-formed reference, skipping comments, PIs
   * and CDATA where '&' is literal; -1 if none. Only used on error paths.
   */
  private findBrokenReference(from: number, to: number): number {
    const text = this.text;
    const special = /[&<]/g;
    special.lastIndex = from;
    for (let m = special.exec(text); m !== null && m.index < to; m = special.exec(text)) {
      const at = m.index;
      if (m[0] === '&') {
        REFERENCE_AT.lastIndex = at;
        const ref = REFERENCE_AT.exec(text)?.[0];
        if (ref === undefined) return at;
        if (ref.charCodeAt(1) === 0x23 /* # */ ? decodeCharRef(ref.slice(1, -1)) === undefined : !isXmlName(ref.slice(1, -1))) {
          return at;
        }
        special.lastIndex = at + ref.length;
      } else {
        const close = text.startsWith('<!--', at)
          ? text.indexOf('-->', at + 4)
          : text.startsWith('<?', at)
            ? text.indexOf('?>', at + 2)
            : text.startsWith('<![CDATA[', at)
              ? text.indexOf(']]>', at + 9)
              : at;
        if (close === -1) return -1;
        special.lastIndex = close + 1;
      }
    }
    return -1;
  }

  private brokenReference(at: number): ParseError {
    REFERENCE_AT.lastIndex = at;
    const ref = REFERENCE_AT.exec(this.text)?.[0];
    const message =
      ref !== undefined && ref.charCodeAt(1) === 0x23 /* # */
        ? `character reference '${ref}' does not denote a character allowed in XML`
        : "'&' does not start a valid entity or character reference (write '&amp;' for a literal '&')";
    return this.error(ErrorCodes.xmlMalformed, message, at);
  }

  /** Maps anything thrown while parsing to the error to report; unknown errors (bugs) pass through. */
  private convert(err: unknown): unknown {
    if (this.pending !== undefined) return this.pending;
    if (err instanceof ParseError) return err;
    if (err instanceof Error && SAXES_POSITION.test(err.message)) return this.fromSaxes(err);
    return err;
  }

  /** Turns a saxes error ("12:5: message.") into a ParseError with a clearer message and position. */
  private fromSaxes(err: Error): ParseError {
    const detail = err.message.replace(SAXES_POSITION, '').replace(/\.$/, '');
    const text = this.text;
    const position = this.parser.position;
    const malformed = (message: string, offset: number): ParseError => this.error(ErrorCodes.xmlMalformed, message, offset);
    const tagName = (): string => readXmlName(text, this.tagStart() + 1) ?? '';

    if (detail === 'unexpected close tag' || detail.startsWith('unmatched closing tag')) {
      const at = Math.max(0, text.lastIndexOf('</', position - 1));
      const found = readXmlName(text, at + 2) ?? '';
      const expected = this.lastClosed;
      if (detail === 'unexpected close tag' && expected !== undefined) {
        return malformed(
          `mismatched end tag </${found}>: expected </${expected.qname}> to close the element opened at line ${expected.line}, column ${expected.column}`,
          at,
        );
      }
      return malformed(`end tag </${found}> has no matching start tag`, at);
    }
    if (detail.startsWith('unbound namespace prefix')) {
      const prefix = /"([^"]*)"/.exec(detail)?.[1] ?? '';
      return malformed(`unbound namespace prefix '${prefix}' in <${tagName()}>: no xmlns:${prefix} declaration is in scope`, this.tagStart());
    }
    if (detail.startsWith('duplicate attribute')) {
      return malformed(`${detail.replace(':', '')} in <${tagName()}>`, this.tagStart());
    }
    if (detail === 'documents may contain only one root') {
      return malformed(`junk after the root element: a second element <${tagName()}> (a document has exactly one root element)`, this.tagStart());
    }
    if (detail === 'text data outside of root node') {
      const nonSpace = /\S/g;
      nonSpace.lastIndex = this.skipCommentsAndPis(this.markupEnd);
      const at = nonSpace.exec(text)?.index ?? Math.max(0, position - 1);
      return malformed(this.root === undefined ? 'text before the root element' : 'junk after the root element: text after its end tag', at);
    }
    if (detail === 'disallowed character in entity name' || detail === 'empty entity name' || detail === 'malformed character entity') {
      const at = this.findBrokenReference(this.markupEnd, position);
      if (at !== -1) return this.brokenReference(at);
    }
    if (detail === 'inappropriately located doctype declaration') {
      return malformed('a DOCTYPE declaration must come before the root element, and only once', Math.max(0, text.lastIndexOf('<!', position)));
    }
    if (detail === 'disallowed character' && text.charCodeAt(position - 1) === 0x3c /* < */) {
      return malformed("'<' is not allowed here: inside an attribute value write '&lt;'", position - 1);
    }
    return malformed(`malformed XML: ${detail}`, Math.max(0, position - 1));
  }
}

function describeMarkupAt(text: string, offset: number): string {
  if (text.startsWith('<!--', offset)) return 'a comment';
  if (text.startsWith('<![CDATA[', offset)) return 'a CDATA section';
  if (text.startsWith('<!DOCTYPE', offset)) return 'the DOCTYPE declaration';
  if (text.startsWith('<?', offset)) return 'a processing instruction';
  if (text.startsWith('</', offset)) return `the end tag </${readXmlName(text, offset + 2) ?? ''}>`;
  const name = readXmlName(text, offset + 1);
  return name === undefined ? 'markup' : `the start tag <${name}>`;
}

/**
 * Parses an XML document into an element tree. Throws `ParseError` with one of the codes
 * XML_MALFORMED, XML_EXTERNAL_ENTITY, XML_ENTITY_LIMIT, XML_UNDEFINED_ENTITY.
 */
export function parseXml(text: string, options: ParseXmlOptions = {}): XmlDocument {
  const limits: XmlLimits = { ...DEFAULT_XML_LIMITS, ...options.limits };
  return new TreeBuilder(text, options.source, limits).run();
}
