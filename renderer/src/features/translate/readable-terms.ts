/**
 * Readable text for the suggestion's questions (issue 41): IRIs written with the prefixes the
 * example messages declare (`ex:weight` for `<http://example.org/ns#weight>`), the synthesizer's
 * blank-node labels (`_:i_jb1f`) named "blank node 1", "blank node 2" in order of appearance, and
 * questions in natural order (2 before 10).
 */

/** The prefixes of the messages' JSON-LD `@context` objects (string values that look like namespaces). */
export function contextPrefixes(messages: readonly string[]): Array<[string, string]> {
  const out = new Map<string, string>();
  for (const text of messages) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    const context = (parsed as { '@context'?: unknown } | null)?.['@context'];
    if (context === null || typeof context !== 'object' || Array.isArray(context)) continue;
    for (const [prefix, iri] of Object.entries(context as Record<string, unknown>)) {
      if (typeof iri === 'string' && /^[A-Za-z][\w.-]*$/.test(prefix) && /[/#:]$/.test(iri) && !out.has(prefix)) out.set(prefix, iri);
    }
  }
  // Longest namespace first, so that the most specific prefix wins.
  return [...out].sort((a, b) => b[1].length - a[1].length);
}

/** Names blank-node labels in order of first appearance across every text it is given. */
export class BlankNames {
  private readonly names = new Map<string, string>();
  name(label: string): string {
    let n = this.names.get(label);
    if (n === undefined) this.names.set(label, (n = `blank node ${this.names.size + 1}`));
    return n;
  }
}

const LOCAL = /^[A-Za-z_][\w.-]*$/;

/** `text` with `<iri>` written as `prefix:local` where a prefix covers it, and blank-node labels named. */
export function readable(text: string, prefixes: ReadonlyArray<readonly [string, string]>, blanks: BlankNames): string {
  return text
    .replace(/<([^<>\s]+)>/g, (all, iri: string) => {
      for (const [prefix, ns] of prefixes) {
        if (iri.startsWith(ns) && LOCAL.test(iri.slice(ns.length))) return `${prefix}:${iri.slice(ns.length)}`;
      }
      return all;
    })
    .replace(/_:[A-Za-z][\w-]*/g, (label) => `[${blanks.name(label)}]`);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Natural order of texts: "q2" before "q10". */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}
