/**
 * The preload, run here with a fake `electron` module (the binary is not needed): it exposes exactly
 * the declared bridge under the declared name, each method uses its contract channel, and a file
 * subscription hands the listener the payload only and is removed by its disposer.
 *
 * It also holds the page's side of the contract: the renderer declares the bridge it uses in
 * renderer/src/ui/desktop-bridge.ts (it may import nothing of the shell), and this file checks,
 * when `tsc -b` compiles it and when it runs, that the contract's bridge satisfies that declaration.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_BRIDGE_NAME,
  desktopBridge,
  type DesktopBridge,
  type DesktopOpenedFile,
  type DesktopResult,
  type DesktopSaveOutcome,
  type DesktopSaveRequest,
} from '../../../renderer/src/ui/desktop-bridge.js';
import { BRIDGE_NAME, IpcChannels, type InvokeResponse, type MediatorDesktopBridge, type OpenedFile, type SaveFileRequest } from '../common/ipc-contract.js';

// ---- Compile-time: the contract fits the renderer's declaration (a mismatch fails `tsc -b`). ----
// Method parameters are compared bivariantly, so the payloads are checked in their own direction:
// what main sends must be what the page reads, what the page sends must be what main accepts.
const fitsPage = (bridge: MediatorDesktopBridge): DesktopBridge => bridge;
const fileReachesPage = (file: OpenedFile): DesktopOpenedFile => file;
const pageFileIsContractFile = (file: DesktopOpenedFile): OpenedFile => file;
const requestReachesMain = (request: DesktopSaveRequest): SaveFileRequest => request;
const answerReachesPage = (answer: InvokeResponse<'mediator:save-file'>): DesktopResult<DesktopSaveOutcome> => answer;
const sameName: typeof DESKTOP_BRIDGE_NAME = BRIDGE_NAME;

type Listener = (event: unknown, payload: unknown) => void;

/** The parts of Electron's preload API the preload uses, recording what it does. */
function fakeElectron() {
  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<Listener>>();
  const module = {
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void exposed.set(name, api) },
    ipcRenderer: {
      invoke: async (channel: string, request: unknown) => (invoked.push([channel, request]), { ok: true, value: channel }),
      on: (channel: string, listener: Listener) => {
        const set = listeners.get(channel) ?? new Set<Listener>();
        listeners.set(channel, set.add(listener));
      },
      removeListener: (channel: string, listener: Listener) => void listeners.get(channel)?.delete(listener),
    },
  };
  return { exposed, invoked, listeners, module };
}

/**
 * Runs the preload as Electron's sandbox does: compiled to CommonJS (as `tsc -b` compiles it) and
 * given a `require` that knows `electron` only, so a preload needing anything else fails here.
 */
async function runPreload(electron: ReturnType<typeof fakeElectron>): Promise<void> {
  const source = await readFile(fileURLToPath(new URL('./preload.cts', import.meta.url)), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const sandboxRequire = (name: string): unknown => {
    if (name === 'electron') return electron.module;
    throw new Error(`a sandboxed preload cannot require ${name}`);
  };
  const module = { exports: {} };
  // Runs the compiled preload as CommonJS with a stand-in `require`, as Electron's sandbox loads it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function('require', 'module', 'exports', outputText) as (...args: unknown[]) => void)(sandboxRequire, module, module.exports);
}

const electron = fakeElectron();
let bridge: MediatorDesktopBridge;
beforeAll(async () => {
  await runPreload(electron);
  bridge = electron.exposed.get(BRIDGE_NAME) as MediatorDesktopBridge;
});

describe('preload', () => {
  it('exposes one object, the declared bridge, and nothing of Electron', () => {
    expect([...electron.exposed.keys()]).toEqual(['mediatorDesktop']);
    expect(Object.keys(bridge).sort()).toEqual(['appInfo', 'isDesktop', 'onOpenFile', 'openFile', 'saveFile']);
    expect(bridge.isDesktop).toBe(true);
    for (const value of Object.values(bridge)) expect(value === true || typeof value === 'function').toBe(true);
  });

  it('invokes the contract channel of each method, with only the declared fields', async () => {
    electron.invoked.length = 0;
    await bridge.openFile('alignment');
    await bridge.saveFile({ suggestedName: 'a.rdf', text: '<x/>', path: '/etc/passwd' } as SaveFileRequest);
    await bridge.appInfo();
    expect(electron.invoked).toEqual([
      [IpcChannels.openFile, { kind: 'alignment' }],
      [IpcChannels.saveFile, { suggestedName: 'a.rdf', text: '<x/>' }],
      [IpcChannels.appInfo, null],
    ]);
  });

  it('hands file-opened listeners the payload only, until disposed', () => {
    const files: unknown[] = [];
    const dispose = bridge.onOpenFile((file) => files.push(file));
    const registered = electron.listeners.get(IpcChannels.fileOpened);
    expect(registered?.size).toBe(1);
    const file: OpenedFile = { kind: 'message', name: 'weight.json', text: '{}' };
    for (const listener of registered ?? []) listener({ sender: 'the IPC event' }, file);
    expect(files).toEqual([file]);
    dispose();
    expect(registered?.size).toBe(0);
  });

  it('is what the renderer takes for the desktop bridge', () => {
    expect(desktopBridge({ [DESKTOP_BRIDGE_NAME]: bridge })).toBe(bridge);
    expect(desktopBridge({})).toBeUndefined();
    expect([fitsPage, fileReachesPage, pageFileIsContractFile, requestReachesMain, answerReachesPage, sameName]).toHaveLength(6);
  });
});
