/**
 * A first-in first-out queue read by position, whose `shift` costs the same whatever its length.
 *
 * An MQTT subscription keeps every unacknowledged delivery in arrival order (up to its receive
 * maximum, 512) and acknowledges from the front. `Array.prototype.shift` moves the whole array in
 * V8 whenever it cannot trim the front in place (during incremental marking, for one): in a
 * channel's profile the acknowledging function spent about 3 us per message in it (issue 42). Here
 * the front is an index; the dead slots are dropped once they are most of the array. A channel
 * keeps its deliveries waiting for a translation slot in one too.
 *
 * Pure code: no node:* imports.
 */
/**
 * The live part of an array read from index `head`, when it is time to drop the dead front: all
 * of it read, or the dead slots at least 1,024 and half the array. Undefined: keep the array.
 */
export function withoutDeadFront<T>(items: T[], head: number): T[] | undefined {
  if (head === items.length) return [];
  return head >= 1024 && head * 2 >= items.length ? items.slice(head) : undefined;
}

/**
 * Kept on a ring of slots whose size is a power of two, doubled when full: in a steady state a
 * queue allocates nothing, and a shifted slot is cleared at once. (An array read from an index
 * and compacted now and then kept each shifted item alive until the compaction, and its copies,
 * long-lived, were promoted: a channel's waiting deliveries hold their handler call's promise.)
 */
export class FifoQueue<T> {
  private slots: Array<T | undefined> = new Array<T | undefined>(16);
  private head = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** The item `index` places from the front (0: the front), or undefined past the end. */
  at(index: number): T | undefined {
    return index >= 0 && index < this.count ? this.slots[(this.head + index) & (this.slots.length - 1)] : undefined;
  }

  push(item: T): void {
    if (this.count === this.slots.length) this.resize(this.slots.length * 2, () => true);
    this.slots[(this.head + this.count) & (this.slots.length - 1)] = item;
    this.count += 1;
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.slots[this.head];
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) & (this.slots.length - 1);
    this.count -= 1;
    return item;
  }

  /** Keeps only the items `keep` accepts, in order. */
  retain(keep: (item: T) => boolean): void {
    this.resize(this.slots.length, keep);
  }

  /** The items `keep` accepts, in order from slot 0 of a ring of `size` slots (at least their number). */
  private resize(size: number, keep: (item: T) => boolean): void {
    const slots = new Array<T | undefined>(size);
    let kept = 0;
    for (let i = 0; i < this.count; i += 1) {
      // Every slot from `head` on, `count` of them, holds a live item.
      const item = this.slots[(this.head + i) & (this.slots.length - 1)] as T;
      if (keep(item)) slots[kept++] = item;
    }
    this.slots = slots;
    this.head = 0;
    this.count = kept;
  }
}
