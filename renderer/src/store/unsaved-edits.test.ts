import { describe, expect, it } from 'vitest';
import { editorIsDirty, hasUnsavedEdits } from './unsaved-edits.js';

describe('hasUnsavedEdits', () => {
  it.each([
    { name: 'no editor open', editor: undefined, expected: false },
    { name: 'an editor still loading (both texts empty)', editor: { text: '', loadedText: '' }, expected: false },
    { name: 'a document as loaded', editor: { text: '<Alignment/>', loadedText: '<Alignment/>' }, expected: false },
    { name: 'a document edited', editor: { text: '<Alignment>x</Alignment>', loadedText: '<Alignment/>' }, expected: true },
    { name: 'a document emptied', editor: { text: '', loadedText: '<Alignment/>' }, expected: true },
    { name: 'an edit typed back to the original', editor: { text: 'a', loadedText: 'a' }, expected: false },
  ])('$name: $expected', ({ editor, expected }) => {
    expect(hasUnsavedEdits({ editor })).toBe(expected);
    expect(editorIsDirty(editor)).toBe(expected);
  });
});
