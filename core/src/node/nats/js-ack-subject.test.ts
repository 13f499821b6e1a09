import { parseInfo } from 'nats/lib/jetstream/jsmsg.js';
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { jetStreamDeliveryCount } from './js-ack-subject.js';

/** A token without dots: a name, a number, or (rarely) something odd. */
function token(next: () => number): string {
  const r = next();
  if (r < 0.4) return String(Math.floor(next() * 10 ** Math.floor(next() * 12)));
  if (r < 0.9) return Array.from({ length: 1 + Math.floor(next() * 12) }, () => 'abcXYZ_-09$>'[Math.floor(next() * 12)]).join('');
  return ['', ' 7', '1e3', '-1', '0x1f', '3abc'][Math.floor(next() * 6)]!;
}

/** Subjects the server writes (both forms), and near misses: other lengths and prefixes. */
function subject(next: () => number): string {
  const r = next();
  const length = r < 0.3 ? 9 : r < 0.6 ? 11 : r < 0.85 ? 12 : Math.floor(next() * 15);
  const tokens = Array.from({ length }, () => token(next));
  if (next() < 0.9) tokens.splice(0, 2, '$JS', 'ACK');
  return tokens.join('.');
}

/** What the client says, or undefined where it refuses the subject. */
function clientCount(reply: string): number | undefined {
  try {
    return parseInfo(reply).deliveryCount;
  } catch {
    return undefined;
  }
}

describe('jetStreamDeliveryCount', () => {
  it('reads the count of both forms of the ack subject', () => {
    expect(jetStreamDeliveryCount('$JS.ACK.orders.worker.1.10.20.1700000000000000000.5')).toBe(1);
    expect(jetStreamDeliveryCount('$JS.ACK._.ABC.orders.worker.3.10.20.1700000000000000000.5.xyz')).toBe(3);
    expect(jetStreamDeliveryCount('$JS.ACK.hub.ABC.orders.worker.2.10.20.1700000000000000000.0')).toBe(2);
    expect(jetStreamDeliveryCount('_INBOX.abc.1')).toBeUndefined();
    expect(jetStreamDeliveryCount('$JS.ACK.orders.worker.x.10.20.17.5')).toBeUndefined();
  });

  it('agrees with the client wherever it gives a count, and where it does not the client decides', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const reply = subject(next);
      const ours = jetStreamDeliveryCount(reply);
      const theirs = clientCount(reply);
      // Undefined sends the transport to the client's own reading, so only a defined answer must match.
      if (ours !== undefined) expect(ours, reply).toBe(theirs);
      // A plain decimal count in a well-formed subject is always read here (the fast path is the usual one).
      const parts = reply.split('.');
      const at = parts.length === 9 ? 4 : parts.length === 11 || parts.length === 12 ? 6 : -1;
      if (reply.startsWith('$JS.ACK.') && at >= 0 && /^\d+$/.test(parts[at]!)) expect(ours, reply).toBe(theirs);
    }
  });
});
