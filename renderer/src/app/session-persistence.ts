/**
 * The work in progress survives a reload (issue 25, point 8): the translate chain and message, and
 * the editor's unsaved text, are kept in localStorage and put back when the page loads. An editor
 * without edits is not kept: the URL reopens it from the server.
 */
import type { EditorSource, SettingsStorage, WorkbenchStore } from '../store/index.js';
import { editorIsDirty, pauseBeforeWholeText } from '../store/index.js';
import type { AlignmentId } from '../api/index.js';

export const SESSION_KEY = 'mediator-workbench.session';
/**
 * Writes are bunched: typing in a large alignment must not serialise it on every keystroke; one of
 * megabytes is kept at most every 2 s (`pagehide` still saves at once).
 */
const SAVE_DELAY_MS = 250;
const MAX_SAVE_DELAY_MS = 2000;

interface KeptSession {
  readonly sequence: readonly AlignmentId[];
  readonly messageText: string;
  readonly sampleId?: string;
  readonly messageFileName?: string;
  readonly editor?: { readonly source: EditorSource; readonly text: string; readonly loadedText: string };
}

function read(storage: SettingsStorage): KeptSession | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const v = value as Partial<KeptSession>;
    if (!Array.isArray(v.sequence) || typeof v.messageText !== 'string') return undefined;
    return v as KeptSession;
  } catch {
    return undefined;
  }
}

export function restoreSession(store: WorkbenchStore, storage: SettingsStorage): void {
  const kept = read(storage);
  if (kept === undefined) return;
  const state = store.getState();
  // A chain in the URL wins over the kept one.
  if (kept.sequence.length > 0 && state.sequence.length === 0) state.setSequence(kept.sequence);
  if (kept.messageText !== '') {
    if (kept.messageFileName !== undefined) state.loadMessageFile(kept.messageFileName, kept.messageText);
    else state.setMessageText(kept.messageText);
  }
  if (kept.sampleId !== undefined) store.setState({ sampleId: kept.sampleId });
  if (kept.editor !== undefined) state.restoreEditor(kept.editor.source, kept.editor.text, kept.editor.loadedText);
}

/** Saves the session (bunched) while the page lives, and at once when it is hidden or unloaded. */
export function persistSession(store: WorkbenchStore, storage: SettingsStorage, page: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const s = store.getState();
    const session: KeptSession = {
      sequence: s.sequence,
      messageText: s.messageText,
      ...(s.sampleId === undefined ? {} : { sampleId: s.sampleId }),
      ...(s.messageFileName === undefined ? {} : { messageFileName: s.messageFileName }),
      ...(s.editor !== undefined && editorIsDirty(s.editor)
        ? { editor: { source: s.editor.source, text: s.editor.text, loadedText: s.editor.loadedText } }
        : {}),
    };
    try {
      storage.setItem(SESSION_KEY, JSON.stringify(session));
    } catch {
      // Storage full or denied: the session is simply not kept; the unload prompt still guards edits.
    }
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.sequence === previous.sequence && state.messageText === previous.messageText && state.editor === previous.editor) return;
    if (timer === undefined) timer = setTimeout(save, pauseBeforeWholeText(state.editor?.text.length ?? 0, SAVE_DELAY_MS, MAX_SAVE_DELAY_MS));
  });
  page.addEventListener('pagehide', save);
  return () => {
    unsubscribe();
    page.removeEventListener('pagehide', save);
    if (timer !== undefined) save();
  };
}
