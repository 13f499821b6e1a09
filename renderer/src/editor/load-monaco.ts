import { followSystemTheme } from './monaco-theme.js';
import type { Monaco } from './monaco-setup.js';

let loading: Promise<Monaco> | undefined;

/**
 * Monaco is a separate chunk, loaded on the first editor shown or when the page is first idle
 * (ui/preload-chunks.ts): the shell and tables render first. A failed load is forgotten, so the
 * next editor tries again.
 */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco-setup.js').then(
    (m) => {
      followSystemTheme(m.monaco, typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);
      return m.monaco;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
