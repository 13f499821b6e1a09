/**
 * The application menu: File (open alignment / message), the standard Edit, View and Window menus
 * built from Electron roles, and Help. Actions come in as callbacks, so the template is plain data.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openAlignment(): void;
  openMessage(): void;
  showAbout(): void;
  /** Opens the server's Swagger UI in the system browser. */
  openApiDocs(): void;
  /** Shows the data folder in the file manager (absent when connected to another mediator). */
  openDataFolder?: () => void;
}

export interface MenuSettings {
  readonly appName: string;
  readonly platform: NodeJS.Platform;
  /** Developer tools only in development builds. */
  readonly devTools: boolean;
}

export const ACCELERATORS = {
  openAlignment: 'CmdOrCtrl+O',
  openMessage: 'CmdOrCtrl+Shift+O',
} as const;

export function menuTemplate(settings: MenuSettings, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = settings.platform === 'darwin';
  const about: MenuItemConstructorOptions = { id: 'about', label: `About ${settings.appName}`, click: () => actions.showAbout() };

  const appMenu = mac ? [macAppMenu(settings.appName, about)] : [];

  const file: MenuItemConstructorOptions = {
    id: 'file',
    label: '&File',
    submenu: [
      { id: 'open-alignment', label: 'Open alignment...', accelerator: ACCELERATORS.openAlignment, click: () => actions.openAlignment() },
      { id: 'open-message', label: 'Open message...', accelerator: ACCELERATORS.openMessage, click: () => actions.openMessage() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const edit = editMenu();

  const view: MenuItemConstructorOptions = {
    id: 'view',
    label: '&View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      ...(settings.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = {
    id: 'window',
    role: 'windowMenu',
  };

  const help: MenuItemConstructorOptions = {
    id: 'help',
    role: 'help',
    submenu: [
      { id: 'api-docs', label: 'REST API Documentation', click: () => actions.openApiDocs() },
      ...(actions.openDataFolder === undefined ? [] : [{ id: 'data-folder', label: 'Show Data Folder', click: () => actions.openDataFolder?.() }]),
      ...(mac ? [] : [{ type: 'separator' } as const, about]),
    ],
  };

  return [...appMenu, file, edit, view, windowMenu, help];
}

/** The application menu macOS puts first, named after the app. */
function macAppMenu(appName: string, about: MenuItemConstructorOptions): MenuItemConstructorOptions {
  return {
    label: appName,
    submenu: [
      about,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
}

/** The standard Edit menu, from Electron's roles (a fresh object per template). */
function editMenu(): MenuItemConstructorOptions {
  return {
    id: 'edit',
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };
}
