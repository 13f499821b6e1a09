/** The server's default data directory (sqlite-store.ts re-exports it). */
import { homedir } from 'node:os';
import path from 'node:path';

const APP_FOLDER = 'mediator-workbench';

/**
 * Per-user application data folder for the server's default data directory: Linux (and other
 * Unixes) `$XDG_DATA_HOME` (if absolute, as the XDG spec requires) or `~/.local/share`, macOS
 * `~/Library/Application Support`, Windows `%APPDATA%` (or `~\AppData\Roaming`); subfolder
 * `mediator-workbench`. Paths use the target platform's separators.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    const base = appData !== undefined && appData !== '' ? appData : path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(base, APP_FOLDER);
  }
  if (platform === 'darwin') {
    return path.posix.join(home, 'Library', 'Application Support', APP_FOLDER);
  }
  const xdg = env['XDG_DATA_HOME'];
  const base = xdg !== undefined && xdg !== '' && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, '.local', 'share');
  return path.posix.join(base, APP_FOLDER);
}
