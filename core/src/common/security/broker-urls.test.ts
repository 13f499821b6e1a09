import { describe, expect, it } from 'vitest';
// The same cases every run, many of them.
import { seededRandom } from '../../test-support/payload-variants.js';
import { redactUrl, splitUrlCredentials } from './broker-urls.js';

// Printable ASCII and some beyond; '@', ':', '/' and '%' included, so encoding matters.
const ALPHABET = "abcXYZ019-_.~!$&'()*+,;=:@/?#[]% éü€";

function word(random: () => number, min = 1): string {
  const length = min + Math.floor(random() * 12);
  return Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
}

describe('broker URL credentials', () => {
  it('takes user:password@ and token@ out of a URL and never shows them (generated cases)', () => {
    const random = seededRandom(40);
    for (let i = 0; i < 2000; i++) {
      const scheme = ['nats', 'mqtt', 'mqtts', 'tls', 'wss'][i % 5]!;
      const host = `${['127.0.0.1', 'broker.example', '[::1]'][i % 3]}:${1 + Math.floor(random() * 65534)}`;
      const path = i % 4 === 0 ? '/ws' : '';
      const user = word(random);
      const password = word(random, 8);
      const token = word(random, 8);
      const withPassword = `${scheme}://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${host}${path}`;
      const withToken = `${scheme}://${encodeURIComponent(token)}@${host}${path}`;
      expect(splitUrlCredentials(withPassword)).toEqual({ url: `${scheme}://${host}${path}`, user, password });
      expect(splitUrlCredentials(withToken)).toEqual({ url: `${scheme}://${host}${path}`, token });
      const shown = redactUrl(`${withPassword},${withToken}`);
      expect(shown).toBe(`${scheme}://***@${host}${path},${scheme}://***@${host}${path}`);
      for (const secret of [password, encodeURIComponent(password), token, encodeURIComponent(token)]) expect(shown).not.toContain(secret);
    }
  });

  it('leaves URLs without credentials as they are', () => {
    for (const url of ['nats://127.0.0.1:4222', 'mqtt://broker:1883/path@x', '127.0.0.1:9092', 'nats://a:1,nats://b:2']) {
      expect(redactUrl(url)).toBe(url);
      expect(splitUrlCredentials(url)).toEqual({ url });
    }
  });
});
