/**
 * The README's second command, as a newcomer runs it: `npm start` with nothing configured serves
 * the API, the Swagger page and the workbench UI on 127.0.0.1:8888 (seed; CONTRACT.md). Only the
 * data folder is redirected (MEDIATOR_DATA_DIR), so the test leaves the user's folder alone.
 * Needs port 8888 free, as on a fresh machine and in CI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/shared-data.js';
import { request, startProcess, type TestProcess } from '../../test-support/processes.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mediator-npm-start-'));
let proc: TestProcess | undefined;

afterAll(async () => {
  // The whole process group: npm and the server under it.
  await proc?.stop({ signal: 'SIGTERM', graceMs: 10_000 });
  rmSync(dataDir, { recursive: true, force: true });
});

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm start', () => {
  it('serves the API, Swagger UI and the workbench on http://127.0.0.1:8888 by default', async () => {
    expect(await portFree(8888), 'port 8888 is taken on this machine; stop whatever holds it').toBe(true);
    const env: NodeJS.ProcessEnv = { ...process.env, MEDIATOR_DATA_DIR: dataDir };
    for (const name of ['MEDIATOR_PORT', 'MEDIATOR_HOST', 'MEDIATOR_LOG_LEVEL']) delete env[name];
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // Own process group, so the server under npm is stopped with it.
    proc = startProcess('npm start', npm, ['start'], { cwd: repoRoot, env, detached: true });
    await proc.waitForLine(/^Data folder:/, 'stderr', { timeoutMs: 30_000 });
    const banner = proc.text('stderr');
    expect(banner).toMatch(/^Mediator API:\s+http:\/\/127\.0\.0\.1:8888\/$/m);
    expect(banner).toMatch(/^Swagger UI:\s+http:\/\/127\.0\.0\.1:8888\/swagger\/$/m);
    expect(banner).toContain(dataDir);

    const version = await request('http://127.0.0.1:8888/version', { timeoutMs: 15_000 });
    expect(version.status).toBe(200);
    expect(version.json()).toMatchObject({ name: expect.any(String), version: expect.any(String) });
    const swagger = await request('http://127.0.0.1:8888/swagger/', { timeoutMs: 15_000 });
    expect(swagger.status).toBe(200);
    const ui = await request('http://127.0.0.1:8888/', { timeoutMs: 15_000 });
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toMatch(/^text\/html/);
    expect(ui.text).toMatch(/<div id="root">/);
  }, 60_000);
});
