import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy.js';
import { decideNavigation, decidePermission, decideWindowOpen } from './navigation-policy.js';
import {
  guardContents,
  guardSession,
  type GuardedContents,
  type GuardedSession,
  type HeadersListener,
  type PermissionCheckHandler,
  type PermissionRequestHandler,
  type PolicyEvent,
} from './window-policies.js';

const origin = 'http://127.0.0.1:8888';

describe('navigation (will-navigate, will-redirect)', () => {
  it.each(['http://127.0.0.1:8888/', 'http://127.0.0.1:8888/channels#x'])('stays on the server: %s', (url) => {
    expect(decideNavigation(url, origin)).toEqual({ action: 'allow' });
  });

  it.each([
    'file:///home/user/UniversAAL_CO.rdf',
    'file:///C:/Users/user/message.json',
    'javascript:alert(1)',
    'data:text/html,hi',
    'about:blank',
    'devtools://devtools/bundled/inspector.html',
  ])('refuses, without opening anything: %s', (url) => {
    expect(decideNavigation(url, origin)).toEqual({ action: 'deny' });
  });

  it.each(['https://example.org/', 'http://www.inter-iot.eu/', 'http://127.0.0.1:8889/'])('sends web links to the system browser: %s', (url) => {
    expect(decideNavigation(url, origin)).toEqual({ action: 'deny', openExternally: url });
  });
});

describe('new windows (setWindowOpenHandler)', () => {
  it('never opens an Electron window, not even for our own pages', () => {
    expect(decideWindowOpen('http://127.0.0.1:8888/swagger/', origin)).toEqual({ action: 'deny' });
  });

  it('opens http(s) links in the system browser and nothing else', () => {
    expect(decideWindowOpen('https://www.w3.org/TR/rdf11-concepts/', origin)).toEqual({
      action: 'deny',
      openExternally: 'https://www.w3.org/TR/rdf11-concepts/',
    });
    expect(decideWindowOpen('mailto:someone@example.org', origin)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('file:///etc/passwd', origin)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('smb://server/share', origin)).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem', 'unknown'])('refuses %s', (permission) => {
    expect(decidePermission(permission, `${origin}/`, origin)).toBe(false);
  });

  it("allows the editor's clipboard writes from our origin only", () => {
    expect(decidePermission('clipboard-sanitized-write', `${origin}/`, origin)).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', origin, origin)).toBe(true);
    expect(decidePermission('clipboard-sanitized-write', 'https://example.org/', origin)).toBe(false);
    expect(decidePermission('clipboard-sanitized-write', undefined, origin)).toBe(false);
  });
});

// ---- The wiring onto a webContents and a session, with fakes -------------------------------

function policyEvent(url: string): PolicyEvent & { prevented: boolean } {
  const event = { url, prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    on: (event: string, listener: (event: PolicyEvent) => void) => emitter.on(event, listener),
    setWindowOpenHandler: (handler) => void (openHandler = handler),
  };
  return { contents, emitter, open: (url: string) => openHandler?.({ url }) };
}

describe('guardContents', () => {
  it('stops a dropped file from replacing the UI, and web links open outside', () => {
    const opened: string[] = [];
    const { contents, emitter, open } = fakeContents();
    guardContents(contents, { serverOrigin: origin, openExternal: (url) => void opened.push(url) });

    const drop = policyEvent('file:///home/user/alignment.rdf');
    emitter.emit('will-navigate', drop);
    expect(drop.prevented).toBe(true);

    const internal = policyEvent(`${origin}/alignments`);
    emitter.emit('will-navigate', internal);
    expect(internal.prevented).toBe(false);

    const redirect = policyEvent('https://example.org/');
    emitter.emit('will-redirect', redirect);
    expect(redirect.prevented).toBe(true);

    const webview = policyEvent('');
    emitter.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);

    expect(open('https://example.org/doc')).toEqual({ action: 'deny' });
    expect(open(`${origin}/`)).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.org/', 'https://example.org/doc']);
  });
});

describe('guardSession', () => {
  it('adds the CSP to every response and refuses permission requests', () => {
    let headers: HeadersListener = () => {};
    let request: PermissionRequestHandler = () => {};
    let check: PermissionCheckHandler = () => true;
    const session: GuardedSession = {
      webRequest: { onHeadersReceived: (listener) => void (headers = listener) },
      setPermissionRequestHandler: (handler) => void (request = handler),
      setPermissionCheckHandler: (handler) => void (check = handler),
    };
    guardSession(session, { serverOrigin: origin });

    let response: Record<string, string[]> | undefined;
    headers({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => void (response = r.responseHeaders));
    expect(response).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [contentSecurityPolicy()] });

    const granted: boolean[] = [];
    request(undefined, 'media', (g) => void granted.push(g), { requestingUrl: `${origin}/` });
    request(undefined, 'notifications', (g) => void granted.push(g), { requestingUrl: `${origin}/` });
    expect(granted).toEqual([false, false]);
    expect(check(undefined, 'geolocation', origin)).toBe(false);
    expect(check(undefined, 'clipboard-sanitized-write', origin)).toBe(true);
  });
});
