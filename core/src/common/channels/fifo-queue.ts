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

export class FifoQueue<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  /** The item `index` places from the front (0: the front), or undefined past the end. */
  at(index: number): T | undefined {
    return index < this.length ? this.items[this.head + index] : undefined;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.head += 1;
    const compacted = withoutDeadFront(this.items, this.head);
    if (compacted !== undefined) {
      this.items = compacted;
      this.head = 0;
    }
    return item;
  }

  /** Keeps only the items `keep` accepts, in order. */
  retain(keep: (item: T) => boolean): void {
    this.items = this.items.slice(this.head).filter(keep);
    this.head = 0;
  }
}
