/**
 * The cell editor's splices (issue 39), checked as properties over random edits of the shared
 * alignments and of new documents, with comments sprinkled between their elements: an edit changes
 * only the element it is about (the rest of the text is byte-identical), structural edits undone by
 * their inverse give back the original bytes, and every result parses, validates and reads back
 * the values written.
 */
import { describe, expect, it } from 'vitest';
import { alignmentFiles, readData } from '../../test-support/shared-data.js';
import { changedRegion } from '../../test-support/changed-region.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { functionSignatures } from '../translation/functions.js';
import { NS } from '../rdf/terms.js';
import {
  applyCellEdit,
  cellAfterEdit,
  documentPrefixes,
  newAlignmentText,
  readCells,
  type CellEdit,
  type CellEntry,
  type FunctionDraft,
} from './edit-cells.js';
import { readAlignment } from './read-alignment.js';
import { childrenNamed, scanXml, type XmlSpan } from './xml-spans.js';

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

const V = (name: string) => `<${NS.sripas}node_${name}>`;
const P = (local: string) => `<${NS.iiot}${local}>`;

/** A valid cell's patterns, written with full IRIs so `<` and `>` go through the XML escaping. */
function patterns(r: Random): { entity1: string; entity2: string; functions: FunctionDraft[] } {
  const k = Math.floor(r() * 1000);
  const entity1 = `${V(`s${k}`)} ${P('hasValue')} ${V(`v${k}`)} .\n${V(`s${k}`)} ${P('hasName')} "a & b <c>" .`;
  const entity2 = `${V(`s${k}`)} ${P('hasResult')} ${V(`r${k}`)} .`;
  const fn = pick(
    r,
    functionSignatures().filter((f) => f.minArgs <= 1 && f.maxArgs >= 1),
  );
  return { entity1, entity2, functions: r() < 0.5 ? [] : [{ name: fn.name, params: [{ kind: 'variable', value: `v${k}` }], result: `r${k}` }] };
}

/** Comments at random element boundaries (before a tag that starts a line), each numbered. */
function withComments(r: Random, text: string): string {
  const body = text.indexOf('<align:Alignment');
  const positions = [...text.matchAll(/\n([ \t]*)</g)].map((m) => (m.index ?? 0) + 1 + (m[1]?.length ?? 0)).filter((p) => p > body);
  const chosen = positions.filter(() => r() < 0.15).reverse();
  // Written as the document writes its lines.
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  let out = text;
  chosen.forEach((p, i) => {
    const indent = /[ \t]*$/.exec(out.slice(0, p))?.[0] ?? '';
    out = `${out.slice(0, p)}<!-- note ${i} & <kept> -->${eol}${indent}${out.slice(p)}`;
  });
  return out;
}

function randomEdit(r: Random, cells: readonly CellEntry[]): CellEdit {
  const editable = cells.filter((c) => c.entity1Format === 'turtle' && c.entity2Format === 'turtle');
  const index = editable.length === 0 ? -1 : pick(r, editable).index;
  const roll = r();
  if (index < 0 || roll < 0.15) return { kind: 'add', cell: patterns(r) };
  const p = patterns(r);
  if (roll < 0.35) return { kind: 'set-text', index, field: pick(r, ['entity1', 'entity2'] as const), value: pick(r, [p.entity1, p.entity2]) };
  if (roll < 0.45) return { kind: 'set-text', index, field: 'relation', value: pick(r, ['=', '<', '>', '']) };
  if (roll < 0.6) return { kind: 'set-functions', index, functions: p.functions };
  if (roll < 0.7) {
    const items = r() < 0.3 ? [] : [{ variable: `t${Math.floor(r() * 9)}`, datatype: `${NS.xsd}int` }];
    return { kind: 'set-constraints', index, field: 'typings', items };
  }
  if (roll < 0.8) return { kind: 'duplicate', index };
  if (roll < 0.9 && cells.length > 1) return { kind: 'move', index: index === 0 ? 0 : index, delta: index === 0 ? 1 : -1 };
  return { kind: 'delete', index };
}

function cellSpans(text: string): XmlSpan[] {
  const alignment = childrenNamed(scanXml(text).root, NS.align, 'Alignment')[0] as XmlSpan;
  return childrenNamed(alignment, NS.align, 'map').flatMap((m) => childrenNamed(m, NS.align, 'Cell'));
}

/** Where a field edit may change bytes: the edited element, or the cell's content when the element is added. */
function allowedRegion(text: string, edit: Extract<CellEdit, { index: number }>): { start: number; end: number } {
  const cell = cellSpans(text)[edit.index] as XmlSpan;
  const local = edit.kind === 'set-text' ? edit.field : edit.kind === 'set-functions' ? 'transformation' : edit.kind === 'set-constraints' ? edit.field : '';
  // A text field is align:'s: a <relation> of another namespace is not it, and the edit adds one.
  const el = cell.children.filter((c) => c.local === local && (edit.kind !== 'set-text' || c.uri === NS.align));
  const first = el[0];
  if (first !== undefined && el.length === 1)
    return { start: edit.kind === 'set-text' ? first.openEnd : 0, end: edit.kind === 'set-text' ? first.closeStart : 0 };
  return { start: cell.openEnd, end: cell.closeStart };
}

function inverse(edit: CellEdit, cellsBefore: number): CellEdit | undefined {
  if (edit.kind === 'add') return { kind: 'delete', index: cellsBefore };
  if (edit.kind === 'duplicate') return { kind: 'delete', index: edit.index + 1 };
  if (edit.kind === 'move') return { kind: 'move', index: edit.index + edit.delta, delta: edit.delta === 1 ? -1 : 1 };
  return undefined;
}

async function expectValid(text: string): Promise<void> {
  const { alignment, problems } = await readAlignment(text);
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  const cells = readCells(text);
  expect(alignment?.cells.length).toBe(cells.length);
  // The form's line of each cell and whether a step names it, as the server's reader sees them.
  const stepped = new Set(alignment?.steps.map((s) => s.cellId));
  expect(cells.map((c) => ({ iri: c.iri, line: c.line, inSteps: c.inSteps }))).toEqual(
    alignment?.cells.map((c) => ({ iri: c.iri, line: c.line, inSteps: stepped.has(c.id) })),
  );
}

function checkFieldEdit(before: string, after: string, edit: Extract<CellEdit, { index: number }>): void {
  const changed = changedRegion(before, after);
  if (changed.start >= changed.end && before === after) return;
  if (edit.kind === 'set-text') {
    const allowed = allowedRegion(before, edit);
    expect(changed.start).toBeGreaterThanOrEqual(allowed.start);
    expect(changed.end).toBeLessThanOrEqual(allowed.end);
    return;
  }
  const cell = cellSpans(before)[edit.index] as XmlSpan;
  const local = edit.kind === 'set-functions' ? 'transformation' : edit.kind === 'set-constraints' ? edit.field : '';
  const el = cell.children.find((c) => c.local === local);
  const emptied = edit.kind === 'set-functions' ? edit.functions.length === 0 : edit.kind === 'set-constraints' && edit.items.length === 0;
  if (el !== undefined && emptied) {
    // Removed with the white space before it, and nothing else.
    let from = el.start;
    while (/\s/.test(before[from - 1] ?? '')) from--;
    expect(after).toBe(before.slice(0, from) + before.slice(el.end));
    return;
  }
  // The element replaced, or a new one among the cell's children.
  expect(changed.start).toBeGreaterThanOrEqual(el === undefined ? cell.openEnd : el.start);
  expect(changed.end).toBeLessThanOrEqual(el === undefined ? cell.closeStart : el.end);
}

function checkReadBack(after: string, edit: CellEdit, cellsBefore: number): void {
  const cells = readCells(after);
  if (edit.kind === 'set-text') expect(cells[edit.index]?.[edit.field]).toBe(edit.field === 'relation' ? edit.value.trim() : edit.value);
  if (edit.kind === 'set-functions') expect(cells[edit.index]?.functions).toEqual(edit.functions);
  if (edit.kind === 'set-constraints') expect(cells[edit.index]?.[edit.field]).toEqual(edit.items);
  const expected = edit.kind === 'add' || edit.kind === 'duplicate' ? cellsBefore + 1 : edit.kind === 'delete' ? cellsBefore - 1 : cellsBefore;
  expect(cells.length).toBe(expected);
  if (edit.kind === 'add' || edit.kind === 'duplicate') expect(cells[cellAfterEdit(edit, cellsBefore)]?.inSteps).toBe(true);
}

const comments = (text: string) => [...text.matchAll(/<!--[\s\S]*?-->/g)].map((m) => m[0]);

function baseDocuments(): Array<{ name: string; text: string }> {
  const shared = alignmentFiles().map((f) => ({ name: f, text: readData(`alignments/${f}`) }));
  // One with Windows line ends: the form's lines count them as the reader (and the editor) do.
  const crlf = { name: `${shared[0]!.name} (CRLF)`, text: shared[0]!.text.replace(/\r?\n/g, '\r\n') };
  return [...shared, crlf, { name: 'new', text: newAlignmentText({ name: 'fresh', version: '1.0' }) }];
}

describe('cell edits as XML splices', () => {
  it('a new alignment validates, and a cell added to it reads back and runs', async () => {
    const text = newAlignmentText({ name: 'A & B', version: '0.1' });
    const fresh = await readAlignment(text);
    expect(fresh.alignment?.header.name).toBe('A & B');
    expect(fresh.problems.filter((p) => p.severity === 'error').map((p) => p.code)).toEqual(['CELLS_MISSING']);
    const { entity1, entity2 } = patterns(seededRandom(1));
    const added = applyCellEdit(text, { kind: 'add', cell: { entity1, entity2 } });
    await expectValid(added);
    expect(readCells(added)).toMatchObject([{ entity1, entity2, relation: '=', inSteps: true, index: 0 }]);
    const { alignment } = await readAlignment(added);
    expect(alignment?.steps.map((s) => s.cellId)).toEqual(['cell_1']);
  });

  it('keeps the reading of the last text: the same cells for equal text built anew, a new reading after an edit or for another text', () => {
    const text = readData('alignments/BodyCloud_CO.rdf');
    const first = readCells(text);
    // Equal text in another string (as the store's copies are) reads as the same cells, not again.
    expect(readCells(`${text} `.slice(0, -1))).toBe(first);
    const edited = applyCellEdit(text, { kind: 'set-text', index: 1, field: 'relation', value: '<' });
    expect(readCells(edited)).not.toBe(first);
    expect(readCells(edited)[1]?.relation).toBe('<');
    expect(readCells(text)[1]?.relation).toBe(first[1]?.relation);
    expect(readCells(text)).toEqual(first);
    // An edit of a text read before the last one splices that text, not the last one read.
    const other = readData('alignments/CO_FIWARE.rdf');
    readCells(other);
    expect(readCells(applyCellEdit(text, { kind: 'set-text', index: 0, field: 'relation', value: '>' }))[0]?.relation).toBe('>');
    // A text that is not an alignment still throws each time, and leaves the last reading usable.
    expect(() => readCells('<x/>')).toThrow(/not an IPSM-AF alignment/);
    expect(() => readCells('<x/>')).toThrow(/not an IPSM-AF alignment/);
    expect(readCells(other).length).toBeGreaterThan(0);
  });

  it('reads the shared alignments’ functions and typings as the form shows them', () => {
    const port = readCells(readData('alignments/Port_CO.rdf'));
    expect(port[0]?.functions[0]).toEqual({
      name: 'REPLACE',
      params: [
        { kind: 'variable', value: 'plate' },
        { kind: 'value', value: ' ' },
        { kind: 'value', value: '_' },
      ],
      result: 'plate_r',
    });
    expect(port[0]?.typings).toEqual([{ variable: 'date', datatype: `${NS.xsd}dateTimeStamp` }]);
    expect(port[0]?.entity1.startsWith('var:CTX a pt:entryVehicles ;\n')).toBe(true);
  });

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`random edit sequences keep every byte outside the edited element (seed ${seed})`, async () => {
      const r = seededRandom(seed);
      for (const base of baseDocuments()) {
        let text = withComments(r, base.text);
        for (let step = 0; step < 12; step++) {
          const cells = readCells(text);
          const edit = randomEdit(r, cells);
          const after = applyCellEdit(text, edit);
          if (edit.kind === 'set-text' || edit.kind === 'set-functions' || edit.kind === 'set-constraints') checkFieldEdit(text, after, edit);
          if (edit.kind === 'move') expect(comments(after).sort()).toEqual(comments(text).sort());
          if (edit.kind === 'add' || edit.kind === 'duplicate') for (const c of comments(text)) expect(after).toContain(c);
          checkReadBack(after, edit, cells.length);
          // A Windows file stays CRLF: no bare LF where the form wrote.
          if (base.name.endsWith('(CRLF)')) expect(after, `${base.name}: ${edit.kind}`).not.toMatch(/(?<!\r)\n/);
          const undo = inverse(edit, cells.length);
          if (undo !== undefined) expect(applyCellEdit(after, undo), `${base.name}: ${edit.kind} undone`).toBe(text);
          text = after;
        }
        await expectValid(text);
      }
    });
  }

  it('declares a namespace the document does not bind instead of writing an unbound prefix', async () => {
    const text = newAlignmentText({ name: 'n', version: '1' })
      .replace(/\s+xmlns:sripas="[^"]*"/, '')
      .replace(/sripas:(steps|cellFormat)/g, 'align:$1');
    const added = applyCellEdit(text, { kind: 'add', cell: { ...patterns(seededRandom(3)), typings: [{ variable: 'x', datatype: `${NS.xsd}int` }] } });
    expect(() => scanXml(added)).not.toThrow();
    expect(readCells(added)[0]?.typings).toEqual([{ variable: 'x', datatype: `${NS.xsd}int` }]);
  });

  it('refuses text that is not an alignment, with the line', () => {
    expect(() => applyCellEdit('<rdf:RDF xmlns:rdf="x"><a></b></rdf:RDF>', { kind: 'add' })).toThrow(/line 1/);
    expect(() => readCells('<html/>')).toThrow(/IPSM-AF/);
  });
});

describe("the document's prefixes (completion's, the form's)", () => {
  /** The root's bindings as a scan of the whole document reads them (what documentPrefixes read before issue 42). */
  const wholeScan = (text: string) => [...scanXml(text).root.namespaces].filter(([prefix]) => prefix !== 'xml').map(([prefix, iri]) => ({ prefix, iri }));

  it('are the root’s bindings, and stay readable while the text below the root’s start tag is cut anywhere', () => {
    const r = seededRandom(7);
    for (const base of baseDocuments()) {
      const text = withComments(r, base.text);
      const prefixes = documentPrefixes(text);
      expect(prefixes, base.name).toEqual(wholeScan(text));
      expect(prefixes.length, base.name).toBeGreaterThan(0);
      const rootEnd = text.indexOf('>', text.indexOf('<rdf:RDF')) + 1;
      for (let k = 0; k < 20; k++) {
        const cut = rootEnd + Math.floor(r() * (text.length - rootEnd - 1));
        const broken = text.slice(0, cut);
        expect(() => readCells(broken)).toThrow();
        expect(documentPrefixes(broken), `${base.name} cut at ${cut}`).toEqual(prefixes);
      }
      // Within the root's start tag there is nothing to read yet.
      const inside = text.indexOf('xmlns', text.indexOf('<rdf:RDF')) + 3;
      expect(() => documentPrefixes(text.slice(0, inside))).toThrow(/\(line \d+, column \d+\)/);
    }
  });
});
