/**
 * XML that arrives JSON-quoted (a typed client JSON-encoded the text and sent it as
 * application/xml) gets a 400 that says so on every XML route, instead of the XML reader's "text
 * before the root element". Real server, real port; every answer is checked against the served
 * OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { LEGACY } from '../../test-support/legacy-alignment.js';
import type { RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let running: TestServer;
let server: RunningServer;

beforeAll(async () => {
  running = await startTestServer('json-quoted');
  server = running.server;
});

afterAll(async () => {
  await running.stop();
});

const coFiware = readData('alignments/CO_FIWARE.rdf');

/** Every route that takes an XML body, with a document it accepts when sent raw. */
const XML_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/alignments', coFiware],
  ['/validate', coFiware],
  ['/view', coFiware],
  ['/convert', LEGACY],
  ['/convert/TTL', coFiware],
  ['/convert/RDFXML', coFiware],
];

async function post(path: string, body: string, contentType = 'application/xml'): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(server.url + path, { method: 'POST', body, headers: { 'content-type': contentType } });
  const text = await r.text();
  return {
    status: r.status,
    json: r.headers.get('content-type')?.startsWith('application/json') === true ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

describe('XML sent as a JSON string', () => {
  it.each(XML_ROUTES)('POST %s answers 400 XML_JSON_QUOTED saying to send the raw XML', async (path, xml) => {
    const reply = await post(path, JSON.stringify(xml));
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('XML_JSON_QUOTED');
    expect(reply.json.message).toMatch(/JSON-quoted/);
    expect(reply.json.message).toMatch(/raw XML text/);
  });

  it.each(XML_ROUTES)('POST %s still takes the same document sent raw', async (path, xml) => {
    const reply = await post(path, path === '/alignments' ? xml.replace('CO_FIWARE_align', 'raw-after-quoted') : xml);
    expect(reply.status).toBeLessThan(300);
  });

  it('refuses it under every XML media type, with surrounding whitespace', async () => {
    for (const type of ['text/xml', 'application/rdf+xml']) {
      const reply = await post('/validate', `\n${JSON.stringify(coFiware)}\n`, type);
      expect({ status: reply.status, code: reply.json.code }).toEqual({ status: 400, code: 'XML_JSON_QUOTED' });
    }
  });

  it('leaves a body that starts with a quote but is not a JSON string to the XML reader', async () => {
    const reply = await post('/validate', `"${coFiware}`);
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe('XML_MALFORMED');
  });
});
