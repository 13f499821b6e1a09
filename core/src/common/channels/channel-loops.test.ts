import { describe, expect, it } from 'vitest';
import { loopClosedBy } from './channel-loops.js';

const edges = (...pairs: Array<[string, string]>) => pairs.map(([source, sink]) => ({ source, sink }));

describe('loopClosedBy', () => {
  it('finds the loop a reverse channel closes', () => {
    expect(loopClosedBy(edges(['a', 'b']), 'b', 'a')).toEqual(['b', 'a', 'b']);
  });

  it('finds longer loops, and names a shortest one', () => {
    const existing = edges(['a', 'b'], ['b', 'c'], ['c', 'd'], ['b', 'd']);
    expect(loopClosedBy(existing, 'd', 'a')).toEqual(['d', 'a', 'b', 'd']);
  });

  it('lets chains, fan-out and fan-in through', () => {
    const existing = edges(['a', 'b'], ['b', 'c'], ['a', 'x'], ['y', 'c']);
    expect(loopClosedBy(existing, 'c', 'z')).toBeUndefined();
    expect(loopClosedBy(existing, 'x', 'c')).toBeUndefined();
    expect(loopClosedBy(existing, 'q', 'a')).toBeUndefined();
  });

  it('scales linearly with the channels (a 20,000-channel chain is a quick check)', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => ({ source: `t${i}`, sink: `t${i + 1}` }));
    const loop = loopClosedBy(chain, 't20000', 't0');
    expect(loop).toHaveLength(20_002);
    expect(loop?.[0]).toBe('t20000');
    expect(loop?.at(-1)).toBe('t20000');
  });
});
