/**
 * Client-side preview of a platform's channel-pair topics (CONTRACT.md "Platform channels"), so the
 * topic names are visible before anything is created. Same rule as the server: every run of
 * characters other than `A-Z a-z 0-9 . -` becomes one `_`.
 */
import type { PlatformTopicsReply, TopicSpelling } from '../api/types.js';

export function encodePlatformId(platformId: string): string {
  return platformId.replace(/[^A-Za-z0-9.-]+/gu, '_');
}

export function platformTopics(platformId: string, spelling: TopicSpelling = 'mediator'): PlatformTopicsReply {
  const pid = encodePlatformId(platformId);
  return {
    downstream: { source: `mw-${spelling}-downstream-${pid}`, sink: `${spelling}-mw-downstream-${pid}` },
    upstream: { source: `mw-${spelling}-upstream-${pid}`, sink: `${spelling}-mw-upstream-${pid}` },
  };
}
