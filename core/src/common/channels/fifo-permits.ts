/**
 * A counting semaphore that grants in request order. A channel takes one permit per translation,
 * so at most `parallelism` messages are translated at once and they start in delivery order even
 * when many more are delivered and waiting for their outputs to be confirmed (issue 13).
 *
 * Pure code: no node:* imports.
 */
export class PermitsCancelledError extends Error {
  constructor() {
    super('no more permits: the channel is stopping');
    this.name = 'PermitsCancelledError';
  }
}

export class FifoPermits {
  private free: number;
  private readonly waiters: Array<{ grant: () => void; refuse: (error: Error) => void }> = [];
  private cancelled = false;

  constructor(readonly size: number) {
    this.free = Math.max(1, Math.floor(size));
  }

  /** Resolves when a permit is granted; rejects with PermitsCancelledError after `cancel()`. */
  acquire(): Promise<void> {
    if (this.cancelled) return Promise.reject(new PermitsCancelledError());
    if (this.free > 0 && this.waiters.length === 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((grant, refuse) => {
      this.waiters.push({ grant, refuse });
    });
  }

  /**
   * Takes a permit now if one is free and nobody waits (so the request order still holds);
   * `false` otherwise, and after `cancel()`.
   */
  tryAcquire(): boolean {
    if (this.cancelled || this.free === 0 || this.waiters.length > 0) return false;
    this.free -= 1;
    return true;
  }

  /** Gives a permit back; the longest waiter gets it. */
  release(): void {
    const next = this.waiters.shift();
    if (next !== undefined) next.grant();
    else this.free += 1;
  }

  /** Refuses every waiter and every later `acquire()`; permits held stay valid until released. */
  cancel(): void {
    this.cancelled = true;
    for (const w of this.waiters.splice(0)) w.refuse(new PermitsCancelledError());
  }

  /** True after `cancel()`: no permit is granted any more. */
  get isCancelled(): boolean {
    return this.cancelled;
  }

  /** How many callers wait for a permit. */
  get waiting(): number {
    return this.waiters.length;
  }
}
