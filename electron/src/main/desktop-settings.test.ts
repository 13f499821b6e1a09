import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../common/ipc-contract.js';
import { aboutDialog, desktopSettings, explainStartupError, userDataDir } from './desktop-settings.js';

const base = { env: {}, userDataDir: '/home/u/.config/Mediator Workbench', isPackaged: false, appPath: '/repo/electron' };

describe('desktopSettings', () => {
  it('defaults to 127.0.0.1:8888 with data in the userData folder', () => {
    expect(desktopSettings(base)).toEqual({ host: '127.0.0.1', port: 8888, dataDir: base.userDataDir, uiDir: undefined });
  });

  it('honours MEDIATOR_PORT and MEDIATOR_DATA_DIR like `mediator serve`, ignoring nonsense', () => {
    expect(desktopSettings({ ...base, env: { MEDIATOR_PORT: '9000', MEDIATOR_DATA_DIR: '/tmp/d' } })).toMatchObject({ port: 9000, dataDir: '/tmp/d' });
    for (const bad of ['', 'abc', '-1', '70000', '88.8']) expect(desktopSettings({ ...base, env: { MEDIATOR_PORT: bad } }).port).toBe(8888);
    expect(desktopSettings({ ...base, env: { MEDIATOR_HOST: '0.0.0.0' } }).host).toBe('127.0.0.1');
  });

  it('serves the UI packaged beside the app when packaged', () => {
    expect(desktopSettings({ ...base, isPackaged: true, appPath: '/opt/app/resources/app.asar' }).uiDir).toBe(join('/opt/app/resources/app.asar', 'renderer'));
  });

  it('names the userData folder after the product, unless --user-data-dir says otherwise', () => {
    expect(userDataDir('/home/u/.config')).toBe(join('/home/u/.config', 'Mediator Workbench'));
    expect(userDataDir('/home/u/.config', '')).toBe(join('/home/u/.config', 'Mediator Workbench'));
    expect(userDataDir('/home/u/.config', '/tmp/profile')).toBe('/tmp/profile');
  });
});

describe('dialog texts', () => {
  const info: AppInfo = { appVersion: '0.1.0', mediatorVersion: '0.1.0', dataDir: '/data', serverUrl: 'http://127.0.0.1:8888', ownsServer: true };

  it('About shows versions, server and data folder', () => {
    const about = aboutDialog(info, { electron: '41.7.1', chrome: '146', node: '24' });
    expect(about.detail).toContain('Version 0.1.0');
    expect(about.detail).toContain('http://127.0.0.1:8888');
    expect(about.detail).toContain('/data');
    expect(about.detail).toContain('Electron 41.7.1');
    expect(aboutDialog({ ...info, dataDir: null, ownsServer: false }, {}).detail).toContain('Connected to the mediator');
  });

  it('explains a native module built for the wrong runtime', () => {
    const error = new Error(
      "The module 'better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 145.",
    );
    expect(explainStartupError(error).detail).toContain('install-app-deps');
    expect(explainStartupError(new Error('disk full'))).toEqual({ message: 'The mediator server could not start.', detail: 'disk full' });
  });
});
