import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, IpcChannels, ipcOk, type AppInfo, type FileKind, type SaveFileRequest } from '../common/ipc-contract.js';
import type { FileService } from './file-service.js';
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
  const dispose = registerIpcHandlers(ipcMain, { origin: 'http://127.0.0.1:8888', webContents: () => ours }, { files, appInfo: () => info }, (m) => reports.push(m));
  const call = (channel: string, sender: unknown, url: string, request?: unknown) =>
    handlers.get(channel)!({ sender, senderFrame: { url } }, request);
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
    expect(calls).toEqual([['open', 'message'], ['save', { suggestedName: 'out.json', text: '{}' }]]);
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
});
