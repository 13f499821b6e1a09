import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { ipcFail, ipcOk, type FileKind, type IpcResult, type OpenedFile } from '../common/ipc-contract.js';
import { fileMenuActions, openFileFromMenu, type FileOpenTarget, type MenuFileOpenDeps } from './menu-file-open.js';
import { menuTemplate } from './menu-template.js';

const origin = 'http://127.0.0.1:8888';

/** Our window's webContents: records what it is sent, shows `url`. */
function fakeWindow(url = `${origin}/#/translate`) {
  const sent: unknown[][] = [];
  const target: FileOpenTarget & { url: string } = { url, getURL: () => target.url, send: (...args) => void sent.push(args) };
  return { target, sent };
}

/** `window` null: no window is open. */
function setup(answer: (kind: FileKind) => IpcResult<OpenedFile | null>, window: FileOpenTarget | null = fakeWindow().target) {
  const opened: FileKind[] = [];
  const errors: Array<[string, string]> = [];
  const reports: string[] = [];
  let current = window ?? undefined;
  const deps: MenuFileOpenDeps = {
    files: { open: async (kind) => (opened.push(kind), answer(kind)) },
    serverOrigin: origin,
    target: () => current,
    showError: (title, message) => void errors.push([title, message]),
    report: (message) => void reports.push(message),
  };
  return { deps, opened, errors, reports, close: () => void (current = undefined) };
}

const file = (kind: FileKind): OpenedFile => ({ kind, name: kind === 'alignment' ? 'CO_FIWARE.rdf' : 'weight.json', text: `<${kind}/>` });

function fileItem(template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  const items = template.find((item) => item.id === 'file')?.submenu;
  const item = Array.isArray(items) ? items.find((i) => i.id === id) : undefined;
  if (item === undefined) throw new Error(`no File menu item ${id}`);
  return item;
}

describe('File > Open alignment / Open message', () => {
  it.each([
    ['open-alignment', 'alignment'],
    ['open-message', 'message'],
  ] as const)('the menu item %s opens a %s and sends it on mediator:file-opened', async (id, kind) => {
    const window = fakeWindow();
    const { deps, opened } = setup((k) => ipcOk(file(k)), window.target);
    const template = menuTemplate(
      { appName: 'Mediator Workbench', platform: 'linux', devTools: false },
      {
        ...fileMenuActions(deps),
        showAbout: () => undefined,
        openApiDocs: () => undefined,
      },
    );
    // A menu item's click receives (menuItem, window, event); these handlers use none of them.
    (fileItem(template, id).click as () => void)();
    await vi.waitFor(() => expect(window.sent).toHaveLength(1));
    expect(opened).toEqual([kind]);
    expect(window.sent).toEqual([['mediator:file-opened', file(kind)]]);
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const window = fakeWindow();
    const { deps, errors } = setup(() => ipcOk(null), window.target);
    expect(await openFileFromMenu(deps, 'alignment')).toBe('cancelled');
    expect(window.sent).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.each([
    ['FILE_TOO_LARGE', 'big.rdf is 9000000 bytes; the limit is 8388608'],
    ['NOT_UTF8', 'latin1.rdf is not UTF-8 text'],
    ['READ_FAILED', 'Could not read gone.rdf: ENOENT'],
  ] as const)('shows %s in a dialog and sends nothing', async (code, message) => {
    const window = fakeWindow();
    const { deps, errors } = setup(() => ipcFail(code, message), window.target);
    expect(await openFileFromMenu(deps, 'alignment')).toBe('failed');
    expect(errors).toEqual([['Could not open the alignment', message]]);
    expect(window.sent).toEqual([]);
  });

  it('shows no dialog while there is no window', async () => {
    const { deps, opened } = setup((k) => ipcOk(file(k)), null);
    expect(await openFileFromMenu(deps, 'message')).toBe('no-window');
    expect(opened).toEqual([]);
  });

  it('drops the file when the window closed during the dialog', async () => {
    const window = fakeWindow();
    const state = setup((k) => (state.close(), ipcOk(file(k))), window.target);
    expect(await openFileFromMenu(state.deps, 'message')).toBe('no-window');
    expect(window.sent).toEqual([]);
  });

  it.each(['https://example.org/', 'about:blank', 'http://127.0.0.1:9999/'])('does not send a file to a page of %s', async (url) => {
    const window = fakeWindow(url);
    const { deps, reports } = setup((k) => ipcOk(file(k)), window.target);
    expect(await openFileFromMenu(deps, 'alignment')).toBe('refused');
    expect(window.sent).toEqual([]);
    expect(reports).toEqual([expect.stringContaining('CO_FIWARE.rdf')]);
  });

  it('reports a failure of the open itself instead of leaving an unhandled rejection', async () => {
    const { deps, reports } = setup(() => {
      throw new Error('dialog crashed');
    });
    fileMenuActions(deps).openMessage();
    await vi.waitFor(() => expect(reports).toEqual(['Opening a message from the menu failed']));
  });
});
