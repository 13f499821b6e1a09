/**
 * The one place where HTTP status numbers live (STYLE.md): success statuses of the contract and
 * the mapping of domain errors to statuses, per operation where CONTRACT.md says so.
 */
import { AccessDeniedError, ErrorCodes, MediatorError, ParseError, ValidationError } from '../../common/index.js';

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
  unavailable: 503,
} as const;

/**
 * Operations whose failures the contract fixes to one status: conversions answer 500 for every
 * conversion failure (seed, section 4: "500 conversion failed"); translation answers 400 with an empty
 * graphStr (reference section 6.8).
 */
export type Operation = 'convert' | 'translation' | 'default';

export interface HttpError {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Fastify's own errors (malformed JSON, body too large, wrong media type, schema validation). */
const FRAMEWORK: Record<string, { status: number; code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: Status.badRequest, code: 'MALFORMED_BODY' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: Status.badRequest, code: 'MALFORMED_BODY', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: Status.payloadTooLarge, code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: Status.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: Status.badRequest, code: 'MALFORMED_BODY' },
  FST_ERR_VALIDATION: { status: Status.badRequest, code: 'INVALID_REQUEST' },
};

function domainStatus(error: MediatorError): number {
  switch (error.code) {
    case ErrorCodes.conflict:
      return Status.conflict;
    case ErrorCodes.timeout:
      return Status.unavailable;
    case ErrorCodes.internal:
      return Status.internal;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return Status.unsupportedMediaType;
    // RFC 9110 section 15.5.20: 421 for a request this server is not configured to answer for that Host.
    case ErrorCodes.hostNotAllowed:
      return Status.misdirected;
    case ErrorCodes.crossSiteRequest:
      return Status.forbidden;
    case ErrorCodes.unauthorized:
      return Status.unauthorized;
    default:
      // NotFound is 400 in this API (seed section 7: "400 alignment not found"); 404 is only for unknown paths.
      return Status.badRequest;
  }
}

export function toHttpError(error: unknown, operation: Operation): HttpError {
  const framework = FRAMEWORK[(error as { code?: string }).code ?? ''];
  let status: number;
  let body: Record<string, unknown>;
  if (framework !== undefined) {
    status = framework.status;
    body = { code: framework.code, message: framework.message ?? (error as Error).message };
  } else if (error instanceof MediatorError) {
    status = domainStatus(error);
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
  return { status, body };
}
