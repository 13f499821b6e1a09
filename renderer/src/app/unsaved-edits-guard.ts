/**
 * While the workbench holds unsaved edits (store/unsaved-edits.ts), leaving the page asks first:
 * a `beforeunload` listener cancels the unload (HTML Living Standard, "unloading documents": a
 * canceled event or a non-empty returnValue asks the user). A browser shows its own question; the
 * desktop app shows a Leave/Stay dialog (electron/src/main/unload-guard.ts). The listener is there
 * only while something is unsaved, so a clean page unloads without any delay or question.
 */
import { hasUnsavedEdits } from '../store/unsaved-edits.js';
import type { WorkbenchState } from '../store/types.js';

/** The part of `BeforeUnloadEvent` the guard touches. */
export interface BeforeUnloadLike {
  preventDefault(): void;
  returnValue: unknown;
}

/** The part of `window` the guard touches. */
export interface BeforeUnloadTarget {
  addEventListener(type: 'beforeunload', listener: (event: BeforeUnloadLike) => void): void;
  removeEventListener(type: 'beforeunload', listener: (event: BeforeUnloadLike) => void): void;
}

/** The part of the zustand store the guard reads (`WorkbenchStore`). */
export interface StateSource {
  getState(): Pick<WorkbenchState, 'editor'>;
  subscribe(listener: (state: Pick<WorkbenchState, 'editor'>) => void): () => void;
}

function refuseUnload(event: BeforeUnloadLike): void {
  event.preventDefault();
  // Older engines ask only when returnValue is set; its text is no longer shown anywhere.
  event.returnValue = 'There are unsaved edits.';
}

/** Keeps the listener on `target` exactly while there are unsaved edits. Returns the disposer. */
export function guardUnsavedEdits(store: StateSource, target: BeforeUnloadTarget): () => void {
  let installed = false;
  const follow = (state: Pick<WorkbenchState, 'editor'>): void => {
    const dirty = hasUnsavedEdits(state);
    if (dirty && !installed) target.addEventListener('beforeunload', refuseUnload);
    if (!dirty && installed) target.removeEventListener('beforeunload', refuseUnload);
    installed = dirty;
  };
  follow(store.getState());
  const unsubscribe = store.subscribe(follow);
  return () => {
    unsubscribe();
    if (installed) target.removeEventListener('beforeunload', refuseUnload);
    installed = false;
  };
}
