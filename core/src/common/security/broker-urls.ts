/**
 * Credentials in broker URLs (issue 40): `mqtt://user:password@host`, `nats://token@host`. Clients
 * are given them apart from the URL, and only the URL without them (or with `***@`) is ever shown:
 * in the banner, logs, errors, channel reasons and GET /version?details=true.
 */

/** `scheme://` then the user information up to the first `@` before any path. */
const USER_INFO = /^(\s*[a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i;

export interface UrlCredentials {
  /** The URL without its user information. */
  readonly url: string;
  /** From `user:password@` (decoded); `user@` alone is a token (NATS's form), not a user. */
  readonly user?: string;
  readonly password?: string;
  /** From `token@` (decoded). */
  readonly token?: string;
}

/** Takes `user:password@` or `token@` out of a URL. */
export function splitUrlCredentials(url: string): UrlCredentials {
  const match = USER_INFO.exec(url);
  if (match === null) return { url };
  const bare = match[1]! + url.slice(match[0].length);
  const info = match[2]!;
  if (info === '') return { url: bare };
  const colon = info.indexOf(':');
  if (colon < 0) return { url: bare, token: safeDecode(info) };
  return { url: bare, user: safeDecode(info.slice(0, colon)), password: safeDecode(info.slice(colon + 1)) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A URL, or a comma-separated list of them, fit to show: any user information replaced by `***`. */
export function redactUrl(urls: string): string {
  return urls
    .split(',')
    .map((u) => u.replace(USER_INFO, (_all, scheme: string, info: string) => (info === '' ? `${scheme}@` : `${scheme}***@`)))
    .join(',');
}
