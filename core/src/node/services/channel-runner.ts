/**
 * The running side of channels (reference-mediator.md 7, CONTRACT.md): one ChannelRuntime per
 * stored channel on the server's transport. Started when a channel is created and, for every
 * stored channel, when the server starts; a channel that cannot start is kept with status
 * `failed` and its reason (the reference hid such channels, section 12.21) and retried.
 */
import { ChannelRuntime, type api, type ChannelCounters, type ChannelStatus, type ChannelTranslate, type Logger, type Transport } from '../../common/index.js';
import type { ChannelRecord } from '../store/index.js';
import type { TransportSet } from '../transports/transport-set.js';
import type { TranslationService } from './translation-service.js';

export interface ChannelState {
  /** The runtime's status, or `broker-down` for a running channel whose broker is out of reach (issue 32). */
  readonly status: ChannelStatus | 'broker-down';
  readonly reason?: string;
  readonly counters?: ChannelCounters;
}

/** Told how long each translation of a channel took (GET /metrics' latency histogram), with the channel's transport label. */
export type TranslationObserver = (channelId: number, transport: string, seconds: number) => void;

/** A running channel's counters, for monitoring. */
export interface ChannelCounterSnapshot {
  readonly id: number;
  /** `mqtt`, `nats`..., or `mqtt->nats` for a mixed route (TransportSet.labelOf). */
  readonly transport: string;
  readonly counters: ChannelCounters;
}

/** How long a failed start waits before it is tried again (doubling up to a minute). */
const RETRY_START_MS = 1000;

export class ChannelRunner {
  private readonly runtimes = new Map<number, ChannelRuntime>();
  /** Channels whose alignments could not be compiled: no runtime, a reason to show. */
  private readonly broken = new Map<number, string>();
  /** Starts under way, so that a second start of the same channel waits for the first. */
  private readonly starting = new Map<number, Promise<ChannelState>>();
  /** When each runtime was started (epoch ms): coverage "since the channel started" (issue 12). */
  private readonly started = new Map<number, number>();
  /** Each running channel's transport (a bridge for a mixed route) and its metrics label. */
  private readonly routes = new Map<number, { readonly transport: Transport; readonly label: string }>();

  constructor(
    readonly transports: TransportSet,
    private readonly translation: TranslationService,
    private readonly log: Logger,
    private readonly observeTranslation: TranslationObserver = () => undefined,
  ) {}

  /** The channel's chain: input then output alignment; an empty name and version is the identity on that side (section 7.2). */
  static chainOf(record: ChannelRecord): api.AlignmentId[] {
    const out: api.AlignmentId[] = [];
    for (const [name, version] of [
      [record.inpAlignmentName, record.inpAlignmentVersion],
      [record.outAlignmentName, record.outAlignmentVersion],
    ] as const) {
      if (name !== '' || version !== '') out.push({ name, version });
    }
    return out;
  }

  /** Starts the channel (once: a second call for a started one returns its state); never throws (a failure is the channel's status). */
  async start(record: ChannelRecord): Promise<ChannelState> {
    const starting = this.starting.get(record.id);
    if (starting !== undefined) return starting;
    if (this.runtimes.has(record.id)) return this.state(record.id);
    const run = this.startOnce(record);
    this.starting.set(record.id, run);
    try {
      return await run;
    } finally {
      this.starting.delete(record.id);
    }
  }

  private async startOnce(record: ChannelRecord): Promise<ChannelState> {
    this.broken.delete(record.id);
    let transport: Transport;
    try {
      transport = this.transports.forChannel(record.chanType);
    } catch (error) {
      // A stored channel whose transport this server was not started with (now).
      const reason = `chanType ${record.chanType ?? ''}: ${(error as Error).message}; start the server with that broker`;
      this.broken.set(record.id, reason);
      this.log.error({ channel: record.id, reason }, 'channel cannot start');
      return { status: 'failed', reason };
    }
    const label = this.transports.labelOf(record.chanType);
    let translator: { translate: ChannelTranslate; window: number };
    try {
      // The server's one translation path (issue 29): the same time limit as POST /translation, off the event loop.
      translator = await this.translation.forChannel(ChannelRunner.chainOf(record), record.parallelism);
    } catch (error) {
      const reason = `alignment cannot be instantiated: ${(error as Error).message}`;
      this.broken.set(record.id, reason);
      this.log.error({ channel: record.id, reason }, 'channel cannot start');
      return { status: 'failed', reason };
    }
    const runtime = new ChannelRuntime({
      config: {
        id: record.id,
        source: record.source,
        sink: record.sink,
        ...(record.deadLetterTopic === null ? {} : { deadLetterTopic: record.deadLetterTopic }),
        parallelism: record.parallelism,
        consumerGroup: record.consumerGroup,
        retryStartMs: RETRY_START_MS,
      },
      translate: async (text) => {
        const began = performance.now();
        try {
          return await translator.translate(text);
        } finally {
          // Failed translations too: a slow failure is as much a latency as a slow success. With
          // batching this is the time from handing the message over to its answer.
          this.observeTranslation(record.id, label, (performance.now() - began) / 1000);
        }
      },
      translationWindow: translator.window,
      transport,
      logger: this.log,
    });
    this.runtimes.set(record.id, runtime);
    this.routes.set(record.id, { transport, label });
    this.started.set(record.id, Date.now());
    const status = await runtime.start();
    this.log.info({ channel: record.id, status, source: record.source, sink: record.sink }, 'channel started');
    return this.state(record.id);
  }

  async restoreAll(records: readonly ChannelRecord[]): Promise<void> {
    await Promise.all(records.map((r) => this.start(r)));
  }

  /** When the channel's runtime was started, epoch ms; undefined when it is not running. */
  startedAt(id: number): number | undefined {
    return this.runtimes.has(id) ? this.started.get(id) : undefined;
  }

  runtime(id: number): ChannelRuntime | undefined {
    return this.runtimes.get(id);
  }

  state(id: number): ChannelState {
    const runtime = this.runtimes.get(id);
    if (runtime === undefined) {
      const reason = this.broken.get(id);
      return reason === undefined ? { status: 'stopped' } : { status: 'failed', reason };
    }
    const broker = this.routes.get(id)?.transport.brokerState?.();
    if (runtime.status === 'running' && broker?.reachable === false) {
      return { status: 'broker-down', reason: broker.reason ?? 'the broker cannot be reached', counters: runtime.counters };
    }
    return {
      status: runtime.status,
      ...(runtime.reason === undefined ? {} : { reason: runtime.reason }),
      counters: runtime.counters,
    };
  }

  /** The counters of every running channel. */
  counterSnapshots(): ChannelCounterSnapshot[] {
    return [...this.runtimes].map(([id, runtime]) => ({
      id,
      transport: this.routes.get(id)?.label ?? this.transports.defaultKind,
      counters: runtime.counters,
    }));
  }

  /** Stops the channel after its in-flight messages finish. */
  async stop(id: number): Promise<void> {
    await this.starting.get(id);
    this.broken.delete(id);
    const runtime = this.runtimes.get(id);
    if (runtime === undefined) return;
    this.runtimes.delete(id);
    this.started.delete(id);
    this.routes.delete(id);
    await runtime.stop();
  }

  /** The server's default transport (test messages, coverage's recent messages). */
  get transport(): Transport {
    return this.transports.default;
  }

  /** Stops every channel, then closes the transports. */
  async close(): Promise<void> {
    const ids = [...this.runtimes.keys()];
    await Promise.all(ids.map((id) => this.stop(id)));
    await this.transports.close();
  }
}
