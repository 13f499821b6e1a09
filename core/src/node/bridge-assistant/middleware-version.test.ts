/**
 * Reading a running middleware's version against tiny real HTTP servers on random ports: one that
 * serves a swagger document where INTER-MW does (/api/swagger.json), one that never answers (the
 * bounded wait), one without a version; then the same through the REST operation.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { closedPort } from '../../test-support/loopback-ports.js';
import { buildServer, type MediatorServer } from '../server/build-server.js';
import { candidateUrls, readMiddlewareVersion, versionIn } from './middleware-version.js';

const SWAGGER = JSON.stringify({ swagger: '2.0', info: { title: 'INTER-IoT mw2mw API', version: '2.5.0' }, basePath: '/api', paths: {} });

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

let middleware: { server: Server; url: string };
let silent: { server: Server; url: string };
let versionless: { server: Server; url: string };
const requested: string[] = [];

beforeAll(async () => {
  middleware = await listen((req, res) => {
    requested.push(req.url ?? '');
    if (req.url === '/api/swagger.json') res.writeHead(200, { 'content-type': 'application/json' }).end(SWAGGER);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Tomcat 404</html>');
  });
  // Accepts the connection and never answers.
  silent = await listen(() => undefined);
  versionless = await listen((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"swagger":"2.0","paths":{}}'));
});

afterAll(async () => {
  await Promise.all([close(middleware.server), close(silent.server), close(versionless.server)]);
});

async function failure(promise: Promise<unknown>): Promise<MediatorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediatorError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('readMiddlewareVersion', () => {
  it('finds /api/swagger.json from the server address', async () => {
    requested.length = 0;
    const found = await readMiddlewareVersion(`${middleware.url}/`);
    expect(found).toEqual({ version: '2.5.0', url: `${middleware.url}/api/swagger.json` });
    expect(requested).toEqual(['/', '/api/swagger.json']);
  });

  it('reads the document address directly', async () => {
    expect(await readMiddlewareVersion(`${middleware.url}/api/swagger.json`)).toEqual({ version: '2.5.0', url: `${middleware.url}/api/swagger.json` });
  });

  it('gives up within the time limit when the middleware does not answer', async () => {
    const started = Date.now();
    const error = await failure(readMiddlewareVersion(silent.url, { timeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error.code).toBe(ErrorCodes.middlewareUnreachable);
    expect(error.message).toMatch(/did not answer within 0\.3 s/);
  });

  it('says so when nothing listens', async () => {
    const error = await failure(readMiddlewareVersion(`http://127.0.0.1:${await closedPort()}`));
    expect(error.code).toBe(ErrorCodes.middlewareUnreachable);
    expect(error.message).toMatch(/Cannot reach the middleware .*ECONNREFUSED/);
  });

  it('says so when the answers hold no version', async () => {
    const error = await failure(readMiddlewareVersion(versionless.url));
    expect(error.code).toBe(ErrorCodes.middlewareVersionUnknown);
    expect(error.message).toMatch(/no version in the answer/);
  });

  it.each(['ftp://example.com/', 'not a url'])('refuses %j', async (address) => {
    expect((await failure(readMiddlewareVersion(address))).code).toBe(ErrorCodes.invalidRequest);
  });
});

describe('readMiddlewareVersion and redirects', () => {
  it('follows a redirect within the address typed, and refuses one to another address without fetching it', async () => {
    const internalRequests: string[] = [];
    // Stands for an internal service the middleware's answer must not steer this server to.
    const internal = await listen((req, res) => {
      internalRequests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(SWAGGER);
    });
    const redirecting = await listen((req, res) => {
      if (req.url === '/old') res.writeHead(301, { location: '/api/swagger.json' }).end();
      else if (req.url === '/api/swagger.json') res.writeHead(200, { 'content-type': 'application/json' }).end(SWAGGER);
      else res.writeHead(302, { location: `${internal.url.replace('127.0.0.1', 'localhost')}/api/swagger.json` }).end();
    });
    try {
      expect(await readMiddlewareVersion(`${redirecting.url}/old`)).toEqual({ version: '2.5.0', url: `${redirecting.url}/old` });
      const error = await failure(readMiddlewareVersion(`${redirecting.url}/elsewhere`));
      expect(error.code).toBe(ErrorCodes.middlewareRedirected);
      expect(error.message).toMatch(/redirect \(302\) to http:\/\/localhost:\d+\/api\/swagger\.json/);
      expect(internalRequests).toEqual([]);
      // The loopback address the user typed is still fetched.
      expect((await readMiddlewareVersion(`${internal.url}/api/swagger.json`)).version).toBe('2.5.0');
    } finally {
      await Promise.all([close(internal.server), close(redirecting.server)]);
    }
  });
});

describe('versionIn and candidateUrls', () => {
  it.each([
    [SWAGGER, '2.5.0'],
    ['{"version":"2.3.1"}', '2.3.1'],
    ['swagger: "2.0"\ninfo:\n  title: mw2mw\n  version: "2.5.1-SNAPSHOT"\nhost: localhost\n', '2.5.1-SNAPSHOT'],
    ['v2.1.0\n', 'v2.1.0'],
    ['<html>hello</html>', undefined],
  ])('%j -> %j', (text, version) => expect(versionIn(text)).toBe(version));

  it('tries the API document under the address given', () => {
    expect(candidateUrls(new URL('http://h:8080/api')).map((u) => u.href)).toEqual(['http://h:8080/api', 'http://h:8080/api/swagger.json']);
    expect(candidateUrls(new URL('http://h:8080/api/swagger.yaml')).map((u) => u.href)).toEqual(['http://h:8080/api/swagger.yaml']);
  });
});

describe('POST /bridge-checks/middleware-version', () => {
  let mediator: MediatorServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mediator-mwversion-'));
    mediator = await buildServer({
      dataDir,
      logStream: new Writable({
        write(_c, _e, done) {
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await mediator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the version, and 502 with the reason when the middleware cannot be read', async () => {
    const ok = await mediator.app.inject({ method: 'POST', url: '/bridge-checks/middleware-version', payload: { url: middleware.url } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ version: '2.5.0', url: `${middleware.url}/api/swagger.json` });
    const bad = await mediator.app.inject({ method: 'POST', url: '/bridge-checks/middleware-version', payload: { url: versionless.url } });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toMatchObject({ code: 'MIDDLEWARE_VERSION_UNKNOWN' });
    const refused = await mediator.app.inject({ method: 'POST', url: '/bridge-checks/middleware-version', payload: { url: 'file:///etc/passwd' } });
    expect(refused.statusCode).toBe(400);
  });
});
