/**
 * The preload: exposes `window.mediatorDesktop` (`MediatorDesktopBridge`) to the page and nothing
 * else; never `ipcRenderer` itself, never the IPC event (its `sender` would reach into Electron).
 *
 * It is a `.cts` file because a sandboxed preload must be CommonJS, and it stands alone because a
 * sandboxed preload may `require` only `electron` and a few built-ins, not its own files. The
 * contract is therefore imported for types only, and the channel literals below are type-checked
 * against it (`InvokeChannel`, `EventChannel`).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type {
  BRIDGE_NAME,
  EventChannel,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcEventContract,
  MediatorDesktopBridge,
} from '../common/ipc-contract.js';

function invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>> {
  return ipcRenderer.invoke(channel, request) as Promise<InvokeResponse<C>>;
}

function subscribe<C extends EventChannel>(channel: C, listener: (payload: IpcEventContract[C]) => void): () => void {
  const handler = (_event: IpcRendererEvent, payload: IpcEventContract[C]): void => listener(payload);
  ipcRenderer.on(channel, handler);
  return () => {
    ipcRenderer.removeListener(channel, handler);
  };
}

const bridge: MediatorDesktopBridge = {
  isDesktop: true,
  openFile: (kind) => invoke('mediator:open-file', { kind }),
  saveFile: (request) => invoke('mediator:save-file', { suggestedName: request.suggestedName, text: request.text }),
  appInfo: () => invoke('mediator:app-info', null),
  onOpenFile: (listener) => subscribe('mediator:file-opened', listener),
};

const bridgeName: typeof BRIDGE_NAME = 'mediatorDesktop';
contextBridge.exposeInMainWorld(bridgeName, bridge);
