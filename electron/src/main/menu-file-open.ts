/**
 * File > Open alignment / Open message. Main shows the native open dialog and reads the file
 * (file-service.ts: size limit, UTF-8 only, the path stays here), then sends the file's name and
 * text to our window over `mediator:file-opened`; the renderer opens it in the Alignments editor or
 * as the Translate screen's message (renderer/src/app/DesktopFileOpen.tsx). A file that cannot be
 * opened is explained in a dialog and nothing is sent, so nothing in the page changes.
 */
import { IpcChannels, type FileKind } from '../common/ipc-contract.js';
import type { FileService } from './file-service.js';
import { sendEvent, type EventReceiver } from './ipc-handlers.js';
import type { MenuActions } from './menu-template.js';
import { originOf } from './sender-check.js';

/** The parts of our window's webContents used here. */
export interface FileOpenTarget extends EventReceiver {
  getURL(): string;
}

export interface MenuFileOpenDeps {
  readonly files: Pick<FileService, 'open'>;
  /** Origin of the server the window shows: the only pages that receive a file. */
  readonly serverOrigin: string;
  /** Our window's webContents; undefined while there is no window. */
  target(): FileOpenTarget | undefined;
  showError(title: string, message: string): void;
  report(message: string, error?: unknown): void;
}

export type MenuOpenOutcome = 'sent' | 'cancelled' | 'failed' | 'no-window' | 'refused';

export async function openFileFromMenu(deps: MenuFileOpenDeps, kind: FileKind): Promise<MenuOpenOutcome> {
  // No window (macOS, all closed): nobody to give the file to, so no dialog either.
  if (deps.target() === undefined) return 'no-window';
  const result = await deps.files.open(kind);
  if (!result.ok) {
    deps.showError(`Could not open the ${kind}`, result.error.message);
    return 'failed';
  }
  if (result.value === null) return 'cancelled';
  // Looked up again after the dialog: the window may have closed or navigated meanwhile. Like the
  // IPC handlers' sender check, the file's text goes only to a page of the server's origin.
  const target = deps.target();
  if (target === undefined) return 'no-window';
  const origin = originOf(target.getURL());
  if (origin === undefined || origin !== originOf(deps.serverOrigin)) {
    deps.report(`Not sending ${result.value.name} to a page of ${origin ?? 'no origin'}`);
    return 'refused';
  }
  sendEvent(target, IpcChannels.fileOpened, result.value);
  return 'sent';
}

/** The File menu's open items, for `menuTemplate`. */
export function fileMenuActions(deps: MenuFileOpenDeps): Pick<MenuActions, 'openAlignment' | 'openMessage'> {
  const open = (kind: FileKind): void => {
    openFileFromMenu(deps, kind).catch((error: unknown) => deps.report(`Opening a ${kind} from the menu failed`, error));
  };
  return { openAlignment: () => open('alignment'), openMessage: () => open('message') };
}
