/**
 * What every per-tag route file shares: the typed Fastify instance (TypeBox type provider, so
 * params, query and body are typed from the API schemas, no casts), the services they call, the
 * XML body helpers, and the documented error responses. Statuses come from http-errors.ts.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TUnsafe } from 'typebox';
import type { Logger as PinoLogger } from 'pino';
import { api, BadRequestError, ErrorCodes, MediatorError, type Transport } from '../../../common/index.js';
import type { AlignmentService } from '../../services/alignment-service.js';
import type { BridgeService } from '../../services/bridge-service.js';
import type { ChannelService } from '../../services/channel-service.js';
import type { TranslationService } from '../../services/translation-service.js';
import type { SuiteService } from '../../services/suite-service.js';
import type { CoverageService } from '../../services/coverage-service.js';
import type { LogLevels } from '../log-levels.js';
import type { ServerMetrics } from '../metrics.js';
import { Status } from '../http-errors.js';
import type { TransportSet } from '../../transports/transport-set.js';

/** The server with the TypeBox type provider: route schemas type the request and the reply. */
export type ApiServer = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface RouteDeps {
  readonly alignments: AlignmentService;
  readonly channels: ChannelService;
  readonly translation: TranslationService;
  /** The default transport (test messages on topics). */
  readonly transport: Transport;
  /** Every transport channels may use (GET /version?details=true lists them). */
  readonly transports: TransportSet;
  readonly levels: LogLevels;
  readonly logger: PinoLogger;
  readonly bridges: BridgeService;
  readonly suites: SuiteService;
  readonly coverage: CoverageService;
  readonly metrics: ServerMetrics;
}

/**
 * Which client's shapes a route file registers: the reference's (IPSM 0.8.10, at the root) or the
 * successor's (ASSIST-IoT STE 1.0, under /v1), CONTRACT.md "The successor's API".
 */
export type ApiFlavour = 'ipsm' | 'ste';

export const XML_CONSUMES = ['application/xml', 'text/xml', 'application/rdf+xml'];

/**
 * True when an XML body is really a JSON string holding XML (`"<?xml version=\"1.0\"?>..."`): what a
 * typed client sends when it JSON-encodes the text it was given. A double quote can never start an
 * XML document, so only such a body is parsed as JSON, and parsing it is linear in its (limited) size.
 */
export function isJsonQuotedXml(body: string): boolean {
  const text = body.trim();
  if (!text.startsWith('"')) return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return typeof value === 'string' && value.trimStart().startsWith('<');
}

/** The XML text of a request, or 415/400 when it is not an XML body. */
export function xmlBody(request: FastifyRequest): string {
  const body = request.body;
  if (body === undefined || body === null || body === '') {
    throw new BadRequestError('The request has no body: send the alignment XML with Content-Type: application/xml', ErrorCodes.missingBody);
  }
  if (typeof body !== 'string') {
    throw new MediatorError(`The request's Content-Type is not supported. Expected: ${XML_CONSUMES.join(', ')}`, ErrorCodes.unsupportedMediaType);
  }
  if (isJsonQuotedXml(body)) {
    // Without this the XML reader reports "text before the root element", which hides the cause.
    throw new BadRequestError(
      'The XML arrived JSON-quoted: the body is a JSON string that holds the XML, not the XML itself. Send the raw XML text as the body (do not JSON-encode it), with Content-Type: application/xml',
      ErrorCodes.xmlJsonQuoted,
    );
  }
  return body;
}

/** preValidation hook of the XML routes: refuse a non-XML body before the schema looks at it. */
export const xmlOnly = async (request: FastifyRequest): Promise<void> => {
  xmlBody(request);
};

/** The media type of every JSON answer (as Fastify sets it). */
export const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Sends JSON already written and UTF-8 encoded (by a translation worker, or kept from an earlier
 * request): as it is, with its length, nothing serialised or encoded again on the event loop.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Uint8Array): FastifyReply {
  return reply.type(JSON_UTF8).send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * Sends a JSON body with V8's JSON.stringify instead of the schema serialiser: for multi-kilobyte
 * strings (graphStr, SPARQL) the native escaper is much faster, and nothing is dropped. The body
 * is still typed by the caller against the API schema.
 */
export function sendNativeJson<T>(reply: FastifyReply, body: T): FastifyReply {
  return reply.type(JSON_UTF8).serializer(JSON.stringify).send(body);
}

const errorDescriptions: Record<number, string> = {
  [Status.badRequest]:
    'Refused: invalid input; on the IPSM contract routes also an alignment or channel that is not stored (the reference answers 400 there; see the not-found rule above)',
  [Status.unauthorized]: 'Token mode: the request has no bearer token, or a wrong one',
  [Status.forbidden]: 'A state-changing request sent by a page of another site',
  [Status.conflict]: 'The same name and version hold a different alignment',
  [Status.payloadTooLarge]: 'The request body is larger than the server takes',
  [Status.unsupportedMediaType]: 'The request body is not in a media type this operation takes',
  [Status.misdirected]: 'The Host header names no host this server answers to',
  [Status.notFound]: 'Not stored: something the request names (suite, case, alignment, document, bridge) is not there (the not-found rule above)',
  [Status.internal]: 'The operation failed on the server',
  [Status.badGateway]: 'The middleware named in the request could not be reached, or its answer holds no version',
  [Status.unavailable]: 'The operation took longer than the server allows, or the shared configuration (NATS JetStream) cannot be reached',
};

/** A documented JSON error response: `{message, code}` (CONTRACT.md), whatever the success type. */
export function errorResponse(
  status: number,
  description = errorDescriptions[status] ?? 'Error',
): {
  description: string;
  content: { 'application/json': { schema: ReturnType<typeof api.ref<typeof api.ErrorBody>> } };
  headers?: Record<string, { type: 'integer'; minimum: number; description: string }>;
} {
  const body = { description, content: { 'application/json': { schema: api.ref(api.ErrorBody) } } };
  // Every 503 says when to retry (http-errors.ts errorHeaders; issue 40).
  if (status !== Status.unavailable) return body;
  return { ...body, headers: { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again' } } };
}

/**
 * The error responses of an operation: the given statuses plus what every request can get from
 * the access guard (421 wrong Host, 401 token mode; 403 cross-site for state-changing methods) and
 * 500 for a failure of ours.
 */
export function errorResponses(
  statuses: readonly number[],
  options: { readonly changesState?: boolean } = {},
): Record<number, ReturnType<typeof errorResponse>> {
  const all = new Set([...statuses, Status.unauthorized, Status.misdirected, Status.internal, ...(options.changesState === true ? [Status.forbidden] : [])]);
  const out: Record<number, ReturnType<typeof errorResponse>> = {};
  for (const status of [...all].sort((a, b) => a - b)) out[status] = errorResponse(status);
  return out;
}

/** A documented JSON success response. */
export function jsonResponse<T extends object>(description: string, schema: T): { description: string; content: { 'application/json': { schema: T } } } {
  return { description, content: { 'application/json': { schema } } };
}

/** A documented XML success response (the body is the XML text). */
export function xmlResponse(description: string): { description: string; content: { 'application/xml': { schema: typeof api.XmlBody } } } {
  return { description, content: { 'application/xml': { schema: api.XmlBody } } };
}

/** A documented response without a body (204). */
export function emptyResponse(description: string): TUnsafe<undefined> {
  return Type.Unsafe<undefined>({ type: 'null', description });
}
