/**
 * Server address, connection state (GET /version, polled), version and logging level.
 */
import type { MediatorApi, VersionInfo } from '../api/index.js';
import { ApiError, errorMessage } from '../api/index.js';
import { failed } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

/** `unauthorized`: the server answers, but wants a token this page does not have (or has wrong). */
export type Connection = 'connecting' | 'online' | 'offline' | 'unauthorized';

export interface StatusSlice {
  /** '' = the server that served this page. */
  readonly serverUrl: string;
  /** The server's API token, '' when it needs none. */
  readonly serverToken: string;
  readonly api: MediatorApi;
  readonly connection: Connection;
  readonly version: VersionInfo | undefined;
  readonly connectionError: string | undefined;
  readonly lastCheckedAt: number | undefined;
  readonly logLevel: string | undefined;
  readonly logLevelOp: Operation;
  /**
   * Counts the times the server came back after being unreachable: screens reload their lists
   * when it changes, so a restarted server never leaves "Failed to fetch" or false empty lists.
   */
  readonly reconnects: number;
  /** Connects to another server (or the page's own, '') with its token ('' = none); both are remembered. */
  setServer(url: string, token: string): void;
  checkServer(): Promise<void>;
  /** Polls GET /version; returns the disposer. */
  startStatusPolling(intervalMs?: number): () => void;
  loadLogLevel(): Promise<void>;
  setLogLevel(level: string): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends StatusSlice {}
}

/** How often an unreachable server is asked whether it is back. */
export const OFFLINE_POLL_MS = 1000;

export const SERVER_URL_KEY = 'mediator-workbench.serverUrl';
export const SERVER_TOKEN_KEY = 'mediator-workbench.serverToken';

export const createStatusSlice: SliceCreator<StatusSlice> = (set, get, deps) => {
  const initialUrl = deps.storage?.getItem(SERVER_URL_KEY) ?? '';
  const initialToken = deps.storage?.getItem(SERVER_TOKEN_KEY) ?? '';
  const now = deps.now ?? Date.now;
  return {
    serverUrl: initialUrl,
    serverToken: initialToken,
    api: deps.makeApi(initialUrl, initialToken),
    connection: 'connecting',
    version: undefined,
    connectionError: undefined,
    lastCheckedAt: undefined,
    logLevel: undefined,
    logLevelOp: IDLE,
    reconnects: 0,

    setServer(url, token) {
      const serverUrl = url.trim();
      const serverToken = token.trim();
      deps.storage?.setItem(SERVER_URL_KEY, serverUrl);
      deps.storage?.setItem(SERVER_TOKEN_KEY, serverToken);
      set({
        serverUrl,
        serverToken,
        api: deps.makeApi(serverUrl, serverToken),
        connection: 'connecting',
        version: undefined,
        connectionError: undefined,
        logLevel: undefined,
      });
      void get().checkServer();
    },

    async checkServer() {
      const api = get().api;
      try {
        const version = await api.getVersion();
        if (get().api !== api) return;
        const back = get().connection === 'offline';
        set((s) => ({ connection: 'online', version, connectionError: undefined, lastCheckedAt: now(), ...(back ? { reconnects: s.reconnects + 1 } : {}) }));
      } catch (error) {
        if (get().api !== api) return;
        const unauthorized = error instanceof ApiError && error.status === 401;
        set({ connection: unauthorized ? 'unauthorized' : 'offline', connectionError: errorMessage(error), lastCheckedAt: now() });
      }
    },

    startStatusPolling(intervalMs = 5000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopped = false;
      // While the server is unreachable it is asked every second, so its return is noticed at once.
      const tick = async () => {
        await get().checkServer();
        if (!stopped) timer = setTimeout(() => void tick(), get().connection === 'offline' ? Math.min(intervalMs, OFFLINE_POLL_MS) : intervalMs);
      };
      void tick();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
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
