import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuActions } from './menu-template.js';

function actions() {
  const called: string[] = [];
  const value: Required<MenuActions> = {
    openAlignment: () => called.push('openAlignment'),
    openMessage: () => called.push('openMessage'),
    showAbout: () => called.push('showAbout'),
    openApiDocs: () => called.push('openApiDocs'),
    openDataFolder: () => called.push('openDataFolder'),
  };
  return { called, value };
}

function submenu(item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] {
  const items = item?.submenu;
  if (!Array.isArray(items)) throw new Error(`no submenu in ${item?.label ?? item?.role}`);
  return items;
}

function click(item: MenuItemConstructorOptions | undefined): void {
  // A menu item's click receives (menuItem, window, event); the template's handlers use none of them.
  (item?.click as (() => void) | undefined)?.();
}

const linux = { appName: 'Mediator Workbench', platform: 'linux' as const, devTools: false };

describe('menuTemplate', () => {
  it('has File, Edit, View, Window and Help on Windows and Linux', () => {
    const template = menuTemplate(linux, actions().value);
    expect(template.map((item) => item.id)).toEqual(['file', 'edit', 'view', 'window', 'help']);
  });

  it('File opens alignments and messages, with accelerators', () => {
    const { called, value } = actions();
    const file = submenu(menuTemplate(linux, value)[0]);
    const openAlignment = file.find((item) => item.label === 'Open alignment...');
    const openMessage = file.find((item) => item.label === 'Open message...');
    expect(openAlignment?.accelerator).toBe('CmdOrCtrl+O');
    expect(openMessage?.accelerator).toBe('CmdOrCtrl+Shift+O');
    click(openAlignment);
    click(openMessage);
    expect(called).toEqual(['openAlignment', 'openMessage']);
    expect(file.at(-1)?.role).toBe('quit');
  });

  it('builds Edit, View and Window from roles', () => {
    const [, edit, view, windowMenu] = menuTemplate(linux, actions().value);
    expect(
      submenu(edit)
        .map((item) => item.role)
        .filter(Boolean),
    ).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll']);
    expect(submenu(view).map((item) => item.role)).toContain('togglefullscreen');
    expect(windowMenu?.role).toBe('windowMenu');
  });

  it('offers developer tools only in development', () => {
    const roles = (devTools: boolean) => submenu(menuTemplate({ ...linux, devTools }, actions().value)[2]).map((item) => item.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });

  it('Help has About, API documentation and the data folder (when the app owns one)', () => {
    const { called, value } = actions();
    const help = submenu(menuTemplate(linux, value)[4]);
    click(help.find((item) => item.id === 'about'));
    click(help.find((item) => item.id === 'api-docs'));
    click(help.find((item) => item.id === 'data-folder'));
    expect(called).toEqual(['showAbout', 'openApiDocs', 'openDataFolder']);
    const { openDataFolder: _, ...withoutFolder } = value;
    expect(submenu(menuTemplate(linux, withoutFolder)[4]).some((item) => item.id === 'data-folder')).toBe(false);
  });

  it('puts About in the application menu on macOS and closes the window from File', () => {
    const { called, value } = actions();
    const template = menuTemplate({ ...linux, platform: 'darwin' }, value);
    expect(template[0]?.label).toBe('Mediator Workbench');
    click(submenu(template[0]).find((item) => item.id === 'about'));
    expect(called).toEqual(['showAbout']);
    expect(submenu(template[1]).at(-1)?.role).toBe('close');
    expect(submenu(template[5]).some((item) => item.id === 'about')).toBe(false);
  });
});
