/**
 * The bridge installation assistant's server side (issue 15): runs the pure checks of
 * core/common/bridge-assistant, reads a running middleware's version, reports a platform's channel pair, and
 * keeps the assistant's progress per bridge in the store.
 */
import {
  api,
  BadRequestError,
  checkBridgeVersion,
  checkStartupLog,
  ErrorCodes,
  generateCopyCommands,
  jarNamesIn,
  MediatorError,
  NotFoundError,
  platformTopics,
} from '../../common/index.js';
import type { BridgeProgressRecord, BridgeProgressTable } from '../store/bridge-progress-table.js';
import { readMiddlewareVersion, type MiddlewareVersionOptions } from '../bridge-assistant/middleware-version.js';
import type { ChannelService } from './channel-service.js';

export class BridgeService {
  constructor(
    private readonly progress: BridgeProgressTable,
    private readonly channels: ChannelService,
    private readonly middlewareOptions: MiddlewareVersionOptions = {},
  ) {}

  checkVersion(request: api.VersionCheckRequest): api.VersionCheckReply {
    const result = checkBridgeVersion({
      pom: request.pom,
      pomSource: request.pomName,
      parentPom: request.parentPom,
      parentPomSource: request.parentPomName,
      ancestorPoms: request.ancestorPoms?.map((a, i) => ({ text: a.pom, source: a.name ?? `ancestor POM ${i + 1}` })),
      bridgeApiVersion: request.bridgeApiVersion,
      middlewareVersion: request.middlewareVersion,
    });
    return { ...result, problems: [...result.problems] };
  }

  async middlewareVersion(request: api.MiddlewareVersionRequest): Promise<api.MiddlewareVersionReply> {
    return readMiddlewareVersion(request.url, this.middlewareOptions);
  }

  copyCommands(request: api.CopyCommandsRequest): api.CopyCommandsReply {
    const result = generateCopyCommands({
      container: request.container,
      jar: request.jar,
      dependencies: request.dependencies,
      shipped: request.shipped === undefined ? undefined : jarNamesIn(request.shipped),
      config: request.config,
      bridgeClass: request.bridgeClass,
    });
    return {
      ...result,
      entries: [...result.entries],
      copyCommands: [...result.copyCommands],
      notes: [...result.notes],
      problems: [...result.problems],
      script: [...result.script],
    };
  }

  checkLog(request: api.LogCheckRequest): api.LogCheckReply {
    const result = checkStartupLog(request.log, request.expect ?? []);
    return { ...result, bridges: [...result.bridges], missing: [...result.missing], problems: [...result.problems] };
  }

  /** A platform's two channels, found by their topic names (seed 1.6), and whether both run. */
  platformChannels(query: api.PlatformChannelsQuery): api.PlatformChannelState {
    if (query.platformId.trim() === '') throw new BadRequestError('The platform id is empty', ErrorCodes.invalidRequest);
    const topics = platformTopics(query.platformId, query.spelling ?? 'mediator');
    const all = this.channels.list();
    const find = (pair: api.TopicPair) => all.find((c) => c.source === pair.source && c.sink === pair.sink) ?? null;
    const downstream = find(topics.downstream);
    const upstream = find(topics.upstream);
    return { topics, downstream, upstream, running: downstream?.status === 'running' && upstream?.status === 'running' };
  }

  listProgress(): api.BridgeProgress[] {
    return this.progress.list().map(toProgress);
  }

  getProgress(bridgeId: string): api.BridgeProgress {
    const record = this.progress.get(bridgeId);
    if (record === undefined) throw new NotFoundError(`No progress is stored for the bridge "${bridgeId}"`, ErrorCodes.bridgeNotFound);
    return toProgress(record);
  }

  saveProgress(bridgeId: string, body: api.BridgeProgressBody): api.BridgeProgress {
    if (bridgeId.trim() === '') throw new BadRequestError('The bridge name is empty', ErrorCodes.invalidRequest);
    const record = this.progress.put(bridgeId, JSON.stringify({ currentStep: body.currentStep, steps: body.steps }));
    return toProgress(record);
  }

  deleteProgress(bridgeId: string): void {
    if (!this.progress.delete(bridgeId)) throw new NotFoundError(`No progress is stored for the bridge "${bridgeId}"`, ErrorCodes.bridgeNotFound);
  }
}

function toProgress(record: BridgeProgressRecord): api.BridgeProgress {
  let saved: unknown;
  try {
    saved = JSON.parse(record.progress);
  } catch (error) {
    throw new MediatorError(`The stored progress of the bridge "${record.bridgeId}" is not JSON`, ErrorCodes.internal, { cause: error });
  }
  const body = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<api.BridgeProgressBody>;
  return { bridgeId: record.bridgeId, currentStep: body.currentStep ?? 1, steps: body.steps ?? {}, updatedAt: record.updatedAt };
}
