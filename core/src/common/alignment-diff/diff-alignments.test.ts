/**
 * The version diff, table-driven over the shared alignments (issue 12, part 2 acceptance): a copy
 * with the same meaning is no change; a copy with one cell removed, one changed and one renamed
 * reports exactly those; steps and header changes; and the parts of a cell, one by one.
 */
import { describe, expect, it } from 'vitest';
import { alignmentFiles, readData } from '../../test-support/shared-data.js';
import { editedCopy, readModel, sameMeaningCopy, type EditablePart } from '../../test-support/alignment-variants.js';
import type { Alignment, Cell } from '../alignment/model.js';
import { convertCellsToRdfXml } from '../alignment/convert-cells.js';
import { factory } from '../rdf/terms.js';
import { diffAlignments, isEmptyDiff } from './diff-alignments.js';
import { differingParts } from './cell-compare.js';
import { diffCellTexts } from './cell-texts.js';
import { diffSteps } from './steps-diff.js';

const files = alignmentFiles();

describe.each(files)('diff of %s', (file) => {
  const text = readData(`alignments/${file}`);

  it('is empty against itself with blank nodes relabelled and the layout changed', async () => {
    const original = await readModel(text);
    const copyText = sameMeaningCopy(text, original);
    expect(copyText).not.toBe(text);
    const copy = await readModel(copyText);
    // The copy really is written differently: labelled blank nodes where the original nests them.
    expect(copyText).toContain('_:renamed_');
    const diff = diffAlignments(original, copy);
    expect(diff).toEqual({
      cells: { added: [], removed: [], changed: [], renamed: [] },
      steps: { added: [], removed: [], reordered: false, moved: [] },
      header: {},
    });
    expect(isEmptyDiff(diff)).toBe(true);
    expect(isEmptyDiff(diffAlignments(copy, original))).toBe(true);
  });

  it.each<EditablePart>(['entity1', 'entity2', 'relation'])('reports exactly the removed, renamed and (%s) changed cell', async (part) => {
    const original = await readModel(text);
    const edit = editedCopy(text, original, part);
    const edited = await readModel(edit.text);
    const diff = diffAlignments(original, edited);
    expect(diff.cells).toEqual({ added: [], removed: [edit.removed], changed: [{ cell: edit.changed, parts: [part] }], renamed: [edit.renamed] });
    // The removed cell's steps go with it; the renamed cell's steps are not a change.
    expect(diff.steps).toEqual({ added: [], removed: new Array<string>(edit.removedSteps).fill(edit.removed), reordered: false, moved: [] });
    expect(diff.header).toEqual({});
    // Backwards, the same edit reads the other way round.
    const back = diffAlignments(edited, original);
    expect(back.cells).toEqual({
      added: [edit.removed],
      removed: [],
      changed: [{ cell: edit.changed, parts: [part] }],
      renamed: [{ from: edit.renamed.to, to: edit.renamed.from }],
    });
    // The side-by-side texts: the changed cell on both sides, the removed one on the old side only.
    const texts = diffCellTexts(original, edited, diff);
    expect(texts.map((t) => [t.kind, t.cell])).toEqual([
      ['changed', edit.changed],
      ['removed', edit.removed],
    ]);
    const changedText = texts[0];
    expect(changedText?.old).not.toBe(changedText?.new);
    expect(changedText?.new).toContain(part === 'relation' ? 'relation: <' : 'added in the new version');
    expect(texts[1]?.new).toBe('');
  });

  it('finds no cell change when the cells are rewritten in RDF/XML (only the cell format)', async () => {
    const original = await readModel(text);
    const rdfxml = await readModel(await convertCellsToRdfXml(text));
    expect(rdfxml.cells.every((c) => c.entity1Source.format === 'rdfxml')).toBe(true);
    const diff = diffAlignments(original, rdfxml);
    expect(diff.cells).toEqual({ added: [], removed: [], changed: [], renamed: [] });
    expect(diff.steps).toEqual({ added: [], removed: [], reordered: false, moved: [] });
    expect(diff.header).toEqual({ cellFormat: { old: 'turtle', new: 'rdfxml' } });
  });

  it('reports steps reordered, added and removed', async () => {
    const original = await readModel(text);
    const steps = [...text.matchAll(/<(?:[\w.-]+:)?step\b[^>]*\/>/g)];
    const [first, second] = steps;
    if (first === undefined || second === undefined) throw new Error('needs two steps');
    const firstCell = original.steps[0]?.cellId ?? '';
    const secondCell = original.steps[1]?.cellId ?? '';
    expect(firstCell).not.toBe(secondCell);
    // Swap the first two steps.
    const swapped =
      text.slice(0, first.index) + second[0] + text.slice(first.index + first[0].length, second.index) + first[0] + text.slice(second.index + second[0].length);
    const reordered = diffAlignments(original, await readModel(swapped));
    expect(reordered.steps.reordered).toBe(true);
    expect(reordered.steps.added).toEqual([]);
    expect(reordered.steps.removed).toEqual([]);
    expect(reordered.steps.moved).toHaveLength(1);
    expect([firstCell, secondCell]).toContain(reordered.steps.moved[0]);
    expect(reordered.cells).toEqual({ added: [], removed: [], changed: [], renamed: [] });
    // Run the first cell once more at the end, and drop the second step.
    const last = steps[steps.length - 1];
    if (last === undefined) throw new Error('no steps');
    const end = last.index + last[0].length;
    const more = text.slice(0, second.index) + text.slice(second.index + second[0].length, end) + first[0] + text.slice(end);
    const changedSteps = diffAlignments(original, await readModel(more));
    expect(changedSteps.steps).toEqual({ added: [firstCell], removed: [secondCell], reordered: false, moved: [] });
  });

  it('reports header changes, layout aside', async () => {
    const original = await readModel(text);
    const { name, version } = original.header;
    const bumped = text.replace(/(<(?:[\w.-]+:)?version>)[^<]*(<\/)/, '$1\n   9.9-new \n$2').replace(/(<(?:[\w.-]+:)?creator>)[^<]*(<\/)/, '$1Someone Else$2');
    const diff = diffAlignments(original, await readModel(bumped));
    expect(diff.header).toEqual({ version: { old: version, new: '9.9-new' }, creator: { old: original.header.creator, new: 'Someone Else' } });
    expect(diff.header.name).toBeUndefined();
    expect(name).not.toBe('');
    expect(isEmptyDiff(diff)).toBe(false);
  });
});

/** A real cell with functions or typings, to vary one part at a time. */
async function richCell(): Promise<{ alignment: Alignment; cell: Cell }> {
  for (const file of files) {
    const alignment = await readModel(readData(`alignments/${file}`));
    const cell = alignment.cells.find((c) => c.functions.length > 0 && c.typings.length > 0);
    if (cell !== undefined) return { alignment, cell };
  }
  throw new Error('no shared alignment has a cell with functions and typings');
}

describe('the parts of a cell', () => {
  const variants: Array<[string, (c: Cell) => Cell, readonly string[]]> = [
    ['the same cell', (c) => c, []],
    ['another function name', (c) => ({ ...c, functions: c.functions.map((f, i) => (i === 0 ? { ...f, name: `${f.name}_other` } : f)) }), ['functions']],
    ['another function result', (c) => ({ ...c, functions: c.functions.map((f, i) => (i === 0 ? { ...f, result: 'other' } : f)) }), ['functions']],
    [
      'function order numbers changed, same order',
      (c) => ({ ...c, functions: c.functions.map((f) => ({ ...f, params: f.params.map((p) => ({ ...p, order: p.order + 10 })) })) }),
      [],
    ],
    ['typings in another order', (c) => ({ ...c, typings: [...c.typings].reverse() }), []],
    ['a typing with another datatype', (c) => ({ ...c, typings: c.typings.map((t, i) => (i === 0 ? { ...t, datatype: `${t.datatype}x` } : t)) }), ['typings']],
    [
      'a filter added',
      (c) => ({ ...c, filters: [...c.filters, { variable: 'v', datatype: 'http://www.w3.org/2001/XMLSchema#int', line: 1, column: 1 }] }),
      ['filters'],
    ],
    ['measure and relation', (c) => ({ ...c, relation: '<', measure: '0.5' }), ['relation', 'measure']],
    [
      'entity1 with a blank node joined differently',
      (c) => ({
        ...c,
        entity1: [
          ...c.entity1,
          factory.quad(factory.blankNode('x'), factory.namedNode('http://example.org/p'), factory.blankNode('y')),
          factory.quad(factory.blankNode('y'), factory.namedNode('http://example.org/p'), factory.blankNode('y')),
        ],
      }),
      ['entity1'],
    ],
    ['entity2 emptied, entity1 positions moved', (c) => ({ ...c, entity2: [], line: c.line + 5, column: 3 }), ['entity2']],
  ];

  it.each(variants)('%s', async (_label, vary, expected) => {
    const { alignment, cell } = await richCell();
    const prefixes = new Map(alignment.prefixes);
    expect(differingParts({ cell, prefixes }, { cell: vary(cell), prefixes })).toEqual(expected);
  });

  it('reads a prefixed function name and its full IRI as the same function', async () => {
    const { alignment, cell } = await richCell();
    const withName = (name: string): Cell => ({ ...cell, functions: cell.functions.map((f) => ({ ...f, name })) });
    const prefixes = new Map([...alignment.prefixes, ['fnx', 'http://example.org/fn#'] as const]);
    expect(differingParts({ cell: withName('fnx:up'), prefixes }, { cell: withName('<http://example.org/fn#up>'), prefixes })).toEqual([]);
    expect(differingParts({ cell: withName('fnx:up'), prefixes }, { cell: withName('<http://example.org/fn#down>'), prefixes })).toEqual(['functions']);
  });
});

describe('step lists', () => {
  const table: Array<[string, string[], string[], { added: string[]; removed: string[]; reordered: boolean; moved: string[] }]> = [
    ['same', ['a', 'b', 'c'], ['a', 'b', 'c'], { added: [], removed: [], reordered: false, moved: [] }],
    ['one moved to the end', ['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'], { added: [], removed: [], reordered: true, moved: ['a'] }],
    ['added and removed', ['a', 'b'], ['a', 'c'], { added: ['c'], removed: ['b'], reordered: false, moved: [] }],
    ['a cell run twice', ['a', 'b'], ['a', 'b', 'a'], { added: ['a'], removed: [], reordered: false, moved: [] }],
    ['a repeat dropped', ['a', 'b', 'a'], ['b', 'a'], { added: [], removed: ['a'], reordered: false, moved: [] }],
    ['everything new', [], ['x'], { added: ['x'], removed: [], reordered: false, moved: [] }],
  ];
  it.each(table)('%s', (_label, before, after, expected) => {
    expect(diffSteps(before, after)).toEqual(expected);
  });
});
