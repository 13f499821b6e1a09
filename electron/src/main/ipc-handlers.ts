/**
 * The IPC handlers of `IpcInvokeContract`. Each one checks its sender, validates the request (it
 * arrives as `unknown`) and hands over to a service; no business logic lives here.
 */
import {
  INVOKE_CHANNELS,
  IpcChannels,
  ipcFail,
  ipcOk,
  parseOpenFileRequest,
  parseSaveFileRequest,
  type AppInfo,
  type EventChannel,
  type InvokeChannel,
  type IpcEventContract,
  type InvokeResponse,
} from '../common/ipc-contract.js';
import type { FileService } from './file-service.js';
import { checkSender, type IpcSenderEventLike, type TrustedSender } from './sender-check.js';

/** The parts of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcServices {
  readonly files: FileService;
  appInfo(): AppInfo;
}

type Handlers = { readonly [C in InvokeChannel]: (request: unknown) => Promise<InvokeResponse<C>> };

export function ipcHandlers(services: IpcServices): Handlers {
  return {
    [IpcChannels.openFile]: async (request) => {
      const parsed = parseOpenFileRequest(request);
      return parsed ? services.files.open(parsed.kind) : ipcFail('INVALID_REQUEST', 'Expected { kind: "alignment" | "message" }');
    },
    [IpcChannels.saveFile]: async (request) => {
      const parsed = parseSaveFileRequest(request);
      return parsed ? services.files.save(parsed) : ipcFail('INVALID_REQUEST', 'Expected { suggestedName: string, text: string }');
    },
    [IpcChannels.appInfo]: async () => ipcOk(services.appInfo()),
  };
}

/** Registers every handler behind the sender check; returns a disposer that removes them. */
export function registerIpcHandlers(ipcMain: IpcMainLike, trusted: TrustedSender, services: IpcServices, report: (message: string) => void): () => void {
  const handlers = ipcHandlers(services);
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, request) => {
      const verdict = checkSender(event, trusted);
      if (!verdict.trusted) {
        report(`Refused IPC ${channel}: ${verdict.reason}`);
        return ipcFail('SENDER_REFUSED', 'This page may not use the desktop bridge');
      }
      return handlers[channel](request);
    });
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}

/** The part of a webContents that receives events. */
export interface EventReceiver {
  send(channel: string, ...args: unknown[]): void;
}

/** Sends a main -> renderer event of the contract, payload type-checked against its channel. */
export function sendEvent<C extends EventChannel>(target: EventReceiver, channel: C, payload: IpcEventContract[C]): void {
  target.send(channel, payload);
}
