/**
 * The steps the broker tests of issue 28 share (Kafka and MQTT): a channel on CO_FIWARE created on
 * a `mediator serve` process (the secured-broker tests create theirs the same way), a numbered
 * stream published while that process is killed with SIGKILL in mid-stream, and the exact counter
 * deltas that the restarted process reports for what is sent after.
 */
import { expect } from 'vitest';
import { channelCounters, type ChannelCounters } from './channel-metrics.js';
import type { NumberedArrivals } from './numbered-messages.js';
import { request, type TestProcess } from './processes.js';
import { waitUntilTrue } from './wait-until.js';

export interface CoFiwareChannel {
  readonly source: string;
  readonly sink: string;
  readonly parallelism: number;
  readonly chanType?: string;
}

/** Creates a channel translating with CO_FIWARE_align 1.0 (no output alignment) on the server at `url`; its id. */
export async function createCoFiwareChannel(url: string, channel: CoFiwareChannel, timeoutMs: number): Promise<number> {
  const created = await request(`${url}/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      source: channel.source,
      sink: channel.sink,
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: channel.parallelism,
      ...(channel.chanType === undefined ? {} : { chanType: channel.chanType }),
    }),
    timeoutMs,
  });
  expect(created.status, created.text).toBe(201);
  return created.json<{ id: number }>().id;
}

export interface MidStreamKill {
  readonly count: number;
  /** After publishing message `killAt`, `victim` is killed once the sink shows the channel working. */
  readonly killAt: number;
  readonly victim: TestProcess;
}

/**
 * Publishes messages 0 to count - 1 with `publish`, each awaited (it resolves once the broker
 * acknowledged the message: from then on it must not be lost), and kills the victim with SIGKILL in
 * mid-stream; how many messages had arrived on the sink at the kill (some, not all).
 */
export async function publishKillingMidway(publish: (i: number) => Promise<void>, arrivals: NumberedArrivals, kill: MidStreamKill): Promise<number> {
  let arrivedAtKill = 0;
  for (let i = 0; i < kill.count; i++) {
    await publish(i);
    if (i === kill.killAt) {
      await waitUntilTrue('the first translations on the sink', () => arrivals.arrived.size >= 50, 30_000);
      arrivedAtKill = arrivals.arrived.size;
      kill.victim.kill('SIGKILL');
      expect(await kill.victim.exited({ timeoutMs: 15_000 })).toEqual({ code: null, signal: 'SIGKILL' });
    }
  }
  expect(arrivedAtKill).toBeGreaterThan(0);
  expect(arrivedAtKill).toBeLessThan(kill.count);
  return arrivedAtKill;
}

/** The channel's counters once every message it received is counted translated or failed. */
export async function settledCounters(url: string, channel: string, transport: string, timeoutMs: number): Promise<ChannelCounters> {
  await waitUntilTrue(
    'the restarted channel to settle',
    async () => {
      const c = await channelCounters(url, channel, transport, timeoutMs);
      return c.received === c.translated + c.failed;
    },
    10_000,
  );
  return channelCounters(url, channel, transport, timeoutMs);
}

/**
 * Waits until the channel counted `more.good` translations and `more.bad` dead letters beyond
 * `before`, then expects exactly those deltas (a malformed message is received, failed and dead-lettered).
 */
export async function expectCountedSince(
  url: string,
  channel: string,
  transport: string,
  before: ChannelCounters,
  more: { readonly good: number; readonly bad: number },
  timeoutMs: number,
): Promise<void> {
  await waitUntilTrue(
    'the channel to count the new messages',
    async () => {
      const c = await channelCounters(url, channel, transport, timeoutMs);
      return c.translated - before.translated >= more.good && c.deadLettered - before.deadLettered >= more.bad;
    },
    30_000,
  );
  const after = await channelCounters(url, channel, transport, timeoutMs);
  expect({
    received: after.received - before.received,
    translated: after.translated - before.translated,
    failed: after.failed - before.failed,
    deadLettered: after.deadLettered - before.deadLettered,
  }).toEqual({ received: more.good + more.bad, translated: more.good, failed: more.bad, deadLettered: more.bad });
}
