import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type MediatorApi } from '../api/index.js';
import { fakeApi } from './fake-api.test-support.js';
import { screenFromHash } from './navigation-slice.js';
import { SERVER_TOKEN_KEY, SERVER_URL_KEY } from './status-slice.js';
import { createWorkbenchStore } from './workbench-store.js';

afterEach(() => vi.useRealTimers());

describe('status slice', () => {
  it('polls /version and reports online, then offline with the reason', async () => {
    vi.useFakeTimers();
    let up = true;
    const store = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          getVersion: async () => {
            if (!up) throw new ApiError('Cannot reach the mediator', 0, 'NETWORK');
            return { name: 'mediator-workbench', version: '0.1.0', compatibleWith: 'ipsm-core 0.8.10' };
          },
        }),
    });
    expect(store.getState().connection).toBe('connecting');
    const dispose = store.getState().startStatusPolling(1000);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState()).toMatchObject({ connection: 'online', version: { version: '0.1.0' } });
    up = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getState()).toMatchObject({ connection: 'offline', connectionError: 'Cannot reach the mediator' });
    dispose();
  });

  it('remembers the server address and token and builds a new client for them', async () => {
    const storage = new Map<string, string>();
    const made: string[] = [];
    const deps = {
      makeApi: (url: string, token: string): MediatorApi => {
        made.push(`${url}|${token}`);
        return fakeApi({ getVersion: async () => ({ name: 'm', version: url, compatibleWith: 'ipsm-core 0.8.10' }) });
      },
      storage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
    };
    const store = createWorkbenchStore(deps);
    store.getState().setServer(' http://127.0.0.1:9999 ', ' s3cret ');
    expect(storage.get(SERVER_URL_KEY)).toBe('http://127.0.0.1:9999');
    expect(storage.get(SERVER_TOKEN_KEY)).toBe('s3cret');
    await vi.waitFor(() => expect(store.getState().version?.version).toBe('http://127.0.0.1:9999'));
    const again = createWorkbenchStore(deps).getState();
    expect([again.serverUrl, again.serverToken]).toEqual(['http://127.0.0.1:9999', 's3cret']);
    expect(made).toEqual(['|', 'http://127.0.0.1:9999|s3cret', 'http://127.0.0.1:9999|s3cret']);
  });

  it('says a token is needed when the server answers 401, and connects once it is given', async () => {
    const store = createWorkbenchStore({
      makeApi: (_url: string, token: string) =>
        fakeApi({
          getVersion: async () => {
            if (token !== 'right') throw new ApiError('This server requires a bearer token', 401, 'UNAUTHORIZED');
            return { name: 'mediator-workbench', version: '1', compatibleWith: 'ipsm-core 0.8.10' };
          },
        }),
    });
    await store.getState().checkServer();
    expect(store.getState().connection).toBe('unauthorized');
    expect(store.getState().connectionError).toContain('bearer token');
    store.getState().setServer('', 'right');
    await vi.waitFor(() => expect(store.getState().connection).toBe('online'));
  });

  it('reads and sets the logging level, keeping the server message on failure', async () => {
    let level = 'INFO';
    const store = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          getLogLevel: async () => level,
          setLogLevel: async (l) => {
            if (l === 'LOUD') throw new ApiError('Unknown logging level LOUD', 400, 'BAD_REQUEST');
            level = l;
            return l;
          },
        }),
    });
    await store.getState().loadLogLevel();
    expect(store.getState().logLevel).toBe('INFO');
    await store.getState().setLogLevel('DEBUG');
    expect(store.getState().logLevel).toBe('DEBUG');
    await store.getState().setLogLevel('LOUD');
    expect(store.getState().logLevelOp).toEqual({ state: 'failed', message: 'Unknown logging level LOUD' });
    expect(store.getState().logLevel).toBe('DEBUG');
  });

  it('maps location hashes to screens', () => {
    expect(screenFromHash('#/translate')).toBe('translate');
    expect(screenFromHash('#channels')).toBe('channels');
    expect(screenFromHash('#/nope')).toBeUndefined();
  });
});
