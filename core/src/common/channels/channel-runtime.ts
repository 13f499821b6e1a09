/**
 * One running channel (reference-mediator.md 7.3, with the fixes of 12 item 20): consume the
 * source topic, translate every message, publish the result to the sink topic in input order,
 * and only then let the transport acknowledge the message.
 *
 * - Parallelism N: up to N messages are translated at once, started in delivery order; results are
 *   published in the order the messages were received (an output slot is reserved when a message
 *   arrives), so the sink order equals the source order. The handler of message k resolves (and
 *   the transport acks k) only after k reached the sink, which is after every earlier message
 *   reached it.
 * - Publish window (transports with pipelined publishing, NATS and Kafka; issue 13): the next
 *   output goes out once the previous one is on the wire, not after the broker confirmed it, and
 *   up to `publishWindow` messages may wait for their confirmation (and so for their ack) while
 *   later ones are translated. So a channel at parallelism 1 is not held to one broker round trip
 *   per message, and a crash still re-delivers every message whose output was not confirmed.
 * - Empty payload: the original text is forwarded byte-identical (the reference re-serialised it).
 * - Unreadable or untranslatable message: a JSON envelope goes to the dead-letter topic, the
 *   message is counted and acknowledged. Nothing is dropped silently, nothing blocks the channel.
 * - Cell failures inside a successful translation: the message counts as translated; the failed
 *   cell ids are logged and counted (the reference swallowed them, 12 item 1).
 * - A failed publish (sink or dead-letter) rejects the handler: the message is not acknowledged and
 *   the transport delivers it again later (durable transports also after a restart).
 *
 * Pure code: the translation function, the transport and the logger are injected.
 */
import { ErrorCodes, MediatorError } from '../errors.js';
import type { Logger } from '../logger.js';
import { monotonicNow } from '../monotonic-clock.js';
import { TranslationPermits } from './translation-permits.js';
import { FifoQueue } from './fifo-queue.js';
import { processTurnBudget, type TurnBudget } from './turn-budget.js';
import type { StartPosition, Subscription, Transport, TransportMessage } from './transport.js';

export type ChannelStatus = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

export interface ChannelRuntimeConfig {
  /** The channel id (REST id), written into dead-letter envelopes and events. */
  readonly id: string | number;
  readonly source: string;
  readonly sink: string;
  /** Default `${sink}.errors`. */
  readonly deadLetterTopic?: string;
  /** Messages processed at once, default 1; values below 1 run as 1 (as the reference did). */
  readonly parallelism?: number;
  readonly consumerGroup: string;
  /** Where a brand-new consumer group starts; default `latest` (reference 7.3). */
  readonly startFrom?: StartPosition;
  /**
   * Optional monitoring topic (the reference's `mon-<uuid>`): after each sink publish a record
   * `<startMillis>;<endMillis>` is published there. Best effort: a failure is only logged.
   */
  readonly monitorTopic?: string;
  /**
   * When set, a start that failed (transport could not subscribe) is retried after this many ms,
   * doubling up to 60 s, until it succeeds or `stop()` is called. Unset: stay `failed`.
   */
  readonly retryStartMs?: number;
  /** Longest `stop()` waits for in-flight messages, default 30 000 ms. */
  readonly stopTimeoutMs?: number;
  /**
   * Messages whose output may await the broker's confirmation at once (only for transports with
   * `publishPipelined`), default 256. They stay unacknowledged until confirmed.
   */
  readonly publishWindow?: number;
}

/** Default `publishWindow`: enough to keep a broker round trip (~1 ms) busy at engine speed. */
export const DEFAULT_PUBLISH_WINDOW = 256;

/** What the injected translation returns (a subset of TranslationResult). */
export interface ChannelTranslation {
  readonly message: string;
  readonly emptyPayload: boolean;
  /** Cells that failed and were skipped; objects with a `cellId` are logged by id. */
  readonly failures: readonly unknown[];
}

export type ChannelTranslate = (text: string) => Promise<ChannelTranslation>;

export interface ChannelCounters {
  /** Handler calls (deliveries), redeliveries included. */
  readonly received: number;
  /** Messages published to the sink (empty payloads included). */
  readonly translated: number;
  /** Messages whose parsing or translation failed. */
  readonly failed: number;
  /** Failed messages whose envelope reached the dead-letter topic. */
  readonly deadLettered: number;
  /** Skipped cells, summed over translated messages. */
  readonly cellFailures: number;
  /** Deliveries that arrived flagged as redelivered by the transport. */
  readonly redelivered: number;
  /** Sink or dead-letter publishes that failed (the message is delivered again later). */
  readonly publishErrors: number;
  /** Receive-to-published time of the last completed message, ms; 0 before the first. */
  readonly lastLatencyMs: number;
  /** Mean of that time over all completed messages, ms; 0 before the first. */
  readonly meanLatencyMs: number;
}

export interface ChannelErrorInfo {
  readonly code: string;
  readonly message: string;
}

/** One completed message, for observers (the UI's live view). */
export interface ChannelMessageEvent {
  readonly kind: 'translated' | 'dead-lettered';
  readonly channel: string | number;
  /** Position of the delivery within this runtime's life, from 1. */
  readonly seq: number;
  /** Wall-clock ms when the message was received and when its output was published. */
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly latencyMs: number;
  readonly redelivered: boolean;
  readonly emptyPayload: boolean;
  /** Cell ids that failed (translated messages only). */
  readonly failedCells: readonly string[];
  /** Why the message was dead-lettered. */
  readonly error?: ChannelErrorInfo;
}

export interface ChannelStatusEvent {
  readonly channel: string | number;
  readonly status: ChannelStatus;
  readonly reason?: string;
}

/** The JSON written to the dead-letter topic. */
export interface DeadLetterEnvelope {
  readonly error: ChannelErrorInfo;
  readonly channel: string | number;
  readonly source: string;
  /** ISO 8601 time the message was received. */
  readonly receivedAt: string;
  /** The message exactly as consumed; for a message refused as too large, its beginning only. */
  readonly original: string;
  /** The size of a refused message (then `original` is cut short). */
  readonly originalBytes?: number;
}

export interface ChannelRuntimeOptions {
  readonly config: ChannelRuntimeConfig;
  readonly translate: ChannelTranslate;
  readonly transport: Transport;
  readonly logger: Logger;
  /** When a translation lets the event loop take a turn first; default the process-wide budget. */
  readonly turnBudget?: TurnBudget;
  /**
   * Translations the runtime may have asked for at once; default (and at least) `parallelism`. A
   * translation function that batches the work elsewhere (the server's worker pool, which runs a
   * channel's messages `parallelism` batches at a time) takes more, so that its next batch fills
   * while one runs. Sink order is unaffected: output slots are reserved in delivery order.
   */
  readonly translationWindow?: number;
}

const MAX_RETRY_MS = 60_000;

/** A stable `{code, message}` for any thrown value. */
export function describeError(error: unknown): ChannelErrorInfo {
  if (error instanceof MediatorError) return { code: error.code, message: error.message };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : ErrorCodes.translationFailed, message: error.message };
  }
  return { code: ErrorCodes.translationFailed, message: String(error) };
}

function cellIds(failures: readonly unknown[]): string[] {
  return failures.map((f, i) => {
    if (typeof f === 'object' && f !== null) {
      const id = (f as { cellId?: unknown }).cellId;
      if (typeof id === 'string') return id;
    }
    return `#${i + 1}`;
  });
}

class ChannelStoppedError extends Error {
  constructor(id: string | number) {
    super(`channel ${String(id)} is stopped; message left unacknowledged`);
    this.name = 'ChannelStoppedError';
  }
}

/**
 * A delivery waiting for a translation slot: the transport's message, its arrival times (wall clock
 * for events, monotonic for its latency) and its handler call's settlement. Nothing else is made
 * for it until a slot takes it (see `track`).
 */
class WaitingDelivery {
  constructor(
    readonly message: TransportMessage,
    readonly startedAt: number,
    readonly t0: number,
    readonly resolve: () => void,
    readonly reject: (error: unknown) => void,
  ) {}
}

/** A delivery's place in the output order: released when the previous output went out, and its own release. */
interface OutputSlot {
  readonly previous: Promise<void>;
  readonly release: () => void;
}

interface Output {
  readonly topic: string;
  readonly value: string;
  readonly kind: 'translated' | 'dead-lettered';
  readonly emptyPayload: boolean;
  readonly failedCells: readonly string[];
  readonly error?: ChannelErrorInfo;
}

export class ChannelRuntime {
  readonly id: string | number;
  readonly source: string;
  readonly sink: string;
  readonly deadLetterTopic: string;
  readonly parallelism: number;
  readonly consumerGroup: string;
  /** Handler calls the transport may run at once: the translation window, plus the publish window if any. */
  readonly deliveryWindow: number;
  /** Translations asked for at once (translationWindow, at least parallelism). */
  private readonly translationWindow: number;

  private readonly config: ChannelRuntimeConfig;
  private readonly translate: ChannelTranslate;
  private readonly transport: Transport;
  private readonly log: Logger;
  private readonly turns: TurnBudget;

  private currentStatus: ChannelStatus = 'idle';
  private failureReason: string | undefined;
  private subscription: Subscription | undefined;
  private starting: Promise<ChannelStatus> | undefined;
  private stopping: Promise<void> | undefined;
  private stopRequested = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = 0;
  /** Set once stop() gave up waiting or finished: no publish may start after this. */
  private outputClosed = false;
  /** The output slot of the most recently received message; the next one publishes after it. */
  private tail: Promise<void> = Promise.resolve();
  /** One per translation asked for: at most `translationWindow`, granted in delivery order. */
  private permits: TranslationPermits;
  /** Deliveries waiting for a permit, in delivery order (the permits only count). */
  private readonly waiting = new FifoQueue<WaitingDelivery>();
  /** Deliveries between handover and settlement (counted, not kept: a set of promises cost GC time). */
  private inFlight = 0;
  /** Called when `inFlight` drops to 0 (a stop waits for it). */
  private readonly idleWaiters: Array<() => void> = [];
  private seq = 0;

  private received = 0;
  private translated = 0;
  private failed = 0;
  private deadLettered = 0;
  private cellFailures = 0;
  private redelivered = 0;
  private publishErrors = 0;
  private completed = 0;
  private latencySum = 0;
  private lastLatency = 0;

  private readonly messageListeners = new Set<(event: ChannelMessageEvent) => void>();
  private readonly statusListeners = new Set<(event: ChannelStatusEvent) => void>();

  constructor(options: ChannelRuntimeOptions) {
    const c = options.config;
    this.config = c;
    this.id = c.id;
    this.source = c.source;
    this.sink = c.sink;
    this.deadLetterTopic = c.deadLetterTopic ?? `${c.sink}.errors`;
    const p = c.parallelism ?? 1;
    this.parallelism = Number.isFinite(p) && p >= 1 ? Math.floor(p) : 1;
    this.consumerGroup = c.consumerGroup;
    const t = options.translationWindow ?? this.parallelism;
    this.translationWindow = Number.isFinite(t) && t > this.parallelism ? Math.floor(t) : this.parallelism;
    const windowed = options.transport.publishPipelined !== undefined;
    const w = c.publishWindow ?? DEFAULT_PUBLISH_WINDOW;
    this.deliveryWindow = this.translationWindow + (windowed && Number.isFinite(w) && w > 0 ? Math.floor(w) : 0);
    this.permits = new TranslationPermits(this.translationWindow);
    this.translate = options.translate;
    this.transport = options.transport;
    this.log = options.logger;
    this.turns = options.turnBudget ?? processTurnBudget;
  }

  get status(): ChannelStatus {
    return this.currentStatus;
  }

  /** Why the channel is `failed` (undefined otherwise). */
  get reason(): string | undefined {
    return this.currentStatus === 'failed' ? this.failureReason : undefined;
  }

  get counters(): ChannelCounters {
    return {
      received: this.received,
      translated: this.translated,
      failed: this.failed,
      deadLettered: this.deadLettered,
      cellFailures: this.cellFailures,
      redelivered: this.redelivered,
      publishErrors: this.publishErrors,
      lastLatencyMs: this.lastLatency,
      meanLatencyMs: this.completed === 0 ? 0 : this.latencySum / this.completed,
    };
  }

  /** Messages currently between delivery and acknowledgement. */
  get inFlightCount(): number {
    return this.inFlight;
  }

  /** Per-message records; returns the disposer. */
  onEvent(listener: (event: ChannelMessageEvent) => void): () => void {
    this.messageListeners.add(listener);
    return () => {
      this.messageListeners.delete(listener);
    };
  }

  /** Status transitions; returns the disposer. */
  onStatusChange(listener: (event: ChannelStatusEvent) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /**
   * Subscribes to the source. Never rejects: resolves with `running`, or `failed` (see `reason`;
   * retried in the background when `retryStartMs` is set), or `stopped` when stop() came first.
   * Calling it while starting or running returns the same outcome; after `stopped` it starts anew.
   */
  start(): Promise<ChannelStatus> {
    if (this.starting !== undefined) return this.starting;
    if (this.currentStatus === 'running') return Promise.resolve('running');
    if (this.stopping !== undefined) return this.stopping.then(() => this.start());
    if (this.retryTimer !== undefined) {
      // A background retry was pending: this start replaces it.
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    this.stopRequested = false;
    this.outputClosed = false;
    this.tail = Promise.resolve();
    this.permits = new TranslationPermits(this.translationWindow);
    this.retryDelay = this.config.retryStartMs ?? 0;
    this.starting = this.attemptStart().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async attemptStart(): Promise<ChannelStatus> {
    this.setStatus('starting');
    let subscription: Subscription;
    // The sink is made ready while the consumer is, not after it (see Transport.preparePublish).
    // Not awaited: the first publish waits for the same set-up, and reports its failure itself.
    this.transport.preparePublish?.(this.sink).catch((error: unknown) => {
      this.log.debug({ channel: this.id, sink: this.sink, err: error }, 'sink not prepared; the first publish makes it');
    });
    try {
      subscription = await this.transport.subscribe(
        this.source,
        this.consumerGroup,
        { maxInFlight: this.deliveryWindow, from: this.config.startFrom ?? 'latest' },
        (m) => this.track(m),
      );
    } catch (error) {
      const reason = `cannot consume topic "${this.source}" over ${this.transport.kind}: ${describeError(error).message}`;
      this.log.error({ channel: this.id, err: error }, reason);
      if (this.stopRequested) return this.currentStatus;
      this.setStatus('failed', reason);
      this.scheduleRetry();
      return 'failed';
    }
    if (this.stopRequested) {
      await subscription.close();
      return this.currentStatus;
    }
    this.subscription = subscription;
    this.setStatus('running');
    this.log.info({ channel: this.id, source: this.source, sink: this.sink, transport: this.transport.kind }, 'channel running');
    return 'running';
  }

  private scheduleRetry(): void {
    if (this.config.retryStartMs === undefined || this.stopRequested) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(MAX_RETRY_MS, Math.max(1, delay * 2));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (this.stopRequested) return;
      this.starting = this.attemptStart().finally(() => {
        this.starting = undefined;
      });
    }, delay);
  }

  /**
   * Stops consuming and waits (up to `stopTimeoutMs`) until the messages in flight were published
   * and acknowledged. After it resolves nothing more is published by this channel; messages that
   * did not finish in time stay unacknowledged (durable transports deliver them again).
   */
  stop(): Promise<void> {
    if (this.stopping !== undefined) return this.stopping;
    this.stopRequested = true;
    if (this.retryTimer !== undefined) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    if (this.currentStatus === 'idle' || this.currentStatus === 'stopped') {
      this.setStatus('stopped');
      return Promise.resolve();
    }
    this.stopping = this.drain().finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  private async drain(): Promise<void> {
    this.setStatus('stopping');
    if (this.starting !== undefined) await this.starting;
    const subscription = this.subscription;
    this.subscription = undefined;
    // Messages delivered but not yet translated go back to the transport (redelivered to the group)
    // instead of holding the stop up: only those being translated or published are finished.
    this.refuseWaiting();
    const timeoutMs = this.config.stopTimeoutMs ?? 30_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = (async () => {
      if (subscription !== undefined) {
        try {
          await subscription.close();
        } catch (error) {
          this.log.warn({ channel: this.id, err: error }, 'closing the subscription failed');
        }
      }
      if (this.inFlight > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    })();
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    if (timer !== undefined) clearTimeout(timer);
    this.outputClosed = true;
    if (timedOut) {
      this.log.warn(
        { channel: this.id, inFlight: this.inFlight, timeoutMs },
        'channel stopped before its in-flight messages finished; they stay unacknowledged',
      );
    }
    this.setStatus('stopped');
    this.log.info({ channel: this.id }, 'channel stopped');
  }

  private setStatus(status: ChannelStatus, reason?: string): void {
    this.currentStatus = status;
    this.failureReason = status === 'failed' ? reason : undefined;
    const event: ChannelStatusEvent = { channel: this.id, status, ...(reason === undefined ? {} : { reason }) };
    for (const listener of this.statusListeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.warn({ channel: this.id, err: error }, 'status listener threw');
      }
    }
  }

  private track(message: TransportMessage): Promise<void> {
    const startedAt = Date.now();
    const t0 = monotonicNow();
    this.inFlight += 1;
    if (this.permits.tryAcquire()) return this.handle(message, startedAt, t0, this.reserveOutput());
    if (this.permits.isCancelled) return this.notStarted();
    // A delivery that must wait for a translation slot waits as the transport's message in a FIFO
    // with its handler call's settlement, nothing more: with a publish window most of a delivery
    // window waits, and its output-order promise, permit request and closures, made at arrival,
    // outlived young-generation collections (issue 42). They are made when a slot takes it; slots
    // are taken in delivery order, so output slots are still reserved in delivery order.
    return new Promise<void>((resolve, reject) => {
      this.waiting.push(new WaitingDelivery(message, startedAt, t0, resolve, reject));
    });
  }

  /** A delivery that will not start (the channel is stopping): left unacknowledged. */
  private notStarted(): Promise<void> {
    this.settled();
    return Promise.reject(new ChannelStoppedError(this.id));
  }

  /**
   * Gives a translation permit back: the longest-waiting delivery takes it and starts here, within
   * the finishing delivery's turn (up to its translation's first await, as a granted permit request
   * did in the next microtask), so no later arrival can take a permit freed meanwhile and start
   * first: translations start, and output slots are reserved, in delivery order.
   */
  private releasePermit(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.permits.release();
    else this.handle(next.message, next.startedAt, next.t0, this.reserveOutput()).then(next.resolve, next.reject);
  }

  /**
   * The output slot of the delivery taking a permit (permits are taken in delivery order): it
   * publishes only after the previous slot is released. `previous` never rejects: `handle` releases
   * every slot in its `finally`.
   */
  private reserveOutput(): OutputSlot {
    const previous = this.tail;
    let release: () => void = () => undefined;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { previous, release };
  }

  /** stop(): deliveries still waiting for a slot are not started and stay unacknowledged. */
  private refuseWaiting(): void {
    this.permits.cancel();
    for (let next = this.waiting.shift(); next !== undefined; next = this.waiting.shift()) {
      this.settled();
      next.reject(new ChannelStoppedError(this.id));
    }
  }

  /** One delivery settled (its handler call resolves or rejects right after). */
  private settled(): void {
    this.inFlight -= 1;
    if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  /** Runs one delivery, holding a translation permit (given back once its output is ready). */
  private async handle(message: TransportMessage, startedAt: number, t0: number, { previous, release }: OutputSlot): Promise<void> {
    try {
      if (this.outputClosed) {
        this.releasePermit();
        throw new ChannelStoppedError(this.id);
      }
      const seq = ++this.seq;
      this.received += 1;
      if (message.redelivered) this.redelivered += 1;
      let output: Output;
      try {
        // A translation resolves at once, so the next message's starts within the same microtask
        // queue: without this, a fetched batch was translated in one long macrotask with no I/O.
        const pause = this.turns.pause();
        if (pause !== undefined) await pause;
        output = message.refused === undefined ? await this.process(message.value, startedAt) : this.refuse(message, message.refused, startedAt);
      } finally {
        this.releasePermit();
      }
      await previous;
      if (this.outputClosed) throw new ChannelStoppedError(this.id);
      try {
        if (this.transport.publishPipelined !== undefined) {
          // The next output may go out once this one is on the wire; acknowledge after the broker's.
          const publishing = this.transport.publishPipelined(output.topic, output.value);
          // The text is the transport's now: not kept alive here while the broker confirms (with a
          // publish window, hundreds of outputs wait at once; as live strings they cost GC time).
          output = { ...output, value: '' };
          await publishing.sent;
          release();
          await publishing.confirmed;
        } else {
          await this.transport.publish(output.topic, output.value);
        }
      } catch (error) {
        this.publishErrors += 1;
        this.log.error({ channel: this.id, topic: output.topic, err: error }, 'publish failed; the message stays unacknowledged and will be delivered again');
        throw error;
      }
      const finishedAt = Date.now();
      const latencyMs = monotonicNow() - t0;
      if (output.kind === 'translated') this.translated += 1;
      else this.deadLettered += 1;
      this.completed += 1;
      this.latencySum += latencyMs;
      this.lastLatency = latencyMs;
      // The event is built only for listeners (the server's live view); a bare channel skips it.
      if (this.messageListeners.size > 0)
        this.emit({
          kind: output.kind,
          channel: this.id,
          seq,
          startedAt,
          finishedAt,
          latencyMs,
          redelivered: message.redelivered,
          emptyPayload: output.emptyPayload,
          failedCells: output.failedCells,
          ...(output.error === undefined ? {} : { error: output.error }),
        });
      if (this.config.monitorTopic !== undefined) {
        this.transport.publish(this.config.monitorTopic, `${startedAt};${finishedAt}`).catch((error: unknown) => {
          this.log.warn({ channel: this.id, err: error }, 'monitor record not published');
        });
      }
    } finally {
      release();
      this.settled();
    }
  }

  /** Translation, or the dead-letter envelope when it fails. Never throws. */
  private async process(text: string, receivedAt: number): Promise<Output> {
    try {
      const result = await this.translate(text);
      const failedCells = cellIds(result.failures);
      if (failedCells.length > 0) {
        this.cellFailures += failedCells.length;
        this.log.warn({ channel: this.id, cells: failedCells, failures: result.failures }, 'cells failed and were skipped');
      }
      // Empty payload: forward the original bytes, not a re-serialisation (12 item 20).
      return {
        topic: this.sink,
        value: result.emptyPayload ? text : result.message,
        kind: 'translated',
        emptyPayload: result.emptyPayload,
        failedCells,
      };
    } catch (error) {
      this.failed += 1;
      const info = describeError(error);
      this.log.warn({ channel: this.id, code: info.code, err: error }, 'message not translated; sent to the dead-letter topic');
      return this.deadLetter(text, info, receivedAt);
    }
  }

  /** A message its transport refused (too large): dead-lettered with the reason, never translated. */
  private refuse(message: TransportMessage, refused: NonNullable<TransportMessage['refused']>, receivedAt: number): Output {
    this.failed += 1;
    this.log.warn({ channel: this.id, code: refused.code, bytes: refused.bytes }, 'message refused by the transport; sent to the dead-letter topic');
    return this.deadLetter(message.value, { code: refused.code, message: refused.message }, receivedAt, refused.bytes);
  }

  private deadLetter(text: string, info: ChannelErrorInfo, receivedAt: number, originalBytes?: number): Output {
    const envelope: DeadLetterEnvelope = {
      error: info,
      channel: this.id,
      source: this.source,
      receivedAt: new Date(receivedAt).toISOString(),
      original: text,
      ...(originalBytes === undefined ? {} : { originalBytes }),
    };
    return {
      topic: this.deadLetterTopic,
      value: JSON.stringify(envelope),
      kind: 'dead-lettered',
      emptyPayload: false,
      failedCells: [],
      error: info,
    };
  }

  private emit(event: ChannelMessageEvent): void {
    for (const listener of this.messageListeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.warn({ channel: this.id, err: error }, 'event listener threw');
      }
    }
  }
}
