/**
 * Electron main process: wiring only. It starts (or finds) the mediator server, opens the window on
 * the server's URL and connects menus, IPC and policies; every decision lives in a module beside
 * this one that takes its Electron dependencies as parameters and is tested without Electron.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, session, shell, type MessageBoxOptions } from 'electron';
import type { AppInfo } from '../common/ipc-contract.js';
import { aboutDialog, APP_NAME, desktopSettings, explainStartupError, userDataDir } from './desktop-settings.js';
import { createFileService, type FileService } from './file-service.js';
import { registerIpcHandlers } from './ipc-handlers.js';
import { fileMenuActions } from './menu-file-open.js';
import { menuTemplate } from './menu-template.js';
import { chooseServer, choiceAt, conflictDialog, probeMediator, type MediatorConnection } from './port-choice.js';
import { createShutdown } from './shutdown.js';
import { claimSingleInstance, focusWindow } from './single-instance.js';
import { guardUnload } from './unload-guard.js';
import { mainWindowOptions } from './window-options.js';
import { guardContents, guardSession } from './window-policies.js';

const here = dirname(fileURLToPath(import.meta.url));
/** dist/main/main.js -> dist/preload/preload.cjs, inside app.asar too. */
const preloadPath = join(here, '../preload/preload.cjs');
/** electron/package.json in development, the packaged app's package.json in app.asar. */
const packageJsonPath = join(here, '../../package.json');

let mainWindow: BrowserWindow | undefined;

function report(message: string, error?: unknown): void {
  console.error(`[mediator-desktop] ${message}`, ...(error === undefined ? [] : [error]));
}

// Its 'will-quit' listener is registered below, before the server starts (shutdown.ts), so that a
// quit during start-up still closes the server cleanly once it is up.
const shutdown = createShutdown({ quit: () => app.quit(), report });

async function showMessage(options: MessageBoxOptions): Promise<number> {
  const { response } = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
  return response;
}

async function appVersion(): Promise<string> {
  try {
    const { version } = JSON.parse(await readFile(packageJsonPath, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : app.getVersion();
  } catch {
    return app.getVersion();
  }
}

type Connected = { connection: MediatorConnection; mediatorVersion: string };

async function connect(settings: ReturnType<typeof desktopSettings>): Promise<Connected> {
  // Imported here, not at the top, so a native-module mismatch becomes a dialog, not a silent crash.
  const core = await import('@mediator/core/node');
  const connection = await chooseServer(
    { host: settings.host, port: settings.port },
    {
      start: (port) => core.startServer({ host: settings.host, port, dataDir: settings.dataDir, ...(settings.uiDir ? { uiDir: settings.uiDir } : {}) }),
      probe: (url) => probeMediator(url),
      ask: async (conflict) => {
        const spec = conflictDialog(conflict);
        const { choices: _choices, ...options } = spec;
        return choiceAt(spec, await showMessage(options));
      },
    },
  );
  return { connection, mediatorVersion: connection.kind === 'external' ? connection.mediatorVersion : core.VERSION };
}

function fileService(): FileService {
  return createFileService({
    dialogs: {
      showOpen: async ({ title, filters }) => {
        const options = { title, filters, properties: ['openFile' as const] };
        const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
        return result.canceled ? undefined : result.filePaths[0];
      },
      showSave: async ({ title, defaultPath, filters }) => {
        const options = { title, defaultPath, filters };
        const result = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
        return result.canceled ? undefined : result.filePath;
      },
    },
    files: {
      stat: (path) => stat(path),
      readFile: (path) => readFile(path),
      writeFile: (path, text, encoding) => writeFile(path, text, encoding),
    },
    downloadsDir: () => app.getPath('downloads'),
  });
}

async function run(): Promise<void> {
  await app.whenReady();
  if (shutdown.quitRequested) return;
  const settings = desktopSettings({ env: process.env, userDataDir: app.getPath('userData'), isPackaged: app.isPackaged, appPath: app.getAppPath() });

  let connected: Connected;
  try {
    const starting = connect(settings);
    shutdown.track(starting.then(({ connection }) => (connection.kind === 'owned' ? () => connection.server.close() : undefined)));
    connected = await starting;
  } catch (error) {
    const { message, detail } = explainStartupError(error);
    report(message, error);
    dialog.showErrorBox(message, detail);
    app.exit(1);
    return;
  }
  const { connection, mediatorVersion } = connected;
  if (connection.kind === 'quit') {
    app.quit();
    return;
  }
  // Quit while starting: the shutdown closes the server; no window is opened for it.
  if (shutdown.quitRequested) return;

  const owned = connection.kind === 'owned';

  const serverOrigin = new URL(connection.url).origin;
  const info: AppInfo = {
    appVersion: await appVersion(),
    mediatorVersion,
    dataDir: owned ? settings.dataDir : null,
    serverUrl: serverOrigin,
    ownsServer: owned,
  };

  guardSession(session.defaultSession, { serverOrigin });
  const openExternal = (url: string): void => {
    shell.openExternal(url).catch((error: unknown) => report(`Could not open ${url}`, error));
  };
  app.on('web-contents-created', (_event, contents) => guardContents(contents, { serverOrigin, openExternal, report }));

  const files = fileService();
  registerIpcHandlers(ipcMain, { origin: serverOrigin, webContents: () => mainWindow?.webContents }, { files, appInfo: () => info }, report);

  const fileMenu = fileMenuActions({
    files,
    serverOrigin,
    target: () => mainWindow?.webContents,
    showError: (message, detail) => void showMessage({ type: 'error', buttons: ['OK'], message, detail }),
    report,
  });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate(
        { appName: APP_NAME, platform: process.platform, devTools: !app.isPackaged },
        {
          ...fileMenu,
          showAbout: () => void showMessage({ type: 'info', buttons: ['OK'], ...aboutDialog(info, process.versions) }),
          openApiDocs: () => openExternal(`${serverOrigin}/swagger/`),
          ...(owned ? { openDataFolder: () => void shell.openPath(settings.dataDir) } : {}),
        },
      ),
    ),
  );

  const createWindow = (): void => {
    const window = new BrowserWindow(
      mainWindowOptions({
        preloadPath,
        title: APP_NAME,
        ...(app.isPackaged ? {} : { iconPath: join(here, '../../build/icon.png') }),
      }),
    );
    mainWindow = window;
    window.once('ready-to-show', () => window.show());
    window.webContents.once('did-fail-load', () => window.show());
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    // Unsaved editor edits: close, quit and reload ask first (unload-guard.ts). Synchronous because
    // Electron reads the decision from preventDefault() during the event.
    // eslint-disable-next-line no-restricted-syntax -- the one synchronous call Electron needs (above)
    guardUnload(window.webContents, (options) => dialog.showMessageBoxSync(window, options));
    window.loadURL(`${serverOrigin}/`).catch((error: unknown) => report(`Could not load ${serverOrigin}/`, error));
  };

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  createWindow();
}

// Before 'ready', so that the single-instance lock and the data folder use it (desktop-settings.ts).
app.setName(APP_NAME);
app.setPath('userData', userDataDir(app.getPath('appData'), app.commandLine.getSwitchValue('user-data-dir')));

if (claimSingleInstance(app, () => focusWindow(mainWindow)) === 'quit') {
  app.quit();
} else {
  app.on('will-quit', (event) => shutdown.onWillQuit(event));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  run().catch((error: unknown) => {
    report('The desktop app failed to start', error);
    dialog.showErrorBox('Mediator Workbench failed to start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });
}
