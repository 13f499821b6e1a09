import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './route.js';

describe('routes', () => {
  it.each([
    ['#/channels', { screen: 'channels' }],
    ['#/alignments/CO_FIWARE_align/1.0', { screen: 'alignments', alignment: { name: 'CO_FIWARE_align', version: '1.0' } }],
    ['#/alignments/CO_FIWARE_align/1.1/cell2%20w', { screen: 'alignments', alignment: { name: 'CO_FIWARE_align', version: '1.1' }, cell: 'cell2 w' }],
    [
      '#/translate/A%20b/1/C/2.0',
      {
        screen: 'translate',
        chain: [
          { name: 'A b', version: '1' },
          { name: 'C', version: '2.0' },
        ],
      },
    ],
  ] as const)('%s round-trips', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(formatRoute(route)).toBe(hash);
  });

  it('ignores unknown screens and a half pair', () => {
    expect(parseRoute('#/nowhere')).toBeUndefined();
    expect(parseRoute('#/alignments/onlyname')).toEqual({ screen: 'alignments' });
  });
});
