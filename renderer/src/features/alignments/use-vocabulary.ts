import { documentPrefixes } from '@mediator/core/authoring';
import { useEffect, useMemo } from 'react';
import { useWorkbench } from '../../store/index.js';
import { SAMPLES } from '../translate/samples/index.js';
import type { Prefix } from './cell-authoring.js';
import { buildVocabulary } from './completion-vocabulary.js';

function prefixesOf(text: string): Prefix[] {
  try {
    return documentPrefixes(text);
  } catch {
    return [];
  }
}

/**
 * What completion offers for the open alignment: its own prefixes, and the IRIs of the stored
 * alignments (read again when the list changes), the sample messages and the Translate screen's message.
 */
export function useVocabulary(text: string): { readonly iris: readonly string[]; readonly prefixes: readonly Prefix[] } {
  const views = useWorkbench((s) => s.vocabularyViews);
  const message = useWorkbench((s) => s.messageText);
  const load = useWorkbench((s) => s.loadVocabulary);
  const stored = useWorkbench((s) => s.alignments.length);
  useEffect(() => {
    void load();
  }, [load, stored]);
  const iris = useMemo(() => buildVocabulary(views, [message, ...SAMPLES.map((s) => s.text)]), [views, message]);
  const prefixes = useMemo(() => prefixesOf(text), [text]);
  return { iris, prefixes };
}
