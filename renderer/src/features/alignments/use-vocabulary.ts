import { documentPrefixes } from '@mediator/core/authoring';
import { useEffect, useMemo } from 'react';
import { useWorkbench } from '../../store/index.js';
import { SAMPLES } from '../translate/samples/index.js';
import type { Prefix } from './cell-authoring.js';
import { buildVocabulary } from './completion-vocabulary.js';

/** The document's prefixes (its root's start tag), or none while that cannot be read. */
export function prefixesOf(text: string): Prefix[] {
  try {
    return documentPrefixes(text);
  } catch {
    return [];
  }
}

/**
 * The IRIs completion offers for the open alignment: those of the stored alignments (read again
 * when the list changes), the sample messages and the Translate screen's message. The document's
 * own prefixes are read when asked for (prefixesOf), not on every keystroke.
 *
 * The stored alignments' views are read once `shown` (the document's text is in the editor) and
 * the page is idle (issue 42): read on the click that opened an alignment, the newest alignment's
 * view (720 KB of JSON for 200 cells) was fetched, parsed and indexed beside the text being opened,
 * on the first open's critical path. Completion needs them only once the user types.
 */
export function useVocabulary(shown: boolean): readonly string[] {
  const views = useWorkbench((s) => s.vocabularyViews);
  const message = useWorkbench((s) => s.messageText);
  const load = useWorkbench((s) => s.loadVocabulary);
  const stored = useWorkbench((s) => s.alignments.length);
  useEffect(() => {
    if (!shown) return;
    return whenIdle(() => void load());
  }, [load, stored, shown]);
  return useMemo(() => buildVocabulary(views, [message, ...SAMPLES.map((s) => s.text)]), [views, message]);
}

/** Runs `run` when the page is next idle (within 2 s); answers the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}
