/**
 * Conversion and hostile input over the wire (server issue): POST /convert turns a legacy
 * alignment into IPSM-AF that uploads and translates; POST /convert/TTL keeps every cell's meaning,
 * shown by translating every golden message through converted alignments only; hostile XML is
 * refused on every route that reads XML, and nothing is stored. Real server, real port.
 */
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/index.js';
import { goldenFile, goldenPairs, readData } from '../../test-support/shared-data.js';
import { LEGACY } from '../../test-support/legacy-alignment.js';
import type { RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('convert');
  server = running.server;
});

afterAll(async () => {
  await running.stop();
});

interface Reply {
  status: number;
  type: string | undefined;
  text: string;
  json: Record<string, unknown>;
}

async function call(method: string, path: string, body?: string | Buffer, contentType = 'application/xml'): Promise<Reply> {
  const r = await fetch(server.url + path, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': contentType } }) });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // XML answers
  }
  return { status: r.status, type: r.headers.get('content-type')?.split(';')[0], text, json };
}

function expectError(reply: Reply, status: number, code?: string): void {
  expect({ status: reply.status, type: reply.type }).toEqual({ status, type: 'application/json' });
  expect(typeof reply.json.message).toBe('string');
  expect(typeof reply.json.code).toBe('string');
  if (code !== undefined) expect(reply.json.code).toBe(code);
}

function payloadOf(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
}

async function translate(alignIDs: Array<{ name: string; version: string }>, message: string, trace = false): Promise<Reply> {
  return call('POST', `/translation${trace ? '?trace=true' : ''}`, JSON.stringify({ alignIDs, graphStr: message }), 'application/json');
}

describe('POST /convert (legacy format)', () => {
  it('201 with IPSM-AF that uploads and translates a real message with every cell firing', async () => {
    const converted = await call('POST', '/convert', LEGACY);
    expect(converted.status).toBe(201);
    expect(converted.type).toBe('application/xml');
    expect(converted.text).toContain('<align:Alignment>');
    expect(converted.text).toContain('http://inter-iot.eu/sripas#rdfxml');

    expect((await call('POST', '/alignments', converted.text)).status).toBe(201);
    const reply = await translate([{ name: 'CO_FIWARE_legacy', version: '0.5' }], readData('messages/weight.UniversAAL_CO.json'), true);
    expect(reply.status).toBe(200);
    const trace = reply.json.trace as Array<{ cellId: string; inserted: number; error?: string }>;
    expect(trace.map((t) => [t.cellId, t.inserted > 0, t.error])).toEqual([
      ['weight_sensor', true, undefined],
      ['weight_value', true, undefined],
    ]);
  });
});

describe('POST /convert/TTL keeps every cell meaning', () => {
  it('RDF/XML cells rewritten as Turtle translate every golden message to the golden payload', async () => {
    const files = [...new Set(goldenPairs().flatMap((p) => p.alignments))];
    const ids: Record<string, { name: string; version: string }> = {};
    for (const file of files) {
      // The real alignments have Turtle cells; /convert/RDFXML makes the RDF/XML input /convert/TTL takes.
      const rdfxml = await call('POST', '/convert/RDFXML', readData(file));
      expect(rdfxml.status).toBe(201);
      expect(rdfxml.text).toContain('http://inter-iot.eu/sripas#rdfxml');
      const turtle = await call('POST', '/convert/TTL', rdfxml.text);
      expect({ file, status: turtle.status, type: turtle.type }).toEqual({ file, status: 201, type: 'application/xml' });
      expect(turtle.text).toContain('http://inter-iot.eu/sripas#turtle');
      expect(turtle.text).not.toContain('http://inter-iot.eu/sripas#rdfxml');
      // Only the converted alignments are stored on this server.
      const uploaded = await call('POST', '/alignments', turtle.text);
      expect({ file, status: uploaded.status }).toEqual({ file, status: 201 });
      const name = /<dcelem:title>([^<]*)</.exec(turtle.text)![1]!;
      const version = /<exmo:version>([^<]*)</.exec(turtle.text)![1]!;
      ids[file] = { name, version };
    }
    let compared = 0;
    for (const pair of goldenPairs()) {
      const input = readData(pair.message);
      const reply = await translate(
        pair.alignments.map((f) => ids[f]!),
        input,
      );
      expect({ pair: pair.pair, status: reply.status }).toEqual({ pair: pair.pair, status: 200 });
      if (pair.outputPayloadTriples < 0) continue;
      const expected = new Parser({ format: 'N-Triples' }).parse(goldenFile(pair.pair, 'output-payload.nt')) as unknown as RDF.Quad[];
      const ours = payloadOf((await readMessage(reply.json.graphStr as string)).quads);
      expect({ pair: pair.pair, isomorphic: isomorphic(ours, expected) }).toEqual({ pair: pair.pair, isomorphic: true });
      compared++;
    }
    expect(compared).toBe(goldenPairs().filter((p) => p.outputPayloadTriples >= 0).length);
  });
});

describe('hostile and oversized input on every XML route', () => {
  const coFiware = readData('alignments/CO_FIWARE.rdf');
  const xxe = coFiware
    .replace('<!ENTITY sripas', '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n<!ENTITY sripas')
    .replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>&xxe;</dcelem:creator>');
  const levels = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 10; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  const bomb = coFiware
    .replace('<!ENTITY sripas', `${levels.join('\n')}\n<!ENTITY sripas`)
    .replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>&lol10;</dcelem:creator>');
  const legacyXxe = LEGACY.replace('<!ENTITY xsd', '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n  <!ENTITY xsd').replace('creator="SRIPAS"', 'creator="&xxe;"');
  const legacyBomb = LEGACY.replace('<!ENTITY xsd', `${levels.join('\n')}\n  <!ENTITY xsd`).replace('creator="SRIPAS"', 'creator="&lol10;"');

  // Validation refuses with 400; conversions fail with the seed's 500; the code says why.
  it.each([
    ['/alignments', 400, xxe, bomb],
    ['/validate', 400, xxe, bomb],
    ['/convert', 500, legacyXxe, legacyBomb],
    ['/convert/TTL', 500, xxe, bomb],
    ['/convert/RDFXML', 500, xxe, bomb],
  ])('%s refuses an external entity and an entity bomb (%i)', async (route, status, external, expansion) => {
    const listed = async () => ((await (await fetch(`${server.url}/alignments`)).json()) as unknown[]).length;
    const before = await listed();
    const refusedXxe = await call('POST', route, external);
    expectError(refusedXxe, status, 'XML_EXTERNAL_ENTITY');
    expect(refusedXxe.text).not.toContain('root:');
    expectError(await call('POST', route, expansion), status, 'XML_ENTITY_LIMIT');
    expect(await listed()).toBe(before);
  });

  it.each(['/convert', '/convert/TTL', '/convert/RDFXML', '/validate'])('%s: 413 for a 20 MiB body, 415 for JSON or text', async (route) => {
    expectError(await call('POST', route, Buffer.alloc(20 * 1024 * 1024, 0x20)), 413, 'BODY_TOO_LARGE');
    expectError(await call('POST', route, '{"xml": "<a/>"}', 'application/json'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await call('POST', route, '<a/>', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('POST /translation: 400 with an empty graphStr for invalid JSON, 415 for text', async () => {
    const malformed = await call('POST', '/translation', '{"alignIDs": [', 'application/json');
    expectError(malformed, 400, 'MALFORMED_BODY');
    expect(malformed.json.graphStr).toBe('');
    expectError(await call('POST', '/translation', 'hello', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
