/**
 * Swagger UI in token mode (swagger-ui-page.ts): the page and its scripts load without the token,
 * the document does not, and the page's script takes the token through Authorize (the bearer scheme
 * of the document) before it reads the document. The browser side: e2e/tests/swagger-ui.spec.ts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type MediatorServer } from './build-server.js';
import { BEARER_SCHEME, SWAGGER_TOKEN_SCRIPT_FILE } from './swagger-ui-page.js';
import { silentLog, tempDataDir } from './test-support/test-server.js';

const TOKEN = 'swagger-ui-token-test';
let server: MediatorServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDataDir('swagger-ui-token');
  server = await buildServer({ dataDir, logStream: silentLog(), authToken: TOKEN });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Swagger UI in token mode', () => {
  it('serves the page and its token script without the token, under the strict UI policy', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/swagger/' });
    expect(page.statusCode).toBe(200);
    // The token script runs after the plugin's initializer, so its window.onload is the one kept.
    expect(page.body.indexOf('swagger-initializer.js')).toBeGreaterThan(0);
    expect(page.body.indexOf(`theme/${SWAGGER_TOKEN_SCRIPT_FILE}`)).toBeGreaterThan(page.body.indexOf('swagger-initializer.js'));
    const script = await server.app.inject({ method: 'GET', url: `/swagger/static/theme/${SWAGGER_TOKEN_SCRIPT_FILE}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    for (const reply of [page, script]) {
      const policy = String(reply.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).toContain("frame-ancestors 'none'");
    }
    // What the script relies on: the bearer scheme's name, the interceptor, the stand-in document.
    expect(script.body).toContain(JSON.stringify(BEARER_SCHEME));
    expect(script.body).toContain('requestInterceptor: withToken');
    expect(script.body).toContain('response.status === 401');
  });

  it('keeps the document behind the token, and declares the bearer scheme the page authorizes with', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/swagger/json' })).statusCode).toBe(401);
    const reply = await server.app.inject({ method: 'GET', url: '/swagger/json', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    const document = JSON.parse(reply.body) as { components: { securitySchemes: Record<string, unknown> }; security: unknown; info: { description: string } };
    expect(document.components.securitySchemes[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{}, { [BEARER_SCHEME]: [] }]);
    expect(document.info.description).toMatch(/Authorize/);
  });
});
