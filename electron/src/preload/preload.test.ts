/**
 * The preload, run here with a fake `electron` module (the binary is not needed): it exposes exactly
 * the declared bridge under the declared name, each method uses its contract channel, and a file
 * subscription hands the listener the payload only and is removed by its disposer.
 * The page takes the bridge's name and types from the same contract
 * (renderer/src/ui/desktop-bridge.ts), so the two sides cannot drift apart.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_NAME, IpcChannels, type MediatorDesktopBridge, type OpenedFile, type SaveFileRequest } from '../common/ipc-contract.js';

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
});
