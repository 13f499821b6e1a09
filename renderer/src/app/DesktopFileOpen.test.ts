// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi, flush } from '../store/fake-api.test-support.js';
import { createWorkbenchStore, WorkbenchProvider, type WorkbenchStore } from '../store/index.js';
import type { DesktopBridge, DesktopOpenedFile } from '../ui/desktop-bridge.js';
import { DesktopFileOpen } from './DesktopFileOpen.js';
import { UnsavedEditsDialog } from './UnsavedEditsDialog.js';

/** The desktop bridge as the preload exposes it, with a File menu the test can use. */
function fakeBridge() {
  const listeners = new Set<(file: DesktopOpenedFile) => void>();
  const bridge: DesktopBridge = {
    isDesktop: true,
    saveFile: async () => ({ ok: true, value: { saved: false } }),
    onOpenFile: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  /** What main does for File > Open alignment / Open message. */
  // React's act returns a thenable for a synchronous callback too (its types say void); awaiting it
  // lets the effects it flushed settle.
  const open = (file: unknown) => act(() => listeners.forEach((listener) => listener(file as DesktopOpenedFile))) as unknown as PromiseLike<void>;
  return { bridge, listeners, open };
}

const alignment = '<rdf:RDF><Alignment/></rdf:RDF>';

const tree = (store: WorkbenchStore, bridge: DesktopBridge | undefined) =>
  createElement(WorkbenchProvider, {
    store,
    children: [createElement(DesktopFileOpen, { key: 'open', bridge }), createElement(UnsavedEditsDialog, { key: 'ask' })],
  });
const validations: string[] = [];

function setup(bridge: DesktopBridge | undefined) {
  const store: WorkbenchStore = createWorkbenchStore({
    makeApi: () =>
      fakeApi({
        validateAlignment: async (xml) => (validations.push(xml), { valid: false, message: 'Invalid alignment', problems: [] }),
        translate: () => new Promise(() => undefined),
      }),
  });
  const view = render(tree(store, bridge));
  return { store, view };
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  cleanup();
  validations.length = 0;
});

describe('files opened from the desktop File menu', () => {
  it('File > Open alignment: switches to Alignments and opens the file in the editor as a draft, validated', async () => {
    const { bridge, open } = fakeBridge();
    const { store } = setup(bridge);
    store.getState().navigate('translate');

    await open({ kind: 'alignment', name: 'CO_FIWARE.rdf', text: alignment });
    await act(() => flush());

    const state = store.getState();
    expect(state.screen).toBe('alignments');
    expect(state.editor).toMatchObject({ source: { kind: 'draft', label: 'CO_FIWARE.rdf' }, text: alignment, loadedText: alignment });
    expect(validations).toEqual([alignment]);
    expect(state.editor?.validation).toEqual({ state: 'invalid', message: 'Invalid alignment' });
    // Opened, not uploaded: nothing went to the upload list.
    expect(state.uploads).toEqual([]);
  });

  it('File > Open message: switches to Translate with the file as the message', async () => {
    const { bridge, open } = fakeBridge();
    const { store } = setup(bridge);
    await open({ kind: 'message', name: 'weight.json', text: '{"@id":"w"}' });
    expect(store.getState()).toMatchObject({ screen: 'translate', messageText: '{"@id":"w"}', messageFileName: 'weight.json', sampleId: undefined });
    expect(store.getState().editor).toBeUndefined();
  });

  it('asks before an opened alignment replaces unsaved edits; Cancel keeps them', async () => {
    const { bridge, open } = fakeBridge();
    const { store } = setup(bridge);
    await open({ kind: 'alignment', name: 'first.rdf', text: alignment });
    act(() => store.getState().setEditorText(`${alignment}<!-- typed -->`));

    await open({ kind: 'alignment', name: 'second.rdf', text: '<other/>' });
    expect(screen.getByRole('dialog', { name: 'Unsaved edits' }).textContent).toContain('second.rdf');
    expect(store.getState().editor).toMatchObject({ source: { label: 'first.rdf' }, text: `${alignment}<!-- typed -->` });

    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().editor).toMatchObject({ source: { label: 'first.rdf' }, text: `${alignment}<!-- typed -->` });
    act(() => store.getState().discardEdits());
  });

  it('replaces the edits only when the user says so', async () => {
    const { bridge, open } = fakeBridge();
    const { store } = setup(bridge);
    await open({ kind: 'alignment', name: 'first.rdf', text: alignment });
    act(() => store.getState().setEditorText('typed'));
    await open({ kind: 'alignment', name: 'second.rdf', text: '<other/>' });

    await act(async () => screen.getByRole('button', { name: 'Discard' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().editor).toMatchObject({ source: { label: 'second.rdf' }, text: '<other/>', loadedText: '<other/>' });
    expect(store.getState().pendingLeave).toBeUndefined();
  });

  it('ignores payloads that are not an opened file', async () => {
    const { bridge, open } = fakeBridge();
    const { store } = setup(bridge);
    await open({ kind: 'script', name: 'x.sh', text: 'rm -rf' });
    await open(null);
    expect(store.getState()).toMatchObject({ screen: 'alignments', editor: undefined, messageText: '' });
  });

  it('holds one subscription at a time (re-subscribing disposes the old one) and disposes it on unmount', () => {
    const { bridge, listeners } = fakeBridge();
    const { view } = setup(bridge);
    expect(listeners.size).toBe(1);
    view.rerender(tree(createWorkbenchStore({ makeApi: () => fakeApi({}) }), bridge));
    expect(listeners.size).toBe(1);
    view.unmount();
    expect(listeners.size).toBe(0);
  });

  it('in a browser (no bridge) renders nothing and listens to nothing', () => {
    const { view } = setup(undefined);
    expect(view.container.innerHTML).toBe('');
  });
});
