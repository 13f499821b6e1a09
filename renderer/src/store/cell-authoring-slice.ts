/**
 * Writing alignments as cells (issue 39): a new alignment from a name and a version, form edits of
 * the open alignment's cells written into its XML by core's splices (`@mediator/core/authoring`),
 * and one undo history across the form and the source editor. The XML is the one source: the form
 * reads its cells from the editor's text, and every edit, from either side, is a new text.
 */
import { applyCellEdit, cellAfterEdit, newAlignmentText, readCells, type CellEdit } from '@mediator/core/authoring';
import { errorMessage, type AlignmentView, type TranslationReply } from '../api/index.js';
import { isAbort } from './operation.js';
import type { SliceCreator } from './types.js';

/** Edits of one kind this close together are one undo step (typing a pattern is not a step per key). */
export const UNDO_GROUP_MS = 1000;
/** Steps kept: an alignment of 200 kB times this stays well under the page's memory. */
export const UNDO_LIMIT = 200;
/** Stored alignments read for completion: the newest ones, so a large store does not cost a request per alignment. */
export const VOCABULARY_ALIGNMENTS = 20;
/** Delay between the last edit and the preview's translation of the chosen message. */
export const PREVIEW_DEBOUNCE_MS = 500;

/** The live preview (issue 39): the chosen message through the editor's unsaved text. */
export interface PreviewState {
  readonly state: 'idle' | 'running' | 'done' | 'failed';
  readonly reply?: TranslationReply;
  readonly message?: string;
}

export interface TextHistory {
  /** The editor session this history belongs to (a new document starts a new history). */
  readonly session: number;
  readonly past: readonly string[];
  readonly future: readonly string[];
  /** What made the last change ('source', or the form field), with its time, for grouping. */
  readonly lastKey: string;
  readonly lastAt: number;
}

export interface CellAuthoringSlice {
  readonly history: TextHistory;
  /** The cell the form shows (its position in the document). */
  readonly selectedCell: number;
  /** Why the last form edit could not be written (the text is not an alignment the form can edit). */
  readonly cellEditError: string | undefined;

  /** Opens a new, unsaved alignment with no cells (Turtle cells, an empty steps list). */
  createAlignment(name: string, version: string): void;
  /** Writes one form edit into the editor's XML. `group` joins quick edits of one field into one undo step. */
  editCells(edit: CellEdit, group?: string): void;
  selectCell(index: number): void;
  /** Records the text an edit replaces (called by setEditorText for edits from any side). */
  rememberText(previous: string, key: string): void;
  undoEdit(): void;
  redoEdit(): void;
  /** The stored alignments' views, read once for completion (IRIs of their patterns). */
  readonly vocabularyViews: readonly AlignmentView[];
  loadVocabulary(): Promise<void>;
  /** The message the preview translates (a sample's text), or none. */
  readonly previewMessage: { readonly label: string; readonly text: string } | undefined;
  readonly preview: PreviewState;
  choosePreviewMessage(message: { readonly label: string; readonly text: string } | undefined): void;
  /** Translates the chosen message through the editor's text after PREVIEW_DEBOUNCE_MS (a newer call restarts the wait and aborts a run in flight). */
  schedulePreview(): void;
  runPreview(): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends CellAuthoringSlice {}
}

const EMPTY_HISTORY: TextHistory = { session: -1, past: [], future: [], lastKey: '', lastAt: 0 };

export const createCellAuthoringSlice: SliceCreator<CellAuthoringSlice> = (set, get, deps) => {
  const now = deps.now ?? Date.now;
  let vocabularyLoading = false;
  let previewTimer: ReturnType<typeof setTimeout> | undefined;
  let previewAbort: AbortController | undefined;
  /** The history of the open document (an empty one for a document just opened). */
  const current = (): TextHistory => {
    const session = get().editor?.session ?? -1;
    const h = get().history;
    return h.session === session ? h : { ...EMPTY_HISTORY, session };
  };
  const restore = (text: string, history: TextHistory) => {
    set({ history: { ...history, lastKey: '', lastAt: 0 } });
    get().setEditorText(text, 'history');
    const count = safeCount(text);
    if (count !== undefined && get().selectedCell >= count) set({ selectedCell: Math.max(0, count - 1) });
  };

  return {
    history: EMPTY_HISTORY,
    selectedCell: 0,
    cellEditError: undefined,
    vocabularyViews: [],
    previewMessage: undefined,
    preview: { state: 'idle' },

    choosePreviewMessage(message) {
      set({ previewMessage: message, preview: { state: 'idle' } });
      if (message === undefined) {
        clearTimeout(previewTimer);
        previewAbort?.abort();
      } else void get().runPreview();
    },

    schedulePreview() {
      clearTimeout(previewTimer);
      if (get().previewMessage === undefined) return;
      previewTimer = setTimeout(() => void get().runPreview(), PREVIEW_DEBOUNCE_MS);
    },

    async runPreview() {
      const message = get().previewMessage;
      const text = get().editor?.text;
      if (message === undefined || text === undefined || text.trim() === '') return;
      previewAbort?.abort();
      const abort = new AbortController();
      previewAbort = abort;
      set((s) => ({ preview: { ...s.preview, state: 'running' } }));
      try {
        const reply = await get().api.previewTranslation(text, message.text, abort.signal);
        if (previewAbort === abort) set({ preview: { state: 'done', reply } });
      } catch (error) {
        if (isAbort(error) || previewAbort !== abort) return;
        // The last good preview stays beside the reason this text could not be previewed.
        set((s) => ({ preview: { ...s.preview, state: 'failed', message: errorMessage(error) } }));
      }
    },

    async loadVocabulary() {
      if (vocabularyLoading) return;
      vocabularyLoading = true;
      const stored = [...get().alignments].sort((a, b) => b.date - a.date).slice(0, VOCABULARY_ALIGNMENTS);
      const views = await Promise.all(
        stored.map((a) =>
          get()
            .api.getAlignmentView({ name: a.name, version: a.version })
            .catch(() => undefined),
        ),
      );
      set({ vocabularyViews: views.filter((v): v is AlignmentView => v !== undefined) });
      vocabularyLoading = false;
    },

    createAlignment(name, version) {
      const text = newAlignmentText({ name: name.trim(), version: version.trim() });
      // The title shows the name and version the document declares beside this label.
      get().openDocument({ fileName: 'New alignment', text });
      set({ selectedCell: 0, cellEditError: undefined });
    },

    editCells(edit, group) {
      const editor = get().editor;
      if (editor === undefined) return;
      let text: string;
      let before: number;
      try {
        before = readCells(editor.text).length;
        text = applyCellEdit(editor.text, edit);
      } catch (error) {
        set({ cellEditError: error instanceof Error ? error.message : String(error) });
        return;
      }
      set({ cellEditError: undefined, selectedCell: cellAfterEdit(edit, before) });
      if (text !== editor.text) get().setEditorText(text, group ?? `${edit.kind}:${now()}`);
    },

    selectCell(index) {
      set({ selectedCell: index });
    },

    rememberText(previous, key) {
      const h = current();
      const at = now();
      // Keystrokes in one place, close together, are one step: only the first records the text before them.
      if (key === h.lastKey && at - h.lastAt < UNDO_GROUP_MS) {
        set({ history: { ...h, future: [], lastAt: at } });
        return;
      }
      set({ history: { ...h, past: [...h.past, previous].slice(-UNDO_LIMIT), future: [], lastKey: key, lastAt: at } });
    },

    undoEdit() {
      const editor = get().editor;
      const h = current();
      const previous = h.past[h.past.length - 1];
      if (editor === undefined || previous === undefined) return;
      restore(previous, { ...h, past: h.past.slice(0, -1), future: [editor.text, ...h.future] });
    },

    redoEdit() {
      const editor = get().editor;
      const h = current();
      const next = h.future[0];
      if (editor === undefined || next === undefined) return;
      restore(next, { ...h, past: [...h.past, editor.text].slice(-UNDO_LIMIT), future: h.future.slice(1) });
    },
  };
};

function safeCount(text: string): number | undefined {
  try {
    return readCells(text).length;
  } catch {
    return undefined;
  }
}
