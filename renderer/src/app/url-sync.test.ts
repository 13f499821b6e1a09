import { describe, expect, it } from 'vitest';
import { storeWith } from '../store/fake-api.test-support.js';
import { syncUrl, type UrlTarget } from './url-sync.js';

/** A window's location and history as far as url-sync uses them; hashchange is fired by the test. */
function fakeWindow(hash: string) {
  const listeners = new Set<() => void>();
  const target: UrlTarget & { location: { hash: string }; fire(): void; setHash(h: string): void } = {
    location: { hash },
    history: {
      replaceState: (_data, _unused, url) => {
        target.location.hash = url;
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    fire: () => listeners.forEach((l) => l()),
    // The browser changes the hash at once and fires hashchange later, as a task.
    setHash: (h) => {
      target.location.hash = h;
    },
  };
  return target;
}

describe('url sync', () => {
  it('applies the URL on start and writes the screen back when the state moves', () => {
    const store = storeWith({});
    const win = fakeWindow('#/channels');
    const stop = syncUrl(store, win);
    expect(store.getState().screen).toBe('channels');
    store.getState().navigate('suites');
    expect(win.location.hash).toBe('#/suites');
    stop();
  });

  it('a state change between a new URL and its hashchange event does not write the old screen back', () => {
    const store = storeWith({});
    const win = fakeWindow('#/api-history');
    syncUrl(store, win);
    expect(store.getState().screen).toBe('api-history');
    win.setHash('#/bridge');
    // Something unrelated lands first (a list arriving, a status poll).
    store.getState().setDownloadOp({ state: 'done', message: 'Saved a.rdf' });
    expect(win.location.hash).toBe('#/bridge');
    expect(store.getState().screen).toBe('bridge');
    win.fire();
    expect(store.getState().screen).toBe('bridge');
    expect(win.location.hash).toBe('#/bridge');
  });

  it('an unknown hash is replaced by the current screen', () => {
    const store = storeWith({});
    const win = fakeWindow('#/translate');
    syncUrl(store, win);
    win.setHash('#/nowhere');
    win.fire();
    expect(store.getState().screen).toBe('translate');
    expect(win.location.hash).toBe('#/translate');
  });
});
