/**
 * A channel's translations as batches for the worker pool (issue 29). One message per worker job
 * would cost a thread round trip per message, about as long as translating a typical message, and
 * halve a channel's throughput; so the messages that arrive while the channel's previous batch runs
 * go together as the next one. A channel has at most `parallelism` batches in the pool at once,
 * so it never occupies more workers than its parallelism, and its sink order is the runtime's
 * business (it reserves each message's output slot on delivery).
 */
import type { ChannelTranslate, ChannelTranslation } from '../../common/index.js';

/** Messages per batch: long enough to amortise the round trip, short enough to keep latency low. */
export const CHANNEL_BATCH = 32;

interface Waiting {
  readonly text: string;
  readonly resolve: (t: ChannelTranslation) => void;
  readonly reject: (e: unknown) => void;
}

/** Sends a batch of messages; one promise per message. */
export type SubmitBatch = (texts: readonly string[]) => Promise<ChannelTranslation>[];

export class ChannelBatcher {
  private readonly waiting: Waiting[] = [];
  private running = 0;

  constructor(
    private readonly submit: SubmitBatch,
    private readonly parallelism: number,
    private readonly batchSize: number = CHANNEL_BATCH,
  ) {}

  /**
   * How many translations the channel runtime should keep asking for at once: a batch running and
   * the next one filling, per unit of parallelism.
   */
  get window(): number {
    return this.parallelism * this.batchSize * 2;
  }

  readonly translate: ChannelTranslate = (text) =>
    new Promise<ChannelTranslation>((resolve, reject) => {
      this.waiting.push({ text, resolve, reject });
      this.pump();
    });

  private pump(): void {
    while (this.running < this.parallelism && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.batchSize);
      this.running++;
      const results = this.submit(batch.map((w) => w.text));
      results.forEach((p, i) => {
        p.then(batch[i]!.resolve, batch[i]!.reject);
      });
      void Promise.allSettled(results).then(() => {
        this.running--;
        this.pump();
      });
    }
  }
}
