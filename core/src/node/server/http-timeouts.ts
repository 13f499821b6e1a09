/**
 * How long the HTTP server waits for a client (issue 40: no request held forever). Node's own
 * timers do the work (node:http `requestTimeout`, `headersTimeout`, `keepAliveTimeout`); this module
 * holds their defaults, the interval at which Node checks them, and the answer a timed-out client
 * gets, in our `{message, code}` shape rather than the framework's.
 *
 * What each bounds:
 * - `requestTimeout`: receiving the whole request, headers and body. A body that stops arriving (or
 *   trickles) is answered 408 `REQUEST_TIMEOUT` and the connection closed. The time the server then
 *   spends answering is not counted (a long translation is bounded by the engine's own budgets).
 * - `headersTimeout`: receiving the request line and headers (a slow-loris client).
 * - `keepAliveTimeout`: an idle keep-alive connection between two requests is closed after it.
 *
 * Memory: a stalled upload holds at most what it sent before stalling (at most the body limit) and
 * only until `requestTimeout`; we rely on that timeout rather than on a cap on concurrent bodies.
 */
import type { Socket } from 'node:net';
import { ErrorCodes } from '../../common/index.js';
import { Status } from './http-errors.js';

export interface HttpTimeouts {
  /** Milliseconds to receive a whole request (headers and body); 0 turns it off. */
  readonly requestTimeout?: number;
  /** Milliseconds to receive the request line and headers. */
  readonly headersTimeout?: number;
  /** Milliseconds an idle keep-alive connection is kept open. */
  readonly keepAliveTimeout?: number;
}

/** A whole 8 MiB body within 20 s needs about 420 KB/s; the check interval below adds at most 1 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 20_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * Longer than the idle timeout of common load balancers and proxies (60 s), so the proxy, not this
 * server, closes an idle connection first and never reuses one this server just closed (the
 * reason Fastify's own default is 72 s).
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Node checks the two request timers only every `connectionsCheckingInterval` (30 s by default). */
const MAX_CHECK_INTERVAL_MS = 1000;

export interface ResolvedTimeouts {
  readonly requestTimeout: number;
  readonly headersTimeout: number;
  readonly keepAliveTimeout: number;
  /** How often Node looks for requests past their timers: a fraction of the shorter one, at most 1 s. */
  readonly checkInterval: number;
}

export function resolveTimeouts(options: HttpTimeouts): ResolvedTimeouts {
  const requestTimeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // Node refuses a headers timeout longer than a (non-zero) request timeout: headers are part of the request.
  const headersDefault = requestTimeout === 0 ? DEFAULT_HEADERS_TIMEOUT_MS : Math.min(DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const headersTimeout = Math.min(options.headersTimeout ?? headersDefault, requestTimeout === 0 ? Infinity : requestTimeout);
  const keepAliveTimeout = options.keepAliveTimeout ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  const shortest = Math.min(headersTimeout, requestTimeout === 0 ? headersTimeout : requestTimeout);
  const checkInterval = Math.max(10, Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(shortest / 4)));
  return { requestTimeout, headersTimeout, keepAliveTimeout, checkInterval };
}

/** The problem with a timeout given on the command line or in the environment, if any. */
export function timeoutProblem(flag: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 3_600_000 ? undefined : `--${flag} must be a number of milliseconds from 0 to 3600000`;
}

/** The raw answer written on a socket the HTTP parser gave up on: no route ever saw the request. */
function rawAnswer(status: number, reason: string, body: Record<string, unknown>): string {
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`;
}

/**
 * Node's `clientError` event: a request past its timer (ERR_HTTP_REQUEST_TIMEOUT), headers too
 * large, or bytes that are not HTTP. Answered in our error shape, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawAnswer(Status.requestTimeout, 'Request Timeout', {
      code: ErrorCodes.requestTimeout,
      message: 'The request (its headers or its body) did not arrive in time; the connection is closed',
    });
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawAnswer(Status.headersTooLarge, 'Request Header Fields Too Large', {
      code: ErrorCodes.badRequest,
      message: 'The request headers are too large',
    });
  } else {
    answer = rawAnswer(Status.badRequest, 'Bad Request', { code: ErrorCodes.badRequest, message: 'The request is not valid HTTP' });
  }
  if (socket.writable) socket.write(answer);
  socket.destroy();
}
