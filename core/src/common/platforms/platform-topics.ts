/**
 * Topic names of a platform's channel pair (seed sections 1.6-1.7, CONTRACT.md "Platform
 * channels"): every run of characters other than `A-Z a-z 0-9 . -` becomes one `_`, dots stay.
 */
export type TopicSpelling = 'mediator' | 'ipsm';

export interface PlatformTopics {
  readonly platformId: string;
  readonly encodedId: string;
  readonly downstream: { readonly source: string; readonly sink: string };
  readonly upstream: { readonly source: string; readonly sink: string };
}

export function encodePlatformId(platformId: string): string {
  // `u` flag: a non-ASCII character (even outside the BMP) is one character of the run.
  return platformId.replace(/[^A-Za-z0-9.-]+/gu, '_');
}

/**
 * `mw-mediator-downstream-<pid>` -> `mediator-mw-downstream-<pid>` and the same upstream; the
 * middleware shipped with the reference spells `ipsm` instead of `mediator` (an option, not the default).
 */
export function platformTopics(platformId: string, spelling: TopicSpelling = 'mediator'): PlatformTopics {
  const pid = encodePlatformId(platformId);
  return {
    platformId,
    encodedId: pid,
    downstream: { source: `mw-${spelling}-downstream-${pid}`, sink: `${spelling}-mw-downstream-${pid}` },
    upstream: { source: `mw-${spelling}-upstream-${pid}`, sink: `${spelling}-mw-upstream-${pid}` },
  };
}
