/**
 * What `mediator serve` refuses or tightens at start (CONTRACT.md, Safety): `--cors '*'` and
 * `--cors null` (usage errors, exit 2), a short `--token` (exit 2), and the modes of the data folder
 * and of the files the server owns (0700, 0600), an existing 0644 token file included.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { loadOrCreateToken, MIN_TOKEN_LENGTH } from './api-token.js';
import { corsOriginProblem } from './cors-origins.js';
import { startTestServer } from './test-support/test-server.js';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-safety-'));
  folders.push(dir);
  return dir;
}

async function serve(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(['serve', '--port', '0', '--data', tempDir(), ...args], {
    stdout: () => undefined,
    stderr: (t) => (stderr += t),
    readStdin: () => Promise.resolve(''),
  });
  return { code, stderr };
}

const mode = (path: string): number => statSync(path).mode & 0o777;
const posix = process.platform !== 'win32';

describe('serve refuses unsafe options', () => {
  it.each([
    ['*', /every web site/],
    ['null', /sandboxed frames/],
    ['NULL', /sandboxed frames/],
    ['localhost:3000', /not an (http\(s\) )?origin/],
    ['http://localhost:3000/', /did you mean http:\/\/localhost:3000\?/],
    ['file:///tmp', /not an http\(s\) origin/],
  ])('--cors %s: exit 2 with a clear message', async (origin, message) => {
    const r = await serve(['--cors', 'http://localhost:3000', '--cors', origin]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--cors:/);
    expect(r.stderr).toMatch(message);
  });

  it('takes exact http(s) origins', () => {
    for (const origin of ['http://localhost:3000', 'https://dashboard.example', 'http://[::1]:8080']) expect(corsOriginProblem(origin)).toBeUndefined();
  });

  it.each(['a', 'x'.repeat(MIN_TOKEN_LENGTH - 1)])('--token %s: exit 2 naming the minimum length', async (token) => {
    const r = await serve(['--token', token]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`at least ${MIN_TOKEN_LENGTH} characters`);
  });
});

describe.runIf(posix)('file modes of the data folder', () => {
  it('a new data folder is 0700, its database and token files 0600', async () => {
    const dir = join(tempDir(), 'data');
    const running = await startTestServer('modes', { dataDir: dir });
    try {
      expect(mode(dir)).toBe(0o700);
      expect(mode(join(dir, 'mediator.db'))).toBe(0o600);
      for (const extra of ['mediator.db-wal', 'mediator.db-shm']) {
        try {
          expect(mode(join(dir, extra))).toBe(0o600);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    } finally {
      await running.stop();
    }
  });

  it('an existing 0755 folder with a 0644 database and token is tightened at start, and the token keeps working', async () => {
    const dir = join(tempDir(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const first = await startTestServer('modes-first', { dataDir: dir });
    await first.server.close();
    const token = 'an-existing-token-0123456789';
    writeFileSync(join(dir, 'api-token'), `${token}\n`, { mode: 0o644 });
    chmodSync(join(dir, 'api-token'), 0o644);
    chmodSync(join(dir, 'mediator.db'), 0o644);
    chmodSync(dir, 0o755);
    expect(await loadOrCreateToken(dir)).toMatchObject({ token, created: false });
    expect(mode(join(dir, 'api-token'))).toBe(0o600);
    chmodSync(join(dir, 'api-token'), 0o644);
    const second = await startTestServer('modes-second', { dataDir: dir, authToken: token });
    try {
      expect(mode(dir)).toBe(0o700);
      expect(mode(join(dir, 'mediator.db'))).toBe(0o600);
      expect(mode(join(dir, 'api-token'))).toBe(0o600);
      const r = await fetch(`${second.server.url}/version`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('leaves the mode of an existing folder that held none of its files (one the user named)', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const running = await startTestServer('modes-foreign', { dataDir: dir });
    try {
      // The server's own files are now in it, but it did not create it: its mode is the user's.
      expect(mode(dir)).toBe(0o755);
      expect(mode(join(dir, 'mediator.db'))).toBe(0o600);
    } finally {
      await running.server.close();
    }
  });
});
