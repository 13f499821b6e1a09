import type { CompiledAlignment } from './compile-alignment.js';

/**
 * The prefixes a display form uses: those the chain's alignments declare first (the engineer's own
 * names, `fw:`, `phd:`), then the message's @context for the rest (a JSON-LD message often carries
 * generated `ns1:`..`ns5:`, which name nothing the engineer wrote).
 */
export function displayPrefixes(
  messagePrefixes: ReadonlyArray<readonly [string, string]>,
  alignments: readonly CompiledAlignment[],
): Array<readonly [string, string]> {
  const names = new Set<string>();
  const iris = new Set<string>();
  const out: Array<readonly [string, string]> = [];
  for (const [name, iri] of [...alignments.flatMap((a) => a.alignment.prefixes), ...messagePrefixes]) {
    if (name === '' || iri === '' || names.has(name) || iris.has(iri)) continue;
    names.add(name);
    iris.add(iri);
    out.push([name, iri]);
  }
  return out;
}
