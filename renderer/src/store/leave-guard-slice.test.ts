import { describe, expect, it } from 'vitest';
import type { UploadOutcome } from '../api/index.js';
import xml from '../fixtures/CO_FIWARE.rdf?raw';
import { alignmentView } from './alignment-view.test-support.js';
import { alignmentInfo, flush, storeWith } from './fake-api.test-support.js';

const stored = { name: 'CO_FIWARE_align', version: '1.0' };
const versionOf = (text: string) => /<exmo:version>([^<]*)</.exec(text)?.[1] ?? '';

/** A server holding CO_FIWARE 1.0: a different content under 1.0 is a conflict, a comment alone is "exists". */
function server() {
  const uploads: string[] = [];
  const versions = new Set(['1.0']);
  const store = storeWith({
    listAlignments: async () => [...versions].map((v) => alignmentInfo(stored.name, v)),
    getAlignmentXml: async () => xml,
    validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
    getAlignmentView: async () => alignmentView([], stored),
    viewAlignmentText: async (text) => alignmentView([], { name: stored.name, version: versionOf(text) }),
    uploadAlignment: async (text): Promise<UploadOutcome> => {
      uploads.push(text);
      const version = versionOf(text);
      if (!versions.has(version)) {
        versions.add(version);
        return { status: 'created', message: 'uploaded', problems: [] };
      }
      return text.replace(/<!--.*?-->/g, '') === xml
        ? { status: 'exists', message: 'already exists', problems: [] }
        : { status: 'conflict', message: 'different content', problems: [] };
    },
  });
  return { store, uploads };
}

describe('the unsaved-edits guard', () => {
  it('holds Close, opening another alignment and leaving the screen while the editor is dirty; Cancel keeps the edits', async () => {
    const { store } = server();
    await store.getState().openStoredAlignment(stored);
    store.getState().setEditorText(`${xml}changed`);
    for (const leave of [
      () => store.getState().closeEditor(),
      () => void store.getState().openStoredAlignment({ name: 'B', version: '1' }),
      () => store.getState().navigate('translate'),
    ]) {
      leave();
      expect(store.getState().pendingLeave).toBeDefined();
      await store.getState().resolveLeave('cancel');
      expect(store.getState()).toMatchObject({ screen: 'alignments', editor: { text: `${xml}changed` }, pendingLeave: undefined });
    }
  });

  it('Discard drops the edits and goes on', async () => {
    const { store } = server();
    await store.getState().openStoredAlignment(stored);
    store.getState().setEditorText(`${xml}changed`);
    store.getState().navigate('translate');
    await store.getState().resolveLeave('discard');
    expect(store.getState().screen).toBe('translate');
    expect(store.getState().editor?.text).toBe(xml);
  });

  it('Save that the server refuses (409) stays, and offers the next version, which stores the edit', async () => {
    const { store, uploads } = server();
    await store.getState().openStoredAlignment(stored);
    const edited = xml.replace('and FIWARE.', 'and FIWARE, edited.');
    store.getState().setEditorText(edited);
    store.getState().closeEditor();
    await store.getState().resolveLeave('save');
    expect(store.getState().editor?.saveOutcome).toEqual({ kind: 'conflict', id: stored });
    expect(store.getState().suggestedVersion()).toBe('1.0.1');

    await store.getState().saveAsNewVersion();
    await flush();
    expect(versionOf(uploads.at(-1) ?? '')).toBe('1.0.1');
    expect(store.getState().editor).toMatchObject({ source: { kind: 'stored', id: { name: stored.name, version: '1.0.1' } }, saveOutcome: undefined });
    expect(store.getState().editor?.text).toBe(store.getState().editor?.loadedText);
  });

  it('a comment-only edit: the meaning is unchanged, nothing stored, and the editor stays edited', async () => {
    const { store } = server();
    await store.getState().openStoredAlignment(stored);
    store.getState().setEditorText(`${xml}<!-- note -->`);
    await store.getState().uploadEditor();
    expect(store.getState().editor).toMatchObject({ saveOutcome: { kind: 'unchanged', id: stored }, loadedText: xml, text: `${xml}<!-- note -->` });
  });
});
