/**
 * Runs compiled alignments' SPARQL Update text (what `mediator compile` prints) in oxigraph, a
 * real SPARQL 1.1 engine, on a payload: the reference the native executor is compared with.
 * Throws if a cell's text is not valid SPARQL.
 */
import oxigraph from 'oxigraph';
import { Parser } from 'n3';
import type { CompiledAlignment } from '../common/translation/index.js';
import { quadToNTriples, type RDF } from '../common/rdf/terms.js';

export function runWithOxigraph(payload: readonly RDF.Quad[], alignments: readonly CompiledAlignment[]): RDF.Quad[] {
  const store = new oxigraph.Store();
  try {
    store.load(payload.map((q) => quadToNTriples(q)).join('\n'), { format: 'application/n-triples' });
    for (const a of alignments) for (const step of a.steps) store.update(step.sparql);
    const out = store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
    return new Parser({ format: 'N-Triples' }).parse(out);
  } finally {
    // The WASM store's memory is not garbage-collected (ecosystem measurements): free it.
    (store as unknown as { free(): void }).free();
  }
}
