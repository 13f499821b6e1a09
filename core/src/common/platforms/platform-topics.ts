/**
 * Topic names of a platform's channel pair (seed sections 1.6-1.7, CONTRACT.md "Platform
 * channels"). Two spellings, each with its own platform-id encoding:
 * - `mediator` (default): every run of characters other than `A-Z a-z 0-9 . -` becomes one `_`,
 *   dots stay, so every name is a legal Kafka topic;
 * - `ipsm`: the middleware shipped with the reference (INTER-MW 2.5.0), which must find the same
 *   names, so its rule exactly (middleware-and-dashboard.md B.2).
 */
export type TopicSpelling = 'mediator' | 'ipsm';

export interface PlatformTopics {
  readonly platformId: string;
  readonly encodedId: string;
  readonly downstream: { readonly source: string; readonly sink: string };
  readonly upstream: { readonly source: string; readonly sink: string };
}

/**
 * The middleware's `escapeTopicName`: Java `name.replaceAll("[:/#]+", "_")`, so every run of `:`,
 * `/` or `#` becomes one `_` and nothing else changes (`?`, `=`, `_`, non-ASCII pass through, even
 * where that makes an illegal Kafka name: the middleware uses the name as it is). The middleware
 * escapes prefix and id together; the prefixes hold none of the three characters, so escaping the
 * id alone gives the same name.
 */
function encodeAsMiddleware(platformId: string): string {
  return platformId.replace(/[:/#]+/g, '_');
}

export function encodePlatformId(platformId: string, spelling: TopicSpelling = 'mediator'): string {
  if (spelling === 'ipsm') return encodeAsMiddleware(platformId);
  // `u` flag: a non-ASCII character (even outside the BMP) is one character of the run.
  return platformId.replace(/[^A-Za-z0-9.-]+/gu, '_');
}

/**
 * `mw-mediator-downstream-<pid>` -> `mediator-mw-downstream-<pid>` and the same upstream; the
 * middleware shipped with the reference spells `ipsm` instead of `mediator` and encodes `<pid>`
 * its own way (an option, not the default).
 */
export function platformTopics(platformId: string, spelling: TopicSpelling = 'mediator'): PlatformTopics {
  const pid = encodePlatformId(platformId, spelling);
  return {
    platformId,
    encodedId: pid,
    downstream: { source: `mw-${spelling}-downstream-${pid}`, sink: `${spelling}-mw-downstream-${pid}` },
    upstream: { source: `mw-${spelling}-upstream-${pid}`, sink: `${spelling}-mw-upstream-${pid}` },
  };
}
