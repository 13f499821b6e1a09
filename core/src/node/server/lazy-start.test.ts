/**
 * Start-up (issue 13, "Server start"): route schemas compile on first use, and `npm start` runs
 * the start-up bundle (scripts/bundle-server.mjs). Nothing a client sees changes: a freshly
 * started `mediator serve`, bundled or from the compiled modules, answers its first request to
 * Swagger UI, the OpenAPI document and a request refused by schema validation exactly as before,
 * and finds the files core ships beside its code (the translation worker, the mw2mw samples, the
 * workbench UI). Every route schema still compiles (checked here rather than at every start).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledCli, mediatorCli, readData } from '../../test-support/shared-data.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { buildServer } from './build-server.js';

const dirs: string[] = [];
const started: TestProcess[] = [];
const json = { 'content-type': 'application/json' };

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-lazy-start-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await stopAll(started);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each([
  ['the start-up bundle (npm start)', mediatorCli],
  ['the compiled modules', compiledCli],
])('mediator serve from %s', (_label, cli) => {
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
      headers: json,
      body: JSON.stringify({ graphStr: '{}' }),
      timeoutMs: 15_000,
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(/alignIDs/) });
    const version = await request(`${served.url}/version`, { timeoutMs: 15_000 });
    expect(version.status).toBe(200);
    expect(version.json()).toMatchObject({ version: expect.any(String) });
  }, 60_000);

  it('translates on its worker thread, lists the shipped mw2mw samples and serves the workbench UI', async () => {
    const served = await startMediatorServe(cli, tempDir(), { started, args: ['--log-level', 'warn', '--translation-workers', '1'] });
    const upload = await request(`${served.url}/alignments`, {
      method: 'POST',
      body: readData('alignments/CO_FIWARE.rdf'),
      headers: { 'content-type': 'application/xml' },
      timeoutMs: 15_000,
    });
    expect(upload.status).toBe(201);
    const translated = await request(`${served.url}/translation`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
      timeoutMs: 30_000,
    });
    expect(translated.status).toBe(200);
    expect(translated.json<{ message: string; graphStr: string }>()).toMatchObject({
      message: 'Message translation successful',
      graphStr: expect.stringContaining('@graph'),
    });
    const samples = await request(`${served.url}/api-history/samples`, { timeoutMs: 15_000 });
    expect(samples.status).toBe(200);
    expect(samples.json<unknown[]>().length).toBeGreaterThan(0);
    // renderer/dist comes from `npm run build` (part of `npm run setup`).
    const ui = await request(`${served.url}/`, { timeoutMs: 15_000 });
    expect(ui.status).toBe(200);
    expect(ui.text).toMatch(/<div id="root"/);
  }, 60_000);
});

describe('a server whose route schemas compile on first use', () => {
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
    // Every schema of every route compiled at once is seconds of CPU on a loaded 2-core machine.
  }, 60_000);
});
