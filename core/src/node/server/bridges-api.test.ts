/**
 * The bridge assistant's REST operations over a real port (issue 15): the three checks, a hostile
 * POM refused as an alignment is, a platform's channel pair found and running, and the progress per
 * bridge kept in the SQLite file across a restart. Every answer is checked against the OpenAPI
 * document the server serves.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

const SAMPLES = fileURLToPath(new URL('../../../../samples/bridge/', import.meta.url));
const sample = (name: string) => readFileSync(join(SAMPLES, name), 'utf8');
const quiet = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
  });

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mediator-bridges-'));
  server = await startServer({ dataDir, port: 0, logStream: quiet() });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await r.text();
  return { status: r.status, json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

describe('POST /bridge-checks/version', () => {
  it('resolves the sample bridge through its parent POM', async () => {
    const r = await call('POST', '/bridge-checks/version', {
      pom: sample('example-bridge/pom.xml'),
      parentPom: sample('pom.xml'),
      parentPomName: '../pom.xml',
      middlewareVersion: 'v2.5.0',
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ bridgeApiVersion: '2.5.0', middlewareVersion: '2.5.0', ok: true, problems: [] });
  });

  it('a mismatch is a failed check that shows both versions', async () => {
    const r = await call('POST', '/bridge-checks/version', { pom: sample('example-bridge/pom.xml'), parentPom: sample('pom.xml'), middlewareVersion: '2.3.1' });
    expect(r.status).toBe(200);
    expect(r.json['ok']).toBe(false);
    expect(JSON.stringify(r.json['problems'])).toMatch(/bridge API 2\.5\.0, but the middleware is 2\.3\.1/);
  });

  it('hostile XML in a POM gets the answer an alignment upload gets', async () => {
    const hostile = '<?xml version="1.0"?>\n<!DOCTYPE project [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<project>&xxe;</project>';
    const asPom = await call('POST', '/bridge-checks/version', { pom: hostile, middlewareVersion: '2.5.0' });
    const asAlignment = await fetch(`${server.url}/alignments`, { method: 'POST', body: hostile, headers: { 'content-type': 'application/xml' } });
    const alignmentBody = (await asAlignment.json()) as Record<string, unknown>;
    expect(asPom.status).toBe(400);
    expect(asAlignment.status).toBe(400);
    expect(asPom.json['code']).toBe('XML_EXTERNAL_ENTITY');
    expect(asPom.json['code']).toBe(alignmentBody['code']);
  });

  it('a malformed POM is a 400 with line and column', async () => {
    const r = await call('POST', '/bridge-checks/version', { pom: '<project>\n  <dependencies>\n</project>', middlewareVersion: '2.5.0' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'XML_MALFORMED', line: 3 });
  });

  it('a body without the middleware version is refused', async () => {
    const r = await call('POST', '/bridge-checks/version', { pom: sample('example-bridge/pom.xml') });
    expect(r.status).toBe(400);
    expect(r.json['code']).toBe('INVALID_REQUEST');
  });
});

describe('POST /bridge-checks/copy-commands and /bridge-checks/log', () => {
  it('generates the commands and flags what the middleware ships', async () => {
    const r = await call('POST', '/bridge-checks/copy-commands', {
      container: 'intermw',
      jar: 'target/example-bridge-2.5.0.jar',
      dependencies: ['target/lib/okhttp-3.9.1.jar', 'target/lib/jackson-databind-2.9.2.jar'],
      shipped: sample('middleware-lib.txt'),
      config: 'ExampleBridge.properties',
    });
    expect(r.status).toBe(200);
    expect(r.json['copyCommands']).toEqual([
      'docker cp target/example-bridge-2.5.0.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
      'docker cp target/lib/okhttp-3.9.1.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
    ]);
    expect(r.json['configCommand']).toBe('docker cp ExampleBridge.properties intermw:/etc/inter-iot/intermw/');
    const skipped = (r.json['entries'] as Array<{ fileName: string; copy: boolean; reason?: string }>).filter((e) => !e.copy);
    expect(skipped).toEqual([
      {
        file: 'target/lib/jackson-databind-2.9.2.jar',
        fileName: 'jackson-databind-2.9.2.jar',
        kind: 'dependency',
        copy: false,
        reason: expect.stringMatching(/ships jackson-databind-2\.9\.5\.jar/) as unknown,
      },
    ]);
  });

  it('checks the sample start-up log', async () => {
    const r = await call('POST', '/bridge-checks/log', {
      log: sample('startup.log'),
      expect: ['http://example.com/ExamplePlatform', 'http://example.com/Other'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      started: true,
      bridges: [{ class: 'eu.interiot.intermw.example.bridge.ExampleBridge', platformType: 'http://example.com/ExamplePlatform', line: 10 }],
      finished: true,
      missing: ['http://example.com/Other'],
      problems: [],
    });
  });
});

describe('GET /bridge-checks/platform-channels', () => {
  it('finds the pair by its topic names and reports both running', async () => {
    const platformId = 'http://example.com/platform1';
    const before = await call('GET', `/bridge-checks/platform-channels?platformId=${encodeURIComponent(platformId)}`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ downstream: null, upstream: null, running: false });
    expect(before.json['topics']).toMatchObject({ downstream: { source: 'mw-mediator-downstream-http_example.com_platform1' } });

    const upload = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      body: readData('alignments/CO_FIWARE.rdf'),
      headers: { 'content-type': 'application/xml' },
    });
    expect([201, 208]).toContain(upload.status);
    const created = await call('POST', `/platforms/${encodeURIComponent(platformId)}/channels`, {
      downstream: { outAlignmentName: 'CO_FIWARE_align', outAlignmentVersion: '1.0' },
    });
    expect(created.status).toBe(201);

    const deadline = Date.now() + 5000;
    let after = await call('GET', `/bridge-checks/platform-channels?platformId=${encodeURIComponent(platformId)}`);
    while (after.json['running'] !== true && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = await call('GET', `/bridge-checks/platform-channels?platformId=${encodeURIComponent(platformId)}`);
    }
    expect(after.json).toMatchObject({
      running: true,
      downstream: { source: 'mw-mediator-downstream-http_example.com_platform1', outAlignmentName: 'CO_FIWARE_align', status: 'running' },
      upstream: { source: 'mw-mediator-upstream-http_example.com_platform1', status: 'running' },
    });
  });
});

describe('bridge progress', () => {
  it('is saved, listed, read, kept across a restart and deleted', async () => {
    const body = {
      currentStep: 3,
      steps: { version: { middlewareVersion: '2.5.0', ok: true, pomName: 'pom.xml' }, copy: { container: 'intermw', jar: 'b-1.0.jar', done: true } },
    };
    const saved = await call('PUT', '/bridges/example%20bridge', body);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ bridgeId: 'example bridge', ...body });

    // A restart on the same data folder: the progress is in the SQLite file.
    await server.close();
    server = await startServer({ dataDir, port: 0, logStream: quiet() });
    const read = await call('GET', '/bridges/example%20bridge');
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ bridgeId: 'example bridge', currentStep: 3, steps: body.steps });
    const list = await call('GET', '/bridges');
    expect((list.json as unknown as Array<{ bridgeId: string }>).map((b) => b.bridgeId)).toEqual(['example bridge']);

    expect((await call('PUT', '/bridges/x', { currentStep: 9, steps: {} })).status).toBe(400);
    expect((await call('DELETE', '/bridges/example%20bridge')).status).toBe(204);
    const gone = await call('GET', '/bridges/example%20bridge');
    expect(gone.status).toBe(404);
    expect(gone.json['code']).toBe('BRIDGE_NOT_FOUND');
    expect((await call('DELETE', '/bridges/example%20bridge')).status).toBe(404);
  });
});

describe('the workbench of another origin (--cors)', () => {
  it('may save progress: PUT is among the allowed methods of a preflight', async () => {
    const corsDir = mkdtempSync(join(tmpdir(), 'mediator-bridges-cors-'));
    const other = await startServer({ dataDir: corsDir, port: 0, logStream: quiet(), corsOrigins: ['http://localhost:5173'] });
    try {
      const r = await fetch(`${other.url}/bridges/b`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      expect(r.status).toBeLessThan(300);
      expect(r.headers.get('access-control-allow-methods')).toMatch(/\bPUT\b/);
    } finally {
      await other.close();
      rmSync(corsDir, { recursive: true, force: true });
    }
  });
});
