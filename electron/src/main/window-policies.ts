/**
 * Applies the navigation, new-window, permission and CSP policies to a webContents and its session.
 * Takes the few members of Electron's `WebContents` and `Session` it uses, so the wiring itself is
 * tested with fakes; the decisions are in navigation-policy.ts and content-security-policy.ts.
 */
import { contentSecurityPolicy, withContentSecurityPolicy } from './content-security-policy.js';
import { decideNavigation, decidePermission, decideWindowOpen, type NavigationDecision } from './navigation-policy.js';

export interface PolicyEvent {
  readonly url: string;
  preventDefault(): void;
}

export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PolicyEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: PolicyEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { readonly url: string }) => { action: 'deny' }): void;
}

export interface HeadersDetails {
  readonly responseHeaders?: Record<string, string[]>;
}

export type HeadersListener = (details: HeadersDetails, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void;
export type PermissionRequestHandler = (
  webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { readonly requestingUrl?: string },
) => void;
export type PermissionCheckHandler = (webContents: unknown, permission: string, requestingOrigin: string) => boolean;

export interface GuardedSession {
  readonly webRequest: { onHeadersReceived(listener: HeadersListener): void };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void;
  setPermissionCheckHandler(handler: PermissionCheckHandler): void;
}

export interface PolicyDeps {
  readonly serverOrigin: string;
  /** `shell.openExternal`, for web links the window refuses to show. */
  openExternal(url: string): void;
  /** Reports refused navigations (development aid; no user-facing effect). */
  report?(message: string): void;
}

function follow(decision: NavigationDecision, event: PolicyEvent, deps: PolicyDeps, what: string): void {
  if (decision.action === 'allow') return;
  event.preventDefault();
  if (decision.openExternally !== undefined) deps.openExternal(decision.openExternally);
  else deps.report?.(`Refused ${what} to ${event.url}`);
}

export function guardContents(contents: GuardedContents, deps: PolicyDeps): void {
  contents.on('will-navigate', (event) => follow(decideNavigation(event.url, deps.serverOrigin), event, deps, 'navigation'));
  contents.on('will-redirect', (event) => follow(decideNavigation(event.url, deps.serverOrigin), event, deps, 'redirect'));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, deps.serverOrigin);
    if (decision.action === 'deny' && decision.openExternally !== undefined) deps.openExternal(decision.openExternally);
    return { action: 'deny' };
  });
}

export function guardSession(session: GuardedSession, deps: Pick<PolicyDeps, 'serverOrigin'>, policy: string = contentSecurityPolicy()): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(decidePermission(permission, details.requestingUrl, deps.serverOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => decidePermission(permission, requestingOrigin, deps.serverOrigin));
}
