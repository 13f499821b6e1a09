/**
 * A lane of its own for one kind of long job (suggestions, issue 40): at most `concurrency` of them
 * in the shared worker queue at once, at most `maxWaiting` waiting here for their turn, each at
 * most `maxWaitMs`; past either bound, TRANSLATION_QUEUE_FULL (503, Retry-After). The jobs of other
 * kinds never queue behind more than `concurrency` of these: twelve suggestions at once held the
 * only worker for 24 s and made a translation behind them wait past its own 10 s bound.
 */
import { ErrorCodes, MediatorError } from '../../common/index.js';

export interface BoundedLaneOptions {
  /** What the lane runs, for the refusal's message (e.g. "suggestions"). */
  readonly what: string;
  readonly concurrency: number;
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
}

interface Waiter {
  readonly grant: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class BoundedLane {
  private running = 0;
  private readonly waiters: Waiter[] = [];

  constructor(private readonly options: BoundedLaneOptions) {}

  /** Runs `task` when the lane has room, or refuses it (past the lane's bounds) without running it. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  /** Jobs waiting for their turn now. */
  get waiting(): number {
    return this.waiters.length;
  }

  private enter(): Promise<void> {
    const { concurrency, maxWaiting, maxWaitMs, what } = this.options;
    if (this.running < Math.max(1, concurrency) && this.waiters.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiters.length >= maxWaiting) {
      return Promise.reject(
        new MediatorError(`Too many ${what} at once (${maxWaiting} already wait for their turn); try again later`, ErrorCodes.translationQueueFull),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(new MediatorError(`The ${what} waited ${maxWaitMs} ms for its turn without getting it; try again later`, ErrorCodes.translationQueueFull));
        }, maxWaitMs),
      };
      this.waiters.push(waiter);
    });
  }

  private leave(): void {
    const next = this.waiters.shift();
    // The place passes straight to the next waiter: `running` is unchanged.
    if (next !== undefined) next.grant();
    else this.running -= 1;
  }
}
