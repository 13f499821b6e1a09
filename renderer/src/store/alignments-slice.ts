/**
 * Alignments: the list, uploads (files dropped or picked, pasted XML), the alignment editor (source,
 * validation problems, cells, compiled SPARQL, conversion) and deletion with confirmation.
 * Nothing the user typed is dropped when a request fails: the paste box and the editor keep their text.
 * The cells are the server's view of the alignment (GET /alignments/{name}/{version}/view for a
 * stored one, POST /view for text that is not stored): the renderer does not read alignment XML.
 * While typing, only well-formedness is checked here (fast-xml-parser), then the server validates.
 */
import type { AlignmentId, AlignmentInfo, AlignmentView, Problem, UploadStatus } from '../api/index.js';
import { ApiError, errorMessage } from '../api/index.js';
import { wellFormednessProblems } from '../editor/well-formedness.js';
import { pauseBeforeWholeText } from './whole-text-pause.js';
import { sameAlignment } from './alignment-key.js';
import { nextVersion, withDocumentVersion } from './next-version.js';
import { hasLegacyProblem, toTurtleCells } from './legacy-convert-slice.js';
import { failed } from './operation.js';
import { sharingUnchanged } from './view-sharing.js';
import { editorIsDirty } from './unsaved-edits.js';
import { IDLE, type GetState, type Operation, type SetState, type SliceCreator } from './types.js';

export interface UploadDocument {
  readonly fileName: string;
  readonly text: string;
}

export interface UploadEntry {
  readonly key: string;
  readonly fileName: string;
  readonly status: 'queued' | 'uploading' | UploadStatus;
  readonly message: string;
  readonly problems: readonly Problem[];
  /** Kept so an invalid or conflicting document can be opened, fixed and uploaded again. */
  readonly text: string;
}

export interface UploadOutcome {
  readonly fileName: string;
  readonly message: string;
  readonly id?: AlignmentId;
  /** Refused as a legacy pure-XML alignment: its upload result offers "Convert to IPSM-AF". */
  readonly legacy?: boolean;
}

export type EditorSource = { readonly kind: 'stored'; readonly id: AlignmentId } | { readonly kind: 'draft'; readonly label: string };

/**
 * Why the last upload did not store the editor's text, with the stored alignment it met: a
 * different content under the same name and version (409), or the same meaning (208: only
 * comments or whitespace differ, so nothing new was stored).
 */
export type SaveOutcome = { readonly kind: 'conflict'; readonly id: AlignmentId } | { readonly kind: 'unchanged'; readonly id: AlignmentId };

/** The stored version next to the editor's text (Monaco's diff editor). */
export type CompareState =
  | { readonly state: 'closed' }
  | { readonly state: 'loading'; readonly id: AlignmentId }
  | { readonly state: 'ready'; readonly id: AlignmentId; readonly storedText: string }
  | { readonly state: 'failed'; readonly id: AlignmentId; readonly message: string };

export type ValidationState = 'idle' | 'running' | 'valid' | 'invalid' | 'failed';

export interface ViewState {
  readonly state: 'idle' | 'loading' | 'ready' | 'unavailable' | 'failed';
  /** The last view the server gave; kept (stale) while a newer text is read or cannot be. */
  readonly view?: AlignmentView;
  /** The editor text `view` was made from. */
  readonly text?: string;
  readonly message?: string;
}

export interface AlignmentEditor {
  /** New for every document opened: the view remounts (fresh undo history) per document. */
  readonly session: number;
  readonly source: EditorSource;
  readonly text: string;
  /** The text as loaded: `text !== loadedText` means unsaved edits. */
  readonly loadedText: string;
  readonly loadOp: Operation;
  /** Well-formedness errors of the text as typed (fast-xml-parser, checked in the browser). */
  readonly wellFormed: readonly Problem[];
  readonly problems: readonly Problem[];
  readonly validation: { readonly state: ValidationState; readonly message: string };
  readonly view: ViewState;
  readonly convertOp: Operation;
  readonly converted: string | undefined;
  readonly saveOp: Operation;
  readonly saveOutcome: SaveOutcome | undefined;
  readonly compare: CompareState;
  /** The cell a link asked to show (a suite's blamed cell, a trace row): the Cells tab scrolls to it. */
  readonly cellFocus?: { readonly cellId: string; readonly nonce: number };
}

export interface AlignmentsSlice {
  readonly alignments: readonly AlignmentInfo[];
  readonly alignmentsOp: Operation;
  readonly uploads: readonly UploadEntry[];
  readonly uploadProgress: { readonly done: number; readonly total: number } | undefined;
  readonly pasteText: string;
  readonly pasteOp: Operation;
  readonly editor: AlignmentEditor | undefined;
  readonly pendingDelete: AlignmentId | undefined;
  readonly deleteOp: Operation;

  loadAlignments(): Promise<void>;
  /** Uploads in order; answers each document's outcome, with the stored id when it is stored (created or already there). */
  uploadDocuments(documents: readonly UploadDocument[]): Promise<UploadOutcome[]>;
  dismissUpload(key: string): void;
  clearUploads(): void;
  setPasteText(text: string): void;
  uploadPasted(): Promise<void>;

  /** The opening actions and Close ask first while the editor holds unsaved edits (leave-guard-slice.ts). */
  openStoredAlignment(id: AlignmentId): Promise<void>;
  openUploadInEditor(key: string): void;
  /** Opens a file's text in the editor as a draft (not uploaded; the user uploads it), validated at once. */
  openDocument(doc: UploadDocument): void;
  closeEditor(): void;
  /** Shows a cell of the open alignment (its Cells tab, scrolled to the cell). */
  focusCell(cellId: string): void;
  /** Puts the editor back to the text last loaded or stored. */
  discardEdits(): void;
  /** An editor kept across a reload (session-storage.ts): its text, and the text it was loaded with. */
  restoreEditor(source: EditorSource, text: string, loadedText: string): void;
  /** The name and version the editor's text declares (from the server's view of it), if known. */
  editorIdentity(): AlignmentId | undefined;
  /** The next free version after the editor text's own (1.0 -> 1.0.1), for "Save as new version". */
  suggestedVersion(): string | undefined;
  /** Writes the suggested version into the document's exmo:version and uploads it. */
  saveAsNewVersion(): Promise<void>;
  compareWithStored(): Promise<void>;
  closeCompare(): void;
  /**
   * The editor's new text. `origin` says where the edit came from, for the undo history
   * (cell-authoring-slice.ts): 'source' (typed, the default), a form field, or 'history' (an undo
   * or redo, not recorded).
   */
  setEditorText(text: string, origin?: string): void;
  validateEditor(): Promise<void>;
  /** Asks the server for the view of the editor's text (the stored alignment while unedited). */
  loadView(): Promise<void>;
  convertEditorToTurtle(): Promise<void>;
  uploadEditor(): Promise<void>;

  requestDelete(id: AlignmentId): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends AlignmentsSlice {}
}

/** The upload result's name for text pasted in the Upload box. */
const PASTED = 'Pasted XML';

/** Delay between the last keystroke in the alignment editor and its validation. */
export const VALIDATE_DEBOUNCE_MS = 700;
/** Delay between the last keystroke and the well-formedness check (milliseconds of parsing on a large alignment). */
export const WELL_FORMED_DEBOUNCE_MS = 120;

/**
 * The editor's markers: the well-formedness errors while the text is not well-formed (the server's
 * problems are then about an older text, and it stops at the first XML error as well), else the
 * server's problems.
 */
export function editorMarkers(editor: AlignmentEditor): readonly Problem[] {
  return editor.wellFormed.length > 0 ? editor.wellFormed : editor.problems;
}

let sessions = 0;

function emptyEditor(source: EditorSource, text: string, session = ++sessions): AlignmentEditor {
  return {
    session,
    source,
    text,
    loadedText: text,
    loadOp: IDLE,
    wellFormed: wellFormednessProblems(text),
    problems: [],
    validation: { state: 'idle', message: '' },
    view: { state: 'idle' },
    convertOp: IDLE,
    converted: undefined,
    saveOp: IDLE,
    saveOutcome: undefined,
    compare: { state: 'closed' },
  };
}

export function describeUpload(status: UploadEntry['status']): string {
  switch (status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      return 'Uploading…';
    case 'created':
      return 'Created';
    case 'exists':
      return 'Already there';
    case 'conflict':
      return 'Conflict';
    case 'invalid':
      return 'Invalid';
    case 'failed':
      return 'Failed';
  }
}

/** The slice's data before anything is loaded. */
const INITIAL_STATE = {
  alignments: [],
  alignmentsOp: IDLE,
  uploads: [],
  uploadProgress: undefined,
  pasteText: '',
  pasteOp: IDLE,
  editor: undefined,
  pendingDelete: undefined,
  deleteOp: IDLE,
} satisfies Partial<AlignmentsSlice>;

/**
 * A refused upload opened in the editor and edited there: its error (the paste box's, the upload
 * result's) cites lines of a text that has moved on (issue 39), so it now points to the editor.
 */
function staleUploadErrors(get: GetState, set: SetState): void {
  const source = get().editor?.source;
  if (source?.kind !== 'draft') return;
  const bad = (u: UploadEntry) => u.fileName === source.label && (u.status === 'invalid' || u.status === 'conflict') && u.problems.length > 0;
  set((s) => ({
    ...(source.label === PASTED && s.pasteOp.state === 'failed' ? { pasteOp: IDLE } : {}),
    ...(s.uploads.some(bad)
      ? { uploads: s.uploads.map((u) => (bad(u) ? { ...u, message: 'Edited in the editor since: its problems are shown there.', problems: [] } : u)) }
      : {}),
  }));
}

export const createAlignmentsSlice: SliceCreator<AlignmentsSlice> = (set, get) => {
  let uploadCounter = 0;
  let validateTimer: ReturnType<typeof setTimeout> | undefined;
  let wellFormedTimer: ReturnType<typeof setTimeout> | undefined;
  let validateRun = 0;
  let viewRun = 0;

  const patchEditor = (patch: Partial<AlignmentEditor> | ((e: AlignmentEditor) => Partial<AlignmentEditor>), only?: AlignmentEditor) =>
    set((s) => {
      if (s.editor === undefined || (only !== undefined && s.editor.source !== only.source)) return {};
      return { editor: { ...s.editor, ...(typeof patch === 'function' ? patch(s.editor) : patch) } };
    });

  const patchUpload = (key: string, patch: Partial<UploadEntry>) => set((s) => ({ uploads: s.uploads.map((u) => (u.key === key ? { ...u, ...patch } : u)) }));

  /** A document that is not stored, in a fresh editor: dropped and refused uploads, opened files. */
  const openDraft = (label: string, text: string, state: Partial<AlignmentEditor> = {}) => {
    clearTimeout(validateTimer);
    set({ editor: { ...emptyEditor({ kind: 'draft', label }, text), ...state } });
    void get().loadView();
  };

  /** The name and version `text` declares: the editor's view when it is of this text, else the server's view of it. */
  const identityOf = async (text: string): Promise<AlignmentId | undefined> => {
    const editor = get().editor;
    const view = editor?.view.view;
    if (view !== undefined && editor?.view.text === text && view.name !== '') return { name: view.name, version: view.version };
    try {
      const fresh = await get().api.viewAlignmentText(text);
      if (fresh.name !== '') return { name: fresh.name, version: fresh.version };
    } catch {
      // Not readable as an alignment: the upload's own answer says why.
    }
    return editor?.source.kind === 'stored' && text === editor.loadedText ? editor.source.id : undefined;
  };

  const editorId = (): AlignmentId | undefined => {
    const e = get().editor;
    return e?.source.kind === 'stored' ? e.source.id : undefined;
  };

  return {
    ...INITIAL_STATE,

    async loadAlignments() {
      set({ alignmentsOp: { state: 'running' } });
      try {
        const alignments = await get().api.listAlignments();
        set({ alignments, alignmentsOp: IDLE });
      } catch (error) {
        set({ alignmentsOp: failed(error) });
      }
    },

    async uploadDocuments(documents) {
      if (documents.length === 0) return [];
      const storedAs: Array<number | undefined> = [];
      const entries: UploadEntry[] = documents.map((d) => ({
        key: `upload-${++uploadCounter}`,
        fileName: d.fileName,
        status: 'queued',
        message: '',
        problems: [],
        text: d.text,
      }));
      set((s) => ({ uploads: [...entries, ...s.uploads], uploadProgress: { done: 0, total: entries.length } }));
      // One at a time, in the order given: the same document twice gives "created" then "already there".
      for (const [i, entry] of entries.entries()) {
        patchUpload(entry.key, { status: 'uploading' });
        try {
          const result = await get().api.uploadAlignment(entry.text);
          storedAs[i] = result.id;
          patchUpload(entry.key, { status: result.status, message: result.message, problems: result.problems });
        } catch (error) {
          patchUpload(entry.key, { status: 'failed', message: errorMessage(error) });
        }
        set({ uploadProgress: { done: i + 1, total: entries.length } });
      }
      set({ uploadProgress: undefined });
      await get().loadAlignments();
      const stored = get().alignments;
      return entries.map((entry, i) => {
        const info = stored.find((a) => a.id === storedAs[i]);
        const done = get().uploads.find((u) => u.key === entry.key);
        const message = done?.message ?? '';
        return info === undefined
          ? { fileName: entry.fileName, message, ...(hasLegacyProblem(done?.problems ?? []) ? { legacy: true } : {}) }
          : { fileName: entry.fileName, message, id: { name: info.name, version: info.version } };
      });
    },

    dismissUpload(key) {
      set((s) => ({ uploads: s.uploads.filter((u) => u.key !== key) }));
    },

    clearUploads() {
      set((s) => ({ uploads: s.uploads.filter((u) => u.status === 'queued' || u.status === 'uploading') }));
    },

    setPasteText(pasteText) {
      set({ pasteText, pasteOp: IDLE });
    },

    async uploadPasted() {
      const text = get().pasteText;
      if (text.trim() === '') {
        set({ pasteOp: { state: 'failed', message: 'Paste an alignment (XML) first.' } });
        return;
      }
      set({ pasteOp: { state: 'running' } });
      try {
        const result = await get().api.uploadAlignment(text);
        const ok = result.status === 'created' || result.status === 'exists';
        const entry: UploadEntry = {
          key: `upload-${++uploadCounter}`,
          fileName: PASTED,
          status: result.status,
          message: result.message,
          problems: result.problems,
          text,
        };
        set((s) => ({
          uploads: [entry, ...s.uploads],
          pasteOp: ok ? { state: 'done', message: result.message } : { state: 'failed', message: result.message },
          // Only a stored alignment clears the box; a refused one stays for fixing.
          ...(ok ? { pasteText: '' } : {}),
        }));
        if (ok) await get().loadAlignments();
      } catch (error) {
        set({ pasteOp: failed(error) });
      }
    },

    async openStoredAlignment(id) {
      const open = editorId();
      // Opening the alignment being edited again is not a way out of it.
      if (open !== undefined && sameAlignment(open, id) && editorIsDirty(get().editor)) return;
      if (get().holdForLeave({ kind: 'open-stored', id })) return;
      clearTimeout(validateTimer);
      const source: EditorSource = { kind: 'stored', id };
      const editor: AlignmentEditor = { ...emptyEditor(source, ''), loadOp: { state: 'running' } };
      set({ editor });
      let text: string;
      try {
        text = await get().api.getAlignmentXml(id);
      } catch (error) {
        patchEditor({ loadOp: failed(error) }, editor);
        return;
      }
      // No well-formedness check of stored text: the server parsed it before storing it, and on a
      // 200-cell alignment the check is 70 ms of the first open's main thread (issue 27). Edits are checked as typed.
      const loaded: AlignmentEditor = { ...emptyEditor(source, '', editor.session), text, loadedText: text };
      set((s) => (s.editor?.source === source ? { editor: loaded } : {}));
      await Promise.all([get().validateEditor(), get().loadView()]);
    },

    openUploadInEditor(key) {
      const entry = get().uploads.find((u) => u.key === key);
      if (entry === undefined) return;
      if (get().holdForLeave({ kind: 'open-upload', key, fileName: entry.fileName })) return;
      const invalid = entry.status === 'invalid';
      openDraft(entry.fileName, entry.text, {
        problems: entry.problems,
        validation: invalid ? { state: 'invalid', message: entry.message } : { state: 'idle', message: '' },
        saveOp: entry.status === 'conflict' ? { state: 'failed', message: entry.message } : IDLE,
      });
    },

    openDocument(doc) {
      if (get().holdForLeave({ kind: 'open-document', doc })) return;
      openDraft(doc.fileName, doc.text);
      void get().validateEditor();
    },

    focusCell(cellId) {
      patchEditor({ cellFocus: { cellId, nonce: Date.now() + Math.random() } });
    },

    closeEditor() {
      if (get().holdForLeave({ kind: 'close' })) return;
      clearTimeout(validateTimer);
      clearTimeout(wellFormedTimer);
      set({ editor: undefined });
    },

    discardEdits() {
      const editor = get().editor;
      if (editor === undefined || !editorIsDirty(editor)) return;
      get().setEditorText(editor.loadedText);
    },

    restoreEditor(source, text, loadedText) {
      clearTimeout(validateTimer);
      set({ editor: { ...emptyEditor(source, loadedText), text, wellFormed: wellFormednessProblems(text) } });
      void get().validateEditor();
      void get().loadView();
    },

    editorIdentity() {
      const editor = get().editor;
      if (editor === undefined) return undefined;
      const view = editor.view.view;
      if (view !== undefined && editor.view.text === editor.text && view.name !== '') return { name: view.name, version: view.version };
      return editor.source.kind === 'stored' ? editor.source.id : undefined;
    },

    suggestedVersion() {
      const id = get().editorIdentity();
      if (id === undefined) return undefined;
      const taken = get()
        .alignments.filter((a) => a.name === id.name)
        .map((a) => a.version);
      return nextVersion(id.version, taken);
    },

    async saveAsNewVersion() {
      const editor = get().editor;
      const version = get().suggestedVersion();
      if (editor === undefined || version === undefined) return;
      const text = withDocumentVersion(editor.text, version);
      if (text === undefined) {
        patchEditor({ saveOp: { state: 'failed', message: 'The document declares no exmo:version to change; edit its version by hand.' } }, editor);
        return;
      }
      get().setEditorText(text);
      await get().uploadEditor();
    },

    async compareWithStored() {
      const editor = get().editor;
      const id = editor?.saveOutcome?.id ?? get().editorIdentity();
      if (editor === undefined || id === undefined) return;
      patchEditor({ compare: { state: 'loading', id } }, editor);
      try {
        const storedText = await get().api.getAlignmentXml(id);
        patchEditor({ compare: { state: 'ready', id, storedText } }, editor);
      } catch (error) {
        patchEditor({ compare: { state: 'failed', id, message: errorMessage(error) } }, editor);
      }
    },

    closeCompare() {
      patchEditor({ compare: { state: 'closed' } });
    },

    setEditorText(text, origin = 'source') {
      const before = get().editor?.text;
      if (before !== undefined && before !== text && origin !== 'history') get().rememberText(before, origin);
      patchEditor({ text, saveOp: IDLE, convertOp: IDLE, saveOutcome: undefined });
      staleUploadErrors(get, set);
      clearTimeout(validateTimer);
      clearTimeout(wellFormedTimer);
      wellFormedTimer = setTimeout(
        () => patchEditor((e) => ({ wellFormed: wellFormednessProblems(e.text) })),
        pauseBeforeWholeText(text.length, WELL_FORMED_DEBOUNCE_MS, VALIDATE_DEBOUNCE_MS),
      );
      validateTimer = setTimeout(() => {
        void get().validateEditor();
        void get().loadView();
      }, VALIDATE_DEBOUNCE_MS);
    },

    async validateEditor() {
      const editor = get().editor;
      if (editor === undefined || editor.text === '') return;
      const run = ++validateRun;
      const text = editor.text;
      patchEditor({ validation: { state: 'running', message: 'Validating…' } }, editor);
      try {
        const result = await get().api.validateAlignment(text);
        if (run !== validateRun) return;
        patchEditor(
          {
            problems: result.problems,
            validation: { state: result.valid ? 'valid' : 'invalid', message: result.message },
          },
          editor,
        );
      } catch (error) {
        if (run !== validateRun) return;
        patchEditor({ validation: { state: 'failed', message: errorMessage(error) } }, editor);
      }
    },

    async loadView() {
      const editor = get().editor;
      if (editor === undefined || editor.text.trim() === '') return;
      const run = ++viewRun;
      const text = editor.text;
      // Unedited stored text: the server's cached compilation; anything else: the text as it is now.
      const stored = editor.source.kind === 'stored' && text === editor.loadedText ? editor.source.id : undefined;
      patchEditor((e) => ({ view: { ...e.view, state: 'loading' } }), editor);
      try {
        const view = stored === undefined ? await get().api.viewAlignmentText(text) : await get().api.getAlignmentView(stored);
        if (run !== viewRun) return;
        patchEditor((e) => ({ view: { state: 'ready', view: sharingUnchanged(e.view.view, view), text } }), editor);
      } catch (error) {
        if (run !== viewRun) return;
        const unavailable = error instanceof ApiError && error.notAvailable && stored !== undefined;
        patchEditor(
          (e) => ({
            view: unavailable
              ? { state: 'unavailable', message: `This server does not show alignment cells (${errorMessage(error)})` }
              : { ...e.view, state: 'failed', message: errorMessage(error) },
          }),
          editor,
        );
      }
    },

    async convertEditorToTurtle() {
      const editor = get().editor;
      if (editor === undefined) return;
      patchEditor({ convertOp: { state: 'running' } }, editor);
      try {
        const converted = await toTurtleCells(get().api, editor.text);
        patchEditor({ converted, convertOp: { state: 'done', message: 'Converted to Turtle cells' } }, editor);
      } catch (error) {
        patchEditor({ convertOp: failed(error) }, editor);
      }
    },

    async uploadEditor() {
      const editor = get().editor;
      if (editor === undefined) return;
      const text = editor.text;
      patchEditor({ saveOp: { state: 'running' }, saveOutcome: undefined }, editor);
      try {
        // Which alignment the text declares, read before uploading: after a new version is written
        // into it, the editor's source names the old one.
        const identity = await identityOf(text);
        const result = await get().api.uploadAlignment(text);
        if (result.status === 'conflict') {
          patchEditor(
            {
              saveOp: { state: 'failed', message: result.message },
              ...(identity === undefined ? {} : { saveOutcome: { kind: 'conflict', id: identity } }),
            },
            editor,
          );
          return;
        }
        if (result.status === 'exists' && identity !== undefined) {
          // Same meaning as the stored alignment (only comments or whitespace differ): nothing was
          // stored, so the editor compares itself with the stored text and stays "edited" if it differs.
          const storedText = await get()
            .api.getAlignmentXml(identity)
            .catch(() => text);
          patchEditor(
            { saveOp: IDLE, saveOutcome: { kind: 'unchanged', id: identity }, source: { kind: 'stored', id: identity }, loadedText: storedText },
            editor,
          );
          await get().loadAlignments();
          return;
        }
        const ok = result.status === 'created' || result.status === 'exists';
        patchEditor(
          {
            saveOp: ok ? { state: 'done', message: result.message } : { state: 'failed', message: result.message },
            ...(result.status === 'invalid' ? { problems: result.problems, validation: { state: 'invalid', message: result.message } } : {}),
            ...(ok ? { loadedText: text, compare: { state: 'closed' } } : {}),
          },
          editor,
        );
        if (!ok) return;
        await get().loadAlignments();
        const info = get().alignments.find((a) => (result.id !== undefined && a.id === result.id) || (identity !== undefined && sameAlignment(a, identity)));
        const id = info === undefined ? identity : { name: info.name, version: info.version };
        const source = editor.source;
        if (id === undefined || (source.kind === 'stored' && sameAlignment(source.id, id))) return;
        set((s) => (s.editor?.source === source ? { editor: { ...s.editor, source: { kind: 'stored', id } } } : {}));
        await get().loadView();
      } catch (error) {
        patchEditor({ saveOp: failed(error) }, editor);
      }
    },

    requestDelete(id) {
      set({ pendingDelete: id, deleteOp: IDLE });
    },

    cancelDelete() {
      set({ pendingDelete: undefined, deleteOp: IDLE });
    },

    async confirmDelete() {
      const id = get().pendingDelete;
      if (id === undefined) return;
      set({ deleteOp: { state: 'running' } });
      try {
        await get().api.deleteAlignment(id);
      } catch (error) {
        // The dialog stays open with the server's reason (e.g. "used by an active channel").
        set({ deleteOp: failed(error) });
        return;
      }
      const open = editorId();
      set({
        pendingDelete: undefined,
        deleteOp: { state: 'done', message: `Deleted ${id.name} ${id.version}` },
        ...(open !== undefined && sameAlignment(open, id) ? { editor: undefined } : {}),
      });
      await get().loadAlignments();
    },
  };
};
