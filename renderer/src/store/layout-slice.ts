/**
 * Room to work on the Alignments screen (issue 39, point 5): which side panes are shown beside the
 * alignment source, and whether it wraps long lines. Each choice is kept in the settings storage
 * (localStorage), so the workbench opens as it was left; the version comparison is closed until asked for.
 */
import type { SettingsStorage, SliceCreator } from './types.js';

export interface LayoutFlags {
  /** The alignment list beside an open alignment. */
  readonly listHidden: boolean;
  /** The Problems pane beside the source. */
  readonly problemsHidden: boolean;
  readonly wordWrap: boolean;
}

export type LayoutFlag = keyof LayoutFlags;

export interface LayoutSlice {
  readonly layout: LayoutFlags;
  /** "Compare versions": closed at every start. */
  readonly compareOpen: boolean;
  setLayoutFlag(flag: LayoutFlag, on: boolean): void;
  /** Both side panes hidden (the editor takes the width), or both shown again. */
  setEditorMaximized(on: boolean): void;
  setCompareOpen(open: boolean): void;
}

declare module './types.js' {
  interface WorkbenchState extends LayoutSlice {}
}

export const LAYOUT_KEY = 'mediator-workbench.layout';

const DEFAULT_LAYOUT: LayoutFlags = { listHidden: false, problemsHidden: false, wordWrap: false };

function readLayout(storage: SettingsStorage | undefined): LayoutFlags {
  try {
    const saved = JSON.parse(storage?.getItem(LAYOUT_KEY) ?? '{}') as Record<string, unknown>;
    const flag = (name: LayoutFlag) => (typeof saved[name] === 'boolean' ? saved[name] : DEFAULT_LAYOUT[name]);
    return { listHidden: flag('listHidden'), problemsHidden: flag('problemsHidden'), wordWrap: flag('wordWrap') };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export const createLayoutSlice: SliceCreator<LayoutSlice> = (set, get, deps) => {
  const save = (layout: LayoutFlags) => {
    set({ layout });
    try {
      deps.storage?.setItem(LAYOUT_KEY, JSON.stringify(layout));
    } catch {
      // Storage may be full or unavailable: the layout then lasts for the session.
    }
  };
  return {
    layout: readLayout(deps.storage),
    compareOpen: false,
    setLayoutFlag(flag, on) {
      save({ ...get().layout, [flag]: on });
    },
    setEditorMaximized(on) {
      save({ ...get().layout, listHidden: on, problemsHidden: on });
    },
    setCompareOpen(compareOpen) {
      set({ compareOpen });
    },
  };
};
