/**
 * What the user would lose by leaving the page (closing the window, quitting the desktop app,
 * reloading): one rule, used by the editor's "edited" badge and by the unload guard
 * (app/unsaved-edits-guard.ts). Pure: it reads state, nothing else.
 */
/** What of the alignment editor (alignments-slice.ts) the rule reads; structural, so this file imports no slice. */
interface EditorText {
  readonly text: string;
  readonly loadedText: string;
}

/** The editor's text differs from what was loaded or last uploaded. */
export function editorIsDirty(editor: EditorText | undefined): boolean {
  return editor !== undefined && editor.text !== editor.loadedText;
}

/**
 * Whether anything in the workbench holds edits that exist nowhere else. Today that is the
 * alignment editor; whatever else comes to hold such edits belongs here too.
 */
export function hasUnsavedEdits(state: { readonly editor: EditorText | undefined }): boolean {
  return editorIsDirty(state.editor);
}
