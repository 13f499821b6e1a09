/**
 * Downloads (the alignment's XML, the converted Turtle cells...). In the desktop app they go through
 * its native save dialog (desktop-bridge.ts): the app writes the file where the user chose, and the
 * page learns only the outcome. In a browser they stay plain `<a download>` downloads.
 */
import { IDLE, type Operation } from '../store/index.js';
import { desktopBridge, type DesktopBridge } from './desktop-bridge.js';

export type SaveResult =
  /** Browser: handed to the browser's own downloads. */
  | { readonly state: 'downloaded' }
  | { readonly state: 'saved'; readonly name: string }
  | { readonly state: 'cancelled' }
  | { readonly state: 'failed'; readonly message: string };

/** Saves text as a file: the native save dialog when `bridge` is there, else a browser download. */
export async function saveText(fileName: string, text: string, type: string, bridge: DesktopBridge | undefined = desktopBridge()): Promise<SaveResult> {
  if (bridge === undefined) {
    anchorDownload(fileName, text, type);
    return { state: 'downloaded' };
  }
  try {
    const result = await bridge.saveFile({ suggestedName: fileName, text });
    if (!result.ok) return { state: 'failed', message: result.error.message };
    return result.value.saved ? { state: 'saved', name: result.value.name } : { state: 'cancelled' };
  } catch (error) {
    return { state: 'failed', message: `Could not save ${fileName}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Listeners of every `downloadText` outcome. The buttons that download only start it; the app shell
 * listens here and shows the outcome (App.tsx), so a download button needs no state of its own.
 */
const listeners = new Set<(result: SaveResult) => void>();

/** Follows the outcome of every download; returns a disposer. */
export function onSaveResult(listener: (result: SaveResult) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Saves text as a file (see `saveText`) and tells the `onSaveResult` listeners how it went. */
export async function downloadText(fileName: string, text: string, type: string): Promise<SaveResult> {
  const result = await saveText(fileName, text, type);
  for (const listener of listeners) listener(result);
  return result;
}

/** What the user is shown of a save, as the other operations show theirs. */
export function saveOperation(result: SaveResult): Operation {
  switch (result.state) {
    case 'downloaded':
      // The browser shows its own downloads, as before.
      return IDLE;
    case 'saved':
      return { state: 'done', message: `Saved ${result.name}` };
    case 'cancelled':
      return { state: 'done', message: 'Not saved: the save was cancelled' };
    case 'failed':
      return { state: 'failed', message: result.message };
  }
}

function anchorDownload(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from an alignment's name and version: `CO_FIWARE_align-1.0.rdf`. */
export function alignmentFileName(name: string, version: string, suffix = ''): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${safe(name)}-${safe(version)}${suffix}.rdf`;
}
