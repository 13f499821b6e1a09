/**
 * The reference writer: the fast writer's output made through jsonld.js (fromRDF {useRdfType:
 * true, useNativeTypes: false} + compact), slow, for tests and as a fallback option.
 */
import type * as JsonLd from 'jsonld';
import type * as RDF from '@rdfjs/types';
import { factory, quadToNTriples } from '../rdf/terms.js';
import { BlankLabels } from './blank-labels.js';
import { flagPrefixes } from './jsonld-prefixes.js';
import { writeDocument, type PrefixData } from './prefix-tables.js';
import { loadJsonLd } from './jsonld-library.js';

/**
 * Compacts with the prefix context, every prefix flagged `@prefix: true` for JSON-LD 1.0 compact
 * IRIs. Blank nodes are relabelled as the fast writer does and duplicate quads dropped, so both
 * give the same document.
 */
export async function writeWithJsonLd(quads: readonly RDF.Quad[], data: PrefixData, pretty: boolean, asJsonString = false): Promise<string> {
  const labels = new BlankLabels();
  const relabel = <T extends RDF.Term>(t: T): T => (t.termType === 'BlankNode' ? factory.blankNode(labels.label(t.value).slice(2)) : t) as T;
  const seen = new Set<string>();
  const input: RDF.Quad[] = [];
  for (const q of quads) {
    const g = relabel(q.graph);
    const s = relabel(q.subject);
    const o = relabel(q.object);
    const quad = factory.quad(s, q.predicate, o, g);
    const key = quadToNTriples(quad, true);
    if (seen.has(key)) continue;
    seen.add(key);
    input.push(quad);
  }
  const jsonld = await loadJsonLd();
  const expanded = await jsonld.fromRDF(input, { useRdfType: true, useNativeTypes: false });
  const compacted = (await jsonld.compact(expanded, flagPrefixes(data.context) as JsonLd.ContextDefinition)) as Record<string, unknown>;
  delete compacted['@context'];
  return writeDocument(compacted, data, pretty, asJsonString);
}
