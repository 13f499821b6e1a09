/**
 * Batching for the Kafka transport (issue 13), kept apart from the client library so the logic is
 * tested without a broker:
 *
 * - `KafkaBatchSender`: channel outputs queued in call order and sent as one produce request per
 *   batch, one batch at a time, so the order of the queue is the order in
 *   the partition and N outputs cost one broker round trip, not N. Each output's promise settles
 *   with its batch's acknowledgement (acks = -1), which is when its source message may be committed.
 * - `CommitCoalescer`: offset commits coalesced so that at most one is in flight; a commit asked
 *   for meanwhile is folded into the next one, which carries the latest watermark.
 */

export interface QueuedRecord {
  readonly topic: string;
  /** The record's value: the transport queues bytes (encoded once, outside the V8 heap while queued). */
  readonly value: string | Buffer;
}

/** Sends one batch (records in queue order); resolves when the broker acknowledged all of them. */
export type SendBatch = (records: readonly QueuedRecord[]) => Promise<void>;

interface Waiting extends QueuedRecord {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class KafkaBatchSender {
  private queue: Waiting[] = [];
  private sending = false;
  /** Wakes a lingering drain once `linger.records` are queued. */
  private filled: (() => void) | undefined;

  /**
   * `maxBatch` records and `maxBatchBytes` bytes of values at most per produce request (one record
   * is sent alone whatever its size). The byte cap keeps a batch under the broker's
   * `message.max.bytes` (1 MiB by default, for the whole record batch of a partition): 500 outputs
   * of a 3.5 kB message were refused with MESSAGE_TOO_LARGE on a real broker, and all redelivered.
   *
   * `linger` (Kafka's linger.ms): while records keep coming, a batch that follows another one waits
   * up to `ms` for `records` records before it leaves. Without it a channel's batches were what
   * arrived during one produce round trip (25-35 outputs here), and the broker's work per produce
   * request, not per byte, was most of its CPU time: on the channel bench a 3 ms linger gave
   * batches of 60-70 and took a third off the broker's CPU per message (issue 42). A record queued
   * after the sender was idle is not held (its batch is the first of a drain).
   */
  constructor(
    private readonly send: SendBatch,
    private readonly maxBatch = 500,
    private readonly maxBatchBytes = 512 * 1024,
    private readonly linger: { readonly ms: number; readonly records: number } = { ms: 0, records: 0 },
  ) {}

  /**
   * Queues one record; its place in the partition is fixed now (queue order). Resolves when its
   * batch was acknowledged, rejects with the batch's error.
   */
  enqueue(topic: string, value: string | Buffer): Promise<void> {
    const done = new Promise<void>((resolve, reject) => {
      this.queue.push({ topic, value, resolve, reject });
    });
    if (this.filled !== undefined && this.queue.length >= this.linger.records) this.filled();
    if (!this.sending) void this.drain();
    return done;
  }

  /** Records waiting to be sent (not yet in a produce request). */
  get queued(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      // Let the callers of this turn of the event loop add theirs before the first batch leaves.
      await new Promise<void>((resolve) => setImmediate(resolve));
      let first = true;
      while (this.queue.length > 0) {
        if (!first && this.linger.ms > 0 && this.queue.length < this.linger.records) await this.lingering();
        first = false;
        let count = 0;
        let bytes = 0;
        while (count < this.queue.length && count < this.maxBatch) {
          const size = Buffer.byteLength(this.queue[count]!.value);
          if (count > 0 && bytes + size > this.maxBatchBytes) break;
          bytes += size;
          count += 1;
        }
        const batch = this.queue.slice(0, count);
        this.queue = this.queue.slice(count);
        try {
          await this.send(batch.map(({ topic, value }) => ({ topic, value })));
          for (const r of batch) r.resolve();
        } catch (error) {
          for (const r of batch) r.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Until `linger.records` are queued or `linger.ms` passed. */
  private async lingering(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await new Promise<void>((resolve) => {
      this.filled = resolve;
      timer = setTimeout(resolve, this.linger.ms);
    });
    clearTimeout(timer);
    this.filled = undefined;
  }

  /** Fails everything still queued (the transport closed). */
  failQueued(error: unknown): void {
    for (const r of this.queue.splice(0)) r.reject(error);
  }
}

/** Groups consecutive records by topic, keeping each topic's order (the `topicMessages` of sendBatch). */
export function byTopic(records: readonly QueuedRecord[]): Array<{ topic: string; messages: Array<{ value: QueuedRecord['value'] }> }> {
  const out = new Map<string, Array<{ value: QueuedRecord['value'] }>>();
  for (const r of records) {
    let list = out.get(r.topic);
    if (list === undefined) {
      list = [];
      out.set(r.topic, list);
    }
    list.push({ value: r.value });
  }
  return [...out].map(([topic, messages]) => ({ topic, messages }));
}

/** Commits one offset (the next to read); resolves when the group coordinator stored it. */
export type CommitOffset = (offset: bigint) => Promise<void>;

export class CommitCoalescer {
  private inFlight: Promise<void> | undefined;
  private wanted: bigint | undefined;
  private committed: bigint | undefined;

  constructor(
    private readonly commit: CommitOffset,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Asks for `offset` to be committed; an older or equal offset than one asked for before is ignored. */
  request(offset: bigint): void {
    if (this.wanted !== undefined && offset <= this.wanted) return;
    this.wanted = offset;
    if (this.inFlight === undefined) this.inFlight = this.run();
  }

  /** Resolves when every offset asked for so far was committed (or failed and was reported). */
  async settled(): Promise<void> {
    while (this.inFlight !== undefined) await this.inFlight;
  }

  /** The last offset committed successfully. */
  get lastCommitted(): bigint | undefined {
    return this.committed;
  }

  private async run(): Promise<void> {
    try {
      while (this.wanted !== undefined && this.wanted !== this.committed) {
        const offset = this.wanted;
        try {
          await this.commit(offset);
          this.committed = offset;
        } catch (error) {
          this.onError(error);
          // Not retried here: the next request (or the next batch's commit) carries it again.
          if (this.wanted === offset) {
            this.wanted = this.committed;
            break;
          }
        }
      }
    } finally {
      this.inFlight = undefined;
    }
  }
}
