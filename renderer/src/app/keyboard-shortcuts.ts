/**
 * Ctrl+S (Cmd+S) uploads the alignment in the editor; Ctrl+Enter (Cmd+Enter) translates on the
 * Translate screen. Listened for in the capture phase, so they work inside Monaco too (which would
 * otherwise insert a line for Ctrl+Enter) and the browser's "Save page" never opens.
 */
import type { WorkbenchStore } from '../store/index.js';

export function installShortcuts(store: WorkbenchStore, target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const state = store.getState();
    if (event.key.toLowerCase() === 's' && !event.shiftKey) {
      event.preventDefault();
      if (state.screen === 'alignments' && state.editor !== undefined && state.editor.saveOp.state !== 'running') void state.uploadEditor();
    } else if (event.key === 'Enter' && state.screen === 'translate') {
      event.preventDefault();
      event.stopPropagation();
      void state.runTranslation();
    }
  };
  target.addEventListener('keydown', onKey, true);
  return () => target.removeEventListener('keydown', onKey, true);
}
