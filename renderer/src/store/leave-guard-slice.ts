/**
 * Nothing typed is lost (issue 25, point 1): every way out of an editor with unsaved edits (opening
 * another alignment, an upload result or a file, Close, switching screens) is held here until the
 * user chooses Save, Discard or Cancel. The actions themselves ask `holdForLeave` first; once the
 * edits are saved or discarded the editor is clean, so repeating the action goes through.
 * A reload is guarded by the browser's own prompt (app/unsaved-edits-guard.ts).
 */
import type { AlignmentId } from '../api/index.js';
import type { UploadDocument } from './alignments-slice.js';
import type { Screen } from './navigation-slice.js';
import { editorIsDirty } from './unsaved-edits.js';
import type { SliceCreator, WorkbenchState } from './types.js';

export type LeaveIntent =
  | { readonly kind: 'open-stored'; readonly id: AlignmentId }
  | { readonly kind: 'open-upload'; readonly key: string; readonly fileName: string }
  | { readonly kind: 'open-document'; readonly doc: UploadDocument }
  | { readonly kind: 'close' }
  | { readonly kind: 'navigate'; readonly screen: Screen };

export type LeaveChoice = 'save' | 'discard' | 'cancel';

export interface LeaveGuardSlice {
  /** The way out the user took while the editor held unsaved edits, waiting for a choice. */
  readonly pendingLeave: LeaveIntent | undefined;
  /** True when `intent` must wait for the user's choice (and is now pending). */
  holdForLeave(intent: LeaveIntent): boolean;
  resolveLeave(choice: LeaveChoice): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends LeaveGuardSlice {}
}

/** What the dialog says the user is about to do. */
export function describeLeave(intent: LeaveIntent): string {
  switch (intent.kind) {
    case 'open-stored':
      return `open ${intent.id.name} ${intent.id.version}`;
    case 'open-upload':
      return `open ${intent.fileName}`;
    case 'open-document':
      return `open ${intent.doc.fileName}`;
    case 'close':
      return 'close the editor';
    case 'navigate':
      return 'leave the Alignments screen';
  }
}

function perform(state: WorkbenchState, intent: LeaveIntent): void {
  switch (intent.kind) {
    case 'open-stored':
      void state.openStoredAlignment(intent.id);
      return;
    case 'open-upload':
      state.openUploadInEditor(intent.key);
      return;
    case 'open-document':
      state.openDocument(intent.doc);
      return;
    case 'close':
      state.closeEditor();
      return;
    case 'navigate':
      state.navigate(intent.screen);
      return;
  }
}

export const createLeaveGuardSlice: SliceCreator<LeaveGuardSlice> = (set, get) => ({
  pendingLeave: undefined,

  holdForLeave(intent) {
    if (!editorIsDirty(get().editor)) return false;
    set({ pendingLeave: intent });
    return true;
  },

  async resolveLeave(choice) {
    const intent = get().pendingLeave;
    set({ pendingLeave: undefined });
    if (intent === undefined || choice === 'cancel') return;
    if (choice === 'discard') get().discardEdits();
    else await get().uploadEditor();
    // A refused save (conflict, invalid, meaning unchanged) keeps the editor dirty: the user stays,
    // with the editor's message and its next steps (e.g. "Save as new version").
    if (editorIsDirty(get().editor)) return;
    perform(get(), intent);
  },
});
