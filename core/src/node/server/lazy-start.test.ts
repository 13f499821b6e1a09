/**
 * Start-up with route schemas compiled on first use (issue 13, "Server start"): nothing a client
 * sees changes. A freshly started `mediator serve` answers its first request to Swagger UI, the
 * OpenAPI document and a request refused by schema validation exactly as before, and every route
 * schema still compiles (checked here rather than at every start).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/shared-data.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { buildServer } from './build-server.js';

const cli = join(repoRoot, 'core/dist/node/cli.js');
const dirs: string[] = [];
const started: TestProcess[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-lazy-start-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await stopAll(started);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a server whose route schemas compile on first use', () => {
  it('answers the first request to /swagger/ and to the OpenAPI document of a fresh process', async () => {
    const served = await startMediatorServe(cli, tempDir(), { started });
    const page = await request(`${served.url}/swagger/`, { timeoutMs: 15_000 });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toMatch(/swagger/i);
    const doc = await request(`${served.url}/swagger/json`, { timeoutMs: 15_000 });
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/alignments', '/translation', '/channels', '/version']));
    // A body the route's schema refuses, as the route's first request: validated as before.
    const refused = await request(`${served.url}/translation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ graphStr: '{}' }),
      timeoutMs: 15_000,
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/alignIDs/) });
    const version = await request(`${served.url}/version`, { timeoutMs: 15_000 });
    expect(version.status).toBe(200);
    expect(version.json()).toMatchObject({ version: expect.any(String) });
  }, 60_000);

  it('leaves schemas uncompiled at start, and every one of them compiles', async () => {
    const server = await buildServer({
      dataDir: tempDir(),
      logStream: new Writable({
        write(_chunk, _encoding, done) {
          done();
        },
      }),
    });
    try {
      await server.app.ready();
      const compiled = server.compileSchemas();
      expect(compiled).toBeGreaterThan(server.routeTable().length);
      expect(server.compileSchemas()).toBe(0);
      // Still served with the compiled serializer: the answer matches the schema.
      const reply = await server.app.inject({ method: 'GET', url: '/version' });
      expect(reply.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
