import { describe, expect, it } from 'vitest';
import { fakeApi } from './fake-api.test-support.js';
import { screenFromHash } from './navigation-slice.js';
import { createWorkbenchStore } from './workbench-store.js';

describe('navigation slice', () => {
  it('reads the screen from the hash', () => {
    expect(screenFromHash('#/translate')).toBe('translate');
    expect(screenFromHash('#channels/3')).toBe('channels');
    expect(screenFromHash('#/nowhere')).toBeUndefined();
  });

  it("keeps a download's outcome on its screen and drops it when the screen changes", () => {
    const store = createWorkbenchStore({ makeApi: () => fakeApi({}) });
    expect(store.getState().downloadOp).toEqual({ state: 'idle' });
    store.getState().setDownloadOp({ state: 'done', message: 'Saved a.rdf' });
    store.getState().navigate('alignments');
    expect(store.getState().downloadOp).toEqual({ state: 'done', message: 'Saved a.rdf' });
    store.getState().navigate('translate');
    expect(store.getState()).toMatchObject({ screen: 'translate', downloadOp: { state: 'idle' } });
  });
});
