import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from './window-options.js';

describe('mainWindowOptions', () => {
  const options = mainWindowOptions({ preloadPath: '/app/dist/preload/preload.cjs', title: 'Mediator Workbench' });
  const prefs = options.webPreferences ?? {};

  it('isolates and sandboxes the page, without Node', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and the risky features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
  });

  it('loads the CommonJS preload and shows the window only once painted', () => {
    expect(prefs.preload).toBe('/app/dist/preload/preload.cjs');
    expect(options.show).toBe(false);
    expect(options.title).toBe('Mediator Workbench');
    expect(options).not.toHaveProperty('icon');
    expect(mainWindowOptions({ preloadPath: '/p.cjs', title: 't', iconPath: '/icon.png' }).icon).toBe('/icon.png');
  });
});
