import { documentPrefixes } from '@mediator/core/authoring';
import { useEffect, useMemo } from 'react';
import { useWorkbench } from '../../store/index.js';
import { SAMPLES } from '../translate/samples/index.js';
import type { Prefix } from './cell-authoring.js';
import { buildVocabulary } from './completion-vocabulary.js';

/** The document's prefixes, or none while it is not well-formed. */
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
 */
export function useVocabulary(): readonly string[] {
  const views = useWorkbench((s) => s.vocabularyViews);
  const message = useWorkbench((s) => s.messageText);
  const load = useWorkbench((s) => s.loadVocabulary);
  const stored = useWorkbench((s) => s.alignments.length);
  useEffect(() => {
    void load();
  }, [load, stored]);
  return useMemo(() => buildVocabulary(views, [message, ...SAMPLES.map((s) => s.text)]), [views, message]);
}
