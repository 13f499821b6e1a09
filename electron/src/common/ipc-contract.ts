/**
 * The one declaration of every IPC channel between the main process and the preload (STYLE.md,
 * after GitHub Desktop): channel names, request and response types, and the bridge the preload
 * exposes as `window.mediatorDesktop`.
 *
 * IPC carries only what a browser cannot do (native file dialogs, app paths); everything else goes
 * over the REST API like any other client. Payloads are plain data, and errors cross the process
 * boundary as data (`IpcResult`), never as thrown exceptions whose messages Electron rewrites.
 *
 * This file runs anywhere: no `electron`, no `node:*` imports. The sandboxed preload cannot
 * `require` relative files at run time, so it imports this file with `import type` only and writes
 * the channel names as literals typed `keyof IpcInvokeContract` / `keyof IpcEventContract`, which
 * makes a misspelt or missing channel a compile error on both sides.
 */

/** What the user opens: an alignment (IPSM-AF, RDF/XML) or a message (JSON-LD). */
export type FileKind = 'alignment' | 'message';

export const FILE_KINDS: readonly FileKind[] = ['alignment', 'message'];

/** A file the user picked in a native dialog, read as UTF-8 text. The path stays in main. */
export interface OpenedFile {
  readonly kind: FileKind;
  readonly name: string;
  readonly text: string;
}

export interface OpenFileRequest {
  readonly kind: FileKind;
}

export interface SaveFileRequest {
  /** A file name only; any folder part is dropped. */
  readonly suggestedName: string;
  readonly text: string;
}

export type SaveFileOutcome = { readonly saved: true; readonly name: string } | { readonly saved: false };

export interface AppInfo {
  /** The desktop app's version. */
  readonly appVersion: string;
  /** The mediator engine's version (`@mediator/core`). */
  readonly mediatorVersion: string;
  /** Where this app's server keeps its database; null when connected to a mediator started elsewhere. */
  readonly dataDir: string | null;
  /** Origin of the REST API and UI, e.g. `http://127.0.0.1:8888`. */
  readonly serverUrl: string;
  /** True when this app started the server, false when it connected to one already running. */
  readonly ownsServer: boolean;
}

export type IpcErrorCode = 'SENDER_REFUSED' | 'INVALID_REQUEST' | 'FILE_TOO_LARGE' | 'NOT_UTF8' | 'READ_FAILED' | 'WRITE_FAILED';

export interface IpcError {
  readonly code: IpcErrorCode;
  readonly message: string;
}

export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: IpcError };

/** Renderer -> main, answered (`ipcRenderer.invoke` / `ipcMain.handle`). */
export interface IpcInvokeContract {
  /** Shows the native open dialog for the kind; `null` when the user cancels. */
  'mediator:open-file': { readonly request: OpenFileRequest; readonly response: IpcResult<OpenedFile | null> };
  /** Shows the native save dialog and writes the text (downloads). */
  'mediator:save-file': { readonly request: SaveFileRequest; readonly response: IpcResult<SaveFileOutcome> };
  'mediator:app-info': { readonly request: null; readonly response: IpcResult<AppInfo> };
}

/** Main -> renderer, one way (`webContents.send` / `ipcRenderer.on`). */
export interface IpcEventContract {
  /** A file opened from the File menu. */
  'mediator:file-opened': OpenedFile;
}

export type InvokeChannel = keyof IpcInvokeContract;
export type EventChannel = keyof IpcEventContract;
export type InvokeRequest<C extends InvokeChannel> = IpcInvokeContract[C]['request'];
export type InvokeResponse<C extends InvokeChannel> = IpcInvokeContract[C]['response'];

/** Every channel by role, for main (the preload spells them as typed literals, see above). */
export const IpcChannels = {
  openFile: 'mediator:open-file',
  saveFile: 'mediator:save-file',
  appInfo: 'mediator:app-info',
  fileOpened: 'mediator:file-opened',
} as const satisfies Record<string, InvokeChannel | EventChannel>;

export const INVOKE_CHANNELS: readonly InvokeChannel[] = [IpcChannels.openFile, IpcChannels.saveFile, IpcChannels.appInfo];

/**
 * The bridge the preload exposes as `window.mediatorDesktop` (absent in a plain browser). The
 * renderer takes it, its name and its payload types from here (renderer/src/ui/desktop-bridge.ts:
 * this file is the one part of the shell its lint lets it import, as it runs anywhere).
 */
export interface MediatorDesktopBridge {
  readonly isDesktop: true;
  openFile(kind: FileKind): Promise<IpcResult<OpenedFile | null>>;
  saveFile(request: SaveFileRequest): Promise<IpcResult<SaveFileOutcome>>;
  appInfo(): Promise<IpcResult<AppInfo>>;
  /** Files opened from the File menu; returns a disposer that unsubscribes. */
  onOpenFile(listener: (file: OpenedFile) => void): () => void;
}

export const BRIDGE_NAME = 'mediatorDesktop';

// ---- Request validation: main takes `unknown` from the renderer and checks it here. ------------

/** Largest text accepted through the bridge either way; the server's body limit is 8 MiB too. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFileKind(value: unknown): value is FileKind {
  return typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);
}

export function parseOpenFileRequest(value: unknown): OpenFileRequest | undefined {
  return isRecord(value) && isFileKind(value['kind']) ? { kind: value['kind'] } : undefined;
}

export function parseSaveFileRequest(value: unknown): SaveFileRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { suggestedName, text } = value;
  if (typeof suggestedName !== 'string' || typeof text !== 'string') return undefined;
  if (suggestedName.length === 0 || suggestedName.length > 255) return undefined;
  return { suggestedName, text };
}

export function ipcOk<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function ipcFail<T = never>(code: IpcErrorCode, message: string): IpcResult<T> {
  return { ok: false, error: { code, message } };
}
