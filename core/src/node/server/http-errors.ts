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
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  misdirected: 421,
  internal: 500,
  badGateway: 502,
  unavailable: 503,
} as const;

/**
 * Operations whose failures the contract fixes to one status: conversions answer 500 for every
 * conversion failure (seed, section 4: "500 conversion failed"); translation answers 400 with an empty
 * graphStr (reference section 6.8); the workbench's own lookups that the reference never had
 * (operation 'lookup', e.g. the alignment diff, issue 12) answer an unknown alignment with 404.
 */
export type Operation = 'convert' | 'translation' | 'lookup' | 'default';

export interface HttpError {
  readonly status: number;
  readonly body: Record<string, unknown>;
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
  FST_STATIC_FORBIDDEN_PATH: { code: ErrorCodes.notFound, message: 'The requested resource could not be found.', status: Status.notFound },
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
  // Seed section 7: "400 alignment not found"; 404 is only for unknown paths.
  [ErrorCodes.notFound]: Status.badRequest,
  [ErrorCodes.conflict]: Status.conflict,
  [ErrorCodes.badRequest]: Status.badRequest,
  // CONTRACT.md: deleting an alignment a channel uses is a 400.
  [ErrorCodes.inUse]: Status.badRequest,
  [ErrorCodes.timeout]: Status.unavailable,
  [ErrorCodes.internal]: Status.internal,
  [ErrorCodes.invalidChannel]: Status.badRequest,
  [ErrorCodes.invalidLogLevel]: Status.badRequest,
  [ErrorCodes.topicReadUnsupported]: Status.badRequest,
  [ErrorCodes.missingBody]: Status.badRequest,
  [ErrorCodes.malformedBody]: Status.badRequest,
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
  [ErrorCodes.portInUse]: Status.internal,
  [ErrorCodes.serverUnreachable]: Status.internal,
  [ErrorCodes.serverRefused]: Status.internal,
  [ErrorCodes.networkWithoutAuth]: Status.internal,
  [ErrorCodes.apiDocumentInvalid]: Status.badRequest,
  // Issue 13: the fleet's configuration cannot be changed from a process cut off from the cluster; try again later.
  [ErrorCodes.configStoreUnavailable]: Status.unavailable,
  [ErrorCodes.invalidPom]: Status.badRequest,
  // A stored resource of ours (not the IPSM contract's alignments and channels): a plain 404.
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
  [ErrorCodes.xmlEncoding]: Status.badRequest,
};

export function toHttpError(error: unknown, operation: Operation): HttpError {
  const framework = FRAMEWORK[(error as { code?: string }).code ?? ''];
  let status: number;
  let body: Record<string, unknown>;
  if (framework !== undefined) {
    status = framework.status ?? STATUS_OF_CODE[framework.code];
    body = { code: framework.code, message: framework.message ?? (error as Error).message };
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
  // not XML) keeps its 413/415, as on every other route, so the client knows what to fix.
  if (operation === 'convert' && status !== Status.payloadTooLarge && status !== Status.unsupportedMediaType) status = Status.internal;
  if (operation === 'translation' && status < Status.internal) body = { ...body, graphStr: '' };
  if (operation === 'lookup' && error instanceof MediatorError && error.code === ErrorCodes.notFound) status = Status.notFound;
  return { status, body };
}
