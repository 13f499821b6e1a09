/**
 * What every secured-broker test (issue 40) checks through a real `mediator serve`: a channel runs
 * end to end on the secured broker (golden messages in on the source, their translations out on
 * the sink, read by a client of the test's own), a wrong credential or certificate fails the
 * channel with a reason naming the broker and the cause while the server keeps answering, and no
 * secret appears in what the server says (its log, GET /version?details=true, /metrics, /channels).
 */
import { expect } from 'vitest';
import type { Transport } from '../common/index.js';
import { createCoFiwareChannel } from './kill-mid-stream.js';
import { NumberedArrivals, numberedMessage } from './numbered-messages.js';
import { request, uploadAlignment, type TestProcess } from './processes.js';
import { readData } from './shared-data.js';
import { waitUntil } from './wait-until.js';

const REQUEST_MS = 20_000;

interface ChannelShape {
  readonly chanType: string;
  readonly source: string;
  readonly sink: string;
}

interface ChannelDetail {
  readonly id: number;
  readonly status: string;
  readonly reason?: string;
}

/** Uploads CO_FIWARE (already there is fine: 208, or 409 from a fleet sharing its store) and creates the channel; its id. */
async function createChannel(url: string, shape: ChannelShape): Promise<number> {
  const upload = await uploadAlignment(url, readData('alignments/CO_FIWARE.rdf'), REQUEST_MS);
  expect([201, 208, 409], upload.text).toContain(upload.status);
  return createCoFiwareChannel(url, { source: shape.source, sink: shape.sink, parallelism: 1, chanType: shape.chanType }, REQUEST_MS);
}

async function channelDetail(url: string, id: number): Promise<ChannelDetail | undefined> {
  const answer = await request(`${url}/channels?details=true`, { timeoutMs: REQUEST_MS });
  expect(answer.status, answer.text).toBe(200);
  return answer.json<ChannelDetail[]>().find((c) => c.id === id);
}

/**
 * Creates the channel on the server at `url`, waits until it runs, sends `count` golden messages
 * with `client` to its source and expects each translated on its sink.
 */
export async function expectChannelRuns(url: string, shape: ChannelShape, client: Transport, tag: string, count = 4): Promise<void> {
  const arrivals = new NumberedArrivals(tag);
  const sinkSubscription = await client.subscribe(shape.sink, `checker-${tag}`, { maxInFlight: 16, from: 'earliest' }, arrivals.handler);
  try {
    const id = await createChannel(url, shape);
    const running = await waitUntil(`channel ${id} to run`, 60_000, async () => {
      const c = await channelDetail(url, id);
      return c?.status === 'running' || c?.status === 'failed' ? c : undefined;
    });
    expect(running, JSON.stringify(running)).toMatchObject({ status: 'running' });
    for (let i = 0; i < count; i++) await client.publish(shape.source, numberedMessage(i, tag));
    await waitUntil(`${count} translations on ${shape.sink}`, 60_000, async () => (arrivals.arrived.size >= count ? true : undefined));
    await arrivals.expectEveryGolden(count);
  } finally {
    await sinkSubscription.close();
  }
}

/**
 * Creates the channel and expects it `failed` within `timeoutMs` with a reason matching every
 * pattern; then the server still answers GET /version. Returns the reason.
 */
export async function expectChannelFails(url: string, shape: ChannelShape, patterns: readonly RegExp[], timeoutMs = 60_000): Promise<string> {
  const id = await createChannel(url, shape);
  const failed = await waitUntil(`channel ${id} to fail`, timeoutMs, async () => {
    const c = await channelDetail(url, id);
    return c?.status === 'failed' ? c : undefined;
  });
  for (const pattern of patterns) expect(failed.reason).toMatch(pattern);
  const version = await request(`${url}/version`, { timeoutMs: REQUEST_MS });
  expect(version.status).toBe(200);
  return failed.reason ?? '';
}

/**
 * Makes the server publish to its default transport (POST /topics/{topic}/messages), so that its
 * publisher meets the broker too, and waits (bounded) until GET /version?details=true says that
 * broker is out of reach. Returns every answer's text (the publish's error body included), for
 * expectNoSecretShown.
 */
export async function pokeDefaultPublisher(url: string, topic: string): Promise<string[]> {
  const texts: string[] = [];
  try {
    const answer = await request(`${url}/topics/${encodeURIComponent(topic)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"poke":true}',
      timeoutMs: 5000,
    });
    texts.push(answer.text);
  } catch {
    // A publish still waiting for its broker after 5 s says nothing more here.
  }
  const deadline = Date.now() + 5000;
  for (;;) {
    const details = await request(`${url}/version?details=true`, { timeoutMs: REQUEST_MS });
    texts.push(details.text);
    const transports = details.json<{ transports: { reachable: boolean }[] }>().transports;
    if (transports.some((t) => !t.reachable) || Date.now() > deadline) return texts;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * None of `secrets` in anything the server said: its output so far, GET /version?details=true,
 * /metrics, /channels?details=true.
 */
export async function expectNoSecretShown(url: string, server: TestProcess, secrets: readonly string[], more: readonly string[] = []): Promise<void> {
  const texts = [server.output(), ...more];
  for (const path of ['/version?details=true', '/metrics', '/channels?details=true']) {
    texts.push((await request(`${url}${path}`, { timeoutMs: REQUEST_MS })).text);
  }
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThanOrEqual(8);
    for (const text of texts) expect(text.includes(secret), `a secret (${secret.slice(0, 3)}...) appears in: ${text.slice(0, 2000)}`).toBe(false);
  }
}
