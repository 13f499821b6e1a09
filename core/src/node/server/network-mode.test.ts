/**
 * Network mode (issue 11) through real `mediator serve` processes: binding beyond loopback needs a
 * token (generated, printed once, kept in the data folder) unless `--no-auth` says otherwise, and
 * the CLI verbs that talk to a server send it. Every request goes to 127.0.0.1 only.
 */
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readData, mediatorCli } from '../../test-support/shared-data.js';
import { request, startMediatorServe, startProcess, stopAll, type TestProcess } from '../../test-support/processes.js';
import { startServer } from './start-server.js';
import { silentLog } from './test-support/test-server.js';

const cli = mediatorCli;
const started: TestProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await stopAll(started);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-network-'));
  dirs.push(dir);
  return dir;
}

const TOKEN_LINE = /^API token:\s+(\S+)$/;

// Each test starts one to three server processes: a generous bound for a loaded 2-core CI machine.
describe('network mode', { timeout: 90_000 }, () => {
  it('refuses to listen beyond loopback without a token unless told to run open', async () => {
    await expect(startServer({ dataDir: dataDir(), host: '0.0.0.0', port: 0, logStream: silentLog() })).rejects.toMatchObject({ code: 'NETWORK_WITHOUT_AUTH' });
  });

  it('generates a token on a non-loopback bind, prints it once, keeps it (0600) and requires it', async () => {
    const dir = dataDir();
    const first = await startMediatorServe(cli, dir, { args: ['--host', '0.0.0.0'], started });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = (await first.process.waitForLine(TOKEN_LINE, 'stderr', { timeoutMs: 10_000 }))[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.process.text('stderr')).toContain('generated and shown once');
    const file = join(dir, 'api-token');
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await first.process.waitFor(() => (/beyond loopback/.test(first.process.text('stdout')) ? true : undefined), 'the network-mode warning in the log', {
      timeoutMs: 10_000,
    });

    expect((await request(`${first.url}/alignments`)).status).toBe(401);
    expect((await request(`${first.url}/`)).status).toBe(200);
    const upload = await request(`${first.url}/alignments`, {
      method: 'POST',
      body: readData('alignments/CO_FIWARE.rdf'),
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` },
    });
    expect(upload.status).toBe(201);

    // The CLI sends the token (--token or MEDIATOR_TOKEN); without it the server's 401 is reported.
    const without = startProcess(
      'mediator platform-channels',
      process.execPath,
      [cli, 'platform-channels', '--platform', 'http://inter-iot.eu/platforms/p1', '--server', first.url, '--inp', 'CO_FIWARE_align@1.0'],
      { env: { ...process.env, MEDIATOR_TOKEN: '' } },
    );
    started.push(without);
    expect(await without.exited({ timeoutMs: 20_000 })).toEqual({ code: 1, signal: null });
    expect(without.text('stderr')).toMatch(/401.*bearer token/);
    const withToken = startProcess('mediator platform-channels --token', process.execPath, [
      cli,
      'platform-channels',
      '--platform',
      'http://inter-iot.eu/platforms/p1',
      '--server',
      first.url,
      '--inp',
      'CO_FIWARE_align@1.0',
      '--token',
      token,
    ]);
    started.push(withToken);
    expect(await withToken.exited({ timeoutMs: 20_000 })).toEqual({ code: 0, signal: null });
    const channels = await request(`${first.url}/channels`, { headers: { authorization: `Bearer ${token}` } });
    expect(
      channels
        .json<Array<{ source: string }>>()
        .map((c) => c.source)
        .sort(),
    ).toEqual(['mw-mediator-downstream-http_inter-iot.eu_platforms_p1', 'mw-mediator-upstream-http_inter-iot.eu_platforms_p1']);
    await first.process.stop();

    // A restart keeps the token and does not print it again.
    const second = await startMediatorServe(cli, dir, { args: ['--host', '0.0.0.0'], started });
    await second.process.waitForLine(/^API token:\s+required; it is in /, 'stderr', { timeoutMs: 10_000 });
    expect(second.process.text('stderr')).not.toContain(token);
    expect((await request(`${second.url}/alignments`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await request(`${second.url}/alignments`, { headers: { authorization: 'Bearer not-it' } })).status).toBe(401);
  });

  it('runs open with --no-auth, and says so in the log', async () => {
    const served = await startMediatorServe(cli, dataDir(), { args: ['--host', '0.0.0.0', '--no-auth', '--log-level', 'warn'], started });
    await served.process.waitFor(() => (/WITHOUT authentication/.test(served.process.text('stdout')) ? true : undefined), 'the --no-auth warning in the log', {
      timeoutMs: 10_000,
    });
    expect(served.process.text('stderr')).not.toMatch(/API token/);
    expect((await request(`${served.url}/alignments`)).status).toBe(200);
  });

  it('takes a given token on loopback too, and refuses --token with --no-auth', async () => {
    const served = await startMediatorServe(cli, dataDir(), { args: ['--token', 'given-token-0123456789', '--log-level', 'warn'], started });
    expect((await request(`${served.url}/version`)).status).toBe(401);
    expect((await request(`${served.url}/version`, { headers: { authorization: 'Bearer given-token-0123456789' } })).status).toBe(200);
    const both = startProcess('mediator serve --token --no-auth', process.execPath, [
      cli,
      'serve',
      '--port',
      '0',
      '--data',
      dataDir(),
      '--token',
      'x',
      '--no-auth',
    ]);
    started.push(both);
    expect(await both.exited({ timeoutMs: 20_000 })).toEqual({ code: 2, signal: null });
    expect(both.text('stderr')).toContain('exclude each other');
  });
});
