/**
 * Unsaved edits are not lost without a question. The page cancels its unload (`beforeunload`,
 * renderer/src/app/unsaved-edits-guard.ts) while the alignment editor holds edits that are not
 * uploaded; Electron then shows no dialog of its own but emits `will-prevent-unload` on the
 * webContents, where calling `preventDefault()` lets the unload go ahead after all (Electron docs,
 * webContents event 'will-prevent-unload'). Closing the window, quitting (which closes the windows
 * first, see shutdown.ts) and View > Reload all unload the page, so all three come here.
 */

export type UnloadDecision = 'leave' | 'stay';

export interface UnloadDialog {
  readonly type: 'question';
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly buttons: string[];
  /** `decisions[i]` is what `buttons[i]` means. */
  readonly decisions: UnloadDecision[];
  readonly defaultId: number;
  readonly cancelId: number;
  readonly noLink: true;
}

/** Staying is the default and what Escape or closing the dialog means: nothing is lost by it. */
export function unloadDialog(): UnloadDialog {
  return {
    type: 'question',
    title: 'Unsaved edits',
    message: 'Leave with unsaved edits?',
    detail: 'The alignment editor has edits that are not uploaded to the mediator. Leaving discards them.',
    buttons: ['Leave', 'Stay'],
    decisions: ['leave', 'stay'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
}

/** Maps the index the message box answers back to a decision; anything unknown stays. */
export function decideUnload(dialog: UnloadDialog, response: number): UnloadDecision {
  return dialog.decisions[response] ?? 'stay';
}

export interface UnloadGuardedContents {
  on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown;
}

/**
 * `ask` shows the dialog and answers the index of the button pressed. It must answer before the
 * listener returns: Electron takes the decision from `preventDefault()` during the event, so main.ts
 * uses the synchronous message box here (the only synchronous call in the shell).
 */
export function guardUnload(contents: UnloadGuardedContents, ask: (dialog: Omit<UnloadDialog, 'decisions'>) => number): void {
  contents.on('will-prevent-unload', (event) => {
    const dialog = unloadDialog();
    const { decisions: _decisions, ...options } = dialog;
    if (decideUnload(dialog, ask(options)) === 'leave') event.preventDefault();
  });
}
