/**
 * The retained messages of one embedded-bus topic: an append-only run of consecutive offsets
 * whose oldest entries can be dropped. Dropping only advances a head index and compacts the array
 * now and then: `splice(0, 1)` on every publish moved every retained entry each time (7% of a
 * channel's time with a backlog of thousands). A dropped slot is cleared at once: until the next
 * compaction (up to 1,024 drops later) it would otherwise keep its message alive, and 1,024
 * messages of 7 MB outlived the embedded bus's byte budget by gigabytes (found by the soak).
 */
import { withoutDeadFront } from '../../common/channels/fifo-queue.js';

export class OffsetLog<T extends { readonly offset: number }> {
  private items: Array<T | undefined> = [];
  private head = 0;

  /** Offset the next appended entry must have when the log is empty. */
  constructor(private nextOffset = 0) {}

  get length(): number {
    return this.items.length - this.head;
  }

  /** Offset of the oldest retained entry, or the next offset when nothing is retained. */
  get first(): number {
    return this.items[this.head]?.offset ?? this.nextOffset;
  }

  push(entry: T): void {
    if (entry.offset !== this.nextOffset) throw new Error(`offset ${entry.offset} appended where ${this.nextOffset} was expected`);
    this.items.push(entry);
    this.nextOffset = entry.offset + 1;
  }

  /** The entry with this offset, if still retained. */
  at(offset: number): T | undefined {
    const i = offset - this.first;
    return i < 0 ? undefined : this.items[this.head + i];
  }

  /** Drops every entry older than `offset`. */
  dropBefore(offset: number): void {
    const n = Math.min(offset - this.first, this.length);
    if (n <= 0) return;
    for (let i = this.head; i < this.head + n; i++) this.items[i] = undefined;
    this.head += n;
    const compacted = withoutDeadFront(this.items, this.head);
    if (compacted !== undefined) {
      this.items = compacted;
      this.head = 0;
    }
  }

  /** The newest `n` entries, oldest first. */
  last(n: number): T[] {
    const k = Math.max(0, Math.min(n, this.length));
    // The newest entries are never cleared slots: those are all before `head`.
    return this.items.slice(this.items.length - k) as T[];
  }
}
