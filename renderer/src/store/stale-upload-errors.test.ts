import { describe, expect, it } from 'vitest';
import { alignmentView } from './alignment-view.test-support.js';
import { flush, storeWith } from './fake-api.test-support.js';

const problem = { code: 'P', severity: 'error' as const, message: 'bad at line 109', line: 109, column: 1 };

describe('a refused pasted upload, then edited in the editor (issue 39)', () => {
  it('clears the paste box error and points the upload result to the editor', async () => {
    const store = storeWith({
      uploadAlignment: async () => ({ status: 'invalid', message: 'line 109, column 1: bad', problems: [problem] }),
      listAlignments: async () => [],
      validateAlignment: async () => ({ valid: false, message: 'invalid', problems: [problem] }),
      viewAlignmentText: async () => alignmentView([]),
    });
    store.getState().setPasteText('<rdf:RDF/>');
    await store.getState().uploadPasted();
    expect(store.getState().pasteOp).toMatchObject({ state: 'failed', message: 'line 109, column 1: bad' });
    const entry = store.getState().uploads[0]!;
    store.getState().openUploadInEditor(entry.key);
    await flush();
    // Opening alone changes nothing: the error is still about this text.
    expect(store.getState().pasteOp.state).toBe('failed');
    store.getState().setEditorText('<rdf:RDF><!-- fixed --></rdf:RDF>');
    expect(store.getState().pasteOp.state).toBe('idle');
    expect(store.getState().uploads[0]).toMatchObject({ message: 'Edited in the editor since: its problems are shown there.', problems: [] });
    // The paste box keeps what was pasted.
    expect(store.getState().pasteText).toBe('<rdf:RDF/>');
  });
});
