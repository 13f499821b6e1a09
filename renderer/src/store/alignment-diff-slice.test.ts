import { describe, expect, it } from 'vitest';
import type { AlignmentDiffReply, AlignmentId, AlignmentInfo } from '../api/index.js';
import { defaultDiffPick } from './alignment-diff-slice.js';
import { notFound, storeWith, alignmentInfo } from './fake-api.test-support.js';

const info = (name: string, version: string, date: number): AlignmentInfo => alignmentInfo(name, version, { id: date, date });

const reply = (oldId: AlignmentId, newId: AlignmentId, identical: boolean): AlignmentDiffReply => ({
  old: oldId,
  new: newId,
  identical,
  diff: {
    cells: { added: [], removed: identical ? [] : ['c1'], changed: [], renamed: [] },
    steps: { added: [], removed: [], reordered: false, moved: [] },
    header: {},
  },
  texts: [],
});

describe('default pick of two alignments to compare', () => {
  const table: Array<[string, AlignmentInfo[], { old: AlignmentId | undefined; new: AlignmentId | undefined }]> = [
    ['nothing stored', [], { old: undefined, new: undefined }],
    ['one alignment', [info('A', '1', 1)], { old: undefined, new: { name: 'A', version: '1' } }],
    [
      'the two latest versions of a name with several',
      [info('A', '1.0', 1), info('B', '1', 2), info('A', '2.0', 5), info('A', '1.1', 3), info('C', '1', 9)],
      { old: { name: 'A', version: '1.1' }, new: { name: 'A', version: '2.0' } },
    ],
    [
      'the two latest uploads otherwise',
      [info('A', '1', 1), info('B', '1', 3), info('C', '1', 2)],
      { old: { name: 'C', version: '1' }, new: { name: 'B', version: '1' } },
    ],
  ];
  it.each(table)('%s', (_label, alignments, expected) => {
    expect(defaultDiffPick(alignments)).toEqual(expected);
  });
});

describe('alignment diff slice', () => {
  it('compares the default pick when none was made, and keeps the answer', async () => {
    const asked: Array<[AlignmentId, AlignmentId]> = [];
    const store = storeWith({
      listAlignments: async () => [info('A', '1.0', 1), info('A', '1.1', 2)],
      diffAlignments: async (a, b) => {
        asked.push([a, b]);
        return reply(a, b, false);
      },
    });
    await store.getState().loadAlignments();
    await store.getState().compareAlignments();
    expect(asked).toEqual([
      [
        { name: 'A', version: '1.0' },
        { name: 'A', version: '1.1' },
      ],
    ]);
    expect(store.getState().diffOp.state).toBe('done');
    expect(store.getState().diffResult?.diff.cells.removed).toEqual(['c1']);
    store.getState().setDiffPick('old', { name: 'A', version: '1.1' });
    await store.getState().compareAlignments();
    expect(asked[1]).toEqual([
      { name: 'A', version: '1.1' },
      { name: 'A', version: '1.1' },
    ]);
    store.getState().closeDiff();
    expect(store.getState().diffResult).toBeUndefined();
  });

  it("shows the server's message when an alignment is gone, and asks for a pick when there is none", async () => {
    const store = storeWith({ diffAlignments: async () => Promise.reject(notFound()) });
    await store.getState().compareAlignments();
    expect(store.getState().diffOp).toEqual({ state: 'failed', message: 'Pick two alignments to compare.' });
    store.getState().setDiffPick('old', { name: 'A', version: '1' });
    store.getState().setDiffPick('new', { name: 'A', version: '2' });
    await store.getState().compareAlignments();
    expect(store.getState().diffOp).toMatchObject({ state: 'failed', message: 'The requested resource could not be found.' });
  });
});
