/** What the workbench's benchmarks share: their numeric options, the median they report, and storing an alignment. */

/** The value of `--<name> N` on the command line, or `fallback` when absent or not a positive number. */
export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** POST /alignments with `xml`; throws, naming `what`, unless the mediator stored it (201). */
export async function storeAlignment(mediatorUrl: string, xml: string, what = 'the alignment'): Promise<void> {
  const upload = await fetch(`${mediatorUrl}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' } });
  if (upload.status !== 201) throw new Error(`upload of ${what} failed: ${upload.status} ${await upload.text()}`);
}
