/**
 * Listen first (issue 42): a server started as `mediator serve` starts it listens before its engine
 * is warm and its stored alignments compiled; GET /version answers at once, and a translation that
 * arrives meanwhile waits for that start-up instead of compiling its alignment a second time (on
 * the event loop) or failing. Real worker thread, real SQLite file, real port.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer, type StartOptions } from './start-server.js';
import { silentLog } from './test-support/test-server.js';

const dirs: string[] = [];
const servers: RunningServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function storeAlignment(dataDir: string): Promise<void> {
  const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 0 });
  try {
    const answer = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: readData('alignments/CO_FIWARE.rdf'),
    });
    expect(answer.status).toBe(201);
  } finally {
    await server.close();
  }
}

interface RawAnswer {
  readonly status: number;
  /** Every response header in the order sent, `Date` left out. */
  readonly headers: string[];
  readonly body: string;
}

/** One request on a connection of its own, with the response's raw header list. */
function raw(url: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          if (response.rawHeaders[i]!.toLowerCase() !== 'date') pairs.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        }
        resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Settles `promise` into a flag, so a test can tell an answered request from a held one. */
function track<T>(promise: Promise<T>): { readonly promise: Promise<T>; settled(): boolean } {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}

const HOLD_CHECK_MS = 150;
const TRANSLATION_BODY = () =>
  JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') });

/**
 * Starts a listen-first server whose `onListening` runs `early` and awaits it: the HTTP app is not
 * built before it returns, so whatever answers in there is the early listener (early-listener.ts).
 */
async function startListeningFirst<T>(options: Partial<StartOptions>, early: (url: string) => Promise<T>): Promise<{ server: RunningServer; seen: T }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
  dirs.push(dataDir);
  await storeAlignment(dataDir);
  let seen: T | undefined;
  const server = await startServer({
    dataDir,
    port: 0,
    logStream: silentLog(),
    translationWorkers: 1,
    listenFirst: true,
    ...options,
    onListening: async (url) => {
      seen = await early(url);
    },
  });
  servers.push(server);
  return { server, seen: seen! };
}

describe('a server started with listenFirst (mediator serve)', () => {
  it('answers the status probes before its HTTP app is built, byte for byte as the app does, and holds every other request for it', async () => {
    const { server, seen } = await startListeningFirst({}, async (url) => {
      const probes = await Promise.all(['/version', '/v1/version', '/health', '/v1/health', '/info'].map((path) => raw(url, path)));
      // Not probes, or not certain to be a 200: the app answers them once it is built.
      const held = {
        translation: track(raw(url, '/translation', { 'content-type': 'application/json' }, 'POST', TRANSLATION_BODY())),
        details: track(raw(url, '/version?details=true')),
        wrongHost: track(raw(url, '/version', { host: 'attacker.example' })),
        head: track(raw(url, '/version', {}, 'HEAD')),
        crossOrigin: track(raw(url, '/version', { origin: 'http://attacker.example' })),
        unknown: track(raw(url, '/nothing-here')),
      };
      await new Promise((r) => setTimeout(r, HOLD_CHECK_MS));
      const answeredEarly = Object.entries(held)
        .filter(([, t]) => t.settled())
        .map(([name]) => name);
      return { probes, held, answeredEarly };
    });
    expect(seen.answeredEarly, 'requests answered before the HTTP app existed').toEqual([]);
    // The app's own answers now, for the same requests: identical but for the Date header.
    const paths = ['/version', '/v1/version', '/health', '/v1/health', '/info'];
    const later = await Promise.all(paths.map((path) => raw(server.url, path)));
    for (const [i, path] of paths.entries()) {
      expect(seen.probes[i], path).toEqual(later[i]);
      expect(later[i]!.status, path).toBe(200);
    }
    expect(later[0]!.headers).toContain("content-security-policy: default-src 'none'; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(JSON.parse(later[2]!.body)).toEqual({ info: 'mediator-workbench is running', value: true });

    const translation = await seen.held.translation.promise;
    expect(translation.status).toBe(200);
    expect((JSON.parse(translation.body) as { graphStr: string }).graphStr).toContain('FIWAREv2#Entity');
    expect(JSON.parse((await seen.held.details.promise).body)).toHaveProperty('compatibleWith', 'ipsm-core 0.8.10');
    expect(await seen.held.wrongHost.promise).toEqual(await raw(server.url, '/version', { host: 'attacker.example' }));
    expect((await seen.held.wrongHost.promise).status).toBe(421);
    expect(await seen.held.head.promise).toEqual(await raw(server.url, '/version', {}, 'HEAD'));
    expect(await seen.held.crossOrigin.promise).toEqual(await raw(server.url, '/version', { origin: 'http://attacker.example' }));
    expect(await seen.held.unknown.promise).toEqual(await raw(server.url, '/nothing-here'));
    expect((await seen.held.unknown.promise).status).toBe(404);
    // The early answers are in the request metrics like the app's own: two of each, early and later.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    // (GET /version was asked more often, by the held requests too.)
    for (const route of paths.filter((p) => p !== '/version')) {
      expect(metrics, route).toContain(`mediator_http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"} 2\n`);
    }
  }, 60_000);

  it('with a token, answers a probe early only when it carries the token; without it the app refuses it', async () => {
    const token = 'a-token-of-at-least-sixteen-characters';
    const { server, seen } = await startListeningFirst({ authToken: token }, async (url) => {
      const withToken = await raw(url, '/version', { authorization: `Bearer ${token}` });
      const without = track(raw(url, '/version'));
      const wrong = track(raw(url, '/version', { authorization: 'Bearer not-the-token-at-all-really' }));
      await new Promise((r) => setTimeout(r, HOLD_CHECK_MS));
      return { withToken, without, wrong, heldEarly: !without.settled() && !wrong.settled() };
    });
    expect(seen.heldEarly, 'a request without the token was answered before the token check of the app').toBe(true);
    expect(seen.withToken).toEqual(await raw(server.url, '/version', { authorization: `Bearer ${token}` }));
    expect(seen.withToken.status).toBe(200);
    for (const held of [await seen.without.promise, await seen.wrong.promise]) {
      expect(held.status).toBe(401);
      expect(held).toEqual(await raw(server.url, '/version'));
    }
  }, 60_000);

  it('closes the held requests and frees its port when the app cannot be built after the port was bound', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
    dirs.push(dataDir);
    // A folder where the database file should be: the store cannot open it, after the bind.
    mkdirSync(join(dataDir, 'mediator.db'));
    let bound: { url: string; probe: RawAnswer; held: ReturnType<typeof track<RawAnswer>>; answeredEarly: boolean } | undefined;
    const start = startServer({
      dataDir,
      port: 0,
      logStream: silentLog(),
      translationWorkers: 0,
      listenFirst: true,
      onListening: async (url) => {
        const probe = await raw(url, '/health');
        const held = track(raw(url, '/alignments'));
        // Time for it to arrive and be held before the build starts (and fails).
        await new Promise((r) => setTimeout(r, HOLD_CHECK_MS));
        bound = { url, probe, held, answeredEarly: held.settled() };
      },
    });
    await expect(start).rejects.toThrow();
    expect(bound, 'the port was never bound').toBeDefined();
    expect(bound!.probe.status).toBe(200);
    expect(bound!.answeredEarly, 'answered before the build failed').toBe(false);
    await expect(bound!.held.promise, 'the held request was answered by nothing').rejects.toThrow(/socket hang up|ECONNRESET/);
    // The port is free again.
    const port = Number(new URL(bound!.url).port);
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  }, 60_000);

  it('leaves the probes to the app when the log records successful reads (debug)', async () => {
    const { server, seen } = await startListeningFirst({ logLevel: 'debug' }, async (url) => {
      const version = track(raw(url, '/version'));
      await new Promise((r) => setTimeout(r, HOLD_CHECK_MS));
      return { version, heldEarly: !version.settled() };
    });
    expect(seen.heldEarly).toBe(true);
    expect(await seen.version.promise).toEqual(await raw(server.url, '/version'));
  }, 60_000);

  it('answers before it is warm, and a translation sent then waits for the start-up, compiled once on its worker', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
    dirs.push(dataDir);
    await storeAlignment(dataDir);

    const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 1, listenFirst: true });
    servers.push(server);
    let ready = false;
    void server.ready.then(() => (ready = true));
    // A worker thread loads and warms the engine in tens of milliseconds at best: not yet done.
    await Promise.resolve();
    expect(ready, 'startServer resolved only after the engine was warm').toBe(false);

    // Sent together: GET /version does not wait, the translation does.
    const [version, translation] = await Promise.all([
      fetch(`${server.url}/version`).then((answer) => ({ answer, readyThen: ready })),
      fetch(`${server.url}/translation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
      }),
    ]);
    expect(version.answer.status).toBe(200);
    expect(version.readyThen, 'GET /version waited for the start-up').toBe(false);
    expect(translation.status).toBe(200);
    expect(((await translation.json()) as { graphStr: string }).graphStr).toContain('FIWAREv2#Entity');
    expect(ready).toBe(true);
    // Compiled on the worker at start only: the request did not compile it here while the start-up ran.
    expect(server.alignments.storedCompiledHereForTest()).toBe(0);
    expect(server.alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
  }, 60_000);

  it('is ready at once without listenFirst (the desktop app and the tests)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
    dirs.push(dataDir);
    const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 1 });
    servers.push(server);
    let ready = false;
    void server.ready.then(() => (ready = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(ready).toBe(true);
  }, 60_000);
});
