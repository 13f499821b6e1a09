import { describe, expect, it } from 'vitest';
import { decideUnload, guardUnload, unloadDialog, type UnloadGuardedContents } from './unload-guard.js';

/** A webContents that records its 'will-prevent-unload' listener, and an event to fire at it. */
function fakeContents() {
  const listeners: Array<(event: { preventDefault(): void }) => void> = [];
  const contents: UnloadGuardedContents = {
    on: (name, listener) => {
      expect(name).toBe('will-prevent-unload');
      listeners.push(listener);
    },
  };
  /** Fires the event as Electron does when the page cancels its unload; says whether it was let through. */
  const pageRefusesUnload = (): boolean => {
    let leave = false;
    for (const listener of listeners) listener({ preventDefault: () => void (leave = true) });
    return leave;
  };
  return { contents, listeners, pageRefusesUnload };
}

describe('unloadDialog and decideUnload', () => {
  it('offers Leave and Stay, with Stay the default and the cancel answer', () => {
    const dialog = unloadDialog();
    expect(dialog.buttons).toEqual(['Leave', 'Stay']);
    expect(decideUnload(dialog, 0)).toBe('leave');
    expect(decideUnload(dialog, 1)).toBe('stay');
    expect(decideUnload(dialog, dialog.defaultId)).toBe('stay');
    expect(decideUnload(dialog, dialog.cancelId)).toBe('stay');
  });

  it('stays on any answer it does not know', () => {
    expect(decideUnload(unloadDialog(), 7)).toBe('stay');
    expect(decideUnload(unloadDialog(), -1)).toBe('stay');
  });
});

describe('guardUnload', () => {
  it('lets the unload go on (quit, close, reload) when the user chooses Leave', () => {
    const { contents, pageRefusesUnload } = fakeContents();
    const asked: string[][] = [];
    guardUnload(contents, (dialog) => (asked.push(dialog.buttons), dialog.buttons.indexOf('Leave')));
    expect(pageRefusesUnload()).toBe(true);
    expect(asked).toEqual([['Leave', 'Stay']]);
  });

  it('keeps the page (and its edits) when the user chooses Stay or dismisses the dialog', () => {
    const { contents, pageRefusesUnload } = fakeContents();
    const answers = [1, unloadDialog().cancelId];
    guardUnload(contents, () => answers.shift() ?? 0);
    expect(pageRefusesUnload()).toBe(false);
    expect(pageRefusesUnload()).toBe(false);
  });

  it('asks every time the page refuses, not once for ever', () => {
    const { contents, listeners, pageRefusesUnload } = fakeContents();
    let asked = 0;
    guardUnload(contents, () => (asked++, 1));
    pageRefusesUnload();
    pageRefusesUnload();
    expect(listeners).toHaveLength(1);
    expect(asked).toBe(2);
  });

  it('hands the message box plain options (no decisions table)', () => {
    const { contents, pageRefusesUnload } = fakeContents();
    let options: object = {};
    guardUnload(contents, (dialog) => ((options = dialog), 1));
    pageRefusesUnload();
    expect(options).toMatchObject({ type: 'question', message: 'Leave with unsaved edits?', defaultId: 1, cancelId: 1 });
    expect(options).not.toHaveProperty('decisions');
  });
});
