/**
 * The bridge installation assistant's part of the API client (tag "Bridges"): its methods are part
 * of MediatorApi, made here from the client's request helpers so URLs stay in the API module.
 */
import type { api } from '@mediator/core';

export type VersionCheckRequest = api.VersionCheckRequest;
export type VersionCheckReply = api.VersionCheckReply;
export type MiddlewareVersionReply = api.MiddlewareVersionReply;
export type CopyCommandsRequest = api.CopyCommandsRequest;
export type CopyCommandsReply = api.CopyCommandsReply;
export type LogCheckRequest = api.LogCheckRequest;
export type LogCheckReply = api.LogCheckReply;
export type PlatformChannelState = api.PlatformChannelState;
export type BridgeProgress = api.BridgeProgress;
export type BridgeProgressBody = api.BridgeProgressBody;
export type BridgeSteps = api.BridgeSteps;

export interface BridgeApi {
  checkBridgeVersion(request: VersionCheckRequest): Promise<VersionCheckReply>;
  readMiddlewareVersion(url: string): Promise<MiddlewareVersionReply>;
  bridgeCopyCommands(request: CopyCommandsRequest): Promise<CopyCommandsReply>;
  checkBridgeLog(request: LogCheckRequest): Promise<LogCheckReply>;
  getPlatformChannelState(platformId: string, spelling: api.TopicSpelling): Promise<PlatformChannelState>;
  listBridgeProgress(): Promise<BridgeProgress[]>;
  /** Undefined when nothing is stored for the bridge (404). */
  getBridgeProgress(bridgeId: string): Promise<BridgeProgress | undefined>;
  saveBridgeProgress(bridgeId: string, body: BridgeProgressBody): Promise<BridgeProgress>;
  deleteBridgeProgress(bridgeId: string): Promise<void>;
}

type Init = { body?: string; contentType?: string };
export interface BridgeRequestHelpers {
  /** 2xx JSON body, or throws ApiError. */
  readonly json: (method: string, path: string, init?: Init) => Promise<unknown>;
  /** 2xx, body ignored, or throws ApiError. */
  readonly ok: (method: string, path: string, init?: Init) => Promise<unknown>;
  readonly isNotFound: (error: unknown) => boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const seg = (s: string) => encodeURIComponent(s);

export function bridgeMethods({ json, ok, isNotFound }: BridgeRequestHelpers): BridgeApi {
  const post = async <T>(path: string, body: unknown) => (await json('POST', path, { body: JSON.stringify(body), contentType: JSON_TYPE })) as T;
  return {
    checkBridgeVersion: (request) => post<VersionCheckReply>('bridge-checks/version', request),
    readMiddlewareVersion: (url) => post<MiddlewareVersionReply>('bridge-checks/middleware-version', { url }),
    bridgeCopyCommands: (request) => post<CopyCommandsReply>('bridge-checks/copy-commands', request),
    checkBridgeLog: (request) => post<LogCheckReply>('bridge-checks/log', request),
    async getPlatformChannelState(platformId, spelling) {
      return (await json('GET', `bridge-checks/platform-channels?platformId=${seg(platformId)}&spelling=${seg(spelling)}`)) as PlatformChannelState;
    },
    async listBridgeProgress() {
      const list = await json('GET', 'bridges');
      return Array.isArray(list) ? (list as BridgeProgress[]) : [];
    },
    async getBridgeProgress(bridgeId) {
      try {
        return (await json('GET', `bridges/${seg(bridgeId)}`)) as BridgeProgress;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async saveBridgeProgress(bridgeId, body) {
      return (await json('PUT', `bridges/${seg(bridgeId)}`, { body: JSON.stringify(body), contentType: JSON_TYPE })) as BridgeProgress;
    },
    async deleteBridgeProgress(bridgeId) {
      await ok('DELETE', `bridges/${seg(bridgeId)}`);
    },
  };
}
