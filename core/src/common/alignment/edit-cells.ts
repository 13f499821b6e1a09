/**
 * The cell editor's model of an IPSM-AF document (issue 39): the cells read as form fields, and
 * each form edit written back into the XML as a splice. The XML stays the one source: an edit
 * rewrites only the element it is about (an entity's text, a cell's transformation, the cell's
 * align:map for add, duplicate, delete and move, and the sripas:step naming the cell), and every
 * other byte of the document, comments and layout included, is kept. Pure: runs in the workbench
 * (through core's `authoring` entry point) as well as in Node.
 */
import { ParseError } from '../errors.js';
import { LineIndex } from '../xml/line-index.js';
import { NS } from '../rdf/terms.js';
import { attributeRaw, childrenNamed, decodeEntities, scanRootTag, scanXml, textContent, type XmlSpan } from './xml-spans.js';
import { spansAfterTextEdit } from './text-edit-spans.js';
import { textChange } from './text-change.js';

export interface FunctionParamDraft {
  /** A variable (`CTX` for var:CTX, or a full IRI) or a literal value. */
  readonly kind: 'variable' | 'value';
  readonly value: string;
  /** Datatype IRI of a value ('' or absent: a plain string). */
  readonly datatype?: string;
}

export interface FunctionDraft {
  /** As written in sripas:about: a built-in (`CONCAT`), a prefixed name or an `<IRI>`. */
  readonly name: string;
  readonly params: readonly FunctionParamDraft[];
  /** The variable receiving the result (`x` for var:x, or a full IRI). */
  readonly result: string;
}

export interface ConstraintDraft {
  /** `x` for var:x, or a full IRI. */
  readonly variable: string;
  /** Datatype IRI. */
  readonly datatype: string;
}

/** A cell as the form shows it. */
export interface CellDraft {
  readonly iri: string;
  /** The source pattern (Turtle), '' for an RDF/XML pattern (see `entity1Format`). */
  readonly entity1: string;
  /** The target pattern (Turtle). */
  readonly entity2: string;
  readonly relation: string;
  readonly functions: readonly FunctionDraft[];
  readonly typings: readonly ConstraintDraft[];
  readonly filters: readonly ConstraintDraft[];
}

export interface CellEntry extends CellDraft {
  /** Position among the document's cells (0-based, document order). */
  readonly index: number;
  /** 1-based line of the cell's start tag. */
  readonly line: number;
  /** 'rdfxml' when the pattern is written as RDF/XML elements: the form cannot edit it as Turtle. */
  readonly entity1Format: 'turtle' | 'rdfxml';
  readonly entity2Format: 'turtle' | 'rdfxml';
  /** True when a sripas:step names the cell (a cell no step names never runs). */
  readonly inSteps: boolean;
}

export type CellTextField = 'entity1' | 'entity2' | 'relation';
export type CellConstraintField = 'typings' | 'filters';

/** One form action: what the undo history records and the property tests generate. */
export type CellEdit =
  | { readonly kind: 'set-text'; readonly index: number; readonly field: CellTextField; readonly value: string }
  | { readonly kind: 'set-functions'; readonly index: number; readonly functions: readonly FunctionDraft[] }
  | { readonly kind: 'set-constraints'; readonly index: number; readonly field: CellConstraintField; readonly items: readonly ConstraintDraft[] }
  | { readonly kind: 'add'; readonly cell?: Partial<CellDraft> }
  | { readonly kind: 'duplicate'; readonly index: number }
  | { readonly kind: 'delete'; readonly index: number }
  | { readonly kind: 'move'; readonly index: number; readonly delta: -1 | 1 };

/** A replacement of `text.slice(start, end)`. */
interface Splice {
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

interface CellSite {
  readonly cell: XmlSpan;
  /** What add, duplicate, delete and move handle: the align:map when it holds only this cell, else the cell. */
  readonly unit: XmlSpan;
  readonly iri: string;
}

interface AlignmentDoc {
  readonly text: string;
  readonly root: XmlSpan;
  readonly entities: ReadonlyMap<string, string>;
  readonly alignment: XmlSpan;
  readonly cells: readonly CellSite[];
  readonly steps: XmlSpan | undefined;
}

const VAR_BASE = `${NS.sripas}node_`;
const INDENT_STEP = '    ';

function resolveIri(value: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return value;
  try {
    return new URL(value, NS.sripas).href;
  } catch {
    return value;
  }
}

interface Opened {
  readonly doc: AlignmentDoc;
  cells?: readonly CellEntry[];
}

/**
 * The last text opened, and its cells once read. The cell form reads the whole text after every
 * edit, and the next edit opened the same text twice more (its cell count, then the splice): three
 * scans of 2.4 MB per keystroke in a 2,000-cell alignment (issue 42). The reading is immutable, so
 * the same text (compared whole) gets the same one, and a text that differs from it by an edit of
 * one text node (a keystroke in a pattern) gets it carried over rather than read again.
 */
let lastOpened: Opened | undefined;

function openDocument(text: string): AlignmentDoc {
  const last = lastOpened;
  if (last?.doc.text === text) return last.doc;
  const opened = (last === undefined ? undefined : afterTextEdit(last, text)) ?? { doc: scanDocument(text) };
  lastOpened = opened;
  return opened.doc;
}

/** Drops the kept reading: the next text is scanned (for tests comparing a carried reading with a new one). */
export function forgetReadingForTest(): void {
  lastOpened = undefined;
}

/** `last` carried to `text` when they differ in one text node only (text-edit-spans.ts), else undefined. */
function afterTextEdit(last: Opened, text: string): Opened | undefined {
  const change = textChange(last.doc.text, text);
  const spans = spansAfterTextEdit(last.doc.text, last.doc.root, change);
  if (spans === undefined) return undefined;
  const { moved } = spans;
  const before = last.doc;
  const doc: AlignmentDoc = {
    text,
    root: spans.root,
    entities: before.entities,
    alignment: moved(before.alignment),
    cells: before.cells.map((site) => ({ cell: moved(site.cell), unit: moved(site.unit), iri: site.iri })),
    steps: before.steps === undefined ? undefined : moved(before.steps),
  };
  if (last.cells === undefined) return { doc };
  // A cell is read again only when the edit is inside it; those after it moved by the lines added.
  const edited = before.cells.findIndex((site) => site.cell.openEnd <= change.start && change.end <= site.cell.closeStart);
  const cells = last.cells.map((entry, i) => {
    const site = doc.cells[i];
    if (i === edited && site !== undefined) return entryOf(doc, site, i, { line: entry.line, inSteps: entry.inSteps });
    return spans.lines !== 0 && (before.cells[i]?.cell.start ?? 0) >= change.end ? { ...entry, line: entry.line + spans.lines } : entry;
  });
  return { doc, cells };
}

function scanDocument(text: string): AlignmentDoc {
  const { root, entities } = scanXml(text);
  const alignment = childrenNamed(root, NS.align, 'Alignment')[0];
  if (root.uri !== NS.rdf || root.local !== 'RDF' || alignment === undefined) {
    throw new ParseError('not an IPSM-AF alignment: the cells are edited under rdf:RDF / align:Alignment');
  }
  const cells: CellSite[] = [];
  for (const map of childrenNamed(alignment, NS.align, 'map')) {
    for (const cell of childrenNamed(map, NS.align, 'Cell')) {
      const about = attributeRaw(cell, NS.rdf, 'about') ?? '';
      cells.push({ cell, unit: map.children.length === 1 ? map : cell, iri: resolveIri(decodeEntities(about, entities).trim()) });
    }
  }
  const steps = alignment.children.find((c) => c.local === 'steps');
  return { text, root, entities, alignment, cells, steps };
}

function siteAt(doc: AlignmentDoc, index: number): CellSite {
  const site = doc.cells[index];
  if (site === undefined) throw new RangeError(`no cell at position ${index} (the document has ${doc.cells.length})`);
  return site;
}

/**
 * The form writes its lines with the document's line end, read from its first line: a file saved
 * on Windows (CRLF) stayed CRLF only where the form did not write, and got bare LFs where it did.
 */
function withLineEnds(text: string, insert: string): string {
  const nl = text.indexOf('\n');
  return nl > 0 && text[nl - 1] === '\r' && insert.includes('\n') ? insert.replace(/\r?\n/g, '\r\n') : insert;
}

function applySplices(text: string, splices: readonly Splice[]): string {
  let out = text;
  for (const s of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + withLineEnds(text, s.insert) + out.slice(s.end);
  return out;
}

/** The whitespace that indents the line `offset` is on, when only whitespace precedes it there. */
function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lead = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(lead) ? lead : '';
}

function childIndent(text: string, parent: XmlSpan): string {
  const first = parent.children[0];
  return first === undefined ? indentOf(text, parent.start) + INDENT_STEP : indentOf(text, first.start);
}

/** Where an element starts together with the whitespace before it (removed with it). */
function withLeadingSpace(text: string, span: XmlSpan): number {
  let i = span.start;
  while (i > 0 && /\s/.test(text[i - 1] ?? '')) i--;
  return i;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

/** How to name elements and attributes of one namespace where new markup goes. */
interface Qualifier {
  el(local: string): string;
  attr(local: string): string;
  /** ` xmlns:p="..."` to put on the outermost new element when nothing in scope binds the namespace. */
  readonly declare: string;
}

function qualifier(at: XmlSpan, ns: string, fallbackPrefix: string): Qualifier {
  for (const [prefix, uri] of at.namespaces) {
    if (prefix !== '' && uri === ns) return { el: (l) => `${prefix}:${l}`, attr: (l) => `${prefix}:${l}`, declare: '' };
  }
  // The default namespace names elements only; the reader takes unprefixed attributes as well.
  if (at.namespaces.get('') === ns) return { el: (l) => l, attr: (l) => l, declare: '' };
  let prefix = fallbackPrefix;
  for (let n = 2; at.namespaces.has(prefix); n++) prefix = `${fallbackPrefix}${n}`;
  return { el: (l) => `${prefix}:${l}`, attr: (l) => `${prefix}:${l}`, declare: ` xmlns:${prefix}="${escapeAttribute(ns)}"` };
}

interface Names {
  readonly align: Qualifier;
  readonly rdf: Qualifier;
  readonly sripas: Qualifier;
}

function namesAt(at: XmlSpan): Names {
  return { align: qualifier(at, NS.align, 'align'), rdf: qualifier(at, NS.rdf, 'rdf'), sripas: qualifier(at, NS.sripas, 'sripas') };
}

/** Turtle text as written in an element: common indentation and blank edge lines dropped. */
function dedent(s: string): string {
  const lines = s.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift();
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const widths = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const cut = widths.length === 0 ? 0 : Math.min(...widths);
  return lines.map((l) => l.slice(cut).trimEnd()).join('\n');
}

function variableName(raw: string | undefined, entities: ReadonlyMap<string, string>): string {
  const iri = decodeEntities(raw ?? '', entities).trim();
  return iri.startsWith(VAR_BASE) ? iri.slice(VAR_BASE.length) : iri;
}

function variableIri(name: string): string {
  const trimmed = name.trim().replace(/^\?/, '').replace(/^var:/, '');
  return trimmed.includes(':') ? trimmed : VAR_BASE + trimmed;
}

function descendants(span: XmlSpan, keep: (s: XmlSpan) => boolean): XmlSpan[] {
  return span.children.flatMap((c) => (keep(c) ? [c] : descendants(c, keep)));
}

function readFunctions(doc: AlignmentDoc, cell: XmlSpan): FunctionDraft[] {
  const holders = cell.children.filter((c) => c.local === 'transformation');
  return holders.flatMap((h) =>
    descendants(h, (e) => e.uri === NS.sripas && e.local === 'function').map((fn) => {
      const params = childrenNamed(fn, NS.sripas, 'param')
        .map((p) => ({ p, order: Number(decodeEntities(attributeRaw(p, NS.sripas, 'order') ?? '0', doc.entities)) }))
        .sort((a, b) => a.order - b.order)
        .map(({ p }): FunctionParamDraft => {
          const val = attributeRaw(p, NS.sripas, 'val');
          if (val === undefined) return { kind: 'variable', value: variableName(attributeRaw(p, NS.sripas, 'about'), doc.entities) };
          const datatype = attributeRaw(p, NS.sripas, 'datatype');
          return {
            kind: 'value',
            value: decodeEntities(val, doc.entities),
            ...(datatype === undefined ? {} : { datatype: decodeEntities(datatype, doc.entities) }),
          };
        });
      const ret = childrenNamed(fn, NS.sripas, 'return')[0];
      return {
        name: decodeEntities(attributeRaw(fn, NS.sripas, 'about') ?? '', doc.entities).trim(),
        params,
        result: ret === undefined ? '' : variableName(attributeRaw(ret, NS.sripas, 'about'), doc.entities),
      };
    }),
  );
}

function readConstraints(doc: AlignmentDoc, cell: XmlSpan, field: CellConstraintField): ConstraintDraft[] {
  const item = field === 'typings' ? 'typing' : 'filter';
  return cell.children
    .filter((c) => c.local === field)
    .flatMap((h) => descendants(h, (e) => e.local === item))
    .map((e) => ({
      variable: variableName(attributeRaw(e, NS.sripas, 'about'), doc.entities),
      datatype: decodeEntities(attributeRaw(e, NS.sripas, 'datatype') ?? '', doc.entities).trim(),
    }));
}

/** The IRI of the cell a step names. */
function stepCell(doc: AlignmentDoc, step: XmlSpan): string {
  return resolveIri(decodeEntities(attributeRaw(step, NS.sripas, 'cell') ?? '', doc.entities).trim());
}

function stepNames(doc: AlignmentDoc, step: XmlSpan, iri: string): boolean {
  return stepCell(doc, step) === iri;
}

function stepFor(doc: AlignmentDoc, iri: string): XmlSpan | undefined {
  return doc.steps?.children.find((s) => stepNames(doc, s, iri));
}

function entityOf(cell: XmlSpan, field: 'entity1' | 'entity2'): XmlSpan | undefined {
  return childrenNamed(cell, NS.align, field)[0];
}

function readEntity(doc: AlignmentDoc, cell: XmlSpan, field: 'entity1' | 'entity2'): { text: string; format: 'turtle' | 'rdfxml' } {
  const el = entityOf(cell, field);
  if (el === undefined) return { text: '', format: 'turtle' };
  if (el.children.length > 0) return { text: '', format: 'rdfxml' };
  return { text: dedent(textContent(doc.text, el, doc.entities)), format: 'turtle' };
}

/** What an entry reads from the whole document: its line and whether a step names it. */
interface EntryPlace {
  readonly line: number;
  readonly inSteps: boolean;
}

function placeOf(doc: AlignmentDoc, site: CellSite): EntryPlace {
  return { line: new LineIndex(doc.text).at(site.cell.start).line, inSteps: stepFor(doc, site.iri) !== undefined };
}

function entryOf(doc: AlignmentDoc, site: CellSite, index: number, place: EntryPlace = placeOf(doc, site)): CellEntry {
  const e1 = readEntity(doc, site.cell, 'entity1');
  const e2 = readEntity(doc, site.cell, 'entity2');
  const relation = childrenNamed(site.cell, NS.align, 'relation')[0];
  return {
    index,
    iri: site.iri,
    line: place.line,
    entity1: e1.text,
    entity2: e2.text,
    entity1Format: e1.format,
    entity2Format: e2.format,
    relation: relation === undefined ? '' : textContent(doc.text, relation, doc.entities).trim(),
    functions: readFunctions(doc, site.cell),
    typings: readConstraints(doc, site.cell, 'typings'),
    filters: readConstraints(doc, site.cell, 'filters'),
    inSteps: place.inSteps,
  };
}

/** The document's cells in document order. Throws ParseError when the text is not a well-formed IPSM-AF document. */
export function readCells(text: string): readonly CellEntry[] {
  const doc = openDocument(text);
  const opened = lastOpened;
  if (opened?.doc === doc && opened.cells !== undefined) return opened.cells;
  // Lines and steps once for the document, not once per cell (issue 42): from the top of the text
  // and through every step for each cell, a 200-cell alignment's form took 26 ms of its 60 ms here
  // (a Chromium profile of the Cells tab), and the form reads the text again after every edit.
  const lines = new LineIndex(text);
  const stepped = new Set((doc.steps?.children ?? []).map((s) => stepCell(doc, s)));
  const cells = doc.cells.map((site, i) => entryOf(doc, site, i, { line: lines.at(site.cell.start).line, inSteps: stepped.has(site.iri) }));
  if (opened?.doc === doc) opened.cells = cells;
  return cells;
}

// ---- Writing: markup for the form's values, indented like the element it goes in.

function patternContent(value: string, indent: string): string {
  if (value.trim() === '') return '';
  const inner = indent + INDENT_STEP;
  const lines = dedent(value)
    .split('\n')
    .map((l) => (l === '' ? '' : inner + escapeText(l)));
  return `\n${lines.join('\n')}\n${indent}`;
}

function entityXml(n: Names, field: 'entity1' | 'entity2', value: string, indent: string): string {
  const name = n.align.el(field);
  return `<${name} ${n.rdf.attr('datatype')}="${NS.xsd}string">${patternContent(value, indent)}</${name}>`;
}

function relationXml(n: Names, value: string): string {
  const name = n.align.el('relation');
  return `<${name}>${escapeText(value)}</${name}>`;
}

function paramXml(q: Qualifier, p: FunctionParamDraft, order: number): string {
  const about = p.kind === 'variable' ? `${q.attr('about')}="${escapeAttribute(variableIri(p.value))}"` : `${q.attr('val')}="${escapeAttribute(p.value)}"`;
  const datatype =
    p.kind === 'value' && p.datatype !== undefined && p.datatype.trim() !== '' ? ` ${q.attr('datatype')}="${escapeAttribute(p.datatype.trim())}"` : '';
  return `<${q.el('param')} ${q.attr('order')}="${order}" ${about}${datatype}/>`;
}

function functionsXml(n: Names, functions: readonly FunctionDraft[], indent: string, declare = n.sripas.declare): string {
  const q = n.sripas;
  const lines = [`<${q.el('transformation')} ${n.rdf.attr('parseType')}="Literal"${declare}>`];
  for (const f of functions) {
    lines.push(`${INDENT_STEP}<${q.el('function')} ${q.attr('about')}="${escapeAttribute(f.name.trim())}">`);
    f.params.forEach((p, i) => lines.push(INDENT_STEP.repeat(2) + paramXml(q, p, i + 1)));
    if (f.result.trim() !== '') lines.push(`${INDENT_STEP.repeat(2)}<${q.el('return')} ${q.attr('about')}="${escapeAttribute(variableIri(f.result))}"/>`);
    lines.push(`${INDENT_STEP}</${q.el('function')}>`);
  }
  lines.push(`</${q.el('transformation')}>`);
  return lines.join(`\n${indent}`);
}

function constraintsXml(n: Names, field: CellConstraintField, items: readonly ConstraintDraft[], indent: string, declare = n.sripas.declare): string {
  const q = n.sripas;
  const item = field === 'typings' ? 'typing' : 'filter';
  const lines = [`<${q.el(field)} ${n.rdf.attr('parseType')}="Literal"${declare}>`];
  for (const c of items) {
    lines.push(
      `${INDENT_STEP}<${q.el(item)} ${q.attr('about')}="${escapeAttribute(variableIri(c.variable))}" ${q.attr('datatype')}="${escapeAttribute(c.datatype.trim())}"/>`,
    );
  }
  lines.push(`</${q.el(field)}>`);
  return lines.join(`\n${indent}`);
}

/** The parts of a cell in the order the form writes them; a missing part goes after the parts before it. */
const PART_ORDER = ['entity1', 'entity2', 'relation', 'transformation', 'typings', 'filters'] as const;
type PartName = (typeof PART_ORDER)[number];

function partsOf(cell: XmlSpan, part: PartName): XmlSpan[] {
  return part === 'entity1' || part === 'entity2' || part === 'relation' ? childrenNamed(cell, NS.align, part) : cell.children.filter((c) => c.local === part);
}

/**
 * Splices that put `xml` (built for an indent) in place of the cell's `part` elements: the first
 * replaced, any others removed; inserted after the parts before it when missing; all removed when
 * `build` is undefined.
 */
function replacePart(doc: AlignmentDoc, cell: XmlSpan, part: PartName, build: ((indent: string) => string) | undefined): Splice[] {
  const existing = partsOf(cell, part);
  const removals = existing.slice(build === undefined ? 0 : 1).map((e) => ({ start: withLeadingSpace(doc.text, e), end: e.end, insert: '' }));
  const first = existing[0];
  if (build === undefined) return removals;
  if (first !== undefined) return [{ start: first.start, end: first.end, insert: build(indentOf(doc.text, first.start)) }, ...removals];
  const before = PART_ORDER.slice(0, PART_ORDER.indexOf(part)).flatMap((p) => partsOf(cell, p));
  const anchor = before.sort((a, b) => a.end - b.end)[before.length - 1];
  const indent = childIndent(doc.text, cell);
  if (isEmptyTag(cell)) return [fill(doc, cell, `\n${indent}${build(indent)}\n${indentOf(doc.text, cell.start)}`)];
  const at = anchor?.end ?? cell.openEnd;
  return [{ start: at, end: at, insert: `\n${indent}${build(indent)}` }];
}

function isEmptyTag(el: XmlSpan): boolean {
  return el.closeStart === el.end;
}

/** Replaces an element's content (an empty-element tag gets a start and an end tag). */
function fill(doc: AlignmentDoc, el: XmlSpan, content: string): Splice {
  if (!isEmptyTag(el)) return { start: el.openEnd, end: el.closeStart, insert: content };
  const startTag = doc.text.slice(el.start, el.openEnd - 2).trimEnd();
  return { start: el.start, end: el.end, insert: `${startTag}>${content}</${el.qname}>` };
}

// ---- The edits.

function setText(doc: AlignmentDoc, index: number, field: CellTextField, value: string): Splice[] {
  const site = siteAt(doc, index);
  const entry = entryOf(doc, site, index);
  if (entry[field] === value) return [];
  const n = namesAt(site.cell);
  const el = childrenNamed(site.cell, NS.align, field)[0];
  if (field === 'relation') {
    return el === undefined ? replacePart(doc, site.cell, field, () => relationXml(n, value)) : [fill(doc, el, escapeText(value))];
  }
  if (entry[`${field}Format`] === 'rdfxml') {
    throw new ParseError(`the ${field} of this cell is RDF/XML: convert the cells to Turtle to edit it as text`);
  }
  if (el === undefined) return replacePart(doc, site.cell, field, (indent) => entityXml(n, field, value, indent));
  return [fill(doc, el, patternContent(value, indentOf(doc.text, el.start)))];
}

function setFunctions(doc: AlignmentDoc, index: number, functions: readonly FunctionDraft[]): Splice[] {
  const cell = siteAt(doc, index).cell;
  const n = namesAt(cell);
  return replacePart(doc, cell, 'transformation', functions.length === 0 ? undefined : (indent) => functionsXml(n, functions, indent));
}

function setConstraints(doc: AlignmentDoc, index: number, field: CellConstraintField, items: readonly ConstraintDraft[]): Splice[] {
  const cell = siteAt(doc, index).cell;
  const n = namesAt(cell);
  return replacePart(doc, cell, field, items.length === 0 ? undefined : (indent) => constraintsXml(n, field, items, indent));
}

function unusedIri(doc: AlignmentDoc, wanted: (n: number) => string): string {
  const taken = new Set(doc.cells.map((c) => c.iri));
  for (let n = 1; ; n++) if (!taken.has(wanted(n))) return wanted(n);
}

/** A new align:map holding one cell, for the alignment element's children at `indent`. */
function cellUnitXml(n: Names, draft: CellDraft, indent: string): string {
  const i1 = indent + INDENT_STEP;
  const i2 = i1 + INDENT_STEP;
  const declare = [...new Set([n.align.declare, n.rdf.declare, n.sripas.declare])].join('');
  const parts = [entityXml(n, 'entity1', draft.entity1, i2), entityXml(n, 'entity2', draft.entity2, i2), relationXml(n, draft.relation)];
  if (draft.functions.length > 0) parts.push(functionsXml(n, draft.functions, i2, ''));
  if (draft.typings.length > 0) parts.push(constraintsXml(n, 'typings', draft.typings, i2, ''));
  if (draft.filters.length > 0) parts.push(constraintsXml(n, 'filters', draft.filters, i2, ''));
  return [
    `<${n.align.el('map')}${declare}>`,
    `${INDENT_STEP}<${n.align.el('Cell')} ${n.rdf.attr('about')}="${escapeAttribute(draft.iri)}">`,
    ...parts.map((p) => INDENT_STEP.repeat(2) + p),
    `${INDENT_STEP}</${n.align.el('Cell')}>`,
    `</${n.align.el('map')}>`,
  ].join(`\n${indent}`);
}

function stepXml(q: Qualifier, order: number, iri: string): string {
  return `<${q.el('step')} ${q.attr('order')}="${order}" ${q.attr('cell')}="${escapeAttribute(iri)}"${q.declare}/>`;
}

/** A step for `iri` after `after` (a step) or last, so the new cell runs. */
function addStep(doc: AlignmentDoc, iri: string, after?: XmlSpan): Splice[] {
  const steps = doc.steps;
  if (steps === undefined) return [];
  const q = qualifier(steps, NS.sripas, 'sripas');
  const indent = childIndent(doc.text, steps);
  const xml = stepXml(q, steps.children.length + 1, iri);
  if (isEmptyTag(steps)) return [fill(doc, steps, `\n${indent}${xml}\n${indentOf(doc.text, steps.start)}`)];
  const anchor = after ?? steps.children[steps.children.length - 1];
  const at = anchor?.end ?? steps.openEnd;
  return [{ start: at, end: at, insert: `\n${anchor === undefined ? indent : indentOf(doc.text, anchor.start)}${xml}` }];
}

function addCell(doc: AlignmentDoc, partial: Partial<CellDraft> = {}): Splice[] {
  const draft: CellDraft = {
    iri: partial.iri ?? unusedIri(doc, (k) => `${NS.sripas}cell_${doc.cells.length + k}`),
    entity1: partial.entity1 ?? '',
    entity2: partial.entity2 ?? '',
    relation: partial.relation ?? '=',
    functions: partial.functions ?? [],
    typings: partial.typings ?? [],
    filters: partial.filters ?? [],
  };
  const last = doc.cells[doc.cells.length - 1]?.unit;
  const alignment = doc.alignment;
  const anchor = last ?? alignment.children[alignment.children.length - 1];
  const indent = anchor === undefined ? childIndent(doc.text, alignment) : indentOf(doc.text, anchor.start);
  const gap = last === undefined ? `\n${indent}` : doc.text.slice(withLeadingSpace(doc.text, last), last.start) || `\n${indent}`;
  const xml = cellUnitXml(namesAt(alignment), draft, indent);
  const at = anchor?.end ?? alignment.openEnd;
  return [{ start: at, end: at, insert: gap + xml }, ...addStep(doc, draft.iri)];
}

function duplicateCell(doc: AlignmentDoc, index: number): Splice[] {
  const site = siteAt(doc, index);
  const iri = unusedIri(doc, (k) => `${site.iri}_copy${k === 1 ? '' : k}`);
  const about = site.cell.attributes.find((a) => a.local === 'about');
  if (about === undefined) throw new ParseError('the cell has no rdf:about to copy');
  const offset = about.valueStart - site.unit.start;
  const unitText = doc.text.slice(site.unit.start, site.unit.end);
  const copy = unitText.slice(0, offset) + escapeAttribute(iri) + unitText.slice(offset + about.raw.length);
  const gap = doc.text.slice(withLeadingSpace(doc.text, site.unit), site.unit.start) || '\n';
  return [{ start: site.unit.end, end: site.unit.end, insert: gap + copy }, ...addStep(doc, iri, stepFor(doc, site.iri))];
}

function deleteCell(doc: AlignmentDoc, index: number): Splice[] {
  const site = siteAt(doc, index);
  const steps = (doc.steps?.children ?? []).filter((s) => stepNames(doc, s, site.iri));
  return [site.unit, ...steps].map((el) => ({ start: withLeadingSpace(doc.text, el), end: el.end, insert: '' }));
}

function moveCell(doc: AlignmentDoc, index: number, delta: -1 | 1): Splice[] {
  const a = siteAt(doc, index);
  const b = siteAt(doc, index + delta);
  const text = doc.text;
  const splices: Splice[] = [
    { start: a.unit.start, end: a.unit.end, insert: text.slice(b.unit.start, b.unit.end) },
    { start: b.unit.start, end: b.unit.end, insert: text.slice(a.unit.start, a.unit.end) },
  ];
  // Steps run in document order: the two steps trade the cells they name, keeping their order attributes.
  const cellAttr = (s: XmlSpan | undefined) => s?.attributes.find((x) => x.local === 'cell');
  const sa = cellAttr(stepFor(doc, a.iri));
  const sb = cellAttr(stepFor(doc, b.iri));
  if (sa !== undefined && sb !== undefined) {
    splices.push({ start: sa.valueStart, end: sa.valueStart + sa.raw.length, insert: sb.raw });
    splices.push({ start: sb.valueStart, end: sb.valueStart + sb.raw.length, insert: sa.raw });
  }
  return splices;
}

function splicesFor(doc: AlignmentDoc, edit: CellEdit): Splice[] {
  switch (edit.kind) {
    case 'set-text':
      return setText(doc, edit.index, edit.field, edit.value);
    case 'set-functions':
      return setFunctions(doc, edit.index, edit.functions);
    case 'set-constraints':
      return setConstraints(doc, edit.index, edit.field, edit.items);
    case 'add':
      return addCell(doc, edit.cell);
    case 'duplicate':
      return duplicateCell(doc, edit.index);
    case 'delete':
      return deleteCell(doc, edit.index);
    case 'move':
      return moveCell(doc, edit.index, edit.delta);
  }
}

/** The document after one form edit; throws ParseError when the text is not an IPSM-AF document it can edit, RangeError for a cell that is not there. */
export function applyCellEdit(text: string, edit: CellEdit): string {
  return applySplices(text, splicesFor(openDocument(text), edit));
}

/** The cell the form shows after `edit` (the new, moved or next cell). */
export function cellAfterEdit(edit: CellEdit, cellsBefore: number): number {
  switch (edit.kind) {
    case 'add':
      return cellsBefore;
    case 'duplicate':
      return edit.index + 1;
    case 'delete':
      return Math.max(0, Math.min(edit.index, cellsBefore - 2));
    case 'move':
      return edit.index + edit.delta;
    default:
      return edit.index;
  }
}

export interface NewAlignmentOptions {
  readonly name: string;
  readonly version: string;
  readonly creator?: string;
  readonly description?: string;
}

/** A new IPSM-AF document with Turtle cells, no cells and an empty steps list (Add cell adds both). */
export function newAlignmentText(o: NewAlignmentOptions): string {
  const t = (s: string) => escapeText(s);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="${NS.rdf}"
         xmlns:align="${NS.align}"
         xmlns:sripas="${NS.sripas}"
         xmlns:dcelem="${NS.dc}"
         xmlns:exmo="${NS.exmo}"
         xmlns:iiot="${NS.iiot}"
         xmlns:xsd="${NS.xsd}"
         xmlns:var="${VAR_BASE}">
    <align:Alignment>
        <dcelem:title>${t(o.name)}</dcelem:title>
        <exmo:version>${t(o.version)}</exmo:version>
        <dcelem:creator>${t(o.creator ?? 'Mediator Workbench')}</dcelem:creator>
        <dcelem:description>${t(o.description ?? `Alignment ${o.name}`)}</dcelem:description>
        <sripas:cellFormat>
            <iiot:DataFormat rdf:about="http://inter-iot.eu/sripas#turtle"/>
        </sripas:cellFormat>
        <align:onto1>
            <align:Ontology rdf:about="http://example.org/source#"/>
        </align:onto1>
        <align:onto2>
            <align:Ontology rdf:about="http://example.org/target#"/>
        </align:onto2>
        <sripas:steps rdf:parseType="Collection">
        </sripas:steps>
    </align:Alignment>
</rdf:RDF>
`;
}

/**
 * The prefixes the document's root declares (the PREFIX block every compiled cell gets, '' for the
 * default namespace): what the Turtle fields may use and what completion offers. Read from the
 * root's start tag only, so they are there while the text below it is being edited.
 */
export function documentPrefixes(text: string): Array<{ prefix: string; iri: string }> {
  const root = scanRootTag(text);
  return [...root.namespaces].filter(([prefix]) => prefix !== 'xml').map(([prefix, iri]) => ({ prefix, iri }));
}

/** A pattern as the form reads it back: what a typed value becomes once written (common indentation and edge blank lines dropped). */
export function normalizePattern(value: string): string {
  return dedent(value);
}
