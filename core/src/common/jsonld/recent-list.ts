/**
 * A short most-recently-used list, searched by content. The codec's caches key on a message's
 * prefix list; comparing a few recent lists entry by entry is cheaper than building a key from
 * every message's context, and a source keeps sending the same one.
 */
export class RecentList<T> {
  private readonly items: T[] = [];

  constructor(private readonly limit: number) {}

  /** The first item that `matches`, moved to the front; undefined when none does. */
  find(matches: (item: T) => boolean): T | undefined {
    const items = this.items;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T;
      if (matches(item)) {
        if (i > 0) {
          items.splice(i, 1);
          items.unshift(item);
        }
        return item;
      }
    }
    return undefined;
  }

  /** Takes `item` out (the same object), if it is there. */
  remove(item: T): void {
    const at = this.items.indexOf(item);
    if (at >= 0) this.items.splice(at, 1);
  }

  /** Puts `item` first, dropping the least recently used item beyond the limit. */
  add(item: T): void {
    this.items.unshift(item);
    if (this.items.length > this.limit) this.items.pop();
  }
}
