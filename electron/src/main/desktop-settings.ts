/**
 * Where things are and what the dialogs say, computed from plain inputs (environment, Electron's
 * paths) so it is tested without Electron.
 */
import { join } from 'node:path';
import type { AppInfo } from '../common/ipc-contract.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './port-choice.js';

export const APP_NAME = 'Mediator Workbench';

export interface DesktopSettings {
  /** Always loopback: the window, the CSP and the sender checks assume a local server. */
  readonly host: string;
  readonly port: number;
  /** The server's data folder (`mediator.db`). */
  readonly dataDir: string;
  /** The built UI, or undefined to let the server find renderer/dist of the repository. */
  readonly uiDir: string | undefined;
}

export interface SettingsInputs {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `app.getPath('userData')`. */
  readonly userDataDir: string;
  readonly isPackaged: boolean;
  /** `app.getAppPath()`: the app.asar when packaged. */
  readonly appPath: string;
}

/**
 * Port 8888 and data in Electron's userData folder, unless `MEDIATOR_PORT` / `MEDIATOR_DATA_DIR`
 * say otherwise (the same variables as `mediator serve`; tests use them for a fresh data folder).
 */
export function desktopSettings(inputs: SettingsInputs): DesktopSettings {
  const rawPort = inputs.env['MEDIATOR_PORT'];
  const port = rawPort !== undefined && /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : DEFAULT_PORT;
  const dataDir = inputs.env['MEDIATOR_DATA_DIR'] || inputs.userDataDir;
  // Packaged, electron-builder copies renderer/dist to <app.asar>/renderer (electron-builder.yml).
  const uiDir = inputs.isPackaged ? join(inputs.appPath, 'renderer') : undefined;
  return { host: DEFAULT_HOST, port, dataDir, uiDir };
}

/**
 * userData under the product name, also when started as `electron path/to/main.js` (where Electron
 * would call the app "Electron"), unless `--user-data-dir` names another folder (tests do).
 */
export function userDataDir(appDataDir: string, userDataSwitch?: string): string {
  return userDataSwitch ? userDataSwitch : join(appDataDir, APP_NAME);
}

export interface Versions {
  readonly electron?: string | undefined;
  readonly chrome?: string | undefined;
  readonly node?: string | undefined;
}

export function aboutDialog(info: AppInfo, versions: Versions): { title: string; message: string; detail: string } {
  const lines = [
    `Version ${info.appVersion} (mediator ${info.mediatorVersion})`,
    info.ownsServer ? `Server: ${info.serverUrl}` : `Connected to the mediator at ${info.serverUrl}`,
    `Data folder: ${info.dataDir ?? 'kept by the mediator this app connected to'}`,
    '',
    `Electron ${versions.electron ?? '?'}, Chromium ${versions.chrome ?? '?'}, Node.js ${versions.node ?? '?'}`,
  ];
  return { title: `About ${APP_NAME}`, message: APP_NAME, detail: lines.join('\n') };
}

/**
 * What to tell the user when the server cannot start. The usual cause in development is
 * better-sqlite3 built for Node's ABI rather than Electron's.
 */
export function explainStartupError(error: unknown): { message: string; detail: string } {
  const text = error instanceof Error ? error.message : String(error);
  if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(text)) {
    return {
      message: 'The database module is built for Node.js, not for Electron.',
      detail:
        'Rebuild better-sqlite3 for Electron (npx electron-builder install-app-deps), then start again. ' +
        '`npm rebuild better-sqlite3` builds it back for Node.js (tests, CLI).\n\n' +
        text,
    };
  }
  return { message: 'The mediator server could not start.', detail: text };
}
