import { parseInfo } from 'nats/lib/jetstream/jsmsg.js';
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test-support/payload-variants.js';
import { jetStreamDeliveryCount, jetStreamMessageKey } from './js-ack-subject.js';

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

describe('jetStreamMessageKey', () => {
  it('names one message of one consumer: the same across deliveries, another for another sequence, timestamp, consumer or stream', () => {
    const key = jetStreamMessageKey('$JS.ACK.orders.worker.1.10.20.1700000000000000000.5');
    expect(jetStreamMessageKey('$JS.ACK.orders.worker.2.10.21.1700000000000000000.0')).toBe(key);
    expect(jetStreamMessageKey('$JS.ACK.orders.worker.1.11.20.1700000000000000000.5')).not.toBe(key);
    // The same sequence in a stream created again: another message.
    expect(jetStreamMessageKey('$JS.ACK.orders.worker.1.10.20.1800000000000000000.5')).not.toBe(key);
    expect(jetStreamMessageKey('$JS.ACK.orders.other.1.10.20.1700000000000000000.5')).not.toBe(key);
    expect(jetStreamMessageKey('$JS.ACK.hub.ABC.orders.worker.2.10.20.1700000000000000000.0.xyz')).toBe(
      jetStreamMessageKey('$JS.ACK.hub.ABC.orders.worker.3.10.22.1700000000000000000.1'),
    );
    expect(jetStreamMessageKey('$JS.ACK.hub.ABC.orders.worker.2.10.20.1700000000000000000.0')).not.toBe(key);
    expect(jetStreamMessageKey('_INBOX.abc.1')).toBeUndefined();
  });

  it('keys equal exactly when the client reads the same domain, account, stream, consumer, stream sequence and timestamp', () => {
    const identity = (reply: string): string | undefined => {
      try {
        const i = parseInfo(reply);
        // Only the decimal sequences the server writes (the client reads "7x" as 7, "x" as NaN).
        const parts = reply.split('.');
        if (String(i.streamSequence) !== parts[parts.length === 9 ? 5 : 7]) return undefined;
        // The timestamp as its token: the client's number loses digits past 2^53 (19-digit nanoseconds).
        return JSON.stringify([i.domain ?? '', i.account_hash ?? '', i.stream, i.consumer, i.streamSequence, parts[parts.length === 9 ? 7 : 9]]);
      } catch {
        return undefined;
      }
    };
    const pairs: [string, string][] = [];
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const reply = subject(next);
      if (identity(reply) === undefined) continue;
      // The same message delivered again (other counts), and a neighbour: some of its tokens redrawn.
      const parts = reply.split('.');
      const counts = parts.length === 9 ? [4, 6, 8] : [6, 8, 10];
      const again = parts.map((p, i) => (counts.includes(i) ? String(Math.floor(next() * 1000)) : p)).join('.');
      const redrawn = parts.map((p, i) => (i >= 2 && next() < 0.3 ? token(next) : p)).join('.');
      pairs.push([reply, again], [reply, redrawn]);
    }
    expect(pairs.length).toBeGreaterThan(1000);
    for (const [a, b] of pairs) {
      const ia = identity(a);
      const ib = identity(b);
      if (ia === undefined || ib === undefined) continue;
      const ka = jetStreamMessageKey(a);
      const kb = jetStreamMessageKey(b);
      // Every subject of a form the server writes has a key; others (the client reads some) none.
      const serverForm = (reply: string): boolean => [9, 11, 12].includes(reply.split('.').length);
      expect(ka !== undefined, a).toBe(serverForm(a));
      expect(kb !== undefined, b).toBe(serverForm(b));
      if (ka !== undefined && kb !== undefined) expect(ka === kb, `${a} / ${b}`).toBe(ia === ib);
    }
  });
});
