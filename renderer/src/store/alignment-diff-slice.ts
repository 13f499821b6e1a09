/**
 * The version diff of two stored alignments (issue 12, part 2): which two are picked, the request,
 * and its answer. The list screen offers it; the diff itself is computed by the server (core's
 * diff), so the renderer never reads alignment XML.
 */
import type { AlignmentDiffReply, AlignmentId, AlignmentInfo } from '../api/index.js';
import { failed } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface DiffPick {
  readonly old: AlignmentId | undefined;
  readonly new: AlignmentId | undefined;
}

export interface AlignmentDiffSlice {
  readonly diffPick: DiffPick;
  setDiffPick(side: 'old' | 'new', id: AlignmentId | undefined): void;
  readonly diffOp: Operation;
  /** The last answer, for the pick it was asked for (a new pick keeps it until the next Compare). */
  readonly diffResult: AlignmentDiffReply | undefined;
  compareAlignments(): Promise<void>;
  closeDiff(): void;
}

declare module './types.js' {
  interface WorkbenchState extends AlignmentDiffSlice {}
}

const byDate = (a: AlignmentInfo, b: AlignmentInfo) => a.date - b.date || a.id - b.id;

/**
 * The pair a user most likely wants: the two latest uploads of a name that has several versions
 * (older as old), else the two latest uploads of any names; undefined sides when there are fewer.
 */
export function defaultDiffPick(alignments: readonly AlignmentInfo[]): DiffPick {
  const id = (a: AlignmentInfo | undefined): AlignmentId | undefined => (a === undefined ? undefined : { name: a.name, version: a.version });
  const sorted = [...alignments].sort(byDate);
  const latestWithSiblings = [...sorted].reverse().find((a) => sorted.some((b) => b !== a && b.name === a.name));
  if (latestWithSiblings !== undefined) {
    const versions = sorted.filter((a) => a.name === latestWithSiblings.name);
    return { old: id(versions[versions.length - 2]), new: id(versions[versions.length - 1]) };
  }
  return { old: id(sorted[sorted.length - 2]), new: id(sorted[sorted.length - 1]) };
}

export const createAlignmentDiffSlice: SliceCreator<AlignmentDiffSlice> = (set, get) => {
  let request = 0;
  return {
    diffPick: { old: undefined, new: undefined },
    setDiffPick(side, id) {
      set((s) => ({ diffPick: { ...s.diffPick, [side]: id } }));
    },
    diffOp: IDLE,
    diffResult: undefined,
    async compareAlignments() {
      const pick = get().diffPick.old === undefined || get().diffPick.new === undefined ? defaultDiffPick(get().alignments) : get().diffPick;
      const { old: before, new: after } = pick;
      if (before === undefined || after === undefined) {
        set({ diffOp: { state: 'failed', message: 'Pick two alignments to compare.' } });
        return;
      }
      const mine = ++request;
      set({ diffPick: pick, diffOp: { state: 'running' } });
      try {
        const result = await get().api.diffAlignments(before, after);
        if (mine !== request) return;
        set({ diffResult: result, diffOp: { state: 'done', message: result.identical ? 'The two alignments mean the same.' : 'Compared.' } });
      } catch (error) {
        if (mine === request) set({ diffOp: failed(error) });
      }
    },
    closeDiff() {
      request++;
      set({ diffResult: undefined, diffOp: IDLE });
    },
  };
};
