/**
 * Native open and save dialogs for the bridge and the File menu. Paths never leave the main process:
 * the renderer gets a file's name and text, and names the file it wants saved.
 */
import { basename, extname, join } from 'node:path';
import {
  ipcFail,
  ipcOk,
  MAX_FILE_BYTES,
  type FileKind,
  type IpcResult,
  type OpenedFile,
  type SaveFileOutcome,
  type SaveFileRequest,
} from '../common/ipc-contract.js';

export interface FileFilter {
  readonly name: string;
  readonly extensions: string[];
}

export interface OpenDialogSpec {
  readonly title: string;
  readonly filters: FileFilter[];
}

export interface SaveDialogSpec {
  readonly title: string;
  readonly defaultPath: string;
  readonly filters: FileFilter[];
}

/** The dialogs, attached to the app's window by the caller; `undefined` means cancelled. */
export interface FileDialogs {
  showOpen(spec: OpenDialogSpec): Promise<string | undefined>;
  showSave(spec: SaveDialogSpec): Promise<string | undefined>;
}

/** Async file access (`node:fs/promises`), injectable for tests. */
export interface FileAccess {
  stat(path: string): Promise<{ readonly size: number; isFile(): boolean }>;
  /** The bytes: decoding is done here, strictly (`node:fs` would replace bad bytes with U+FFFD). */
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, text: string, encoding: 'utf8'): Promise<void>;
}

const ALL_FILES: FileFilter = { name: 'All Files', extensions: ['*'] };

export const OPEN_DIALOGS: Readonly<Record<FileKind, OpenDialogSpec>> = {
  // The same extensions as the page's own file picker and drop (renderer/src/features/alignments/read-files.ts).
  alignment: { title: 'Open Alignment', filters: [{ name: 'Alignments (RDF/XML)', extensions: ['rdf', 'xml', 'owl'] }, ALL_FILES] },
  message: { title: 'Open Message', filters: [{ name: 'Messages (JSON-LD)', extensions: ['json', 'jsonld'] }, ALL_FILES] },
};

const SAVE_FILTERS: Readonly<Record<string, FileFilter>> = {
  '.rdf': { name: 'Alignments (RDF/XML)', extensions: ['rdf', 'xml'] },
  '.xml': { name: 'XML', extensions: ['xml', 'rdf'] },
  '.json': { name: 'JSON', extensions: ['json', 'jsonld'] },
  '.jsonld': { name: 'JSON-LD', extensions: ['jsonld', 'json'] },
  '.ttl': { name: 'Turtle', extensions: ['ttl'] },
  '.txt': { name: 'Text', extensions: ['txt'] },
};

/**
 * A plain file name from what the renderer suggests: folder parts, control characters and the
 * characters Windows forbids are dropped, so the suggestion can only name a file in the default folder.
 */
export function safeFileName(suggested: string): string {
  const lastPart = suggested.split(/[\\/]/).pop() ?? '';
  const cleaned = lastPart
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .trim()
    .replace(/^\.+/, '');
  return cleaned.length > 0 ? cleaned : 'download.txt';
}

export function saveDialogSpec(suggestedName: string, downloadsDir: string): SaveDialogSpec {
  const name = safeFileName(suggestedName);
  const filter = SAVE_FILTERS[extname(name).toLowerCase()];
  return { title: 'Save', defaultPath: join(downloadsDir, name), filters: filter ? [filter, ALL_FILES] : [ALL_FILES] };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * UTF-8 text from a file's bytes, or undefined when they are not UTF-8 (WHATWG Encoding, "fatal"
 * error mode). A byte order mark is dropped. Replacing bad bytes instead would put U+FFFD into an
 * alignment or message without the user noticing, and the next save would write it to disk.
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function tooLarge(name: string, size: number): IpcResult<never> {
  return ipcFail('FILE_TOO_LARGE', `${name} is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
}

export interface FileService {
  open(kind: FileKind): Promise<IpcResult<OpenedFile | null>>;
  save(request: SaveFileRequest): Promise<IpcResult<SaveFileOutcome>>;
}

export function createFileService(deps: { dialogs: FileDialogs; files: FileAccess; downloadsDir: () => string }): FileService {
  return {
    async open(kind) {
      const path = await deps.dialogs.showOpen(OPEN_DIALOGS[kind]);
      if (path === undefined) return ipcOk(null);
      const name = basename(path);
      let bytes: Uint8Array;
      try {
        const info = await deps.files.stat(path);
        if (!info.isFile()) return ipcFail('READ_FAILED', `${name} is not a file`);
        if (info.size > MAX_FILE_BYTES) return tooLarge(name, info.size);
        bytes = await deps.files.readFile(path);
      } catch (error) {
        return ipcFail('READ_FAILED', `Could not read ${name}: ${describe(error)}`);
      }
      // Checked again on what was read: the file may have grown since stat.
      if (bytes.byteLength > MAX_FILE_BYTES) return tooLarge(name, bytes.byteLength);
      const text = decodeUtf8(bytes);
      if (text === undefined) return ipcFail('NOT_UTF8', `${name} is not UTF-8 text`);
      return ipcOk({ kind, name, text });
    },

    async save(request) {
      if (Buffer.byteLength(request.text, 'utf8') > MAX_FILE_BYTES) {
        return ipcFail('FILE_TOO_LARGE', `The text is larger than ${MAX_FILE_BYTES} bytes`);
      }
      const path = await deps.dialogs.showSave(saveDialogSpec(request.suggestedName, deps.downloadsDir()));
      if (path === undefined) return ipcOk({ saved: false });
      try {
        await deps.files.writeFile(path, request.text, 'utf8');
        return ipcOk({ saved: true, name: basename(path) });
      } catch (error) {
        return ipcFail('WRITE_FAILED', `Could not write ${basename(path)}: ${describe(error)}`);
      }
    },
  };
}
