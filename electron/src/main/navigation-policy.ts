/**
 * Where the window may go (Electron security checklist: "Limit navigation", "Limit creation of new
 * windows", "Handle session permission requests"). The window shows the server's origin and nothing
 * else; links to the web open in the system browser; files dropped on the window never replace the UI.
 */
import { originOf } from './sender-check.js';

export type NavigationDecision = { readonly action: 'allow' } | { readonly action: 'deny'; readonly openExternally?: string };

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:']);

/** Web links (http, https) other than the server may be handed to the system browser. */
export function isExternalWebLink(url: string, serverOrigin: string): boolean {
  try {
    const parsed = new URL(url);
    return EXTERNAL_PROTOCOLS.has(parsed.protocol) && parsed.origin !== originOf(serverOrigin);
  } catch {
    return false;
  }
}

/**
 * `will-navigate` / `will-redirect`: pages of the server's origin only. Anything else is stopped;
 * web links go to the system browser, while `file:` (a dropped file), `javascript:`, `data:` and the
 * rest are simply refused.
 */
export function decideNavigation(url: string, serverOrigin: string): NavigationDecision {
  const target = originOf(url);
  if (target !== undefined && target === originOf(serverOrigin)) return { action: 'allow' };
  return isExternalWebLink(url, serverOrigin) ? { action: 'deny', openExternally: url } : { action: 'deny' };
}

/**
 * `setWindowOpenHandler`: no new Electron windows at all, not even of our own origin (the UI is a
 * single window); web links open in the system browser.
 */
export function decideWindowOpen(url: string, serverOrigin: string): NavigationDecision {
  return isExternalWebLink(url, serverOrigin) ? { action: 'deny', openExternally: url } : { action: 'deny' };
}

/**
 * Permission requests (camera, notifications, geolocation...) are all refused. One exception:
 * `clipboard-sanitized-write`, which Chromium grants web pages by default and which the editor's
 * Copy needs (`navigator.clipboard.writeText`), allowed for our origin only.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function decidePermission(permission: string, requestingUrl: string | undefined, serverOrigin: string): boolean {
  if (!ALLOWED_PERMISSIONS.has(permission)) return false;
  const origin = requestingUrl === undefined ? undefined : originOf(requestingUrl);
  return origin !== undefined && origin === originOf(serverOrigin);
}
