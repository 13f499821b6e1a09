/**
 * The element spans of a text after an edit of one of its text nodes, moved rather than scanned
 * again (issue 42). Typing into the cell form changes a pattern's text and nothing of the markup;
 * scanning the 2.4 MB of a 2,000-cell alignment again after each keystroke was half of its cost.
 * Only an edit that provably leaves every tag as it was is carried: anything else (a '<' or '>'
 * typed or removed, an edit in a tag, a comment, a CDATA section, the DOCTYPE or outside the root
 * element, a CR) is left to a new scan, which the callers fall back to.
 */
import type { TextChange } from './text-change.js';
import type { XmlSpan } from './xml-spans.js';

export interface MovedSpans {
  readonly root: XmlSpan;
  /** The span each old span became (a span wholly before the edit is itself). */
  readonly moved: (span: XmlSpan) => XmlSpan;
  /** The innermost element whose content holds the edit. */
  readonly container: XmlSpan;
  /** Line ends added by the edit (negative when removed). */
  readonly lines: number;
}

const count = (s: string, c: string) => s.split(c).length - 1;

/** `<a/>`, whose closeStart and end are its openEnd; `<a></a>` has the same closeStart but ends later. */
const isEmptyElementTag = (span: XmlSpan) => span.end === span.openEnd;

/** The innermost element of `root` whose content (between its tags) holds [start, end], or undefined when a tag overlaps it. */
function contentHolding(root: XmlSpan, start: number, end: number): XmlSpan | undefined {
  if (start < root.openEnd || end > root.closeStart) return undefined;
  let holder = root;
  for (;;) {
    const inside: XmlSpan | undefined = holder.children.find((c) => c.end > start && c.start < end);
    // An insertion right before a start tag or right after an end tag is in the text between them.
    if (inside === undefined) return holder;
    if (start < inside.openEnd || end > inside.closeStart) return undefined;
    holder = inside;
  }
}

/** The '<' of the last tag that ends at or before `offset` in `holder`'s content: its start tag, or a child's end (or empty-element) tag. */
function lastTagBefore(holder: XmlSpan, offset: number): number {
  let last: XmlSpan | undefined;
  for (const c of holder.children) {
    if (c.end > offset) break;
    last = c;
  }
  if (last === undefined) return holder.start;
  return isEmptyElementTag(last) ? last.start : last.closeStart;
}

/**
 * The spans of `before` (scanned from `text`) once `change` is applied, or undefined when the
 * change may touch markup. An offset at or after the removed range moves by the change in length;
 * an offset that ends something (after a '>') and sits exactly where text is inserted stays.
 */
export function spansAfterTextEdit(text: string, root: XmlSpan, change: TextChange): MovedSpans | undefined {
  const { start, end, insert } = change;
  const removed = text.slice(start, end);
  if (/[<>\r]/.test(removed) || /[<>\r]/.test(insert) || text[start - 1] === '\r') return undefined;
  const container = contentHolding(root, start, end);
  // Text between the last known tag and the edit holds no other '<': no comment, CDATA section or
  // processing instruction is open where the text changes (their ends would be '>' typed there).
  if (container === undefined || text.lastIndexOf('<', start - 1) !== lastTagBefore(container, start)) return undefined;
  const delta = insert.length - removed.length;
  const lines = count(insert, '\n') - count(removed, '\n');
  if (delta === 0) return { root, moved: (span) => span, container, lines };
  const opening = (x: number) => (x >= end ? x + delta : x);
  const closing = (y: number) => (y <= start ? y : y + delta);
  const moved = new Map<XmlSpan, XmlSpan>();
  const move = (span: XmlSpan): XmlSpan => {
    if (span.end <= start) return span;
    const openEnd = closing(span.openEnd);
    const after = span.start >= end;
    const next: XmlSpan = {
      ...span,
      start: opening(span.start),
      openEnd,
      // An empty-element tag's closeStart is its openEnd (after its '>'); `<a></a>`'s is a '<'.
      closeStart: isEmptyElementTag(span) ? openEnd : opening(span.closeStart),
      end: closing(span.end),
      attributes: after ? span.attributes.map((a) => ({ ...a, valueStart: a.valueStart + delta })) : span.attributes,
      children: span.children.map(move),
    };
    moved.set(span, next);
    return next;
  };
  return { root: move(root), moved: (span) => moved.get(span) ?? span, container, lines };
}
