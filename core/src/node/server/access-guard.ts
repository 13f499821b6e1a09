/**
 * Who may talk to the server, decided once per request before any body is read (issue 11).
 *
 * The server is a local service that a desktop user leaves running while browsing, so a web page
 * must not be able to use it through the user's browser:
 * - DNS rebinding: a page of `attacker.example` whose name is re-pointed at 127.0.0.1 reaches the
 *   server same-origin, but its requests still carry `Host: attacker.example`. Only loopback names,
 *   the address the connection arrived on, and names the user allowed (`--allowed-host`) are
 *   answered (421, RFC 9110 section 15.5.20).
 * - Cross-site request forgery: a page may *send* a POST or DELETE to any origin without reading
 *   the answer (`fetch(url, {method: 'POST', mode: 'no-cors'})`, a form). A state-changing request
 *   that a browser marks as coming from another site (Fetch Metadata `Sec-Fetch-Site`, or an
 *   `Origin` that is not ours when the browser sends no Fetch Metadata) is refused with 403 whatever
 *   its body or content type. Origins listed with `--cors` are the user's own clients and pass.
 *   Requests without these headers (curl, the CLI, the middleware) are not from a browser page.
 * - Network mode: with a token, every request but the UI's static files must carry
 *   `Authorization: Bearer <token>` (401 otherwise).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessDeniedError, BadRequestError, ErrorCodes } from '../../common/index.js';

export interface AccessOptions {
  /** Extra Host names to answer to: `name` (any port, e.g. behind a reverse proxy) or `name:port`. */
  readonly allowedHosts?: readonly string[];
  /** Origins allowed by CORS: their pages may also change state. */
  readonly corsOrigins?: readonly string[];
  /** When set, every request but the public static files needs `Authorization: Bearer <token>`. */
  readonly token?: string;
}

/** A Host header or `--allowed-host` value, normalised the way browsers and WHATWG URL do. */
export interface HostName {
  readonly hostname: string;
  readonly port: number | undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Strict grammar first (RFC 9110 section 7.2: uri-host [":" port]), so that WHATWG URL parsing
// below only normalises (case, IPv6 spelling, IPv4 shorthands) and never reinterprets, e.g. `a@b`.
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/;

export function parseHost(value: string): HostName | undefined {
  const trimmed = value.trim();
  const match = HOST_SYNTAX.exec(trimmed);
  if (match === null) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${trimmed}`);
  } catch {
    return undefined;
  }
  const port = match[1] === undefined ? undefined : Number(match[1]);
  if (port !== undefined && port > 65535) return undefined;
  const hostname = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return { hostname, port };
}

/** An address or name that always means this machine: browsers never send them off it. */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '');
  // RFC 6761 section 6.3: `localhost` and every name below it are loopback; browsers resolve them
  // themselves, so DNS cannot re-point them.
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  return h === '::1';
}

/** The address a socket reports (`::ffff:10.0.0.5` for IPv4 on a dual-stack socket), as a Host hostname. */
function plainAddress(address: string | undefined): string | undefined {
  return address?.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * Whether a Host header names this server. `localPort`/`localAddress` are the connection's own
 * (undefined for injected requests that never touched a socket: then only the name is checked).
 */
export function hostAllowed(
  header: string | undefined,
  connection: { readonly localPort?: number | undefined; readonly localAddress?: string | undefined },
  allowedHosts: readonly HostName[],
): boolean {
  if (header === undefined) return false;
  const host = parseHost(header);
  if (host === undefined) return false;
  for (const allowed of allowedHosts) {
    if (allowed.hostname === host.hostname && (allowed.port === undefined || allowed.port === (host.port ?? 80))) return true;
  }
  const samePort = connection.localPort === undefined || (host.port ?? 80) === connection.localPort;
  if (!samePort) return false;
  // The address the client connected to, written as an IP literal (a client on the network using
  // the machine's address): a rebinding page cannot make its Host an IP literal.
  if (host.hostname === plainAddress(connection.localAddress)) return true;
  return isLoopbackName(host.hostname);
}

/** Reads `--allowed-host` values; a value that is not `name` or `name:port` is refused at start-up. */
export function parseAllowedHosts(values: readonly string[]): HostName[] {
  return values.map((value) => {
    const parsed = parseHost(value);
    if (parsed === undefined) throw new BadRequestError(`allowed host ${JSON.stringify(value)} is not a host name or host:port`);
    return parsed;
  });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Why a state-changing request from a browser page of another site is refused, or undefined when it may go on. */
export function crossSiteReason(
  request: { readonly method: string; readonly headers: Readonly<Record<string, string | string[] | undefined>> },
  corsOrigins: readonly string[],
): string | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const get = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const origin = get('origin');
  if (origin !== undefined && corsOrigins.includes(origin)) return undefined;
  const site = get('sec-fetch-site');
  if (site !== undefined) {
    // `none`: the user typed the address or used a bookmark. `same-site` is refused too: another
    // port of localhost is the same site but a different, possibly hostile, origin.
    if (site === 'same-origin' || site === 'none') return undefined;
  } else {
    if (origin === undefined) return undefined; // not a browser page: curl, the CLI, the middleware
    if (origin === `http://${get('host') ?? ''}`) return undefined;
  }
  return `${request.method} refused: it was sent by a page of another site (${origin ?? 'origin not given'}). Requests that change the mediator must come from its own workbench, an origin allowed with --cors, or a client that is not a browser page.`;
}

/** What `tokenMatches` compares a request's token with: the expected token's digest. */
export function tokenDigest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares in constant time (on digests, so the lengths leak nothing either). */
export function tokenMatches(authorization: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(tokenDigest(match[1]!), expected);
}

/**
 * The onRequest hook. `isPublic(request)` says which routes are static UI files that a browser
 * loads without a token (the page then asks the user for the token itself).
 */
export function accessGuard(options: AccessOptions, isPublic: (request: FastifyRequest) => boolean) {
  const allowed = parseAllowedHosts(options.allowedHosts ?? []);
  const corsOrigins = options.corsOrigins ?? [];
  const token = options.token === undefined ? undefined : tokenDigest(options.token);
  const allowedText = ['localhost', '127.0.0.1', '[::1]', ...(options.allowedHosts ?? [])].join(', ');
  const hostAnswers = hostDecisions(allowed);

  // Callback style, not async: no promise and no extra turn per request (issue 42).
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    // A refusal sent to a --cors origin's page must be readable by it (the CORS plugin's own hook
    // never runs for a request refused here), so the page can show the server's message.
    const origin = header(request, 'origin');
    if (origin !== undefined && corsOrigins.includes(origin)) void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    const host = header(request, 'host');
    const socket = request.raw.socket as { localPort?: number; localAddress?: string } | undefined;
    const connection = { localPort: socket?.localPort, localAddress: socket?.localAddress };
    if (!hostAnswers(host, connection)) {
      const port = connection.localPort === undefined ? '' : ` on port ${connection.localPort}`;
      done(
        new AccessDeniedError(
          `Host ${JSON.stringify(host ?? '')} is not allowed: this server answers only to ${allowedText}${port} and the address it was reached on. Start it with --allowed-host NAME to add a name.`,
          ErrorCodes.hostNotAllowed,
        ),
      );
      return;
    }
    const crossSite = crossSiteReason(request, corsOrigins);
    if (crossSite !== undefined) {
      done(new AccessDeniedError(crossSite, ErrorCodes.crossSiteRequest));
      return;
    }
    // Browsers send a CORS preflight without credentials (Fetch standard, CORS-preflight request):
    // it reveals nothing and must pass for a --cors origin's page to send the token at all.
    const preflight = request.method === 'OPTIONS' && header(request, 'access-control-request-method') !== undefined;
    if (token !== undefined && !preflight && !isPublic(request) && !tokenMatches(header(request, 'authorization'), token)) {
      void reply.header('www-authenticate', 'Bearer realm="mediator"');
      done(
        new AccessDeniedError(
          'This server requires a bearer token: send "Authorization: Bearer <token>" (the token was printed when the server first started and is kept in its data folder, file api-token).',
          ErrorCodes.unauthorized,
        ),
      );
      return;
    }
    done();
  };
}

/** Most Host decisions remembered at once: past it they are forgotten (hostile Host headers cannot grow it). */
const HOST_DECISIONS = 256;

/**
 * hostAllowed, remembered by Host header and connection: a client sends the same Host on every
 * request, and parsing it (WHATWG URL) was the guard's main cost per request (issue 42).
 */
export function hostDecisions(
  allowed: readonly HostName[],
): (host: string | undefined, connection: { localPort?: number | undefined; localAddress?: string | undefined }) => boolean {
  const known = new Map<string, boolean>();
  return (host, connection) => {
    const key = `${connection.localPort ?? ''}|${connection.localAddress ?? ''}|${host === undefined ? '' : `=${host}`}`;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = hostAllowed(host, connection, allowed);
      if (known.size >= HOST_DECISIONS) known.clear();
      known.set(key, answer);
    }
    return answer;
  };
}
