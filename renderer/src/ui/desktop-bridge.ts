/**
 * The desktop app's bridge, when the page runs in it: exposed by the Electron preload under the
 * name the IPC contract gives it. In a browser there is none and `desktopBridge()` returns
 * undefined, so every caller keeps the browser behaviour.
 *
 * The bridge's name and types come from the one IPC contract that main and the preload use too
 * (electron/src/common/ipc-contract.ts, which runs anywhere and imports nothing at run time): the
 * types with `import type`, the name as the contract's constant, so the page spells neither. The
 * page uses a part of the bridge (saving a file, files opened from the menu); a newer or older
 * shell without that part counts as no bridge.
 */
import { BRIDGE_NAME, isFileKind } from '../../../electron/src/common/ipc-contract.js';
import type { FileKind, IpcResult, MediatorDesktopBridge, OpenedFile, SaveFileOutcome, SaveFileRequest } from '../../../electron/src/common/ipc-contract.js';

export const DESKTOP_BRIDGE_NAME = BRIDGE_NAME;

export type DesktopFileKind = FileKind;

/** A file the user chose from the desktop File menu: its name and UTF-8 text (never its path). */
export type DesktopOpenedFile = OpenedFile;

export type DesktopSaveRequest = SaveFileRequest;

export type DesktopSaveOutcome = SaveFileOutcome;

/** Errors cross the process boundary as data, with a stable code. */
export type DesktopResult<T> = IpcResult<T>;

/** The part of the bridge the page uses. */
export type DesktopBridge = Pick<MediatorDesktopBridge, 'isDesktop' | 'saveFile' | 'onOpenFile'>;

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
  if (!isFileKind(kind) || typeof name !== 'string' || typeof text !== 'string') return undefined;
  return { kind, name, text };
}
