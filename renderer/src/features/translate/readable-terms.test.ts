import { describe, expect, it } from 'vitest';
import { BlankNames, contextPrefixes, naturalCompare, readable } from './readable-terms.js';

describe('readable question text', () => {
  const prefixes = contextPrefixes([JSON.stringify({ '@context': { ex: 'http://example.org/ns#', exs: 'http://example.org/ns#sub/', n: 5 } }), 'not json']);

  it('writes IRIs with the prefixes the messages declare, the most specific first, and leaves others whole', () => {
    const blanks = new BlankNames();
    expect(readable('<http://example.org/ns#weight> <http://example.org/ns#sub/x1> <http://other.org/y>', prefixes, blanks)).toBe(
      'ex:weight exs:x1 <http://other.org/y>',
    );
  });

  it('names blank nodes in order of appearance, the same label the same name', () => {
    const blanks = new BlankNames();
    expect(readable('_:i_jb1f <http://example.org/ns#p> _:o_zz2 . _:i_jb1f', prefixes, blanks)).toBe('[blank node 1] ex:p [blank node 2] . [blank node 1]');
  });

  it('orders naturally', () => {
    expect(['q10', 'q2', 'q1', 'q11'].sort(naturalCompare)).toEqual(['q1', 'q2', 'q10', 'q11']);
  });
});
