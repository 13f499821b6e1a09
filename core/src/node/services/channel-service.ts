/**
 * Channel configurations (reference-mediator.md 7, CONTRACT.md "ChannelConfig: both versions"):
 * validation of both body styles and of their alignments, persistence, listing with live status
 * and counters, deletion, and platform channel pairs (seed 1.6-1.7). The ChannelRunner runs them.
 */
import { randomUUID } from 'node:crypto';
import {
  BadRequestError,
  checkChannelType,
  defaultChannelType,
  ErrorCodes,
  loopClosedBy,
  NotFoundError,
  platformTopics,
  type api,
  type Logger,
  type TopicSpelling,
} from '../../common/index.js';
import type { ChannelRunner } from './channel-runner.js';
import type { ChannelRecord, ConfigStore, ConfigStoreState } from '../store/index.js';
import type { AlignmentService } from './alignment-service.js';
import { alignmentId } from './alignment-service.js';

/** A channel as the workbench sees it: the reference's `ChannelInfo` keys plus status, counters and our fields. */
export type ChannelDetails = api.ChannelDetails;

interface Side {
  readonly name: string;
  readonly version: string;
}

const NONE: Side = { name: '', version: '' };

function fail(message: string): never {
  throw new BadRequestError(message, ErrorCodes.invalidChannel);
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(`${field} must be a string`);
  return v;
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const v = optionalString(body, field);
  if (v === undefined || v.trim() === '') fail(`${field} is required and must be a non-empty string`);
  return v;
}

function optionalId(body: Record<string, unknown>, field: string): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) fail(`${field} must be a non-negative integer (0 = no alignment)`);
  return v;
}

/** The longest a channel creation waits for its consumer group to be ready (a cluster's leader election takes seconds). */
const PREPARE_MS = 8000;

const STYLE_04 = ['inpAlignmentId', 'outAlignmentId'] as const;
const STYLE_05 = ['inpAlignmentName', 'inpAlignmentVersion', 'outAlignmentName', 'outAlignmentVersion'] as const;

export class ChannelService {
  constructor(
    private readonly store: ConfigStore,
    private readonly alignments: AlignmentService,
    private readonly runner: ChannelRunner,
    private readonly log: Logger,
  ) {}

  /** Starts every stored channel (server start). */
  async restore(): Promise<void> {
    await this.runner.restoreAll(this.store.listChannels());
  }

  /** Validates a ChannelConfig of either style, checks its alignments compile, and stores it. */
  async create(body: unknown): Promise<{ message: string; channel: ChannelDetails }> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('the body must be a ChannelConfig JSON object');
    const b = body as Record<string, unknown>;
    const source = requiredString(b, 'source');
    const sink = requiredString(b, 'sink');
    if (source === sink) fail('source and sink must be different topics');
    const uses04 = STYLE_04.some((f) => b[f] !== undefined);
    const uses05 = STYLE_05.some((f) => b[f] !== undefined);
    if (uses04 && uses05) fail('the body mixes the 0.4 style (inpAlignmentId/outAlignmentId) and the 0.5 style (names and versions); use one');
    let inp: typeof NONE;
    let out: typeof NONE;
    if (uses04) {
      inp = this.sideById(optionalId(b, 'inpAlignmentId') ?? 0, 'Input');
      out = this.sideById(optionalId(b, 'outAlignmentId') ?? 0, 'Output');
    } else {
      inp = this.sideByName(optionalString(b, 'inpAlignmentName') ?? '', optionalString(b, 'inpAlignmentVersion') ?? '', 'inp');
      out = this.sideByName(optionalString(b, 'outAlignmentName') ?? '', optionalString(b, 'outAlignmentVersion') ?? '', 'out');
    }
    const parallelismRaw = b.parallelism ?? 1;
    if (typeof parallelismRaw !== 'number' || !Number.isInteger(parallelismRaw) || parallelismRaw < 1 || parallelismRaw > 1024) {
      fail('parallelism must be an integer from 1 to 1024');
    }
    const chanTypeGiven = optionalString(b, 'chanType');
    // Each end on a transport this server runs (issue 28); a type naming another is refused, naming it.
    const chanType = chanTypeGiven === undefined ? null : checkChannelType(chanTypeGiven, this.runner.transports.kinds);
    const consumerGroup = optionalString(b, 'optConsumerGroup') ?? randomUUID();
    const deadLetterTopic = optionalString(b, 'deadLetterTopic') ?? null;
    for (const [side, label] of [
      [inp, 'Input'],
      [out, 'Output'],
    ] as const) {
      if (side.name === '' && side.version === '') continue;
      try {
        await this.alignments.compiledFor(side.name, side.version);
      } catch (error) {
        fail(`${label} alignment instantiation FAILED: ${(error as Error).message}`);
      }
    }
    const channels = this.store.listChannels();
    const existing = channels.find((c) => c.source === source && c.sink === sink);
    if (existing !== undefined) fail(`Channel ${existing.id} with source "${source}" and sink "${sink}" already exists`);
    // A message would go round for ever, a translation each pass (CONTRACT.md "Safety").
    const loop = loopClosedBy(channels, source, sink);
    if (loop !== undefined) fail(`a channel from "${source}" to "${sink}" would close a loop of channels: ${loop.map((t) => `"${t}"`).join(' -> ')}`);
    // The consumer group is made ready first (NATS: a replicated consumer elects its leader in
    // seconds), so every process that learns of the channel consumes at once (issue 32). A failure
    // here leaves the channel to start as before and say why in its status.
    // Skipped while the broker or the store is out of reach (the store then refuses the change
    // within its bound) and given PREPARE_MS at most.
    const transport = this.runner.transports.forChannel(chanType);
    if (transport.prepare !== undefined && transport.brokerState?.().reachable !== false && this.store.state().connected) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          transport.prepare(source, consumerGroup, { maxInFlight: parallelismRaw, from: 'latest' }),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, PREPARE_MS);
          }),
        ]);
      } catch (error) {
        this.log.warn({ err: error, source }, 'the consumer group of a new channel could not be prepared');
      } finally {
        clearTimeout(timer);
      }
    }
    const record = await this.insert({
      source,
      sink,
      inpAlignmentName: inp.name,
      inpAlignmentVersion: inp.version,
      outAlignmentName: out.name,
      outAlignmentVersion: out.version,
      consumerGroup,
      parallelism: parallelismRaw,
      deadLetterTopic,
      chanType,
    });
    this.log.info({ channel: record.id, source, sink, chanType }, 'channel created');
    await this.runner.start(record);
    return { message: `Channel ${record.id} created successfully`, channel: this.info(record) };
  }

  /**
   * Stores the channel. In a fleet the store decides once whether its alignments still exist (a
   * deletion elsewhere may have won the race): an alignment gone meanwhile is, as here before,
   * an invalid channel.
   */
  private async insert(c: Parameters<ConfigStore['insertChannel']>[0]): Promise<ChannelRecord> {
    try {
      return await this.store.insertChannel(c);
    } catch (error) {
      if (error instanceof NotFoundError) fail(`Alignment instantiation FAILED: ${error.message}`);
      throw error;
    }
  }

  private sideById(id: number, label: 'Input' | 'Output'): Side {
    if (id === 0) return NONE;
    try {
      const r = this.alignments.recordById(id);
      return { name: r.name, version: r.version };
    } catch {
      return fail(`${label} alignment instantiation FAILED: no alignment has id ${id}`);
    }
  }

  private sideByName(name: string, version: string, prefix: 'inp' | 'out'): Side {
    if (name === '' && version === '') return NONE;
    if (name === '' || version === '') fail(`${prefix}AlignmentName and ${prefix}AlignmentVersion must both be given, or both be empty for no alignment`);
    try {
      this.alignments.record(name, version);
    } catch {
      fail(`${prefix === 'inp' ? 'Input' : 'Output'} alignment instantiation FAILED: Alignment with ${alignmentId(name, version)} not found`);
    }
    return { name, version };
  }

  list(): ChannelDetails[] {
    return this.store.listChannels().map((c) => this.info(c));
  }

  private idOf(name: string, version: string): number {
    if (name === '' && version === '') return 0;
    return this.store.getAlignment(name, version)?.id ?? 0;
  }

  info(c: ChannelRecord): ChannelDetails {
    return {
      id: c.id,
      descId: `${c.source} -> ({${c.inpAlignmentName}}:${c.inpAlignmentVersion} -> {${c.outAlignmentName}}:${c.outAlignmentVersion}) -> ${c.sink}`,
      uuid: c.uuid,
      source: c.source,
      sink: c.sink,
      inpAlignmentName: c.inpAlignmentName,
      inpAlignmentVersion: c.inpAlignmentVersion,
      outAlignmentName: c.outAlignmentName,
      outAlignmentVersion: c.outAlignmentVersion,
      inpAlignmentId: this.idOf(c.inpAlignmentName, c.inpAlignmentVersion),
      outAlignmentId: this.idOf(c.outAlignmentName, c.outAlignmentVersion),
      consumerGroup: c.consumerGroup,
      parallelism: c.parallelism,
      chanType: c.chanType ?? defaultChannelType(this.runner.transports.defaultKind),
      deadLetterTopic: c.deadLetterTopic ?? `${c.sink}.errors`,
      ...this.runner.state(c.id),
      createdAt: c.createdAt,
      // A fleet's processes say beside each channel whether what they run may be stale (issue 13).
      ...(this.store.state().kind === 'sqlite' ? {} : { configStore: this.store.state() }),
    };
  }

  /** Where the configuration lives and whether this process is in touch with it (GET /version). */
  configStoreState(): ConfigStoreState {
    return this.store.state();
  }

  /** Stops the channel after its in-flight messages finish, then forgets it. */
  async delete(id: number): Promise<string> {
    if (this.store.getChannel(id) === undefined) throw new NotFoundError(`Channel with identifier "${id}" not found, already deleted?`);
    // Out of the store first: in a fleet, a refused deletion (cluster unreachable) leaves the channel running.
    // Racing deletions (here or on other processes of a fleet): one deletes, the others find it gone.
    if (!(await this.store.deleteChannel(id))) throw new NotFoundError(`Channel with identifier "${id}" not found, already deleted?`);
    await this.runner.stop(id);
    this.log.info({ channel: id }, 'channel deleted');
    return `Channel ${id} successfully closed`;
  }

  /**
   * The downstream and upstream channels of a platform (seed 1.6). `sides` gives each channel's
   * alignments; a flat body (the same alignments for both) is the common shortcut.
   */
  async createPlatformPair(platformId: string, body: unknown): Promise<api.PlatformChannelsReply> {
    if (platformId.trim() === '') fail('the platform id is empty');
    const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const spelling = (b.spelling ?? 'mediator') as TopicSpelling;
    if (spelling !== 'mediator' && spelling !== 'ipsm') fail('spelling must be "mediator" or "ipsm"');
    const topics = platformTopics(platformId, spelling);
    const pick = (side: 'downstream' | 'upstream'): Record<string, unknown> => {
      const specific = b[side];
      const base: Record<string, unknown> = {};
      for (const f of [
        'inpAlignmentName',
        'inpAlignmentVersion',
        'outAlignmentName',
        'outAlignmentVersion',
        'inpAlignmentId',
        'outAlignmentId',
        'parallelism',
        'optConsumerGroup',
        'chanType',
      ]) {
        if (b[f] !== undefined) base[f] = b[f];
      }
      const own = typeof specific === 'object' && specific !== null ? (specific as Record<string, unknown>) : {};
      return { ...base, ...own, source: topics[side].source, sink: topics[side].sink };
    };
    const downstream = await this.create(pick('downstream'));
    let upstream;
    try {
      upstream = await this.create(pick('upstream'));
    } catch (error) {
      await this.delete(downstream.channel.id);
      throw error;
    }
    return {
      message: `Channels ${downstream.channel.id} (downstream) and ${upstream.channel.id} (upstream) created for platform ${platformId}`,
      downstream: downstream.channel,
      upstream: upstream.channel,
    };
  }
}
