/**
 * Files dropped on the workbench (issue 25, point 4): each goes to the target it was dropped on
 * (drop-targets.ts) and the screen stays as it is; a notice says what was loaded, uploaded or
 * added, and names each file the target does not take.
 */
import { refusalNotice, routeDrop, type DropTarget } from './drop-targets.js';
import type { SliceCreator } from './types.js';

/** A dropped file: its name, and its text when the target takes it (a refused file is never read). */
export interface DroppedFile {
  readonly name: string;
  read(): Promise<string>;
}

export interface DropNotice {
  readonly text: string;
  /** One line per file (the text is these, joined): a drop of several files is shown as a list. */
  readonly items: ReadonlyArray<{ readonly text: string; readonly ok: boolean }>;
  /** `alert` when a file was refused or not stored. */
  readonly severity: 'status' | 'alert';
  readonly nonce: number;
}

export interface DropSlice {
  readonly dropNotice: DropNotice | undefined;
  dropFiles(target: DropTarget, files: readonly DroppedFile[]): Promise<void>;
  dismissDropNotice(): void;
}

declare module './types.js' {
  interface WorkbenchState extends DropSlice {}
}

export const createDropSlice: SliceCreator<DropSlice> = (set, get) => ({
  dropNotice: undefined,

  async dropFiles(target, files) {
    const plan = routeDrop(
      target,
      files.map((f) => f.name),
    );
    const fileNamed = (name: string) => files.find((f) => f.name === name);
    const items: Array<{ text: string; ok: boolean }> = [];
    const lines = { push: (text: string, ok = true) => items.push({ text, ok }) };
    if (plan.message !== undefined) {
      const file = fileNamed(plan.message);
      if (file !== undefined) {
        get().loadMessageFile(file.name, await file.read());
        lines.push(`Loaded the message “${file.name}”.`);
      }
    }
    if (plan.alignments.length > 0) {
      const documents = await Promise.all(
        plan.alignments.flatMap((name) => {
          const file = fileNamed(name);
          return file === undefined ? [] : [file.read().then((text) => ({ fileName: name, text }))];
        }),
      );
      const toChain = target === 'chain' || target === 'translate';
      for (const result of await get().uploadDocuments(documents)) {
        if (result.legacy === true) {
          lines.push(`“${result.fileName}” is a legacy pure-XML alignment, not stored: use Convert to IPSM-AF in its upload result.`, false);
        } else if (result.id === undefined) {
          lines.push(`“${result.fileName}” was not stored: ${result.message}`, false);
        } else if (toChain) {
          get().addToSequence(result.id);
          lines.push(`Added “${result.fileName}” (${result.id.name} ${result.id.version}) to the chain.`);
        } else lines.push(`Uploaded “${result.fileName}” (${result.id.name} ${result.id.version}).`);
      }
    }
    const refusal = refusalNotice(target, plan.refused);
    if (refusal !== undefined) lines.push(refusal, false);
    const refused = items.some((i) => !i.ok);
    set({ dropNotice: { text: items.map((i) => i.text).join(' '), items, severity: refused ? 'alert' : 'status', nonce: Date.now() } });
  },

  dismissDropNotice() {
    set({ dropNotice: undefined });
  },
});
