/**
 * Server address, connection state (GET /version, polled), version and logging level.
 */
import type { MediatorApi, VersionInfo } from '../api/index.js';
import { errorMessage } from '../api/index.js';
import { failed } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export type Connection = 'connecting' | 'online' | 'offline';

export interface StatusSlice {
  /** '' = the server that served this page. */
  readonly serverUrl: string;
  readonly api: MediatorApi;
  readonly connection: Connection;
  readonly version: VersionInfo | undefined;
  readonly connectionError: string | undefined;
  readonly lastCheckedAt: number | undefined;
  readonly logLevel: string | undefined;
  readonly logLevelOp: Operation;
  setServerUrl(url: string): void;
  checkServer(): Promise<void>;
  /** Polls GET /version; returns the disposer. */
  startStatusPolling(intervalMs?: number): () => void;
  loadLogLevel(): Promise<void>;
  setLogLevel(level: string): Promise<void>;
}

export const SERVER_URL_KEY = 'mediator-workbench.serverUrl';

export const createStatusSlice: SliceCreator<StatusSlice> = (set, get, deps) => {
  const initialUrl = deps.storage?.getItem(SERVER_URL_KEY) ?? '';
  const now = deps.now ?? Date.now;
  return {
    serverUrl: initialUrl,
    api: deps.makeApi(initialUrl),
    connection: 'connecting',
    version: undefined,
    connectionError: undefined,
    lastCheckedAt: undefined,
    logLevel: undefined,
    logLevelOp: IDLE,

    setServerUrl(url) {
      const serverUrl = url.trim();
      deps.storage?.setItem(SERVER_URL_KEY, serverUrl);
      set({ serverUrl, api: deps.makeApi(serverUrl), connection: 'connecting', version: undefined, connectionError: undefined });
      void get().checkServer();
    },

    async checkServer() {
      const api = get().api;
      try {
        const version = await api.getVersion();
        if (get().api !== api) return;
        set({ connection: 'online', version, connectionError: undefined, lastCheckedAt: now() });
      } catch (error) {
        if (get().api !== api) return;
        set({ connection: 'offline', connectionError: errorMessage(error), lastCheckedAt: now() });
      }
    },

    startStatusPolling(intervalMs = 5000) {
      void get().checkServer();
      const timer = setInterval(() => void get().checkServer(), intervalMs);
      return () => clearInterval(timer);
    },

    async loadLogLevel() {
      set({ logLevelOp: { state: 'running' } });
      try {
        const logLevel = await get().api.getLogLevel();
        set({ logLevel, logLevelOp: IDLE });
      } catch (error) {
        set({ logLevelOp: failed(error) });
      }
    },

    async setLogLevel(level) {
      set({ logLevelOp: { state: 'running' } });
      try {
        const logLevel = await get().api.setLogLevel(level);
        set({ logLevel, logLevelOp: { state: 'done', message: `Logging level set to ${logLevel}` } });
      } catch (error) {
        set({ logLevelOp: failed(error) });
      }
    },
  };
};
