/**
 * The README's second command, as a newcomer runs it: `npm start` with nothing configured serves
 * the API, the Swagger page and the workbench UI on 127.0.0.1:8888 (seed; CONTRACT.md). Only the
 * data folder is redirected (MEDIATOR_DATA_DIR), so the test leaves the user's folder alone.
 * Needs port 8888 free, as on a fresh machine and in CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/shared-data.js';

const dataDir = mkdtempSync(join(tmpdir(), 'mediator-npm-start-'));
let proc: ChildProcess | undefined;

afterAll(async () => {
  if (proc?.pid !== undefined && proc.exitCode === null) {
    const exited = new Promise((resolve) => proc!.on('exit', resolve));
    process.kill(-proc.pid, 'SIGTERM');
    await exited;
  }
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
    proc = spawn(npm, ['start'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    const banner = await new Promise<string>((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new Error(`npm start printed no address: ${err}`)), 20_000);
      proc!.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        if (/Swagger UI:.*\n/.test(err)) {
          clearTimeout(timer);
          resolve(err);
        }
      });
      proc!.on('exit', (code) => reject(new Error(`npm start exited with ${code}: ${err}`)));
    });
    expect(banner).toMatch(/^Mediator API:\s+http:\/\/127\.0\.0\.1:8888\/$/m);
    expect(banner).toMatch(/^Swagger UI:\s+http:\/\/127\.0\.0\.1:8888\/swagger\/$/m);
    expect(banner).toContain(dataDir);

    const version = await fetch('http://127.0.0.1:8888/version');
    expect(version.status).toBe(200);
    expect(await version.json()).toMatchObject({ name: expect.any(String), version: expect.any(String) });
    const swagger = await fetch('http://127.0.0.1:8888/swagger/');
    expect(swagger.status).toBe(200);
    const ui = await fetch('http://127.0.0.1:8888/');
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await ui.text()).toMatch(/<div id="root">/);
  }, 60_000);
});
