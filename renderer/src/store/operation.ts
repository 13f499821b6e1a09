import { ApiError, errorMessage } from '../api/index.js';
import type { Operation } from './types.js';

/** A failed request as an Operation: the server's message, and whether the route is missing (404). */
export function failed(error: unknown): Operation {
  const notAvailable = error instanceof ApiError && error.notAvailable;
  return { state: 'failed', message: errorMessage(error), ...(notAvailable ? { notAvailable } : {}) };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
