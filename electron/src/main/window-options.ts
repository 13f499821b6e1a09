/**
 * The main window's options. The page is untrusted content as far as Electron is concerned: it runs
 * isolated and sandboxed without Node, and reaches main only through the preload's typed bridge
 * (Electron security checklist, items 2-4, 6, 8-9, 12).
 */
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowSettings {
  /** Absolute path of the built preload (`dist/preload/preload.cjs`). */
  readonly preloadPath: string;
  readonly title: string;
  /** Window icon (Linux and Windows; macOS takes the app bundle's). */
  readonly iconPath?: string;
}

export function mainWindowOptions(settings: WindowSettings): BrowserWindowConstructorOptions {
  return {
    title: settings.title,
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    // Shown on 'ready-to-show', so the window does not flash white before the UI paints.
    show: false,
    backgroundColor: '#1e1e1e',
    ...(settings.iconPath === undefined ? {} : { icon: settings.iconPath }),
    webPreferences: {
      preload: settings.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // A file dropped on the window goes to the page's drop handler, never becomes a navigation.
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}
