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

// The middleware's rule, Java `replaceAll("[:/#]+", "_")` (middleware-and-dashboard.md B.2): the
// spec's worked examples, plus cases where it differs from the mediator spelling.
describe("encodePlatformId with the middleware's ipsm spelling", () => {
  it.each([
    ['http://inter-iot.eu/platforms/p1', 'http_inter-iot.eu_platforms_p1'],
    ['http://test.inter-iot.eu/test-platform1', 'http_test.inter-iot.eu_test-platform1'],
    ['http://example.com/platform1', 'http_example.com_platform1'],
    ['http://inter-iot.eu/platforms/uaal#main', 'http_inter-iot.eu_platforms_uaal_main'],
    ['urn:inter-iot:platform:sofia2', 'urn_inter-iot_platform_sofia2'],
    ['http://localhost:4568/platform', 'http_localhost_4568_platform'],
    ['http://DSVLC.inter-iot.eu/platforms/fiware-01', 'http_DSVLC.inter-iot.eu_platforms_fiware-01'],
    // Only `:`, `/`, `#` are escaped: an `_` next to a run stays, so two underscores.
    ['http://x/a_/b', 'http_x_a__b'],
    ['http://inter-iot.eu/platforms/p1?x=1', 'http_inter-iot.eu_platforms_p1?x=1'],
    ['my platform  one', 'my platform  one'],
    ['plateforme-été/ü', 'plateforme-été_ü'],
    ['a:/#/:b', 'a_b'],
    ['', ''],
  ])('%s -> %s', (input, expected) => {
    expect(encodePlatformId(input, 'ipsm')).toBe(expected);
  });

  it.each([
    ['http://x/a_/b', 'mw-ipsm-downstream-http_x_a__b', 'ipsm-mw-upstream-http_x_a__b'],
    [
      'http://inter-iot.eu/platforms/uaal#main',
      'mw-ipsm-downstream-http_inter-iot.eu_platforms_uaal_main',
      'ipsm-mw-upstream-http_inter-iot.eu_platforms_uaal_main',
    ],
    ['urn:inter-iot:platform:sofia2', 'mw-ipsm-downstream-urn_inter-iot_platform_sofia2', 'ipsm-mw-upstream-urn_inter-iot_platform_sofia2'],
  ])('platformTopics(%s, ipsm) names the topics the middleware uses', (id, downstreamSource, upstreamSink) => {
    const topics = platformTopics(id, 'ipsm');
    expect(topics.downstream.source).toBe(downstreamSource);
    expect(topics.upstream.sink).toBe(upstreamSink);
    expect(topics.encodedId).toBe(encodePlatformId(id, 'ipsm'));
  });

  it('leaves the default mediator spelling as it was', () => {
    expect(platformTopics('http://x/a_/b').encodedId).toBe('http_x_a_b');
    expect(platformTopics('http://inter-iot.eu/platforms/p1?x=1').encodedId).toBe('http_inter-iot.eu_platforms_p1_x_1');
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
