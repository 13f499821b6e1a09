/** Output blank-node labels, shared by both writers so that they write the same document. */

/**
 * The first labels, made once and shared by every message: a label made per message is a new
 * string, hashed again by every Map that meets it (the direct writer keys its nodes by id).
 */
const SHARED_LABELS = 1024;
const sharedLabels: string[] = [];

/** Blank nodes relabelled _:b0, _:b1, ... in order of first appearance (graph, subject, object). */
export class BlankLabels {
  private readonly labels = new Map<string, string>();

  /** True when `value` has its label already. */
  has(value: string): boolean {
    return this.labels.has(value);
  }

  label(value: string): string {
    let label = this.labels.get(value);
    if (label === undefined) {
      const n = this.labels.size;
      label = n < SHARED_LABELS ? (sharedLabels[n] ??= `_:b${n}`) : `_:b${n}`;
      this.labels.set(value, label);
    }
    return label;
  }
}
