/**
 * A stream of golden messages that can be told apart, for the tests that push thousands of messages
 * through channels and check each output (the NATS failover and fleet tests): message i is a golden
 * input whose metadata messageID names it (metadata is never translated), and its translation must be
 * isomorphic to the golden output payload of its kind.
 */
import { Parser } from 'n3';
import { expect } from 'vitest';
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

/**
 * What a sink received of a numbered stream: the first text of each number (at-least-once delivery
 * may repeat one) and how many deliveries there were. `handler` is the sink subscription's handler.
 */
export class NumberedArrivals {
  readonly arrived = new Map<number, string>();
  deliveries = 0;
  readonly #id: RegExp;

  constructor(tag: string) {
    this.#id = new RegExp(`"InterIoTMsg:messageID"\\s*:\\s*"${tag}-(\\d+)"`);
  }

  readonly handler = async (message: { readonly value: string }): Promise<void> => {
    this.deliveries++;
    const id = this.#id.exec(message.value);
    if (id !== null && !this.arrived.has(Number(id[1]))) this.arrived.set(Number(id[1]), message.value);
  };

  /** Messages 0 to count - 1 all arrived (none missing), each the golden translation of its input. */
  async expectEveryGolden(count: number): Promise<void> {
    const missing = [...Array(count).keys()].filter((i) => !this.arrived.has(i));
    expect({ missing: missing.slice(0, 20), count: missing.length }).toEqual({ missing: [], count: 0 });
    expect(this.deliveries).toBeGreaterThanOrEqual(count);
    for (const [i, text] of this.arrived) {
      const ok = await isGoldenTranslation(i, text);
      if (!ok) expect({ message: i, isomorphic: ok }).toEqual({ message: i, isomorphic: true });
    }
  }
}
