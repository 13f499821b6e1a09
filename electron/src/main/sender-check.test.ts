import { describe, expect, it } from 'vitest';
import { checkSender, isTrustedSender, originOf, type TrustedSender } from './sender-check.js';

const ourContents = { id: 1 };
const otherContents = { id: 2 };
const trusted: TrustedSender = { origin: 'http://127.0.0.1:8888', webContents: () => ourContents };

function event(sender: unknown, url: string | null) {
  return { sender, senderFrame: url === null ? null : { url } };
}

describe('IPC sender check', () => {
  it.each(['http://127.0.0.1:8888/', 'http://127.0.0.1:8888/alignments?x=1#cells'])('accepts our window showing our server (%s)', (url) => {
    expect(checkSender(event(ourContents, url), trusted)).toEqual({ trusted: true });
  });

  it.each([
    ['another port', 'http://127.0.0.1:8889/'],
    ['another host name for the same machine', 'http://localhost:8888/'],
    ['https', 'https://127.0.0.1:8888/'],
    ['a web site', 'https://example.org/'],
    ['a dropped file', 'file:///home/user/evil.html'],
    ['about:blank', 'about:blank'],
    ['a data: URL', 'data:text/html,<script>1</script>'],
    ['garbage', 'not a url'],
  ])('refuses our window showing %s', (_what, url) => {
    expect(isTrustedSender(event(ourContents, url), trusted)).toBe(false);
  });

  it('refuses any other webContents, even on our origin', () => {
    expect(checkSender(event(otherContents, 'http://127.0.0.1:8888/'), trusted)).toEqual({ trusted: false, reason: 'not our window' });
  });

  it('refuses a frame that is gone, and everything while there is no window', () => {
    expect(checkSender(event(ourContents, null), trusted)).toEqual({ trusted: false, reason: 'sender frame is gone' });
    const noWindow: TrustedSender = { origin: trusted.origin, webContents: () => undefined };
    expect(isTrustedSender(event(undefined, 'http://127.0.0.1:8888/'), noWindow)).toBe(false);
  });

  it('compares origins, not strings', () => {
    expect(originOf('http://127.0.0.1:8888/x')).toBe('http://127.0.0.1:8888');
    expect(originOf('HTTP://127.0.0.1:8888')).toBe('http://127.0.0.1:8888');
    expect(originOf('http://127.0.0.1:80/')).toBe('http://127.0.0.1');
    expect(originOf('file:///tmp/a')).toBeUndefined();
    expect(isTrustedSender(event(ourContents, 'http://127.0.0.1:8888/'), { ...trusted, origin: 'http://127.0.0.1:8888/' })).toBe(true);
  });
});
