/**
 * Which screen is shown. Mirrored to `location.hash` by the app shell so reload and back work.
 * Also the outcome of the last download, which the shell shows (renderer/src/ui/download.ts): in
 * the desktop app a download is a native save that can be cancelled or fail.
 */
import { IDLE, type Operation, type SliceCreator } from './types.js';

export type Screen = 'alignments' | 'translate' | 'channels' | 'suites' | 'api-history' | 'bridge';
export const SCREENS: readonly Screen[] = ['alignments', 'translate', 'channels', 'suites', 'api-history', 'bridge'];

export interface NavigationSlice {
  readonly screen: Screen;
  navigate(screen: Screen): void;
  readonly downloadOp: Operation;
  setDownloadOp(op: Operation): void;
}

declare module './types.js' {
  interface WorkbenchState extends NavigationSlice {}
}

export function screenFromHash(hash: string): Screen | undefined {
  const name = hash.replace(/^#\/?/, '').split('/')[0];
  return SCREENS.find((s) => s === name);
}

export const createNavigationSlice: SliceCreator<NavigationSlice> = (set, get) => ({
  screen: 'alignments',
  navigate(screen) {
    const from = get().screen;
    // Leaving Alignments with unsaved edits asks first (leave-guard-slice.ts).
    if (from === 'alignments' && screen !== from && get().holdForLeave({ kind: 'navigate', screen })) return;
    // A download's outcome belongs to the screen it was started on.
    set(from === screen ? { screen } : { screen, downloadOp: IDLE });
  },
  downloadOp: IDLE,
  setDownloadOp(downloadOp) {
    set({ downloadOp });
  },
});
