/**
 * The bench's tables: a header, a rule and the rows, each column as wide as its widest cell, two
 * spaces apart; the first column left-aligned (it labels the row) and the figures right-aligned,
 * or every column right-aligned when the first is a short figure too (`labelColumn: false`).
 */
export function printTable(head: readonly string[], rows: readonly (readonly string[])[], options: { readonly labelColumn?: boolean } = {}): void {
  const labelColumn = options.labelColumn ?? true;
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) => r.map((x, i) => (i === 0 && labelColumn ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
