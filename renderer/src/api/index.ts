export { ApiError, createHttpApi, errorMessage, toApiError } from './client.js';
export type { HttpApiOptions, MediatorApi } from './client.js';
export * from './types.js';
export type * from './bridge-client.js';
