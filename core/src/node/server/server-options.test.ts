/**
 * Security and configuration defaults (CONTRACT.md, Safety): loopback by default, CORS only for
 * configured origins, request bodies limited and the limit configurable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { silentLog } from './test-support/test-server.js';

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

const open: RunningServer[] = [];
const dirs: string[] = [];

async function start(options: Partial<Parameters<typeof startServer>[0]> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-opts-'));
  dirs.push(dataDir);
  const server = await startServer({ dataDir, port: 0, logStream: silentLog(), ...options });
  open.push(server);
  return server;
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('server defaults', () => {
  it('listens on 127.0.0.1 unless told otherwise', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const address = server.app.server.address();
    expect(typeof address === 'object' && address !== null ? address.address : '').toBe('127.0.0.1');
  });

  it('sends no CORS headers unless origins are configured, then only for those', async () => {
    const closed = await start();
    const r1 = await fetch(`${closed.url}/version`, { headers: { origin: 'http://evil.example' } });
    expect(r1.headers.get('access-control-allow-origin')).toBeNull();

    const configured = await start({ corsOrigins: ['http://localhost:5173'] });
    const ok = await fetch(`${configured.url}/version`, { headers: { origin: 'http://localhost:5173' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await fetch(`${configured.url}/version`, { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes bodies up to 8 MiB by default and refuses one byte more with a JSON 413', async () => {
    const server = await start();
    const limit = 8 * 1024 * 1024;
    const send = (size: number) =>
      fetch(`${server.url}/validate`, { method: 'POST', body: Buffer.alloc(size, 0x20), headers: { 'content-type': 'application/xml' } });
    const atLimit = await send(limit);
    // Read, and refused as XML (all spaces), not for its size.
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { code: string }).code).not.toBe('BODY_TOO_LARGE');
    const over = await send(limit + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('limits request bodies to the configured size with a JSON 413', async () => {
    const server = await start({ bodyLimit: 4096 });
    const r = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      body: readData('alignments/CO_FIWARE.rdf'),
      headers: { 'content-type': 'application/xml' },
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });
});
