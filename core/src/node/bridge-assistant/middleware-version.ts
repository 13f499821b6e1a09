/**
 * Reads the version of a running middleware (step 1 of the bridge assistant) from its API: INTER-MW
 * serves its OpenAPI 2.0 document at `/api/swagger.json` (spec C.2), whose `info.version` is the
 * release. The user may give that document's address, the API's (`.../api`) or the server's; the
 * candidates are tried in that order within one time limit, so a dead or slow address fails fast
 * with a clear error instead of hanging the request.
 */
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BadRequestError, ErrorCodes, MediatorError } from '../../common/index.js';

export interface MiddlewareVersionOptions {
  /** For the whole look-up, all candidates together (default 5 s). */
  readonly timeoutMs?: number;
  /** Largest answer read (default 2 MiB): a swagger document is tens of kilobytes. */
  readonly maxBytes?: number;
}

export interface MiddlewareVersion {
  readonly version: string;
  /** The address the version was read from. */
  readonly url: string;
}

const VERSION_TEXT = /^v?\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.-]+)?$/;

/** The addresses to try for what the user typed. */
export function candidateUrls(input: URL): URL[] {
  const out = [input];
  const path = input.pathname;
  if (!/\.(json|ya?ml)$/i.test(path)) {
    const base = new URL(input.href);
    base.search = '';
    base.hash = '';
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    if (/\/api\/$/.test(base.pathname)) out.push(new URL('swagger.json', base));
    else out.push(new URL('api/swagger.json', base), new URL('swagger.json', base));
  }
  return out.filter((u, i) => out.findIndex((v) => v.href === u.href) === i);
}

/** The version in an answer: a swagger/OpenAPI document's info.version, a `{version}` object, YAML, or bare version text. */
export function versionIn(text: string): string | undefined {
  const trimmed = text.trim();
  try {
    const json = JSON.parse(trimmed) as unknown;
    if (typeof json === 'object' && json !== null) {
      const record = json as Record<string, unknown>;
      const info = record['info'];
      if (typeof info === 'object' && info !== null && typeof (info as Record<string, unknown>)['version'] === 'string') {
        return (info as Record<string, string>)['version'];
      }
      for (const key of ['version', 'mwVersion', 'apiVersion']) if (typeof record[key] === 'string') return record[key];
      return undefined;
    }
    if (typeof json === 'string' && VERSION_TEXT.test(json)) return json;
  } catch {
    // Not JSON: YAML or text.
  }
  // swagger.yaml: `info:` then an indented `version:`.
  const yaml = /^info:[ \t]*\r?\n((?:[ \t]+.*\r?\n?)*)/m.exec(text);
  const inInfo = yaml?.[1] === undefined ? undefined : /^[ \t]+version:[ \t]*["']?([^"'\s#]+)/m.exec(yaml[1]);
  if (inInfo?.[1] !== undefined) return inInfo[1];
  return VERSION_TEXT.test(trimmed) ? trimmed : undefined;
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  // Node's fetch body is a web ReadableStream, which is async-iterable.
  const body = response.body as unknown as WebReadableStream<Uint8Array> | null;
  if (body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    // Stop reading (and drop the connection) rather than hold an oversized answer.
    if (size > maxBytes) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Redirects followed within the address the user typed (`/api` to `/api/`). */
const MAX_REDIRECTS = 5;

/**
 * GET with redirects followed only within the origin the user typed: the address is the user's
 * choice, a Location header is the middleware's (or whoever answers there), and following it to
 * another host would let an answer steer this server to internal addresses (SSRF). A redirect
 * elsewhere is a 502 MIDDLEWARE_REDIRECTED that names where it pointed.
 */
async function fetchSameOrigin(start: URL, signal: AbortSignal): Promise<Response> {
  let target = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(target, { signal, headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' }, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || location === null) return response;
    await response.body?.cancel();
    let next: URL | undefined;
    try {
      next = new URL(location, target);
    } catch {
      next = undefined;
    }
    if (next === undefined || next.origin !== start.origin || hop >= MAX_REDIRECTS) {
      throw new MediatorError(
        `The middleware at ${target.href} answered with a redirect (${response.status}) to ${location}; redirects to another address are not followed: give that address yourself if it is the middleware`,
        ErrorCodes.middlewareRedirected,
      );
    }
    target = next;
  }
}

export async function readMiddlewareVersion(address: string, options: MiddlewareVersionOptions = {}): Promise<MiddlewareVersion> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw new BadRequestError(`"${address}" is not a URL: give the middleware's address, e.g. http://localhost:8080`, ErrorCodes.invalidRequest);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BadRequestError(`${url.protocol} is not supported: give an http:// or https:// address`, ErrorCodes.invalidRequest);
  }
  const signal = AbortSignal.timeout(timeoutMs);
  const tried: string[] = [];
  for (const candidate of candidateUrls(url)) {
    let response: Response;
    try {
      response = await fetchSameOrigin(candidate, signal);
    } catch (error) {
      if (error instanceof MediatorError) throw error;
      if (signal.aborted) {
        throw new MediatorError(`The middleware at ${url.href} did not answer within ${timeoutMs / 1000} s`, ErrorCodes.middlewareUnreachable);
      }
      throw new MediatorError(`Cannot reach the middleware at ${candidate.href}: ${describeFailure(error)}`, ErrorCodes.middlewareUnreachable);
    }
    let text: string;
    try {
      text = await readLimited(response, maxBytes);
    } catch (error) {
      if (signal.aborted)
        throw new MediatorError(`The middleware at ${url.href} did not answer within ${timeoutMs / 1000} s`, ErrorCodes.middlewareUnreachable);
      throw new MediatorError(`Reading the answer of ${candidate.href} failed: ${describeFailure(error)}`, ErrorCodes.middlewareUnreachable);
    }
    if (response.ok) {
      const version = versionIn(text);
      if (version !== undefined) return { version, url: candidate.href };
      tried.push(`${candidate.href} (${response.status}, no version in the answer)`);
    } else {
      tried.push(`${candidate.href} (${response.status})`);
    }
  }
  throw new MediatorError(
    `No middleware version could be read: tried ${tried.join(', ')}. Give the address of the middleware's /api/swagger.json, or type the version`,
    ErrorCodes.middlewareVersionUnknown,
  );
}
