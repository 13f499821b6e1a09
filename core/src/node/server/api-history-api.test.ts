/**
 * The mw2mw API change history over REST (issue 15): shipped versions, one document, the diff of
 * shipped or sent documents, and its errors. Real server, real port; every answer is checked
 * against the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMw2mwSample } from '../../test-support/mw2mw-samples.js';
import { type RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('api-history');
  server = running.server;
});

afterAll(async () => {
  await running.stop();
});

const post = (body: unknown) =>
  fetch(`${server.url}/api-history/diff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('API history routes', () => {
  it('lists the shipped versions, oldest first', async () => {
    const r = await fetch(`${server.url}/api-history/samples`);
    expect(r.status).toBe(200);
    const list = (await r.json()) as Array<{ version: string; fileName: string; operations: number }>;
    expect(list.map((s) => s.version)).toEqual(['1.0', '1.1', '1.2']);
    expect(list[2]?.fileName).toBe('mw2mw-1.2.yaml');
    expect(list[0]?.operations).toBe(16);
  });

  it('gives one shipped document with its text; an unknown version is a 404 naming the shipped ones (a workbench route)', async () => {
    const r = await fetch(`${server.url}/api-history/samples/1.1`);
    expect(r.status).toBe(200);
    expect(((await r.json()) as { text: string }).text).toBe(readMw2mwSample('1.1'));
    const missing = await fetch(`${server.url}/api-history/samples/9.9`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('1.0, 1.1, 1.2') as unknown });
  });

  it('diffs two shipped versions', async () => {
    const r = await post({ old: { sample: '1.1' }, new: { sample: '1.2' } });
    expect(r.status).toBe(200);
    const diff = (await r.json()) as { from: string; to: string; changes: unknown[] };
    expect(diff).toMatchObject({ from: '1.1', to: '1.2' });
    expect(diff.changes).toHaveLength(8);
    expect(diff.changes).toContainEqual({ kind: 'tag-added', subject: 'mw2mw.Query', detail: '' });
  });

  it('diffs a sent document (JSON) against a shipped one', async () => {
    const text = JSON.stringify({
      swagger: '2.0',
      info: { title: 'x', version: '0.9' },
      paths: { '/mw2mw/clients': { get: { responses: { 200: { description: 'OK' } } } } },
    });
    const r = await post({ old: { text, name: 'mine.json' }, new: { sample: '1.0' } });
    expect(r.status).toBe(200);
    const diff = (await r.json()) as { from: string; changes: Array<{ kind: string }> };
    expect(diff.from).toBe('0.9');
    expect(diff.changes.some((c) => c.kind === 'path-added')).toBe(true);
  });

  it('answers 400 API_DOCUMENT_INVALID with the line and the name of a malformed document', async () => {
    const r = await post({ old: { sample: '1.0' }, new: { text: 'swagger: "2.0"\ninfo: {version: "2"}\npaths:\n  /x: [\n', name: 'broken.yaml' } });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { code: string; line: number; source: string; message: string };
    expect(body).toMatchObject({ code: 'API_DOCUMENT_INVALID', source: 'broken.yaml' });
    expect(body.line).toBeGreaterThanOrEqual(4);
    expect(body.message).toMatch(/Not valid YAML/);
  });

  it.each([
    ['neither sample nor text', { old: {}, new: { sample: '1.0' } }, 'INVALID_REQUEST', 400],
    ['both sample and text', { old: { sample: '1.0', text: 'x' }, new: { sample: '1.0' } }, 'INVALID_REQUEST', 400],
    // The not-found rule (http-errors.ts): a workbench route answers what is not stored with 404.
    ['an unknown shipped version', { old: { sample: '0.1' }, new: { sample: '1.0' } }, 'NOT_FOUND', 404],
    ['a missing side', { old: { sample: '1.0' } }, 'INVALID_REQUEST', 400],
  ])('refuses %s', async (_name, body, code, status) => {
    const r = await post(body);
    expect(r.status).toBe(status);
    expect(await r.json()).toMatchObject({ code });
  });
});
