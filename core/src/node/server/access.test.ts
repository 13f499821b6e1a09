/**
 * Issue 11 over a real port: Host checks (DNS rebinding), cross-site refusals (CSRF), security
 * headers on every kind of response, and token mode. Requests go through node:http so that Host,
 * Origin and Sec-Fetch-Site are exactly what a browser page (or an attacker) would send.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { API_CONTENT_SECURITY_POLICY, UI_CONTENT_SECURITY_POLICY } from '../../common/index.js';
import { crossSiteReason, hostAllowed, isLoopbackName, parseAllowedHosts, parseHost } from './access-guard.js';
import { assertDocumented, useDocumentHeaders } from './test-support/openapi-responses.js';
import { silentLog } from './test-support/test-server.js';

const coFiware = readData('alignments/CO_FIWARE.rdf');

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** One request with exactly these headers (node:http sends Host as given). */
function send(server: RunningServer, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: { ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
        signal: AbortSignal.timeout(15_000),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const reply = { status: res.statusCode ?? 0, headers: res.headers, text };
          // Every answer, refusals included, is checked against the served OpenAPI document.
          const contentType = res.headers['content-type'];
          const sample = { method, path, status: reply.status, contentType: Array.isArray(contentType) ? contentType[0] : contentType, text };
          if (path.startsWith('/swagger')) resolve(reply);
          else assertDocumented(`http://127.0.0.1:${server.port}`, sample).then(() => resolve(reply), reject);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function jsonOf(reply: Reply): Record<string, unknown> {
  try {
    return JSON.parse(reply.text) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON (${reply.status}): ${reply.text.slice(0, 200)}`);
  }
}

/** A concrete path for a route pattern (every parameter `x`). */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'x');

/** What an attacker's request could change: compared before and after. */
async function observable(server: RunningServer): Promise<string> {
  const get = async (path: string) => (await send(server, 'GET', path)).text;
  return JSON.stringify([await get('/alignments'), await get('/channels'), await get('/logging'), await get('/topics/t/messages')]);
}

describe('pure rules', () => {
  it.each([
    ['localhost:8888', { hostname: 'localhost', port: 8888 }],
    ['LOCALHOST.:8888', { hostname: 'localhost', port: 8888 }],
    ['[::1]:8888', { hostname: '::1', port: 8888 }],
    ['[0:0:0:0:0:0:0:1]', { hostname: '::1', port: undefined }],
    ['127.1:80', { hostname: '127.0.0.1', port: 80 }],
    ['mediator.example', { hostname: 'mediator.example', port: undefined }],
  ])('parses Host %s', (header, expected) => {
    expect(parseHost(header)).toEqual(expected);
  });

  it.each(['evil@127.0.0.1:8888', '127.0.0.1:8888/x', '', 'a b', '127.0.0.1:99999', '[::1'])('refuses the malformed Host %j', (header) => {
    expect(parseHost(header)).toBeUndefined();
    expect(hostAllowed(header, { localPort: 8888 }, [])).toBe(false);
  });

  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['localhost.attacker.example', false],
    ['128.0.0.1', false],
    ['0.0.0.0', false],
    ['attacker.example', false],
  ])('loopback name %s: %s', (name, expected) => {
    expect(isLoopbackName(name)).toBe(expected);
  });

  it('checks the port of loopback names and the arrival address, and admits allowed names', () => {
    const at = { localPort: 8888, localAddress: '::ffff:192.168.1.5' };
    expect(hostAllowed('127.0.0.1:8888', at, [])).toBe(true);
    expect(hostAllowed('127.0.0.1:8889', at, [])).toBe(false);
    expect(hostAllowed('localhost', at, [])).toBe(false);
    expect(hostAllowed('192.168.1.5:8888', at, [])).toBe(true);
    expect(hostAllowed('192.168.1.6:8888', at, [])).toBe(false);
    expect(hostAllowed('mediator.lan:443', at, parseAllowedHosts(['mediator.lan']))).toBe(true);
    expect(hostAllowed('mediator.lan:443', at, parseAllowedHosts(['mediator.lan:8443']))).toBe(false);
    expect(hostAllowed('mediator.lan:8443', at, parseAllowedHosts(['Mediator.LAN:8443']))).toBe(true);
    expect(() => parseAllowedHosts(['http://x/'])).toThrow(/not a host name/);
  });

  it.each([
    ['POST', { 'sec-fetch-site': 'cross-site', origin: 'http://a.example' }, false],
    ['DELETE', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' }, false],
    ['POST', { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:8888', host: '127.0.0.1:8888' }, true],
    ['POST', { 'sec-fetch-site': 'none' }, true],
    ['POST', { origin: 'http://a.example', host: '127.0.0.1:8888' }, false],
    ['POST', { origin: 'null', host: '127.0.0.1:8888' }, false],
    ['POST', { origin: 'http://127.0.0.1:8888', host: '127.0.0.1:8888' }, true],
    ['POST', {}, true],
    ['GET', { 'sec-fetch-site': 'cross-site', origin: 'http://a.example' }, true],
    ['POST', { 'sec-fetch-site': 'cross-site', origin: 'http://client.example' }, true],
  ] as const)('%s with %j may go on: %s', (method, headers, expected) => {
    expect(crossSiteReason({ method, headers }, ['http://client.example']) === undefined).toBe(expected);
  });
});

describe('a loopback server (npm start defaults)', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mediator-access-'));
    server = await startServer({
      dataDir,
      port: 0,
      logStream: silentLog(),
      allowedHosts: ['mediator.test', 'proxy.test:9443'],
      corsOrigins: ['http://client.example'],
    });
    expect((await send(server, 'POST', '/alignments', { 'content-type': 'application/xml' }, coFiware)).status).toBe(201);
  });

  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a foreign Host with the JSON error on every route, GET and state-changing, and changes nothing', async () => {
    const before = await observable(server);
    const routes = [
      ...server.routeTable(),
      { method: 'GET', url: '/' },
      { method: 'GET', url: '/swagger/' },
      { method: 'GET', url: '/swagger/json' },
      { method: 'GET', url: '/no/such/path' },
    ];
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const path = route.url === '/alignments/:name/:version' && route.method === 'DELETE' ? '/alignments/CO_FIWARE_align/1.0' : concrete(route.url);
      const reply = await send(
        server,
        route.method,
        path,
        { host: `rebind.attacker.example:${server.port}`, 'content-type': 'application/json' },
        route.method === 'GET' ? undefined : '{}',
      );
      expect({ route, status: reply.status }).toEqual({ route, status: 421 });
      expect(jsonOf(reply)).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
      expect(String(jsonOf(reply)['message'])).toContain('rebind.attacker.example');
    }
    expect(await observable(server)).toBe(before);
  });

  it('answers loopback names on its port only, and the names given with --allowed-host', async () => {
    const port = server.port;
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `app.localhost:${port}`,
      'mediator.test',
      `mediator.test:${port}`,
      'proxy.test:9443',
    ]) {
      expect({ host, status: (await send(server, 'GET', '/version', { host })).status }).toEqual({ host, status: 200 });
    }
    for (const host of [
      `127.0.0.1:${port + 1}`,
      'localhost',
      'proxy.test',
      'proxy.test:9444',
      `localhost.attacker.example:${port}`,
      `evil@127.0.0.1:${port}`,
    ]) {
      expect({ host, status: (await send(server, 'GET', '/version', { host })).status }).toEqual({ host, status: 421 });
    }
  });

  // What fetch(url, {method, mode: 'no-cors', body}) and HTML forms can send from another site.
  const simpleBodies: Array<[string, string | undefined, string | undefined]> = [
    ['no body', undefined, undefined],
    ['text/plain', 'text/plain', coFiware],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'a=b'],
    ['multipart/form-data', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ['application/xml (a preflighted type, refused all the same)', 'application/xml', coFiware],
  ];
  const crossSiteHeaders: Array<[string, Record<string, string>]> = [
    ['Origin and Sec-Fetch-Site: cross-site', { origin: 'http://attacker.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }],
    ['Sec-Fetch-Site: same-site (another localhost port)', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' }],
    ['only Origin (a browser without Fetch Metadata)', { origin: 'http://attacker.example' }],
    ['Origin: null (sandboxed frame, file:)', { origin: 'null' }],
  ];

  it('refuses every cross-site POST and DELETE with 403, whatever its body or content type, and changes nothing', async () => {
    const before = await observable(server);
    const targets: Array<[string, string]> = [
      ['POST', '/logging/off'],
      ['POST', '/alignments'],
      ['DELETE', '/alignments/CO_FIWARE_align/1.0'],
      ['POST', '/channels'],
      ['POST', '/topics/t/messages'],
      ['POST', '/platforms/p1/channels'],
      ['POST', '/translation'],
    ];
    for (const [method, path] of targets) {
      for (const [headersName, headers] of crossSiteHeaders) {
        for (const [bodyName, contentType, body] of simpleBodies) {
          const reply = await send(server, method, path, { ...headers, ...(contentType === undefined ? {} : { 'content-type': contentType }) }, body);
          const what = `${method} ${path}, ${headersName}, ${bodyName}`;
          expect({ what, status: reply.status }).toEqual({ what, status: 403 });
          expect(jsonOf(reply)).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
        }
      }
    }
    expect(await observable(server)).toBe(before);
    expect((JSON.parse(before) as unknown[])[2]).toContain('INFO');
  });

  it('lets the served UI (same origin), header-less clients and --cors origins change state', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    const sameOrigin = await send(server, 'POST', '/logging/warn', { origin, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });
    expect(sameOrigin.status).toBe(200);
    expect(jsonOf(sameOrigin)['level']).toBe('WARN');
    const olderBrowser = await send(server, 'POST', '/logging/error', { origin });
    expect(olderBrowser.status).toBe(200);
    const cli = await send(server, 'POST', '/logging/debug');
    expect(jsonOf(cli)['level']).toBe('DEBUG');
    const cors = await send(server, 'POST', '/logging/info', { origin: 'http://client.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' });
    expect(cors.status).toBe(200);
    expect(cors.headers['access-control-allow-origin']).toBe('http://client.example');
    const published = await send(
      server,
      'POST',
      '/topics/same-origin/messages',
      { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      readData('messages/weight.json'),
    );
    expect(published.status).toBeLessThan(300);
  });

  it('puts nosniff and a CSP on every kind of response: JSON, XML document, UI, Swagger UI, 404, refusals', async () => {
    const port = server.port;
    const cases: Array<[string, Promise<Reply>, 'ui' | 'api', number]> = [
      ['JSON', send(server, 'GET', '/alignments'), 'api', 200],
      ['stored XML document', send(server, 'GET', '/alignments/CO_FIWARE_align/1.0'), 'api', 200],
      ['compiled cells', send(server, 'GET', '/alignments/CO_FIWARE_align/1.0/cells'), 'api', 200],
      ['UI page', send(server, 'GET', '/'), 'ui', 200],
      ['Swagger UI page', send(server, 'GET', '/swagger/'), 'ui', 200],
      ['Swagger UI script', send(server, 'GET', '/swagger/static/swagger-initializer.js'), 'ui', 200],
      ['OpenAPI document', send(server, 'GET', '/swagger/json'), 'api', 200],
      ['404', send(server, 'GET', '/no/such/path'), 'api', 404],
      ['405', send(server, 'PUT', '/alignments'), 'api', 405],
      ['400 error', send(server, 'GET', '/alignments/none/0'), 'api', 400],
      ['421 refusal', send(server, 'GET', '/', { host: `evil.example:${port}` }), 'api', 421],
      ['403 refusal', send(server, 'POST', '/logging/off', { 'sec-fetch-site': 'cross-site' }), 'api', 403],
    ];
    for (const [what, pending, kind, status] of cases) {
      const reply = await pending;
      expect({ what, status: reply.status }).toEqual({ what, status });
      expect({ what, nosniff: reply.headers['x-content-type-options'] }).toEqual({ what, nosniff: 'nosniff' });
      const csp = String(reply.headers['content-security-policy']);
      expect({ what, csp }).toEqual({ what, csp: kind === 'ui' ? UI_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY });
      expect(csp).toContain("frame-ancestors 'none'");
      if (kind === 'api') expect(csp).toMatch(/default-src 'none'; sandbox/);
    }
    const ui = await send(server, 'GET', '/');
    expect(ui.text).toContain('<div id="root">');
  });
});

describe('token mode', () => {
  const token = 'test-token-4f1c9a';
  let server: RunningServer;
  let dataDir: string;
  const auth = { authorization: `Bearer ${token}` };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mediator-token-'));
    server = await startServer({ dataDir, port: 0, logStream: silentLog(), authToken: token });
    useDocumentHeaders(`http://127.0.0.1:${server.port}`, auth);
  });

  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 401 JSON on every route but the UI static files without the token, or with a wrong one', async () => {
    const routes = [...server.routeTable(), { method: 'GET', url: '/swagger/json' }, { method: 'GET', url: '/no/such/path' }];
    for (const route of routes) {
      for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong' }, { authorization: token }, { authorization: `Basic ${token}` }]) {
        const reply = await send(
          server,
          route.method,
          concrete(route.url),
          { ...headers, 'content-type': 'application/json' },
          route.method === 'GET' ? undefined : '{}',
        );
        expect({ route, headers, status: reply.status }).toEqual({ route, headers, status: 401 });
        expect(jsonOf(reply)).toMatchObject({ code: 'UNAUTHORIZED' });
        expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    for (const path of ['/', '/index.html', '/swagger/', '/swagger/static/swagger-initializer.js']) {
      expect({ path, status: (await send(server, 'GET', path)).status }).toEqual({ path, status: 200 });
    }
    expect(JSON.parse((await send(server, 'GET', '/alignments', auth)).text)).toEqual([]);
  });

  it('lets the page of a --cors origin through the preflight, and read the 401 that tells it to send the token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediator-token-cors-'));
    const withCors = await startServer({ dataDir: dir, port: 0, logStream: silentLog(), authToken: token, corsOrigins: ['http://client.example'] });
    useDocumentHeaders(`http://127.0.0.1:${withCors.port}`, auth);
    try {
      const origin = { origin: 'http://client.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' };
      const preflight = await send(withCors, 'OPTIONS', '/alignments', {
        ...origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://client.example');
      const refused = await send(withCors, 'GET', '/alignments', origin);
      expect(refused.status).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe('http://client.example');
      const other = await send(withCors, 'OPTIONS', '/alignments', { origin: 'http://attacker.example', 'access-control-request-method': 'POST' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const ok = await send(withCors, 'GET', '/alignments', { ...origin, ...auth });
      expect(ok.status).toBe(200);
    } finally {
      await withCors.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('works with the token: alignments, translation, logging and a channel end to end', async () => {
    expect((await send(server, 'POST', '/alignments', { ...auth, 'content-type': 'application/xml' }, coFiware)).status).toBe(201);
    const channel = await send(
      server,
      'POST',
      '/channels',
      { ...auth, 'content-type': 'application/json' },
      JSON.stringify({
        source: 'tok-in',
        sink: 'tok-out',
        inpAlignmentName: 'CO_FIWARE_align',
        inpAlignmentVersion: '1.0',
        outAlignmentName: '',
        outAlignmentVersion: '',
      }),
    );
    expect(channel.status).toBe(201);
    const message = readData('messages/weight.UniversAAL_CO.json');
    expect((await send(server, 'POST', '/topics/tok-in/messages', { ...auth, 'content-type': 'application/json' }, message)).status).toBeLessThan(300);
    let arrived: unknown[] = [];
    for (let i = 0; i < 100 && arrived.length === 0; i++) {
      const reply = await send(server, 'GET', '/topics/tok-out/messages', auth);
      expect(reply.status).toBe(200);
      arrived = JSON.parse(reply.text) as unknown[];
      if (arrived.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(arrived.length, 'a translated message on the sink topic within 10 s').toBe(1);
    expect(JSON.stringify(arrived[0])).toContain('FIWAREv2#hasAttrValue');
    const channels = JSON.parse((await send(server, 'GET', '/channels?details=true', auth)).text) as Array<{ id: number; status: string }>;
    expect(channels.map((c) => c.status)).toEqual(['running']);
    expect((await send(server, 'DELETE', `/channels/${channels[0]!.id}`, auth)).status).toBe(204);
    expect((await send(server, 'POST', '/logging/warn', auth)).status).toBe(200);
    expect((await send(server, 'GET', '/swagger/json', auth)).status).toBe(200);
  });
});
