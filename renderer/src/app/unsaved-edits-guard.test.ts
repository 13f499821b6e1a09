// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../store/fake-api.test-support.js';
import { createWorkbenchStore, type WorkbenchStore } from '../store/index.js';
import { guardUnsavedEdits, type BeforeUnloadLike, type BeforeUnloadTarget } from './unsaved-edits-guard.js';

/** A window that records its 'beforeunload' listeners and can fire the event at them. */
function fakeWindow() {
  const listeners = new Set<(event: BeforeUnloadLike) => void>();
  const target: BeforeUnloadTarget = {
    addEventListener: (type, listener) => {
      expect(type).toBe('beforeunload');
      listeners.add(listener);
    },
    removeEventListener: (type, listener) => {
      expect(type).toBe('beforeunload');
      listeners.delete(listener);
    },
  };
  /** Fires 'beforeunload' as a page unload would; says whether the unload was refused. */
  const unload = () => {
    const event = { canceled: false, returnValue: '' as unknown, preventDefault: () => void (event.canceled = true) };
    for (const listener of listeners) listener(event);
    return { refused: event.canceled, returnValue: event.returnValue };
  };
  return { target, listeners, unload };
}

const draft = '<Alignment>draft</Alignment>';

/** A store with one stored upload to open in the editor; uploads succeed. */
function storeWithDraft(): WorkbenchStore {
  const store = createWorkbenchStore({
    makeApi: () => fakeApi({ uploadAlignment: async () => ({ status: 'created', message: 'uploaded', problems: [] }), listAlignments: async () => [] }),
  });
  store.setState({ uploads: [{ key: 'u1', fileName: 'draft.rdf', status: 'invalid', message: 'bad', problems: [], text: draft }] });
  return store;
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('guardUnsavedEdits', () => {
  it('refuses the unload only while the editor holds unsaved edits', async () => {
    const store = storeWithDraft();
    const { target, listeners, unload } = fakeWindow();
    const dispose = guardUnsavedEdits(store, target);

    expect(listeners.size).toBe(0);
    expect(unload().refused).toBe(false);

    store.getState().openUploadInEditor('u1');
    expect(listeners.size).toBe(0);

    store.getState().setEditorText(`${draft}\n<!-- edited -->`);
    expect(listeners.size).toBe(1);
    expect(unload()).toEqual({ refused: true, returnValue: expect.stringMatching(/.+/) });

    // More typing keeps one listener, not one per keystroke.
    store.getState().setEditorText(`${draft}\n<!-- edited twice -->`);
    expect(listeners.size).toBe(1);

    // Uploaded: the text is what the server has, nothing to lose.
    await store.getState().uploadEditor();
    expect(store.getState().editor?.loadedText).toBe(`${draft}\n<!-- edited twice -->`);
    expect(listeners.size).toBe(0);
    expect(unload().refused).toBe(false);

    // Edited again, then the edits discarded and the editor closed.
    store.getState().setEditorText('changed');
    expect(unload().refused).toBe(true);
    store.getState().discardEdits();
    store.getState().closeEditor();
    expect(listeners.size).toBe(0);
    dispose();
  });

  it('installs at once when the store is already dirty, and the disposer removes the listener and stops following', () => {
    const store = storeWithDraft();
    store.getState().openUploadInEditor('u1');
    store.getState().setEditorText('edited before the guard');
    const { target, listeners, unload } = fakeWindow();

    const dispose = guardUnsavedEdits(store, target);
    expect(unload().refused).toBe(true);

    dispose();
    expect(listeners.size).toBe(0);
    store.getState().setEditorText('edited after the guard');
    expect(listeners.size).toBe(0);
    store.getState().closeEditor();
  });

  it('typing the text back to what was loaded lifts the guard', () => {
    const store = storeWithDraft();
    const { target, listeners } = fakeWindow();
    const dispose = guardUnsavedEdits(store, target);
    store.getState().openUploadInEditor('u1');
    store.getState().setEditorText('x');
    expect(listeners.size).toBe(1);
    store.getState().setEditorText(draft);
    expect(listeners.size).toBe(0);
    store.getState().closeEditor();
    dispose();
  });
});
