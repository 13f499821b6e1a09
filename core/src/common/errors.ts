/**
 * The one error taxonomy of the mediator. Every error that crosses a boundary (REST, CLI, IPC)
 * is one of these, with a stable machine `code`; HTTP status numbers live only in the server's
 * error map, never here.
 */
import type { ProblemCode } from './problem-codes.js';

/** A position in a text, 1-based line and column. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/**
 * Every stable machine code a MediatorError can carry: the complete list (issue 14). The type
 * `ErrorCode` is the union of these values; the server maps each one to an HTTP status in a
 * `Record<ErrorCode, ...>` (core/src/node/server/http-errors.ts), so a code added here without a
 * status there, or used anywhere without being added here, is a compile error.
 * Problem codes (`Problem.code`, findings of validation such as CELL_TURTLE_SYNTAX) are not error
 * codes: they travel inside an error's `problems`, and have their own catalogue, ./problem-codes.ts.
 * These two modules are the only ones that declare codes; the rest of the code names their constants.
 */
export const ErrorCodes = {
  /** Generic malformed input that no more specific code fits. */
  parse: 'PARSE_ERROR',
  /** XML is not well-formed (unclosed tag, bad attribute, ...). */
  xmlMalformed: 'XML_MALFORMED',
  /** An external entity, external DTD subset or parameter entity was declared: refused. */
  xmlExternalEntity: 'XML_EXTERNAL_ENTITY',
  /** Internal entity expansion exceeded a depth or size limit (entity bombs). */
  xmlEntityLimit: 'XML_ENTITY_LIMIT',
  /** A reference to an entity that is not declared. */
  xmlUndefinedEntity: 'XML_UNDEFINED_ENTITY',
  /** The document is XML but not an IPSM-AF alignment, or the alignment has errors. */
  invalidAlignment: 'INVALID_ALIGNMENT',
  /** A conversion (legacy to IPSM-AF, cell formats) found problems; they are listed. */
  conversionFailed: 'CONVERSION_FAILED',
  /** A message is not JSON. */
  messageNotJson: 'MESSAGE_NOT_JSON',
  /** A message is JSON but not JSON-LD the mediator can read. */
  messageInvalidJsonLd: 'MESSAGE_INVALID_JSONLD',
  /** A translation failed with an error that has no code of its own (channel dead letters). */
  translationFailed: 'TRANSLATION_FAILED',
  notFound: 'NOT_FOUND',
  /** No route at that path: the server does not offer it (an older server, or a typo), not a missing record. */
  routeNotFound: 'ROUTE_NOT_FOUND',
  conflict: 'CONFLICT',
  badRequest: 'BAD_REQUEST',
  inUse: 'IN_USE',
  timeout: 'TIMEOUT',
  internal: 'INTERNAL',
  /** A ChannelConfig (or a platform pair body) that breaks the rules of CONTRACT.md. */
  invalidChannel: 'INVALID_CHANNEL',
  /** POST /logging/{level} with a level that is not one of all trace debug info warn error off. */
  invalidLogLevel: 'INVALID_LOG_LEVEL',
  /** Reading a topic's recent messages from a transport that does not keep them. */
  topicReadUnsupported: 'TOPIC_READ_UNSUPPORTED',
  /** A request that needs a body came without one. */
  missingBody: 'MISSING_BODY',
  /** A body that is not valid JSON (or an empty JSON body, a bad Content-Length). */
  malformedBody: 'MALFORMED_BODY',
  /**
   * An XML route's body is a JSON string holding the XML (`"<?xml ...>"`, a typed client that
   * JSON-encoded the text): refused with a message that says so, instead of an XML syntax error.
   */
  xmlJsonQuoted: 'XML_JSON_QUOTED',
  /** A body larger than the server's limit. */
  bodyTooLarge: 'BODY_TOO_LARGE',
  /** A body in a media type the operation does not take. */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** A request that breaks the operation's schema (parameters, JSON body fields). */
  invalidRequest: 'INVALID_REQUEST',
  /** A path that exists, with a method it does not offer. */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** The request's Host is not a name this server answers to (DNS rebinding defence). */
  hostNotAllowed: 'HOST_NOT_ALLOWED',
  /** A state-changing request sent by a page of another site (cross-site request forgery defence). */
  crossSiteRequest: 'CROSS_SITE_REQUEST',
  /** The server requires a bearer token and the request has none, or a wrong one. */
  unauthorized: 'UNAUTHORIZED',
  /** The store file exists but is not an SQLite database (or is damaged). */
  storeCorrupt: 'STORE_CORRUPT',
  /** The store was written by a newer version of the mediator. */
  storeTooNew: 'STORE_TOO_NEW',
  /** The store could not be opened or migrated. */
  storeOpenFailed: 'STORE_OPEN_FAILED',
  /** CLI: a file named on the command line cannot be read. */
  fileUnreadable: 'FILE_UNREADABLE',
  /** CLI: a file the command was told to write cannot be written (its folder, permissions, space). */
  fileUnwritable: 'FILE_UNWRITABLE',
  /** CLI: the port to listen on is taken. */
  portInUse: 'PORT_IN_USE',
  /** CLI: the mediator the command talks to cannot be reached. */
  serverUnreachable: 'SERVER_UNREACHABLE',
  /** CLI: the mediator the command talks to answered with an error. */
  serverRefused: 'SERVER_REFUSED',
  /** A Swagger 2.0 (mw2mw API) document that is not YAML/JSON, or not a Swagger 2.0 document (issue 15). */
  apiDocumentInvalid: 'API_DOCUMENT_INVALID',
  /** serve: a non-loopback bind without a token and without --no-auth. */
  networkWithoutAuth: 'NETWORK_WITHOUT_AUTH',
  /** A change to the shared configuration (NATS JetStream buckets) while this process cannot reach the cluster. */
  configStoreUnavailable: 'CONFIG_STORE_UNAVAILABLE',
  /** The server is shutting down: the request was not handled; send it to another process or try again later. */
  serverClosing: 'SERVER_CLOSING',
  /** Bridge assistant: the document is XML but not a Maven POM (its root is not <project>). */
  invalidPom: 'INVALID_POM',
  /** Bridge assistant: no progress is stored for that bridge. */
  bridgeNotFound: 'BRIDGE_NOT_FOUND',
  /** Bridge assistant: the middleware URL the user gave cannot be reached (refused, timed out, not HTTP). */
  middlewareUnreachable: 'MIDDLEWARE_UNREACHABLE',
  /** Bridge assistant: the middleware answered, but no version could be read from its answer. */
  middlewareVersionUnknown: 'MIDDLEWARE_VERSION_UNKNOWN',
  /** Bridge assistant: the middleware answered with a redirect; none is followed (it could lead to an internal address). */
  middlewareRedirected: 'MIDDLEWARE_REDIRECTED',
  /** A YAML document whose aliases expand past the limit ("billion laughs"): refused, not expanded. */
  yamlAliasLimit: 'YAML_ALIAS_LIMIT',
  /** JSON (a request body, a message) or YAML nested deeper than the limit. */
  nestingLimit: 'NESTING_LIMIT',
  /** Bridge assistant: Maven `${...}` properties nested too deep or resolving to too long a value. */
  pomPropertyLimit: 'POM_PROPERTY_LIMIT',
  /** An alignment name or version longer than the limit. */
  nameTooLong: 'NAME_TOO_LONG',
  /** A test message larger than the embedded bus's whole byte budget for retained messages. */
  topicMessageTooLarge: 'TOPIC_MESSAGE_TOO_LARGE',
  /** A channel's source message larger than its transport's limit (MQTT): dead-lettered untranslated. */
  messageTooLarge: 'MESSAGE_TOO_LARGE',
  /** An XML body whose bytes are not valid in its declared encoding, or whose encoding is not supported. */
  xmlEncoding: 'XML_ENCODING',
  /**
   * The engine's job queue is past one of its bounds (jobs waiting, or the wait for a worker): the
   * job is refused rather than kept waiting (CONTRACT.md, Safety); try again later.
   */
  translationQueueFull: 'TRANSLATION_QUEUE_FULL',
  /** A request whose headers or body did not arrive within the server's request timeout (issue 40). */
  requestTimeout: 'REQUEST_TIMEOUT',
  /**
   * The broker a request needs (a topic's transport) is down or was never reached: nothing was
   * sent; try again later (issue 40). Not a bug of the server nor of the request.
   */
  brokerUnavailable: 'BROKER_UNAVAILABLE',
  /** A job (a suggestion) that needed more heap than its budget: stopped; give smaller input (issue 40). */
  memoryLimit: 'MEMORY_LIMIT',
  /** Cells from examples (issue 30): an example message that cannot be read, or no example at all. */
  invalidSuggestionExample: 'INVALID_SUGGESTION_EXAMPLE',
  /** Cells from examples: the synthesis ran past its time budget and was abandoned. */
  suggestionTimeout: 'SUGGESTION_TIMEOUT',
  /** Cells from examples: an answer names a question the examples do not raise, or a candidate that question does not have. */
  invalidSuggestionAnswer: 'INVALID_SUGGESTION_ANSWER',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Every error code, e.g. for an OpenAPI enum or a table test. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ErrorCodes);

/** True when `value` is one of the error codes (plain data from the wire or a worker thread). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export interface MediatorErrorOptions {
  readonly code?: ErrorCode;
  readonly cause?: unknown;
}

/** Base of all domain errors. `toJSON` gives the plain-data form that crosses boundaries. */
export class MediatorError extends Error {
  readonly code: ErrorCode;

  constructor(message: string, code: ErrorCode, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message };
  }
}

export interface ParseErrorOptions extends MediatorErrorOptions {
  readonly line?: number;
  readonly column?: number;
  /** What was being parsed: a file name, `cell 5_time entity2`, `message`, ... */
  readonly source?: string;
}

/** Malformed input, with the position where it went wrong when known. */
export class ParseError extends MediatorError {
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly source: string | undefined;

  constructor(message: string, options: ParseErrorOptions = {}) {
    super(message, options.code ?? ErrorCodes.parse, { cause: options.cause });
    this.line = options.line;
    this.column = options.column;
    this.source = options.source;
  }

  /** `source:line:column: message`, the form compilers use, for CLI output. */
  describe(): string {
    const where = [this.source, this.line, this.column].filter((v) => v !== undefined).join(':');
    return where === '' ? this.message : `${where}: ${this.message}`;
  }

  override toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      ...(this.line === undefined ? {} : { line: this.line }),
      ...(this.column === undefined ? {} : { column: this.column }),
      ...(this.source === undefined ? {} : { source: this.source }),
    };
  }
}

export type Severity = 'error' | 'warning';

/** One finding of alignment validation. */
export interface Problem {
  /**
   * Stable code, e.g. `CELL_TURTLE_SYNTAX`, `STEP_UNKNOWN_CELL` (ProblemCodes), or an error code
   * when the finding is an error of its own (a syntax error while analysing, a failed conversion).
   */
  readonly code: ProblemCode | ErrorCode;
  readonly severity: Severity;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly cellId?: string;
}

/** Input that parsed but breaks the rules; carries every problem found, not just the first. */
export class ValidationError extends MediatorError {
  readonly problems: readonly Problem[];

  constructor(message: string, problems: readonly Problem[], code: ErrorCode = ErrorCodes.invalidAlignment) {
    super(message, code);
    this.problems = problems;
  }

  override toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, problems: this.problems };
  }
}

export class NotFoundError extends MediatorError {
  constructor(message: string, code: ErrorCode = ErrorCodes.notFound) {
    super(message, code);
  }
}

export class ConflictError extends MediatorError {
  constructor(message: string, code: ErrorCode = ErrorCodes.conflict) {
    super(message, code);
  }
}

/**
 * The request is refused before it reaches any operation: wrong Host, another site's page, no or a
 * wrong token. `code` says which (ErrorCodes.hostNotAllowed, crossSiteRequest, unauthorized).
 */
export class AccessDeniedError extends MediatorError {
  constructor(message: string, code: ErrorCode) {
    super(message, code);
  }
}

/** Request is understood but refused: a resource is in use, a field combination is not allowed. */
export class BadRequestError extends MediatorError {
  constructor(message: string, code: ErrorCode = ErrorCodes.badRequest) {
    super(message, code);
  }
}

/** Formats a problem as `line:column [cell] severity code: message` for CLI output. */
export function formatProblem(problem: Problem, file?: string): string {
  const position = problem.line === undefined ? '' : `${problem.line}:${problem.column ?? 1}`;
  const where = [file, position].filter((v) => v !== undefined && v !== '').join(':');
  const cell = problem.cellId === undefined ? '' : ` [cell ${problem.cellId}]`;
  return `${where === '' ? '' : `${where}: `}${problem.severity} ${problem.code}${cell}: ${problem.message}`;
}
