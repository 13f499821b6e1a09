import { describe, expect, it } from 'vitest';
import { claimSingleInstance, focusWindow, type FocusableWindow, type InstanceLockApp } from './single-instance.js';

function fakeApp(gotLock: boolean) {
  const listeners: Array<() => void> = [];
  const app: InstanceLockApp = {
    requestSingleInstanceLock: () => gotLock,
    on: (_event, listener) => listeners.push(listener),
  };
  return { app, listeners };
}

function fakeWindow(state: { minimized?: boolean; visible?: boolean; destroyed?: boolean } = {}) {
  const calls: string[] = [];
  const window: FocusableWindow = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    isVisible: () => state.visible ?? true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
  return { window, calls };
}

describe('single instance', () => {
  it('a second instance quits before doing anything', () => {
    const { app, listeners } = fakeApp(false);
    expect(claimSingleInstance(app, () => {})).toBe('quit');
    expect(listeners).toEqual([]);
  });

  it('the first instance brings its window forward when another is launched', () => {
    const { app, listeners } = fakeApp(true);
    const { window, calls } = fakeWindow({ minimized: true, visible: false });
    expect(claimSingleInstance(app, () => focusWindow(window))).toBe('primary');
    expect(listeners).toHaveLength(1);
    listeners[0]!();
    expect(calls).toEqual(['restore', 'show', 'focus']);
  });

  it('only focuses a window that is already on screen', () => {
    const { window, calls } = fakeWindow();
    expect(focusWindow(window)).toBe(true);
    expect(calls).toEqual(['focus']);
  });

  it('does nothing without a live window', () => {
    expect(focusWindow(undefined)).toBe(false);
    const { window, calls } = fakeWindow({ destroyed: true });
    expect(focusWindow(window)).toBe(false);
    expect(calls).toEqual([]);
  });
});
