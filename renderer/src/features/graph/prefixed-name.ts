/**
 * IRIs written with a document's prefixes: apart from pattern-graph.ts so the pages that only name
 * IRIs (the cell form, completion) do not load N3.js with it.
 */
export interface Prefix {
  readonly prefix: string;
  readonly iri: string;
}

const LOCAL_NAME = /^[A-Za-z_][\w.-]*$/u;

/** `prefix:local` with the longest namespace that leaves a plain local name, else `<iri>`. */
export function prefixedName(iri: string, prefixes: readonly Prefix[]): string {
  let best: Prefix | undefined;
  for (const p of prefixes) {
    if (iri.startsWith(p.iri) && LOCAL_NAME.test(iri.slice(p.iri.length)) && (best === undefined || p.iri.length > best.iri.length)) best = p;
  }
  return best === undefined ? `<${iri}>` : `${best.prefix}:${iri.slice(best.iri.length)}`;
}
