/**
 * Example messages for the suggester's tests (suggest-families, suggest-generalise): an INTER-IoT
 * message around a payload written in compact JSON-LD, and whether an alignment turns an example's
 * input payload into its wanted output (up to blank-node renaming).
 */
import { isomorphic } from '../common/rdf/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../common/rdf/terms.js';
import type { SuggestionExample } from '../common/suggest/suggest-alignment.js';
import { applyAlignments, compileAlignment, readMessage, TermGraph } from '../common/translation/index.js';

/** A message whose metadata has the given INTER-IoT message type and whose payload is `payload`. */
export function exampleMessage(context: Readonly<Record<string, string>>, messageType: string, payload: readonly object[]): string {
  return JSON.stringify({
    '@graph': [
      { '@id': 'InterIoTMsg:metadata', '@graph': [{ '@id': 'InterIoTMsg:meta1', '@type': ['InterIoTMsg:meta', messageType] }] },
      { '@id': 'InterIoTMsg:payload', '@graph': payload },
    ],
    '@context': context,
  });
}

async function payloadOf(text: string): Promise<RDF.Quad[]> {
  return (await readMessage(text)).quads
    .filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload)
    .map((q) => factory.quad(q.subject, q.predicate, q.object));
}

/** Whether the alignment translates the example's input payload into its output payload. */
export async function holdsOn(alignment: string, example: SuggestionExample): Promise<boolean> {
  const compiled = await compileAlignment(alignment);
  const graph = TermGraph.fromQuads(await payloadOf(example.input));
  applyAlignments(graph, [compiled]);
  return isomorphic(graph.toQuads(factory.defaultGraph()), await payloadOf(example.output));
}
