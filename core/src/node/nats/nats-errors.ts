/**
 * Reading the `nats` client's errors, for the NATS transport and the NATS configuration store
 * (each had its own copy). The codes are the client's own `ErrorCode` values, not the mediator's:
 * they never reach a REST answer.
 */
import { ErrorCode } from 'nats';

/** The fields of a `nats` error (NatsError, or NatsPublishError, shaped like one) read here. */
interface NatsLikeError {
  readonly code?: unknown;
  readonly api_error?: { readonly code?: number; readonly err_code?: number };
}

/** The JetStream API error number (`err_code`, e.g. 10059 stream not found), when there is one. */
export function apiErrCode(error: unknown): number | undefined {
  return (error as NatsLikeError | undefined)?.api_error?.err_code;
}

/** The JetStream API error's HTTP-like status (`api_error.code`), when there is one. */
export function apiStatus(error: unknown): number | undefined {
  return (error as NatsLikeError | undefined)?.api_error?.code;
}

/** The client's error code (`ErrorCode`, e.g. TIMEOUT, 503 for no responders), when there is one. */
export function errCode(error: unknown): string | undefined {
  const code = (error as NatsLikeError | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Client codes of a server refusing who we are: retrying with the same credentials cannot help. */
const REFUSED_CREDENTIAL_CODES: ReadonlySet<string> = new Set([ErrorCode.AuthorizationViolation, ErrorCode.AuthenticationExpired, ErrorCode.BadAuthentication]);

/** The server refused the credentials (wrong password, token, NKey or JWT; expired credentials). */
export function isRefusedCredentials(error: unknown): boolean {
  const code = errCode(error);
  return code !== undefined && REFUSED_CREDENTIAL_CODES.has(code);
}

/** Client codes of failures a cluster recovers from by itself: time-outs, no responders (no leader yet), disconnects. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  ErrorCode.Timeout,
  ErrorCode.NoResponders,
  ErrorCode.Disconnect,
  ErrorCode.RequestError,
  ErrorCode.ConnectionRefused,
  ErrorCode.ConnectionTimeout,
  ErrorCode.Cancelled,
  ErrorCode.JetStream408RequestTimeout,
]);

/** Failures worth retrying: time-outs, no responders, disconnects, 5xx (and 408) API errors. */
export function isTransientNatsError(error: unknown): boolean {
  const status = apiStatus(error);
  if (status !== undefined) return status >= 500 || status === 408;
  const code = errCode(error);
  return code !== undefined && TRANSIENT_CODES.has(code);
}

/** An error that reads as the client's own time-out (so isTransientNatsError retries it). */
export function natsTimeout(message: string): Error {
  return Object.assign(new Error(message), { code: ErrorCode.Timeout });
}
