/**
 * Reader for the DOCTYPE declaration and its internal subset, used by `safe-xml.ts`.
 *
 * saxes hands us the DOCTYPE unparsed, so declarations are read here. Only what IPSM-AF alignments
 * need is supported: internal general entities with literal values. Anything that could make the
 * parser reach outside the document (external DTD subset, SYSTEM/PUBLIC entities, parameter
 * entities) is refused, and expansion is bounded so that entity bombs fail fast.
 */
import { ErrorCodes, type ErrorCode } from '../errors.js';

/** Limits that apply to entities (a subset of `XmlLimits`). */
export interface EntityLimits {
  readonly maxEntityDepth: number;
  readonly maxEntityExpansion: number;
  readonly maxEntities: number;
}

/**
 * Characters produced by entity expansion so far. One budget is shared by the DTD (entities
 * referring to entities) and the document body, so the whole parse is bounded.
 */
export interface ExpansionBudget {
  used: number;
  readonly max: number;
}

/** Raises a positioned error (offset into the whole document text). Never returns. */
export type FailAt = (code: ErrorCode, message: string, offset: number) => never;

export interface DoctypeInfo {
  readonly name: string;
  /** Offset just after the DOCTYPE's closing '>'. */
  readonly end: number;
  /** Declared general entities (first declaration wins, as in XML), fully expanded. */
  readonly entities: Map<string, string>;
}

/** The five entities every XML document knows. */
export const PREDEFINED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

// XML 1.0 fifth edition Name production.
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
// The ranges are XML 1.0's NameStartChar/NameChar productions (section 2.3), combining marks
// included; the lint rule mistakes the range ends for combined characters.
/* eslint-disable no-misleading-character-class */
const NAME_AT = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'uy');
const IS_NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
/** A parameter-entity reference such as `%foo;` inside an entity value. */
const PE_REFERENCE = new RegExp(`%[${NAME_START}][${NAME_CHAR}]*;`, 'u');
/* eslint-enable no-misleading-character-class */

export function isXmlName(s: string): boolean {
  return IS_NAME.test(s);
}

/** The XML Name starting at `offset`, or undefined if none starts there. */
export function readXmlName(text: string, offset: number): string | undefined {
  NAME_AT.lastIndex = offset;
  const match = NAME_AT.exec(text);
  return match === null ? undefined : match[0];
}

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Decodes `#123` / `#x7B` (without `&` and `;`); undefined when malformed or not an XML Char. */
export function decodeCharRef(ref: string): string | undefined {
  let cp: number;
  if (ref.charCodeAt(1) === 0x78 /* x */) {
    if (!/^#x[0-9a-fA-F]+$/.test(ref)) return undefined;
    cp = parseInt(ref.slice(2), 16);
  } else {
    if (!/^#[0-9]+$/.test(ref)) return undefined;
    cp = parseInt(ref.slice(1), 10);
  }
  return isXmlChar(cp) ? String.fromCodePoint(cp) : undefined;
}

/** XML line-end normalisation (2.11), applied to literal parts of entity values. */
function normalizeNewlines(s: string): string {
  return s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Keeps refused identifiers readable in messages without echoing a huge string back. */
function quoteForMessage(s: string): string {
  return JSON.stringify(s.length > 120 ? `${s.slice(0, 117)}...` : s);
}

export function expansionLimitMessage(max: number): string {
  return `entity expansion exceeds the limit of ${max} characters (possible entity expansion bomb)`;
}

interface EntityDecl {
  readonly name: string;
  /** The literal value as written (between the quotes). */
  readonly raw: string;
  /** Offset of the first character of `raw` in the document. */
  readonly rawAt: number;
}

interface Expanded {
  readonly value: string;
  /** How deeply entity references nest inside this value (0 = no entity references). */
  readonly depth: number;
}

/**
 * Offset of the `<!DOCTYPE` in the prolog (after the XML declaration, comments, PIs and
 * whitespace), or -1. Only a DOCTYPE there is legal; saxes rejects one anywhere else.
 */
export function findDoctype(text: string): number {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (text.startsWith('<?', i)) {
      const close = text.indexOf('?>', i + 2);
      if (close === -1) return -1;
      i = close + 2;
    } else if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close === -1) return -1;
      i = close + 3;
    } else {
      return text.startsWith('<!DOCTYPE', i) ? i : -1;
    }
  }
}

/**
 * Reads the `<!DOCTYPE ...>` whose `<` is at `text[start]` and returns its name, its end and its
 * fully expanded internal entities. Expansion counts against `budget`.
 */
export function readDoctype(text: string, start: number, limits: EntityLimits, budget: ExpansionBudget, fail: FailAt): DoctypeInfo {
  let i = start + '<!DOCTYPE'.length;
  const end = text.length;
  const malformed = (message: string, at: number = i): never => fail(ErrorCodes.xmlMalformed, message, at);

  const skipSpace = (): boolean => {
    const from = i;
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    return i > from;
  };
  const readName = (): string | undefined => {
    const name = readXmlName(text, i);
    if (name === undefined || i + name.length > end) return undefined;
    i += name.length;
    return name;
  };
  /** A quoted literal at `i`, or undefined if there is no quote there. */
  const readLiteral = (): { value: string; at: number } | undefined => {
    const q = text.charCodeAt(i);
    if (q !== 0x22 && q !== 0x27) return undefined;
    const close = text.indexOf(q === 0x22 ? '"' : "'", i + 1);
    if (close === -1 || close > end) return malformed('unterminated quoted string in the DOCTYPE declaration');
    const literal = { value: text.slice(i + 1, close), at: i + 1 };
    i = close + 1;
    return literal;
  };
  /** Reads `SYSTEM "..."` or `PUBLIC "..." "..."` at `i` and describes it; we only refuse it. */
  const describeExternalId = (): string => {
    const keyword = text.startsWith('SYSTEM', i) ? 'SYSTEM' : 'PUBLIC';
    i += keyword.length;
    const parts: string[] = [keyword];
    for (let n = keyword === 'SYSTEM' ? 1 : 2; n > 0; n--) {
      skipSpace();
      const literal = readLiteral();
      if (literal === undefined) break;
      parts.push(quoteForMessage(literal.value));
    }
    return parts.join(' ');
  };
  const atExternalId = (): boolean => text.startsWith('SYSTEM', i) || text.startsWith('PUBLIC', i);

  const decls = new Map<string, EntityDecl>();
  let declarationCount = 0;

  const readEntityDecl = (): void => {
    const declAt = i;
    i += '<!ENTITY'.length;
    if (!skipSpace()) malformed('expected whitespace after <!ENTITY');
    if (text.charCodeAt(i) === 0x25 /* % */) {
      i++;
      skipSpace();
      const name = readName() ?? '?';
      fail(ErrorCodes.xmlExternalEntity, `parameter entity '%${name}' is refused: only internal general entities are allowed`, declAt);
    }
    const name = readName() ?? malformed('expected an entity name after <!ENTITY');
    if (!skipSpace()) malformed(`expected whitespace after the name of entity '${name}'`);
    declarationCount++;
    if (declarationCount > limits.maxEntities) {
      fail(ErrorCodes.xmlEntityLimit, `the DTD declares more than ${limits.maxEntities} entities, the limit`, declAt);
    }
    let literal = readLiteral();
    if (literal === undefined) {
      if (atExternalId()) {
        const id = describeExternalId();
        fail(ErrorCodes.xmlExternalEntity, `external entity '${name}' (${id}) is refused: only internal entities are allowed`, declAt);
      }
      literal = malformed(`expected a quoted value for entity '${name}'`);
    }
    skipSpace();
    if (text.charCodeAt(i) !== 0x3e /* > */) malformed(`expected '>' to end the declaration of entity '${name}'`);
    i++;
    // XML: the first declaration of an entity binds; predefined entities keep their meaning.
    if (!PREDEFINED_ENTITIES.has(name) && !decls.has(name)) {
      decls.set(name, { name, raw: literal.value, rawAt: literal.at });
    }
  };

  /** Skips <!ELEMENT>, <!ATTLIST>, <!NOTATION>: they only matter to validation. */
  const skipDeclaration = (): void => {
    const declAt = i;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 0x22 || c === 0x27) {
        readLiteral();
        continue;
      }
      i++;
      if (c === 0x3e) return;
    }
    malformed('unterminated declaration in the DTD internal subset', declAt);
  };

  const skipPast = (terminator: string, what: string): void => {
    const close = text.indexOf(terminator, i);
    if (close === -1 || close + terminator.length > end) malformed(`unterminated ${what} in the DTD internal subset`);
    i = close + terminator.length;
  };

  const readInternalSubset = (): void => {
    for (;;) {
      skipSpace();
      if (i >= end) malformed("the DTD internal subset is not closed with ']'");
      const c = text.charCodeAt(i);
      if (c === 0x5d /* ] */) {
        i++;
        return;
      }
      if (text.startsWith('<!ENTITY', i)) readEntityDecl();
      else if (text.startsWith('<!--', i)) {
        i += 4;
        skipPast('-->', 'comment');
      } else if (text.startsWith('<?', i)) {
        i += 2;
        skipPast('?>', 'processing instruction');
      } else if (text.startsWith('<!ELEMENT', i) || text.startsWith('<!ATTLIST', i) || text.startsWith('<!NOTATION', i)) {
        skipDeclaration();
      } else if (c === 0x25 /* % */) {
        const at = i;
        i++;
        const name = readName() ?? '?';
        fail(ErrorCodes.xmlExternalEntity, `parameter entity reference '%${name};' is refused: parameter entities are not allowed`, at);
      } else {
        malformed(`unexpected content in the DTD internal subset: ${quoteForMessage(text.slice(i, i + 20))}`);
      }
    }
  };

  // <!DOCTYPE Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'
  if (!skipSpace()) malformed('expected whitespace and the root element name after <!DOCTYPE');
  const name = readName() ?? malformed('expected the root element name after <!DOCTYPE');
  skipSpace();
  if (atExternalId()) {
    const at = i;
    const id = describeExternalId();
    fail(ErrorCodes.xmlExternalEntity, `external DTD subset (${id}) is refused: only an internal DTD subset is allowed`, at);
  }
  if (text.charCodeAt(i) === 0x5b /* [ */) {
    i++;
    readInternalSubset();
    skipSpace();
  }
  if (i >= end) malformed('unexpected end of document inside the DOCTYPE declaration', start);
  if (text.charCodeAt(i) !== 0x3e /* > */) malformed("unexpected content in the DOCTYPE declaration: expected '>'");

  return { name, end: i + 1, entities: expandAll(decls, limits, budget, fail) };
}

/**
 * Expands every declared entity, memoised so each is built once. Strings are only concatenated
 * after the budget check, so a bomb fails before any oversized string exists.
 */
function expandAll(decls: ReadonlyMap<string, EntityDecl>, limits: EntityLimits, budget: ExpansionBudget, fail: FailAt): Map<string, string> {
  const done = new Map<string, Expanded>();
  /** Entities being expanded right now, outermost first: detects recursion and bounds depth. */
  const chain: string[] = [];

  const depthError = (name: string, depth: number, at: number): never =>
    fail(ErrorCodes.xmlEntityLimit, `entity '${name}' nests entity references ${depth} levels deep, more than the limit of ${limits.maxEntityDepth}`, at);

  const expand = (decl: EntityDecl): Expanded => {
    const known = done.get(decl.name);
    if (known !== undefined) return known;
    const { name, raw, rawAt } = decl;
    const lt = raw.indexOf('<');
    if (lt !== -1) {
      fail(
        ErrorCodes.xmlMalformed,
        `entity '${name}' contains markup ('<'), which is not supported: entity values must be plain text (write '&#60;' for a literal '<')`,
        rawAt + lt,
      );
    }
    const pe = PE_REFERENCE.exec(raw);
    if (pe !== null) {
      fail(
        ErrorCodes.xmlExternalEntity,
        `parameter entity reference '${pe[0]}' in the value of entity '${name}' is refused: parameter entities are not allowed`,
        rawAt + pe.index,
      );
    }
    chain.push(name);
    const parts: string[] = [];
    let depth = 0;
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      if (amp > from) parts.push(normalizeNewlines(raw.slice(from, amp)));
      const refAt = rawAt + amp;
      const semi = raw.indexOf(';', amp + 1);
      const ref = semi === -1 ? '' : raw.slice(amp + 1, semi);
      if (ref.charCodeAt(0) === 0x23 /* # */) {
        const ch = decodeCharRef(ref);
        if (ch === undefined) {
          fail(ErrorCodes.xmlMalformed, `invalid character reference '&${ref};' in entity '${name}'`, refAt);
        }
        parts.push(ch);
      } else if (!IS_NAME.test(ref)) {
        fail(ErrorCodes.xmlMalformed, `'&' in the value of entity '${name}' does not start a valid reference (write '&amp;' for a literal '&')`, refAt);
      } else {
        const predefined = PREDEFINED_ENTITIES.get(ref);
        if (predefined !== undefined) {
          parts.push(predefined);
        } else {
          const target = decls.get(ref);
          if (target === undefined) {
            fail(ErrorCodes.xmlUndefinedEntity, `entity '${name}' refers to undefined entity '&${ref};'`, refAt);
          }
          const loop = chain.indexOf(ref);
          if (loop !== -1) {
            fail(ErrorCodes.xmlEntityLimit, `recursive entity: '${ref}' refers to itself (${[...chain.slice(loop), ref].join(' -> ')})`, refAt);
          }
          // `chain.length` is the nesting level the referenced entity would be expanded at.
          if (chain.length > limits.maxEntityDepth) depthError(chain[0] ?? name, chain.length, refAt);
          const sub = expand(target);
          budget.used += sub.value.length;
          if (budget.used > budget.max) fail(ErrorCodes.xmlEntityLimit, expansionLimitMessage(budget.max), refAt);
          if (sub.depth + 1 > depth) depth = sub.depth + 1;
          if (depth > limits.maxEntityDepth) depthError(name, depth, refAt);
          parts.push(sub.value);
        }
      }
      from = semi + 1;
    }
    if (from < raw.length) parts.push(normalizeNewlines(from === 0 ? raw : raw.slice(from)));
    chain.pop();
    const result: Expanded = { value: parts.length === 1 ? (parts[0] ?? '') : parts.join(''), depth };
    done.set(name, result);
    return result;
  };

  const out = new Map<string, string>();
  for (const decl of decls.values()) out.set(decl.name, expand(decl).value);
  return out;
}
