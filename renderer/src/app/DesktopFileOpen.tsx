import { useEffect } from 'react';
import { useWorkbench, type WorkbenchState } from '../store/index.js';
import { asOpenedFile, type DesktopBridge } from '../ui/desktop-bridge.js';

type OpenActions = Pick<WorkbenchState, 'navigate' | 'openDocument' | 'loadMessageFile'>;

/**
 * A file from the desktop File menu, in the screen it belongs to: an alignment opens in the
 * Alignments editor as a draft (the editor a dropped or refused upload opens in), a message
 * becomes the Translate screen's message (as its own "Open file…" does). Anything else is ignored.
 */
export function openDesktopFile(actions: OpenActions, payload: unknown): void {
  const file = asOpenedFile(payload);
  if (file === undefined) return;
  if (file.kind === 'alignment') {
    actions.navigate('alignments');
    actions.openDocument({ fileName: file.name, text: file.text });
  } else {
    actions.navigate('translate');
    actions.loadMessageFile(file.name, file.text);
  }
}

/**
 * Listens for files opened from the desktop app's File menu while mounted (nothing in a browser).
 * An opened alignment that would replace unsaved edits waits for the unsaved-edits dialog.
 */
export function DesktopFileOpen({ bridge }: { readonly bridge: DesktopBridge | undefined }) {
  const navigate = useWorkbench((s) => s.navigate);
  const openDocument = useWorkbench((s) => s.openDocument);
  const loadMessageFile = useWorkbench((s) => s.loadMessageFile);

  useEffect(() => {
    if (bridge === undefined) return undefined;
    return bridge.onOpenFile((payload) => openDesktopFile({ navigate, openDocument, loadMessageFile }, payload));
  }, [bridge, navigate, openDocument, loadMessageFile]);

  return null;
}
