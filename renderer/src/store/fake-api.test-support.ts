import { ApiError, type ChannelInfo, type MediatorApi } from '../api/index.js';

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

/** A running channel as the server lists it: source `s<id>`, sink `t<id>`, no alignments; `over` changes any field. */
export function channelInfo(id: number, over: Partial<ChannelInfo> = {}): ChannelInfo {
  return {
    id,
    descId: `c${id}`,
    uuid: 'u',
    source: `s${id}`,
    sink: `t${id}`,
    inpAlignmentName: '',
    inpAlignmentVersion: '',
    outAlignmentName: '',
    outAlignmentVersion: '',
    inpAlignmentId: 0,
    outAlignmentId: 0,
    consumerGroup: 'g',
    parallelism: 1,
    deadLetterTopic: `t${id}.errors`,
    status: 'running',
    createdAt: 0,
    ...over,
  };
}
