import { ApiError, type MediatorApi } from '../api/index.js';

/** A MediatorApi whose every method fails unless the test provides it. */
export function fakeApi(methods: Partial<MediatorApi>): MediatorApi {
  return new Proxy(methods as MediatorApi, {
    get(target, key: string) {
      const method = (target as unknown as Record<string, unknown>)[key];
      if (method !== undefined) return method;
      return () => Promise.reject(new ApiError(`fake api: ${key} not stubbed`, 500, 'TEST'));
    },
  });
}

export const notFound = () => new ApiError('The requested resource could not be found.', 404, 'NOT_FOUND');

/** Lets pending promise callbacks run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await Promise.resolve();
}
