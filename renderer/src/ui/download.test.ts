// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge, DesktopResult, DesktopSaveOutcome, DesktopSaveRequest } from './desktop-bridge.js';
import { downloadText, onSaveResult, saveOperation, saveText, type SaveResult } from './download.js';

/** A bridge whose save dialog answers `answer`; records the requests. */
function fakeBridge(answer: () => Promise<DesktopResult<DesktopSaveOutcome>>) {
  const requests: DesktopSaveRequest[] = [];
  const bridge: DesktopBridge = {
    isDesktop: true,
    saveFile: async (request) => (requests.push(request), answer()),
    onOpenFile: () => () => undefined,
  };
  return { bridge, requests };
}

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:fake');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'mediatorDesktop');
});

describe('saveText', () => {
  it('in a browser, downloads through an <a download> link, as before', async () => {
    expect(await saveText('CO_FIWARE-1.0.rdf', '<rdf:RDF/>', 'application/rdf+xml', undefined)).toEqual({ state: 'downloaded' });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('CO_FIWARE-1.0.rdf');
    expect(clicked[0]?.href).toBe('blob:fake');
    expect(clicked[0]?.isConnected).toBe(false);
  });

  it('in the desktop app, asks the app to save (native dialog) and downloads nothing', async () => {
    const { bridge, requests } = fakeBridge(async () => ({ ok: true, value: { saved: true, name: 'mine.rdf' } }));
    expect(await saveText('CO_FIWARE-1.0.rdf', '<rdf:RDF/>', 'application/rdf+xml', bridge)).toEqual({ state: 'saved', name: 'mine.rdf' });
    expect(requests).toEqual([{ suggestedName: 'CO_FIWARE-1.0.rdf', text: '<rdf:RDF/>' }]);
    expect(clicked).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it.each<[string, () => Promise<DesktopResult<DesktopSaveOutcome>>, SaveResult]>([
    ['a cancelled dialog', async () => ({ ok: true, value: { saved: false } }), { state: 'cancelled' }],
    [
      'a failed write',
      async () => ({ ok: false, error: { code: 'WRITE_FAILED', message: 'Could not write a.ttl: EACCES' } }),
      { state: 'failed', message: 'Could not write a.ttl: EACCES' },
    ],
    ['a broken bridge', () => Promise.reject(new Error('No handler registered')), { state: 'failed', message: 'Could not save a.ttl: No handler registered' }],
  ])('reports %s', async (_, answer, expected) => {
    expect(await saveText('a.ttl', 'x', 'text/turtle', fakeBridge(answer).bridge)).toEqual(expected);
    expect(clicked).toEqual([]);
  });
});

describe('downloadText', () => {
  it('finds the bridge on window, and tells the listeners until they unsubscribe', async () => {
    const { bridge, requests } = fakeBridge(async () => ({ ok: true, value: { saved: true, name: 'out.rdf' } }));
    Reflect.set(window, 'mediatorDesktop', bridge);
    const seen: SaveResult[] = [];
    const dispose = onSaveResult((result) => seen.push(result));
    await downloadText('out.rdf', '<x/>', 'application/rdf+xml');
    expect(requests).toHaveLength(1);
    expect(seen).toEqual([{ state: 'saved', name: 'out.rdf' }]);
    dispose();
    await downloadText('out.rdf', '<x/>', 'application/rdf+xml');
    expect(seen).toHaveLength(1);
  });

  it('without a bridge on window, downloads through the browser', async () => {
    const seen: SaveResult[] = [];
    const dispose = onSaveResult((result) => seen.push(result));
    await downloadText('out.rdf', '<x/>', 'application/rdf+xml');
    expect(clicked).toHaveLength(1);
    expect(seen).toEqual([{ state: 'downloaded' }]);
    dispose();
  });
});

describe('saveOperation', () => {
  it('shows saves, cancels and failures as operations, and nothing for a browser download', () => {
    expect(saveOperation({ state: 'downloaded' })).toEqual({ state: 'idle' });
    expect(saveOperation({ state: 'saved', name: 'a.rdf' })).toEqual({ state: 'done', message: 'Saved a.rdf' });
    expect(saveOperation({ state: 'cancelled' })).toEqual({ state: 'done', message: 'Not saved: the save was cancelled' });
    expect(saveOperation({ state: 'failed', message: 'disk full' })).toEqual({ state: 'failed', message: 'disk full' });
  });
});
