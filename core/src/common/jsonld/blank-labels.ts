/** Output blank-node labels, shared by both writers so that they write the same document. */

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
      label = `_:b${this.labels.size}`;
      this.labels.set(value, label);
    }
    return label;
  }
}
