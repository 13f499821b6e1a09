import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, IpcChannels, ipcOk, type AppInfo, type FileKind, type SaveFileRequest } from '../common/ipc-contract.js';
import { createFileService, type FileAccess, type FileService, type SaveDialogSpec } from './file-service.js';
import { registerIpcHandlers, sendEvent, type IpcMainLike } from './ipc-handlers.js';
import type { IpcSenderEventLike } from './sender-check.js';

type Listener = (event: IpcSenderEventLike, ...args: unknown[]) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

const info: AppInfo = { appVersion: '0.1.0', mediatorVersion: '0.1.0', dataDir: '/data', serverUrl: 'http://127.0.0.1:8888', ownsServer: true };

function setup() {
  const calls: Array<['open', FileKind] | ['save', SaveFileRequest]> = [];
  const files: FileService = {
    open: async (kind) => (calls.push(['open', kind]), ipcOk({ kind, name: 'a.rdf', text: '<rdf/>' })),
    save: async (request) => (calls.push(['save', request]), ipcOk({ saved: true as const, name: request.suggestedName })),
  };
  const ours = { id: 7 };
  const reports: string[] = [];
  const { ipcMain, handlers } = fakeIpcMain();
  const dispose = registerIpcHandlers(ipcMain, { origin: 'http://127.0.0.1:8888', webContents: () => ours }, { files, appInfo: () => info }, (m) =>
    reports.push(m),
  );
  const call = (channel: string, sender: unknown, url: string, request?: unknown) => handlers.get(channel)!({ sender, senderFrame: { url } }, request);
  return { calls, ours, reports, handlers, dispose, call };
}

describe('IPC handlers', () => {
  it('registers every channel of the contract, and the disposer removes them', () => {
    const { handlers, dispose } = setup();
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    dispose();
    expect(handlers.size).toBe(0);
  });

  it.each(INVOKE_CHANNELS)('%s refuses a foreign sender and never reaches the service', async (channel) => {
    const { call, calls, reports } = setup();
    const foreign = await call(channel, { id: 8 }, 'http://127.0.0.1:8888/', { kind: 'alignment', suggestedName: 'a', text: '' });
    expect(foreign).toEqual({ ok: false, error: { code: 'SENDER_REFUSED', message: expect.any(String) } });
    expect(calls).toEqual([]);
    expect(reports).toEqual([expect.stringContaining('not our window')]);
  });

  it.each(INVOKE_CHANNELS)('%s refuses our window once it shows another origin', async (channel) => {
    const { call, calls, ours } = setup();
    const result = await call(channel, ours, 'https://example.org/', { kind: 'alignment', suggestedName: 'a', text: '' });
    expect(result).toMatchObject({ ok: false, error: { code: 'SENDER_REFUSED' } });
    expect(calls).toEqual([]);
  });

  it('hands valid requests from our window to the services', async () => {
    const { call, calls, ours } = setup();
    expect(await call(IpcChannels.openFile, ours, 'http://127.0.0.1:8888/', { kind: 'message' })).toEqual(
      ipcOk({ kind: 'message', name: 'a.rdf', text: '<rdf/>' }),
    );
    expect(await call(IpcChannels.saveFile, ours, 'http://127.0.0.1:8888/', { suggestedName: 'out.json', text: '{}' })).toEqual(
      ipcOk({ saved: true, name: 'out.json' }),
    );
    expect(await call(IpcChannels.appInfo, ours, 'http://127.0.0.1:8888/')).toEqual(ipcOk(info));
    expect(calls).toEqual([
      ['open', 'message'],
      ['save', { suggestedName: 'out.json', text: '{}' }],
    ]);
  });

  it.each([
    [IpcChannels.openFile, { kind: 'script' }],
    [IpcChannels.openFile, 'alignment'],
    [IpcChannels.saveFile, { suggestedName: 'a.txt' }],
    [IpcChannels.saveFile, { suggestedName: '', text: '' }],
    [IpcChannels.saveFile, null],
  ])('%s answers INVALID_REQUEST to %j', async (channel, request) => {
    const { call, calls, ours } = setup();
    expect(await call(channel, ours, 'http://127.0.0.1:8888/', request)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(calls).toEqual([]);
  });

  it('sends contract events with their payload', () => {
    const sent: unknown[][] = [];
    sendEvent({ send: (...args) => void sent.push(args) }, IpcChannels.fileOpened, { kind: 'alignment', name: 'a.rdf', text: 'x' });
    expect(sent).toEqual([['mediator:file-opened', { kind: 'alignment', name: 'a.rdf', text: 'x' }]]);
  });

  describe('save-file through the real file service (native save dialog)', () => {
    /** The service with a fake dialog answering `chosen` and a fake disk; records what was shown and written. */
    function saving(chosen: string | undefined, write: FileAccess['writeFile'] = async () => undefined) {
      const dialogs: SaveDialogSpec[] = [];
      const written: Array<[string, string]> = [];
      const files = createFileService({
        dialogs: { showOpen: async () => undefined, showSave: async (spec) => (dialogs.push(spec), chosen) },
        files: {
          stat: async () => ({ size: 0, isFile: () => true }),
          readFile: async () => new Uint8Array(),
          writeFile: async (path, text, encoding) => (written.push([path, text]), write(path, text, encoding)),
        },
        downloadsDir: () => '/home/u/Downloads',
      });
      const ours = { id: 1 };
      const { ipcMain, handlers } = fakeIpcMain();
      registerIpcHandlers(ipcMain, { origin: 'http://127.0.0.1:8888', webContents: () => ours }, { files, appInfo: () => info }, () => undefined);
      const save = (request: unknown, sender: unknown = ours) =>
        handlers.get(IpcChannels.saveFile)!({ sender, senderFrame: { url: 'http://127.0.0.1:8888/#/alignments' } }, request);
      return { dialogs, written, save };
    }

    it('writes where the dialog says, never where the renderer says', async () => {
      const { dialogs, written, save } = saving('/home/u/Documents/mine.rdf');
      const result = await save({ suggestedName: '../../etc/CO_FIWARE-1.0.rdf', text: '<rdf:RDF/>', path: '/etc/passwd' });
      expect(result).toEqual(ipcOk({ saved: true, name: 'mine.rdf' }));
      expect(written).toEqual([['/home/u/Documents/mine.rdf', '<rdf:RDF/>']]);
      expect(dialogs[0]?.defaultPath).toBe(join('/home/u/Downloads', 'CO_FIWARE-1.0.rdf'));
    });

    it('answers { saved: false } and writes nothing when the dialog is cancelled', async () => {
      const { written, save } = saving(undefined);
      expect(await save({ suggestedName: 'a.ttl', text: 'x' })).toEqual(ipcOk({ saved: false }));
      expect(written).toEqual([]);
    });

    it('answers WRITE_FAILED as data when the write fails', async () => {
      const { save } = saving('/read-only/a.ttl', async () => {
        throw new Error('EACCES: permission denied');
      });
      expect(await save({ suggestedName: 'a.ttl', text: 'x' })).toEqual({
        ok: false,
        error: { code: 'WRITE_FAILED', message: 'Could not write a.ttl: EACCES: permission denied' },
      });
    });

    it('shows no dialog to a foreign sender', async () => {
      const { dialogs, written, save } = saving('/tmp/a.ttl');
      expect(await save({ suggestedName: 'a.ttl', text: 'x' }, { id: 2 })).toMatchObject({ ok: false, error: { code: 'SENDER_REFUSED' } });
      expect(dialogs).toEqual([]);
      expect(written).toEqual([]);
    });
  });
});
