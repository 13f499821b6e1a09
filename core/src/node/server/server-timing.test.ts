/**
 * `Server-Timing` on the translation routes (issue 27): a real server on a free port, with a worker
 * thread and without, answers POST /translation and /v1/translation with the server's own phases
 * (`parse`, `translate`, `total`, W3C Server Timing syntax), consistent with each other and with the
 * time the client saw; a refusal carries `total`; the OpenAPI document declares the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { formatServerTiming } from './server-timing.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';

const json = { 'content-type': 'application/json' };
const body = JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') });

/** `a;dur=1.5, b;dur=2` as a map of name to milliseconds; each entry must parse. */
function parseServerTiming(header: string | null): Map<string, number> {
  expect(header).not.toBeNull();
  const out = new Map<string, number>();
  for (const entry of header!.split(',')) {
    const m = /^\s*([A-Za-z0-9_-]+);dur=(\d+(?:\.\d+)?)\s*$/.exec(entry);
    expect(m, `entry "${entry}" of "${header}"`).not.toBeNull();
    out.set(m![1]!, Number(m![2]));
  }
  return out;
}

describe('formatServerTiming', () => {
  it('writes name;dur= entries in order, in milliseconds with two decimals', () => {
    expect(
      formatServerTiming([
        ['parse', 0.4123],
        ['total', 12],
      ]),
    ).toBe('parse;dur=0.41, total;dur=12.00');
  });
});

describe.each([
  ['one worker thread', 1],
  ['the event loop', 0],
])('Server-Timing with the engine on %s', (_label, workers) => {
  let running: TestServer;

  beforeAll(async () => {
    running = await startTestServer('server-timing', { translationWorkers: workers });
    await uploadNew(running.server, readData('alignments/CO_FIWARE.rdf'));
  });

  afterAll(async () => {
    await running.stop();
  });

  it.each(['/translation', '/v1/translation'])('POST %s reports parse, translate and total within the client time', async (path) => {
    const started = performance.now();
    const reply = await fetch(`${running.server.url}${path}`, { method: 'POST', headers: json, body });
    await reply.text();
    const clientMs = performance.now() - started;
    expect(reply.status).toBe(200);
    const timing = parseServerTiming(reply.headers.get('server-timing'));
    expect([...timing.keys()]).toEqual(['parse', 'translate', 'total']);
    const total = timing.get('total')!;
    // The phases are parts of the total (rounded to hundredths each), and the total part of what the client waited.
    expect(timing.get('parse')! + timing.get('translate')!).toBeLessThanOrEqual(total + 0.02);
    expect(timing.get('translate')!).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(clientMs);
  });

  it('a refused translation carries the total only', async () => {
    const reply = await fetch(`${running.server.url}/translation`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ alignIDs: [{ name: 'not stored', version: '1' }], graphStr: '{}' }),
    });
    expect(reply.status).toBe(400);
    await reply.text();
    expect([...parseServerTiming(reply.headers.get('server-timing')).keys()]).toEqual(['parse', 'total']);
  });

  it('other routes carry no Server-Timing', async () => {
    const reply = await fetch(`${running.server.url}/version`);
    await reply.text();
    expect(reply.headers.get('server-timing')).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('declares Server-Timing on the 200 answers of the translation routes', async () => {
    const running = await startTestServer('server-timing-doc');
    try {
      const doc = (await (await fetch(`${running.server.url}/swagger/json`)).json()) as {
        paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, { schema: { type: string } }> }> }>>;
      };
      for (const [path, method] of [
        ['/translation', 'post'],
        ['/v1/translation', 'post'],
        ['/coverage', 'post'],
        ['/suites/{suite}/run', 'post'],
      ] as const) {
        expect(doc.paths[path]?.[method]?.responses['200']?.headers?.['Server-Timing']?.schema.type, `${method} ${path}`).toBe('string');
      }
      expect(doc.paths['/version']?.get?.responses['200']?.headers).toBeUndefined();
    } finally {
      await running.stop();
    }
  });
});
