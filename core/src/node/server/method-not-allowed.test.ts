/**
 * An undeclared method on a known path answers 405 JSON `{message, code}` with an `Allow` header
 * (RFC 9110 section 15.5.6), whatever body it carries (issue 40: `QUERY /version` without a body
 * used to get a 400 about its Content-Type). Generated over the server's whole route table, over a
 * real port: every route, every method it does not declare, with no body, a JSON body and a body
 * in a media type nobody takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../common/index.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

/** Methods a client may send; CONNECT and TRACE are refused by fetch itself. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'QUERY', 'PROPFIND'];
const BODIES: ReadonlyArray<{ readonly label: string; readonly body?: string; readonly type?: string }> = [
  { label: 'no body' },
  { label: 'a JSON body', body: '{"a":1}', type: 'application/json' },
  { label: 'an unknown media type', body: 'hello', type: 'application/x-nobody-takes-this' },
];

let running: TestServer;
let routes: ReadonlyArray<{ method: string; url: string }>;

beforeAll(async () => {
  running = await startTestServer('method-not-allowed');
  routes = running.server.routeTable();
});

afterAll(async () => {
  await running.stop();
});

/** A concrete path for a route pattern: each parameter a value no stored thing has. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, 'zz-none').replace(/\*$/, 'zz-none');
}

describe('undeclared methods', () => {
  it('answer 405 with Allow on every known path, before any body is parsed', async () => {
    const paths = new Map<string, Set<string>>();
    for (const route of routes) {
      const path = concrete(route.url);
      paths.set(path, (paths.get(path) ?? new Set()).add(route.method));
    }
    let checked = 0;
    for (const [path, declared] of paths) {
      // Methods of other routes whose pattern matches this same path also count as declared on it.
      const undeclared = METHODS.filter((m) => !declared.has(m) && !(m === 'HEAD' && declared.has('GET')));
      for (const method of undeclared) {
        for (const variant of BODIES) {
          if ((method === 'HEAD' || method === 'GET') && variant.body !== undefined) continue;
          const reply = await fetch(`${running.server.url}${path}`, {
            method,
            ...(variant.body === undefined ? {} : { body: variant.body, headers: { 'content-type': variant.type ?? '' } }),
          });
          const text = await reply.text();
          const allow = reply.headers.get('allow');
          if (reply.status !== 405) {
            // Another route matches this concrete path with that method (e.g. OPTIONS under CORS): fine,
            // as long as it is not a refusal about the body or the method.
            expect([400, 415, 413], `${method} ${path} (${variant.label}) -> ${reply.status} ${text}`).not.toContain(reply.status);
            continue;
          }
          expect(allow, `${method} ${path}: Allow`).toBeTruthy();
          const allowed = (allow ?? '').split(',').map((m) => m.trim());
          expect(allowed).not.toContain(method);
          for (const m of declared) expect(allowed, `${method} ${path}: Allow lists ${m}`).toContain(m);
          if (method !== 'HEAD') expect(JSON.parse(text)).toMatchObject({ code: ErrorCodes.methodNotAllowed, message: expect.any(String) });
          checked += 1;
        }
      }
    }
    // Every route contributes: a route table of a few dozen paths gives hundreds of cases.
    expect(checked).toBeGreaterThan(routes.length);
  });

  it('answers QUERY and PATCH /version with 405 naming GET', async () => {
    for (const method of ['QUERY', 'PATCH']) {
      const reply = await fetch(`${running.server.url}/version`, { method });
      expect(reply.status).toBe(405);
      expect(reply.headers.get('allow')).toMatch(/\bGET\b/);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await reply.json()).toMatchObject({ code: ErrorCodes.methodNotAllowed });
    }
  });

  it('still answers 404 for a path that matches no route, whatever the method', async () => {
    for (const method of ['GET', 'QUERY', 'PATCH']) {
      const reply = await fetch(`${running.server.url}/no/such/path/here`, { method });
      expect(reply.status).toBe(404);
      expect(await reply.json()).toMatchObject({ code: ErrorCodes.routeNotFound });
    }
  });
});
