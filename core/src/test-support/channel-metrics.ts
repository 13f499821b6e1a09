/**
 * A channel's counters as a running server's `GET /metrics` reports them (issue 28), for the broker
 * tests that check /metrics against what they sent: the text must parse as Prometheus text.
 */
import { expect } from 'vitest';
import { request } from './processes.js';
import { parsePrometheusText, sampleValue } from './prometheus-text.js';

export interface ChannelCounters {
  readonly received: number;
  readonly translated: number;
  readonly failed: number;
  readonly deadLettered: number;
  /** `mediator_broker_connected` of the transport: 1, 0, or -1 when absent. */
  readonly connected: number;
}

export async function channelCounters(url: string, channel: string, transport: string, timeoutMs: number): Promise<ChannelCounters> {
  const answer = await request(`${url}/metrics`, { timeoutMs });
  expect(answer.status).toBe(200);
  const families = parsePrometheusText(answer.text);
  const value = (name: string): number => sampleValue(families, name, { channel, transport }) ?? 0;
  return {
    received: value('mediator_channel_messages_received_total'),
    translated: value('mediator_channel_messages_translated_total'),
    failed: value('mediator_channel_messages_failed_total'),
    deadLettered: value('mediator_channel_messages_dead_lettered_total'),
    connected: sampleValue(families, 'mediator_broker_connected', { transport }) ?? -1,
  };
}
