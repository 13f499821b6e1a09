import { describe, expect, it } from 'vitest';
import { encodePlatformId, platformTopics } from './platform-topics.js';

describe('encodePlatformId', () => {
  it.each([
    ['http://inter-iot.eu/platforms/p1', 'http_inter-iot.eu_platforms_p1'],
    ['https://example.org/platforms/p1#main', 'https_example.org_platforms_p1_main'],
    ['http://example.org/p?id=7&x=y', 'http_example.org_p_id_7_x_y'],
    ['my platform  one', 'my_platform_one'],
    ['plateforme-été/ü', 'plateforme-_t_'],
    ['πλατφόρμα', '_'],
    ['emoji😀id', 'emoji_id'],
    ['already_fine-1.2', 'already_fine-1.2'],
    ['a//b', 'a_b'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(encodePlatformId(input)).toBe(expected);
  });
});

describe('platformTopics', () => {
  it('names the downstream and upstream pair (seed 1.6)', () => {
    expect(platformTopics('http://inter-iot.eu/platforms/p1')).toEqual({
      platformId: 'http://inter-iot.eu/platforms/p1',
      encodedId: 'http_inter-iot.eu_platforms_p1',
      downstream: { source: 'mw-mediator-downstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-downstream-http_inter-iot.eu_platforms_p1' },
      upstream: { source: 'mw-mediator-upstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-upstream-http_inter-iot.eu_platforms_p1' },
    });
  });
  it('offers the ipsm spelling of the shipped middleware', () => {
    expect(platformTopics('p1', 'ipsm').downstream).toEqual({ source: 'mw-ipsm-downstream-p1', sink: 'ipsm-mw-downstream-p1' });
  });
});
