/**
 * Uploads are read and compiled off the event loop (issue 29): while 50 uploads of a real
 * alignment run at once, GET /version keeps answering quickly. Measured, not assumed: the median
 * and the worst of GET /version while the uploads are in flight are printed and bounded. A real
 * server on a free port with one translation worker (`mediator serve`'s default on a multi-core machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { median, versionLatenciesWhile } from './test-support/version-latency.js';

const UPLOADS = 50;
const MEDIAN_BOUND_MS = 100;

let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('upload-latency', { translationWorkers: 1 });
});

afterAll(async () => {
  await running.stop();
});

describe('GET /version while 50 uploads run', () => {
  it(`answers with a median under ${MEDIAN_BOUND_MS} ms, and every upload is stored`, async () => {
    const url = running.server.url;
    const base = readData('alignments/BodyCloud_CO.rdf');
    const title = /<dcelem:title>([^<]*)<\/dcelem:title>/.exec(base)![0];
    const bodies = Array.from({ length: UPLOADS }, (_, i) => base.replace(title, `<dcelem:title>Upload ${i}</dcelem:title>`));
    const uploads = Promise.all(
      bodies.map(async (body) => (await fetch(`${url}/alignments`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } })).status),
    );
    const { value: statuses, latencies } = await versionLatenciesWhile(url, uploads);
    process.stdout.write(
      `\nGET /version during ${UPLOADS} uploads: ${latencies.length} requests, median ${median(latencies).toFixed(1)} ms, worst ${Math.max(...latencies).toFixed(1)} ms\n`,
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(latencies.length).toBeGreaterThan(3);
    expect(median(latencies)).toBeLessThan(MEDIAN_BOUND_MS);
    const list = (await (await fetch(`${url}/alignments`)).json()) as unknown[];
    expect(list).toHaveLength(UPLOADS);
  }, 60_000);
});
