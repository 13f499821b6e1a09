/**
 * The bridge installation assistant's part of the API client (tag "Bridges"): its methods are part
 * of MediatorApi, made here over the client's generated paths so URLs stay in the API module.
 */
import type { api } from '@mediator/core';
import type { Client } from 'openapi-fetch';
import type { paths } from './openapi.generated.js';

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

/**
 * The bridge methods over the generated client (openapi-fetch). `expectOk` is the client's: the
 * 2xx body, or ApiError; imported lazily through the parameter so this module stays types-only
 * towards client.ts (which imports it).
 */
export function bridgeMethods(
  client: Client<paths>,
  expectOk: <T>(what: string, call: Promise<{ data?: T; error?: unknown; response: Response }>) => Promise<T>,
): BridgeApi {
  return {
    checkBridgeVersion: (request) => expectOk('POST /bridge-checks/version', client.POST('/bridge-checks/version', { body: request })),
    readMiddlewareVersion: (url) => expectOk('POST /bridge-checks/middleware-version', client.POST('/bridge-checks/middleware-version', { body: { url } })),
    bridgeCopyCommands: (request) => expectOk('POST /bridge-checks/copy-commands', client.POST('/bridge-checks/copy-commands', { body: request })),
    checkBridgeLog: (request) => expectOk('POST /bridge-checks/log', client.POST('/bridge-checks/log', { body: request })),
    getPlatformChannelState: (platformId, spelling) =>
      expectOk('GET /bridge-checks/platform-channels', client.GET('/bridge-checks/platform-channels', { params: { query: { platformId, spelling } } })),
    async listBridgeProgress() {
      const list: unknown = await expectOk('GET /bridges', client.GET('/bridges'));
      return Array.isArray(list) ? (list as BridgeProgress[]) : [];
    },
    async getBridgeProgress(bridgeId) {
      const outcome = await client.GET('/bridges/{bridgeId}', { params: { path: { bridgeId } } });
      // Nothing stored for that bridge: not an error for the assistant.
      if (outcome.response.status === 404) return undefined;
      return expectOk('GET /bridges/{bridgeId}', Promise.resolve(outcome));
    },
    saveBridgeProgress: (bridgeId, body) => expectOk('PUT /bridges/{bridgeId}', client.PUT('/bridges/{bridgeId}', { params: { path: { bridgeId } }, body })),
    async deleteBridgeProgress(bridgeId) {
      await expectOk('DELETE /bridges/{bridgeId}', client.DELETE('/bridges/{bridgeId}', { params: { path: { bridgeId } } }));
    },
  };
}
