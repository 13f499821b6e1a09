import { followSystemTheme } from './monaco-theme.js';
import type { Monaco } from './monaco-setup.js';

let loading: Promise<Monaco> | undefined;

/** Monaco is a separate chunk, loaded on the first editor shown: the shell and tables render first. */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco-setup.js').then((m) => {
    followSystemTheme(m.monaco, typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);
    return m.monaco;
  });
  return loading;
}
