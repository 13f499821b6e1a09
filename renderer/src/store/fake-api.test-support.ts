import { ApiError, type AlignmentInfo, type ChannelInfo, type MediatorApi } from '../api/index.js';
import { createWorkbenchStore } from './workbench-store.js';

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

/** A workbench store talking to `fakeApi(api)`. */
export const storeWith = (api: Partial<MediatorApi>) => createWorkbenchStore({ makeApi: () => fakeApi(api) });

export const notFound = () => new ApiError('The requested resource could not be found.', 404, 'ROUTE_NOT_FOUND');

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
    chanType: 'EE',
    deadLetterTopic: `t${id}.errors`,
    status: 'running',
    createdAt: 0,
    ...over,
  };
}

/** A stored alignment as the server lists it (id 1, uploaded at time 0); `over` changes any field. */
export function alignmentInfo(name: string, version = '1.0', over: Partial<AlignmentInfo> = {}): AlignmentInfo {
  return {
    id: 1,
    name,
    version,
    descId: name,
    date: 0,
    sourceOntologyURI: 's',
    targetOntologyURI: 't',
    creator: 'c',
    description: '',
    cellCount: 1,
    stepCount: 1,
    ...over,
  };
}
