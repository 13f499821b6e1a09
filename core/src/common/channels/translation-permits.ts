/**
 * How many of a channel's messages are being translated at once: at most `parallelism` (issue 13).
 * A count, not a queue: the channel runtime keeps the deliveries that wait for a permit in its own
 * FIFO (as the transport's messages, issue 42) and hands a released permit straight to the longest
 * waiting one, so translations still start in delivery order.
 *
 * Pure code: no node:* imports.
 */
export class TranslationPermits {
  private free: number;
  private cancelled = false;

  constructor(readonly size: number) {
    // A size that is not a number would never run out (NaN - 1 is NaN): one permit then.
    this.free = Number.isFinite(size) ? Math.max(1, Math.floor(size)) : 1;
  }

  /** Takes a permit if one is free; `false` when none is, and after `cancel()`. */
  tryAcquire(): boolean {
    if (this.cancelled || this.free === 0) return false;
    this.free -= 1;
    return true;
  }

  /** Gives a permit back (nobody was waiting for it). */
  release(): void {
    this.free += 1;
  }

  /** No permit is granted any more; permits held stay valid until released. */
  cancel(): void {
    this.cancelled = true;
  }

  /** True after `cancel()`. */
  get isCancelled(): boolean {
    return this.cancelled;
  }
}
