import { describe, expect, it } from 'vitest';
import { encodePlatformId, platformTopics } from './platform-topics.js';

describe('platform topics preview', () => {
  it.each([
    ['http://inter-iot.eu/platforms/p1', 'http_inter-iot.eu_platforms_p1'],
    ['http://inter-iot.eu/platforms/uaal#main', 'http_inter-iot.eu_platforms_uaal_main'],
    ['http://DSVLC.inter-iot.eu/platforms/fiware-01', 'http_DSVLC.inter-iot.eu_platforms_fiware-01'],
    ['a  b//c', 'a_b_c'],
    ['plain.id-1', 'plain.id-1'],
  ])('encodes %s as %s', (input, expected) => {
    expect(encodePlatformId(input)).toBe(expected);
  });

  it('names both directions, with the ipsm spelling as an option', () => {
    expect(platformTopics('http://inter-iot.eu/platforms/p1')).toEqual({
      downstream: { source: 'mw-mediator-downstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-downstream-http_inter-iot.eu_platforms_p1' },
      upstream: { source: 'mw-mediator-upstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-upstream-http_inter-iot.eu_platforms_p1' },
    });
    expect(platformTopics('p', 'ipsm').upstream).toEqual({ source: 'mw-ipsm-upstream-p', sink: 'ipsm-mw-upstream-p' });
  });
});
