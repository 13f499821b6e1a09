/**
 * The one error taxonomy of the mediator. Every error that crosses a boundary (REST, CLI, IPC)
 * is one of these, with a stable machine `code`; HTTP status numbers live only in the server's
 * error map, never here.
 */

/** A position in a text, 1-based line and column. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** Stable machine codes. Add new ones here so the list stays the single reference. */
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
  /** A message is not JSON. */
  messageNotJson: 'MESSAGE_NOT_JSON',
  /** A message is JSON but not JSON-LD the mediator can read. */
  messageInvalidJsonLd: 'MESSAGE_INVALID_JSONLD',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  badRequest: 'BAD_REQUEST',
  inUse: 'IN_USE',
  timeout: 'TIMEOUT',
  internal: 'INTERNAL',
  /** The request's Host is not a name this server answers to (DNS rebinding defence). */
  hostNotAllowed: 'HOST_NOT_ALLOWED',
  /** A state-changing request sent by a page of another site (cross-site request forgery defence). */
  crossSiteRequest: 'CROSS_SITE_REQUEST',
  /** The server requires a bearer token and the request has none, or a wrong one. */
  unauthorized: 'UNAUTHORIZED',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export interface MediatorErrorOptions {
  readonly code?: string;
  readonly cause?: unknown;
}

/** Base of all domain errors. `toJSON` gives the plain-data form that crosses boundaries. */
export class MediatorError extends Error {
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
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
  /** Stable code, e.g. `CELL_TURTLE_SYNTAX`, `STEP_UNKNOWN_CELL`. */
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  readonly cellId?: string;
}

/** Input that parsed but breaks the rules; carries every problem found, not just the first. */
export class ValidationError extends MediatorError {
  readonly problems: readonly Problem[];

  constructor(message: string, problems: readonly Problem[], code: string = ErrorCodes.invalidAlignment) {
    super(message, code);
    this.problems = problems;
  }

  override toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, problems: this.problems };
  }
}

export class NotFoundError extends MediatorError {
  constructor(message: string, code: string = ErrorCodes.notFound) {
    super(message, code);
  }
}

export class ConflictError extends MediatorError {
  constructor(message: string, code: string = ErrorCodes.conflict) {
    super(message, code);
  }
}

/**
 * The request is refused before it reaches any operation: wrong Host, another site's page, no or a
 * wrong token. `code` says which (ErrorCodes.hostNotAllowed, crossSiteRequest, unauthorized).
 */
export class AccessDeniedError extends MediatorError {
  constructor(message: string, code: string) {
    super(message, code);
  }
}

/** Request is understood but refused: a resource is in use, a field combination is not allowed. */
export class BadRequestError extends MediatorError {
  constructor(message: string, code: string = ErrorCodes.badRequest) {
    super(message, code);
  }
}

/** Formats a problem as `line:column [cell] severity code: message` for CLI output. */
export function formatProblem(problem: Problem, file?: string): string {
  const position =
    problem.line === undefined ? '' : `${problem.line}:${problem.column ?? 1}`;
  const where = [file, position].filter((v) => v !== undefined && v !== '').join(':');
  const cell = problem.cellId === undefined ? '' : ` [cell ${problem.cellId}]`;
  return `${where === '' ? '' : `${where}: `}${problem.severity} ${problem.code}${cell}: ${problem.message}`;
}
