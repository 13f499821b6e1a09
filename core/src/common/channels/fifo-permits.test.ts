import { describe, expect, it } from 'vitest';
import { FifoPermits, PermitsCancelledError } from './fifo-permits.js';

describe('FifoPermits', () => {
  it('tryAcquire takes a free permit only while nobody waits, so grants stay in request order', async () => {
    const permits = new FifoPermits(2);
    expect(permits.tryAcquire()).toBe(true);
    expect(permits.tryAcquire()).toBe(true);
    expect(permits.tryAcquire()).toBe(false);
    const order: string[] = [];
    const first = permits.acquire().then(() => order.push('first'));
    const second = permits.acquire().then(() => order.push('second'));
    permits.release();
    // A permit handed to the longest waiter is not free for a newcomer.
    expect(permits.tryAcquire()).toBe(false);
    permits.release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    permits.release();
    expect(permits.tryAcquire()).toBe(true);
  });

  it('refuses tryAcquire and waiters after cancel()', async () => {
    const permits = new FifoPermits(1);
    expect(permits.tryAcquire()).toBe(true);
    const waiting = permits.acquire();
    permits.cancel();
    await expect(waiting).rejects.toBeInstanceOf(PermitsCancelledError);
    permits.release();
    expect(permits.tryAcquire()).toBe(false);
  });
});
