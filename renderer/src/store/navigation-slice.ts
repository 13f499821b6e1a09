/**
 * Which screen is shown. Mirrored to `location.hash` by the app shell so reload and back work.
 */
import type { SliceCreator } from './types.js';

export type Screen = 'alignments' | 'translate' | 'channels';
export const SCREENS: readonly Screen[] = ['alignments', 'translate', 'channels'];

export interface NavigationSlice {
  readonly screen: Screen;
  navigate(screen: Screen): void;
}

export function screenFromHash(hash: string): Screen | undefined {
  const name = hash.replace(/^#\/?/, '').split('/')[0];
  return SCREENS.find((s) => s === name);
}

export const createNavigationSlice: SliceCreator<NavigationSlice> = (set) => ({
  screen: 'alignments',
  navigate(screen) {
    set({ screen });
  },
});
