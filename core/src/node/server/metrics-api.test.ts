/**
 * GET /metrics on the embedded bus: the answer parses as Prometheus text (strict parser,
 * test-support/prometheus-text.ts), and its channel counters, translation histogram and HTTP
 * durations match what went through a channel and the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { parsePrometheusText, sampleValue, type MetricFamily } from '../../test-support/prometheus-text.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let running: TestServer;
const base = (): string => running.server.url;

beforeAll(async () => {
  running = await startTestServer('metrics');
  await uploadNew(running.server, readData('alignments/CO_FIWARE.rdf'));
});

afterAll(async () => {
  await running.stop();
});

async function scrape(): Promise<Map<string, MetricFamily>> {
  const r = await fetch(`${base()}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parsePrometheusText(await r.text());
}

describe('GET /metrics', () => {
  it('counts what a channel received, translated, failed and dead-lettered, and times its translations', async () => {
    const created = await fetch(`${base()}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'metrics-src',
        sink: 'metrics-sink',
        inpAlignmentName: 'CO_FIWARE_align',
        inpAlignmentVersion: '1.0',
        outAlignmentName: '',
        outAlignmentVersion: '',
      }),
    });
    expect(created.status).toBe(201);
    const channel = String(((await created.json()) as { id: number }).id);
    const good = readData('messages/weight.UniversAAL_CO.json');
    const sent = { good: 5, bad: 2 };
    const publish = (body: string) => fetch(`${base()}/topics/metrics-src/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (let i = 0; i < sent.good; i++) expect((await publish(good)).status).toBe(202);
    // Valid JSON that is no JSON-LD message the translator can read: dead-lettered.
    for (let i = 0; i < sent.bad; i++) expect((await publish(JSON.stringify({ '@context': 'http://remote.example/ctx', '@graph': [] }))).status).toBe(202);

    const labels = { channel, transport: 'embedded' };
    let families = await scrape();
    const deadline = Date.now() + 10_000;
    while (
      (sampleValue(families, 'mediator_channel_messages_dead_lettered_total', labels) ?? 0) +
        (sampleValue(families, 'mediator_channel_messages_translated_total', labels) ?? 0) <
      7
    ) {
      if (Date.now() > deadline) throw new Error('the channel did not count every message within 10 s');
      await new Promise((r) => setTimeout(r, 50));
      families = await scrape();
    }
    expect(families.get('mediator_channel_messages_received_total')?.type).toBe('counter');
    expect(sampleValue(families, 'mediator_channel_messages_received_total', labels)).toBe(sent.good + sent.bad);
    expect(sampleValue(families, 'mediator_channel_messages_translated_total', labels)).toBe(sent.good);
    expect(sampleValue(families, 'mediator_channel_messages_failed_total', labels)).toBe(sent.bad);
    expect(sampleValue(families, 'mediator_channel_messages_dead_lettered_total', labels)).toBe(sent.bad);
    expect(families.get('mediator_translation_duration_seconds')?.type).toBe('histogram');
    expect(sampleValue(families, 'mediator_translation_duration_seconds_count', labels)).toBe(sent.good + sent.bad);
    expect(sampleValue(families, 'mediator_translation_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('times HTTP requests by route pattern, not by URL, and reports the broker, the store and the process', async () => {
    expect((await fetch(`${base()}/alignments/CO_FIWARE_align/1.0`)).status).toBe(200);
    expect((await fetch(`${base()}/no/such/route/42`)).status).toBe(404);
    const families = await scrape();
    expect(families.get('mediator_http_request_duration_seconds')?.type).toBe('histogram');
    const http = families.get('mediator_http_request_duration_seconds')?.samples ?? [];
    expect(
      sampleValue(families, 'mediator_http_request_duration_seconds_count', { method: 'GET', route: '/alignments/:name/:version', status_code: '200' }),
    ).toBe(1);
    expect(sampleValue(families, 'mediator_http_request_duration_seconds_count', { method: 'POST', route: '/channels', status_code: '201' })).toBe(1);
    expect(sampleValue(families, 'mediator_http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' })).toBe(1);
    expect(http.some((s) => s.labels.route?.includes('CO_FIWARE_align') === true)).toBe(false);
    expect(sampleValue(families, 'mediator_broker_connected', { transport: 'embedded' })).toBe(1);
    expect(sampleValue(families, 'mediator_store_connected', { store: 'sqlite' })).toBe(1);
    expect(sampleValue(families, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it("removes a deleted channel's series: 25 channels created, used and deleted leave /metrics as long as before", async () => {
    const good = readData('messages/weight.UniversAAL_CO.json');
    /** The mediator's own lines (the process metrics vary by themselves: GC kinds, handles). */
    const ownLines = async (): Promise<string[]> =>
      (await (await fetch(`${base()}/metrics`)).text()).split('\n').filter((line) => line.startsWith('mediator_'));
    const cycle = async (count: number): Promise<string[]> => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const created = await fetch(`${base()}/channels`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            source: `gone-src-${i}`,
            sink: `gone-sink-${i}`,
            inpAlignmentName: 'CO_FIWARE_align',
            inpAlignmentVersion: '1.0',
            outAlignmentName: '',
            outAlignmentVersion: '',
          }),
        });
        expect(created.status).toBe(201);
        ids.push(String(((await created.json()) as { id: number }).id));
        const sent = await fetch(`${base()}/topics/gone-src-${i}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: good });
        expect(sent.status).toBe(202);
      }
      // Every channel has translated its message, so each has its histogram series.
      const deadline = Date.now() + 20_000;
      let families = await scrape();
      while (ids.some((channel) => sampleValue(families, 'mediator_translation_duration_seconds_count', { channel, transport: 'embedded' }) !== 1)) {
        if (Date.now() > deadline) throw new Error(`not every one of ${count} channels translated its message within 20 s`);
        await new Promise((r) => setTimeout(r, 50));
        families = await scrape();
      }
      return ids;
    };
    const removeAll = async (ids: readonly string[]): Promise<void> => {
      for (const id of ids) expect((await fetch(`${base()}/channels/${id}`, { method: 'DELETE' })).status).toBe(204);
    };
    // One cycle first, so the HTTP histogram already has every route and status the next one uses.
    await removeAll(await cycle(1));
    const before = await ownLines();
    const ids = await cycle(25);
    const during = await ownLines();
    // About 16 lines per channel (4 counters and the histogram's buckets, sum and count).
    expect(during.length - before.length).toBeGreaterThanOrEqual(25 * 16);
    await removeAll(ids);
    const after = await ownLines();
    const stale = after.filter((line) => ids.some((id) => line.includes(`channel="${id}"`)));
    expect(stale, 'series of deleted channels').toEqual([]);
    expect(after.length).toBe(before.length);
  });
});
