/**
 * The one place where HTTP status numbers live (STYLE.md): success statuses of the contract and
 * the mapping of domain errors to statuses, per operation where CONTRACT.md says so.
 */
import { AccessDeniedError, ErrorCodes, MediatorError, ParseError, ValidationError, type ErrorCode } from '../../common/index.js';

export const Status = {
  ok: 200,
  created: 201,
  accepted: 202,
  noContent: 204,
  alreadyReported: 208,
  temporaryRedirect: 307,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  requestTimeout: 408,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  misdirected: 421,
  headersTooLarge: 431,
  internal: 500,
  badGateway: 502,
  unavailable: 503,
} as const;

/**
 * Operations whose failures the contract fixes to one status: conversions answer 500 for every
 * conversion failure (seed, section 4: "500 conversion failed"); translation answers 400 with an empty
 * graphStr (reference section 6.8).
 */
export type Operation = 'convert' | 'translation' | 'default';

/**
 * The first path segments of the IPSM contract's routes (reference-mediator.md section 6,
 * CONTRACT.md "REST API"), our additions under them (`/alignments/{name}/{version}/cells`,
 * `/channels/{channelId}/coverage`...) included.
 */
const IPSM_ROOTS: ReadonlySet<string> = new Set(['alignments', 'channels', 'translation', 'validate', 'convert', 'logging', 'version']);

/**
 * Whether a route (a Fastify URL pattern `/alignments/:name/:version`, an OpenAPI path
 * `/alignments/{name}/{version}` or a request path) belongs to the IPSM contract. The copies of the
 * IPSM routes under `/v1/` (ASSIST-IoT STE's API, CONTRACT.md "The successor's API") count as IPSM
 * routes; STE's own `/health`, `/info` and `/v1/api-export/openapi` do not.
 */
export function isIpsmRoute(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  const unversioned = bare === '/v1' || bare.startsWith('/v1/') ? bare.slice('/v1'.length) : bare;
  return IPSM_ROOTS.has(unversioned.split('/')[1] ?? '');
}

/**
 * THE NOT-FOUND RULE, one for every route: something the request names that is not stored (an
 * alignment, a channel, a suite or one of its cases, a shipped API document, a bridge's progress;
 * in the path, the query or the body) answers **400 on the IPSM contract's routes**, as the
 * reference does (seed section 7: "400 alignment not found"), and **404 on the workbench's own
 * routes**. A path that matches no route at all is always 404. A channel configuration naming an
 * unknown alignment is not a lookup but an invalid channel: 400 INVALID_CHANNEL on `/channels` and
 * `/platforms/{platformId}/channels` alike (CONTRACT.md "ChannelConfig: both versions"). Stated also in the OpenAPI
 * document's `info.description` (build-server.ts) and in README.md; each route documents the status.
 */
export function notFoundStatus(route: string): number {
  return isIpsmRoute(route) ? Status.badRequest : Status.notFound;
}

/** The codes of "not stored" errors, whose status is the route's (notFoundStatus). */
const NOT_FOUND_CODES: ReadonlySet<ErrorCode> = new Set([ErrorCodes.notFound, ErrorCodes.bridgeNotFound]);

export interface HttpError {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** Headers the answer must carry: `Retry-After` on every 503. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Seconds a client should wait before retrying a 503, by code (RFC 9110 section 10.2.3: a 503 may
 * say when to come back; issue 40: every 503 does). About the time the condition takes to clear:
 * a queue drains in a second or two, a broker reconnects within its retry interval.
 */
const RETRY_AFTER_SECONDS: Partial<Readonly<Record<ErrorCode, number>>> = {
  [ErrorCodes.translationQueueFull]: 2,
  [ErrorCodes.suggestionTimeout]: 10,
  [ErrorCodes.serverClosing]: 1,
  [ErrorCodes.brokerUnavailable]: 5,
  [ErrorCodes.configStoreUnavailable]: 5,
};
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** The headers of an error answer of `status` and `code`: every 503 says when to retry. */
export function errorHeaders(status: number, code: unknown): Record<string, string> {
  if (status !== Status.unavailable) return {};
  const seconds = RETRY_AFTER_SECONDS[code as ErrorCode] ?? DEFAULT_RETRY_AFTER_SECONDS;
  return { 'retry-after': String(seconds) };
}

/** Fastify's own errors (malformed JSON, body too large, wrong media type, schema validation). */
const FRAMEWORK: Readonly<Record<string, { code: ErrorCode; message?: string; status?: number }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCodes.malformedBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCodes.malformedBody, message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCodes.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ErrorCodes.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCodes.malformedBody },
  FST_ERR_VALIDATION: { code: ErrorCodes.invalidRequest },
  // @fastify/static refuses a path that leaves its folder (`..%2f`, `..%5c`, a NUL byte): to the
  // client that is a file that does not exist, the answer of the not-found handler, not a 500.
  FST_STATIC_FORBIDDEN_PATH: { code: ErrorCodes.routeNotFound, message: 'The requested resource could not be found.', status: Status.notFound },
  // A URL whose percent-encoding is not valid UTF-8 (`%ff`): the router's own error, in our form.
  FST_ERR_BAD_URL: { code: ErrorCodes.badRequest },
};

/**
 * The status of every error code, exhaustively: a code added to ErrorCodes without a row here does
 * not compile (issue 14: an unknown code used to fall through to 400 silently).
 */
export const STATUS_OF_CODE: Readonly<Record<ErrorCode, number>> = {
  [ErrorCodes.parse]: Status.badRequest,
  [ErrorCodes.xmlMalformed]: Status.badRequest,
  [ErrorCodes.xmlExternalEntity]: Status.badRequest,
  [ErrorCodes.xmlEntityLimit]: Status.badRequest,
  [ErrorCodes.xmlUndefinedEntity]: Status.badRequest,
  [ErrorCodes.invalidAlignment]: Status.badRequest,
  // The conversion routes make it 500 (operation 'convert', below); elsewhere it is the client's input.
  [ErrorCodes.conversionFailed]: Status.badRequest,
  [ErrorCodes.messageNotJson]: Status.badRequest,
  [ErrorCodes.messageInvalidJsonLd]: Status.badRequest,
  // Raised by channels only (dead-letter envelopes); over HTTP it would be a failure of ours.
  [ErrorCodes.translationFailed]: Status.internal,
  // The workbench's routes; the IPSM contract's make it 400 (notFoundStatus, above).
  [ErrorCodes.notFound]: Status.notFound,
  // No route at that path: 404 everywhere (RFC 9110 15.5.5), IPSM paths included, as the reference's framework.
  [ErrorCodes.routeNotFound]: Status.notFound,
  [ErrorCodes.conflict]: Status.conflict,
  [ErrorCodes.badRequest]: Status.badRequest,
  // CONTRACT.md: deleting an alignment a channel uses is a 400.
  [ErrorCodes.inUse]: Status.badRequest,
  [ErrorCodes.timeout]: Status.unavailable,
  [ErrorCodes.suggestionTimeout]: Status.unavailable,
  [ErrorCodes.invalidSuggestionExample]: Status.badRequest,
  [ErrorCodes.invalidSuggestionAnswer]: Status.badRequest,
  [ErrorCodes.internal]: Status.internal,
  [ErrorCodes.invalidChannel]: Status.badRequest,
  [ErrorCodes.invalidLogLevel]: Status.badRequest,
  [ErrorCodes.topicReadUnsupported]: Status.badRequest,
  [ErrorCodes.missingBody]: Status.badRequest,
  [ErrorCodes.malformedBody]: Status.badRequest,
  [ErrorCodes.xmlJsonQuoted]: Status.badRequest,
  [ErrorCodes.bodyTooLarge]: Status.payloadTooLarge,
  [ErrorCodes.unsupportedMediaType]: Status.unsupportedMediaType,
  [ErrorCodes.invalidRequest]: Status.badRequest,
  [ErrorCodes.methodNotAllowed]: Status.methodNotAllowed,
  // RFC 9110 section 15.5.20: 421 for a request this server is not configured to answer for that Host.
  [ErrorCodes.hostNotAllowed]: Status.misdirected,
  [ErrorCodes.crossSiteRequest]: Status.forbidden,
  [ErrorCodes.unauthorized]: Status.unauthorized,
  // The store fails at start-up, not per request; if one reaches a response it is the server's fault.
  [ErrorCodes.storeCorrupt]: Status.internal,
  [ErrorCodes.storeTooNew]: Status.internal,
  [ErrorCodes.storeOpenFailed]: Status.internal,
  // Command-line failures (the CLI's own errors), never raised by the server: 500 if one ever is.
  [ErrorCodes.fileUnreadable]: Status.internal,
  [ErrorCodes.fileUnwritable]: Status.internal,
  [ErrorCodes.portInUse]: Status.internal,
  [ErrorCodes.serverUnreachable]: Status.internal,
  [ErrorCodes.serverRefused]: Status.internal,
  [ErrorCodes.networkWithoutAuth]: Status.internal,
  [ErrorCodes.apiDocumentInvalid]: Status.badRequest,
  // Issue 13: the fleet's configuration cannot be changed from a process cut off from the cluster; try again later.
  [ErrorCodes.configStoreUnavailable]: Status.unavailable,
  // RFC 9110 section 15.6.4: 503 while shutting down, so a load balancer tries another process.
  [ErrorCodes.serverClosing]: Status.unavailable,
  [ErrorCodes.invalidPom]: Status.badRequest,
  // A stored resource of ours: 404 by the not-found rule (its routes are the workbench's own).
  [ErrorCodes.bridgeNotFound]: Status.notFound,
  // The middleware the user pointed at failed, not this server nor the request: 502 (RFC 9110 15.6.3).
  [ErrorCodes.middlewareUnreachable]: Status.badGateway,
  [ErrorCodes.middlewareVersionUnknown]: Status.badGateway,
  [ErrorCodes.middlewareRedirected]: Status.badGateway,
  // Bounds on the work an input can cause (CONTRACT.md, Safety): the client's input is refused.
  [ErrorCodes.yamlAliasLimit]: Status.badRequest,
  [ErrorCodes.nestingLimit]: Status.badRequest,
  [ErrorCodes.pomPropertyLimit]: Status.badRequest,
  [ErrorCodes.nameTooLong]: Status.badRequest,
  [ErrorCodes.topicMessageTooLarge]: Status.payloadTooLarge,
  // Only ever in a dead-letter envelope (a channel's message), never an HTTP answer.
  [ErrorCodes.messageTooLarge]: Status.payloadTooLarge,
  [ErrorCodes.xmlEncoding]: Status.badRequest,
  // The server is busy, not the request wrong: 503 (RFC 9110 15.6.4), as for a translation past its limit.
  [ErrorCodes.translationQueueFull]: Status.unavailable,
  // RFC 9110 section 15.5.9: the client did not send its request within the time the server waits.
  [ErrorCodes.requestTimeout]: Status.requestTimeout,
  // A broker down is a temporary condition of a dependency, not of this server's code: 503 (issue 40).
  [ErrorCodes.brokerUnavailable]: Status.unavailable,
  // A bound on the work an input can cause, like NESTING_LIMIT: the client's input is refused.
  [ErrorCodes.memoryLimit]: Status.badRequest,
};

/** Codes of a request body refused before any operation looks at it: their status holds on every route. */
const BODY_REFUSALS: ReadonlySet<string> = new Set<ErrorCode>([
  ErrorCodes.bodyTooLarge,
  ErrorCodes.unsupportedMediaType,
  ErrorCodes.missingBody,
  ErrorCodes.xmlJsonQuoted,
]);

/** Our code for a client error fastify raised that FRAMEWORK does not name, by its status. */
const FRAMEWORK_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  [Status.payloadTooLarge]: ErrorCodes.bodyTooLarge,
  [Status.unsupportedMediaType]: ErrorCodes.unsupportedMediaType,
  [Status.methodNotAllowed]: ErrorCodes.methodNotAllowed,
};

function isFrameworkRefusal(error: unknown): error is Error & { statusCode: number } {
  const e = error as { code?: unknown; statusCode?: unknown };
  return (
    error instanceof Error &&
    typeof e.code === 'string' &&
    e.code.startsWith('FST_') &&
    typeof e.statusCode === 'number' &&
    e.statusCode >= Status.badRequest &&
    e.statusCode < Status.internal
  );
}

/**
 * The status and body of an error raised while answering a request. `route` is the matched route's
 * URL pattern (undefined when none matched): it decides the status of a not-found error.
 */
export function toHttpError(error: unknown, operation: Operation, route?: string): HttpError {
  const { status, body } = statusAndBody(error, operation, route);
  return { status, body, headers: errorHeaders(status, body.code) };
}

/**
 * The client went away while its body was being read (it closed the connection, or the server's
 * request timeout closed it: http-timeouts.ts): Node's `aborted` error, which the framework marks
 * 400. Nobody reads the answer; it is the client's doing, not a failure of the server.
 */
function isClientAbort(error: unknown): boolean {
  const e = error as { code?: unknown; statusCode?: unknown };
  return error instanceof Error && e.code === 'ECONNRESET' && e.statusCode === Status.badRequest;
}

function statusAndBody(error: unknown, operation: Operation, route?: string): Omit<HttpError, 'headers'> {
  if (isClientAbort(error)) {
    return { status: Status.badRequest, body: { code: ErrorCodes.badRequest, message: 'The client closed the connection before its request arrived' } };
  }
  const framework = FRAMEWORK[(error as { code?: string }).code ?? ''];
  let status: number;
  let body: Record<string, unknown>;
  if (framework !== undefined) {
    status = framework.status ?? STATUS_OF_CODE[framework.code];
    body = { code: framework.code, message: framework.message ?? (error as Error).message };
  } else if (isFrameworkRefusal(error)) {
    // Another refusal of the framework's own (e.g. a QUERY request without Content-Type): the
    // client's mistake, kept as the status fastify gave it, in our error shape.
    const code = FRAMEWORK_STATUS_CODES[error.statusCode] ?? ErrorCodes.invalidRequest;
    status = STATUS_OF_CODE[code];
    body = { code, message: error.message };
  } else if (error instanceof MediatorError) {
    status = STATUS_OF_CODE[error.code];
    body = error.toJSON();
    if (error instanceof ValidationError || error instanceof ParseError) status = Status.badRequest;
  } else {
    return { status: Status.internal, body: { code: ErrorCodes.internal, message: 'There was an internal server error.' } };
  }
  // A request refused before it reached the operation (Host, cross-site, token) keeps its status.
  if (error instanceof AccessDeniedError) return { status, body };
  // Conversion failures are the seed's 500, but a body the server would not even take (too large,
  // not XML, XML sent as a JSON string, no body at all) keeps its 413/415/400, as on every other
  // route, so the client knows what to fix.
  // A busy server or an unreachable dependency (503) is no conversion failure either: the client
  // should retry, not fix its document.
  if (operation === 'convert' && !BODY_REFUSALS.has(body.code as string) && status !== Status.unavailable) status = Status.internal;
  if (operation === 'translation' && status < Status.internal) body = { ...body, graphStr: '' };
  if (error instanceof MediatorError && NOT_FOUND_CODES.has(error.code) && route !== undefined) status = notFoundStatus(route);
  return { status, body };
}
