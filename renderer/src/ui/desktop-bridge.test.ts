import { describe, expect, it } from 'vitest';
import { asOpenedFile, DESKTOP_BRIDGE_NAME, desktopBridge, type DesktopBridge } from './desktop-bridge.js';

const bridge: DesktopBridge = {
  isDesktop: true,
  saveFile: async () => ({ ok: true, value: { saved: false } }),
  onOpenFile: () => () => undefined,
};

describe('desktopBridge', () => {
  it('is undefined in a browser (nothing under window.mediatorDesktop)', () => {
    expect(DESKTOP_BRIDGE_NAME).toBe('mediatorDesktop');
    expect(desktopBridge({})).toBeUndefined();
    expect(desktopBridge()).toBeUndefined();
  });

  it('returns the bridge the desktop app exposes', () => {
    expect(desktopBridge({ mediatorDesktop: bridge })).toBe(bridge);
    // The preload exposes more (openFile, appInfo); the page uses what it declares.
    const wider = { ...bridge, openFile: async () => undefined, appInfo: async () => undefined };
    expect(desktopBridge({ mediatorDesktop: wider })).toBe(wider);
  });

  it.each([
    ['not an object', 'yes'],
    ['null', null],
    ['isDesktop missing', { saveFile: bridge.saveFile, onOpenFile: bridge.onOpenFile }],
    ['no saveFile', { isDesktop: true, onOpenFile: bridge.onOpenFile }],
    ['no onOpenFile', { isDesktop: true, saveFile: bridge.saveFile }],
    ['saveFile not a function', { ...bridge, saveFile: 'x' }],
  ])('treats a bridge it does not know (%s) as absent', (_, value) => {
    expect(desktopBridge({ mediatorDesktop: value })).toBeUndefined();
  });
});

describe('asOpenedFile', () => {
  it('accepts alignments and messages with a name and text, keeping nothing else', () => {
    expect(asOpenedFile({ kind: 'alignment', name: 'a.rdf', text: '<x/>', path: '/home/u/a.rdf' })).toEqual({ kind: 'alignment', name: 'a.rdf', text: '<x/>' });
    expect(asOpenedFile({ kind: 'message', name: 'm.json', text: '' })).toEqual({ kind: 'message', name: 'm.json', text: '' });
  });

  it.each([null, 'a.rdf', { kind: 'script', name: 'a', text: '' }, { kind: 'message', name: 1, text: '' }, { kind: 'alignment', name: 'a.rdf' }])(
    'rejects %j',
    (value) => {
      expect(asOpenedFile(value)).toBeUndefined();
    },
  );
});
