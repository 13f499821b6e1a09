/**
 * One app per user: a second launch hands over to the first, which brings its window forward. Two
 * instances would fight over port 8888 and the same SQLite file.
 */

/** The parts of Electron's `app` the lock needs. */
export interface InstanceLockApp {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** The parts of a `BrowserWindow` needed to bring it forward. */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export type InstanceDecision = 'primary' | 'quit';

/**
 * Takes the lock. The primary instance registers `onSecondInstance`; a second instance gets 'quit'
 * and must exit before starting anything (Electron has already told the primary).
 */
export function claimSingleInstance(app: InstanceLockApp, onSecondInstance: () => void): InstanceDecision {
  if (!app.requestSingleInstanceLock()) return 'quit';
  app.on('second-instance', onSecondInstance);
  return 'primary';
}

/** Restores, shows and focuses the window; false when there is no window to bring forward. */
export function focusWindow(window: FocusableWindow | undefined): boolean {
  if (window === undefined || window.isDestroyed()) return false;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
  return true;
}
