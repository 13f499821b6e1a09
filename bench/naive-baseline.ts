/**
 * The "obvious port" measured in the same run as our engine: jsonld.js reads the message, each
 * cell's SPARQL Update text is parsed and run by oxigraph (a fast SPARQL engine) for every
 * message, and jsonld.js writes the result. This is the reference mediator's strategy (re-parse
 * every cell per message) on the fastest JS engines, a same-machine baseline for our figures.
 */
import jsonld from 'jsonld';
import oxigraph from 'oxigraph';
import type { CompiledAlignment } from '@mediator/core';

const PAYLOAD = 'http://inter-iot.eu/message/payload';

export async function naiveTranslate(text: string, alignments: readonly CompiledAlignment[]): Promise<string> {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const nquads = (await jsonld.toRDF(doc, { format: 'application/n-quads' })) as unknown as string;
  const payloadLines: string[] = [];
  const otherLines: string[] = [];
  for (const line of nquads.split('\n')) {
    if (line === '') continue;
    if (line.endsWith(`<${PAYLOAD}> .`)) payloadLines.push(`${line.slice(0, -(PAYLOAD.length + 4))} .`);
    else otherLines.push(line);
  }
  const store = new oxigraph.Store();
  try {
    store.load(payloadLines.join('\n'), { format: 'application/n-triples' });
    for (const alignment of alignments) {
      for (const step of alignment.steps) {
        try {
          store.update(step.sparql);
        } catch {
          // The reference skips failing cells too.
        }
      }
    }
    const out = store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
    const payloadOut = out
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `${l.slice(0, -2)} <${PAYLOAD}> .`);
    const dataset = [...otherLines, ...payloadOut].join('\n');
    const expanded = await jsonld.fromRDF(dataset, { format: 'application/n-quads', useRdfType: true, useNativeTypes: false });
    const context = (doc['@context'] ?? {}) as jsonld.ContextDefinition;
    const compacted = await jsonld.compact(expanded, context);
    return JSON.stringify(compacted, null, 2);
  } finally {
    (store as unknown as { free(): void }).free();
  }
}

export async function measureNaive(text: string, alignments: readonly CompiledAlignment[], seconds: number): Promise<number> {
  const warmUntil = performance.now() + Math.min(500, seconds * 250);
  while (performance.now() < warmUntil) await naiveTranslate(text, alignments);
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let t = start;
  while (t < end) {
    await naiveTranslate(text, alignments);
    count++;
    t = performance.now();
  }
  return (count / (t - start)) * 1000;
}
