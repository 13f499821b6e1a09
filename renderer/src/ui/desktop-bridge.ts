/**
 * The desktop app's bridge, when the page runs in it: `window.mediatorDesktop`, exposed by the
 * Electron preload. In a browser there is none and `desktopBridge()` returns undefined, so every
 * caller keeps the browser behaviour.
 *
 * The renderer imports nothing of the desktop shell (layering.test.ts), so the part of the bridge it
 * uses is declared here, as plain data types. The shell proves that what its preload exposes
 * satisfies this declaration (electron/src/preload/preload.test.ts, checked by `tsc -b` and at run
 * time), which keeps the two from drifting apart without an import in this direction.
 */

export const DESKTOP_BRIDGE_NAME = 'mediatorDesktop';

export type DesktopFileKind = 'alignment' | 'message';

/** A file the user chose from the desktop File menu: its name and UTF-8 text (never its path). */
export interface DesktopOpenedFile {
  readonly kind: DesktopFileKind;
  readonly name: string;
  readonly text: string;
}

export interface DesktopSaveRequest {
  /** A file name only; the desktop app keeps only its last part. */
  readonly suggestedName: string;
  readonly text: string;
}

export type DesktopSaveOutcome = { readonly saved: true; readonly name: string } | { readonly saved: false };

/** Errors cross the process boundary as data, with a stable code. */
export type DesktopResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

export interface DesktopBridge {
  readonly isDesktop: true;
  /** Shows the native save dialog (suggesting the name) and writes the text where the user chose. */
  saveFile(request: DesktopSaveRequest): Promise<DesktopResult<DesktopSaveOutcome>>;
  /** Files opened from the File menu; returns a disposer that unsubscribes. */
  onOpenFile(listener: (file: DesktopOpenedFile) => void): () => void;
}

/**
 * The bridge of the desktop app, or undefined in a browser (or when what is there is not the
 * bridge this page knows, e.g. a newer or older shell: then the page behaves as in a browser).
 */
export function desktopBridge(host: object = globalThis): DesktopBridge | undefined {
  const value: unknown = Reflect.get(host, DESKTOP_BRIDGE_NAME);
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<Record<keyof DesktopBridge, unknown>>;
  const usable = candidate.isDesktop === true && typeof candidate.saveFile === 'function' && typeof candidate.onOpenFile === 'function';
  return usable ? (value as DesktopBridge) : undefined;
}

/** A file event's payload as the page can use it, or undefined; it comes from another process, so it is checked. */
export function asOpenedFile(value: unknown): DesktopOpenedFile | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, name, text } = value as Record<string, unknown>;
  if ((kind !== 'alignment' && kind !== 'message') || typeof name !== 'string' || typeof text !== 'string') return undefined;
  return { kind, name, text };
}
