/**
 * A suggestion example that keeps the synthesizer busy (the suggestion latency and lane tests):
 * `nodes` readings whose three attributes are all renamed and one of them prefixed, so every
 * attribute of every node is a value to explain.
 */
const CONTEXT = { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/ns#' };

const message = (payload: object[]) => JSON.stringify({ '@graph': [{ '@id': 'InterIoTMsg:payload', '@graph': payload }], '@context': CONTEXT });

const reading = (i: number, names: readonly [string, string, string], prefix = '') => ({
  '@id': `ex:r${i}`,
  '@type': 'ex:Reading',
  [`ex:${names[0]}`]: `alpha-${i}`,
  [`ex:${names[1]}`]: `beta-${i}`,
  [`ex:${names[2]}`]: `${prefix}gamma-${i}`,
});

export function heavySuggestionExample(nodes: number): { readonly input: string; readonly output: string } {
  return {
    input: message(Array.from({ length: nodes }, (_, i) => reading(i, ['a', 'b', 'c']))),
    output: message(Array.from({ length: nodes }, (_, i) => reading(i, ['x', 'y', 'z'], 'pre-'))),
  };
}
