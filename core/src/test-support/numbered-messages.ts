/**
 * A stream of golden messages that can be told apart, for the tests that push thousands of messages
 * through channels and check each output (the NATS failover and fleet tests): message i is a golden
 * input whose metadata messageID names it (metadata is never translated), and its translation must be
 * isomorphic to the golden output payload of its kind.
 */
import { Parser } from 'n3';
import { readMessage } from '../common/index.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../common/rdf/terms.js';
import { isomorphic } from './isomorphism.js';
import { goldenFile, readData } from './shared-data.js';

/** Both go through UniversAAL_CO then CO_FIWARE (or CO_FIWARE alone for the second step). */
const KINDS = [
  { input: 'messages/weight.UniversAAL_CO.json', golden: 'weight.UniversAAL_CO__CO_FIWARE' },
  { input: 'messages/bloodPressure.UniversAAL_CO.json', golden: 'bloodPressure.UniversAAL_CO__CO_FIWARE' },
];

/** The i-th message, its messageID `<tag>-<i>`. */
export function numberedMessage(i: number, tag: string): string {
  const kind = KINDS[i % KINDS.length]!;
  const text = readData(kind.input);
  const replaced = text.replace(/("InterIoTMsg:messageID"\s*:\s*")[^"]*"/, `$1${tag}-${i}"`);
  if (replaced === text) throw new Error(`no messageID in ${kind.input}`);
  return replaced;
}

/** The payload graph's quads, moved to the default graph (as the golden N-Triples are). */
export function payloadOf(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
}

let expected: RDF.Quad[][] | undefined;

/** Whether a translated message is the golden translation of message i (payloads isomorphic). */
export async function isGoldenTranslation(i: number, translated: string): Promise<boolean> {
  expected ??= KINDS.map((k) => new Parser({ format: 'N-Triples' }).parse(goldenFile(k.golden, 'output-payload.nt')) as unknown as RDF.Quad[]);
  return isomorphic(payloadOf((await readMessage(translated)).quads), expected[i % KINDS.length]!);
}
