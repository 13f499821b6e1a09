/**
 * The origins `--cors` may name (CONTRACT.md, Safety: CORS only for configured origins). `*` would
 * let every web page the user visits call the API with the browser's access to it, and `null` is
 * the origin of sandboxed frames and `file:` pages, which any site can produce: both defeat the
 * cross-site defence. So each origin must be one exact http(s) origin, `scheme://host[:port]`.
 */
import { BadRequestError, ErrorCodes } from '../../common/index.js';

/** Why `origin` cannot be a CORS origin, or undefined when it can. */
export function corsOriginProblem(origin: string): string | undefined {
  const value = origin.trim();
  if (value === '*') return '"*" would let every web site use the API through the browser: name the origin of the page, e.g. http://localhost:3000';
  if (value.toLowerCase() === 'null') return '"null" is the origin of sandboxed frames and local files, which any site can produce: name an http(s) origin';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${origin}" is not an origin: give scheme, host and port, e.g. http://localhost:3000`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${origin}" is not an http(s) origin`;
  if (url.origin !== value)
    return `"${origin}" is not an origin (no path, not even a final slash, no query or credentials; lower-case host): did you mean ${url.origin}?`;
  return undefined;
}

/** Throws INVALID_REQUEST naming the first origin that cannot be a CORS origin. */
export function assertCorsOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    const problem = corsOriginProblem(origin);
    if (problem !== undefined) throw new BadRequestError(`--cors: ${problem}`, ErrorCodes.invalidRequest);
  }
}
