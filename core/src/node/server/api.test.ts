/**
 * The wire contract (../shared/spec/CONTRACT.md), every row, against a real server on a real port
 * with a real SQLite file in a fresh data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/index.js';
import { goldenFile, goldenPairs, readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

let server: RunningServer;
let dataDir: string;
let logText = '';
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logText += chunk.toString();
    done();
  },
});

const coFiware = readData('alignments/CO_FIWARE.rdf');
const universaal = readData('alignments/UniversAAL_CO.rdf');
const bodyCloud = readData('alignments/BodyCloud_CO.rdf');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mediator-api-'));
  server = await startServer({ dataDir, port: 0, logStream });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> & Array<Record<string, unknown>>;
}

async function call(method: string, path: string, body?: string, contentType?: string): Promise<Reply> {
  const response = await fetch(server.url + path, {
    method,
    ...(body === undefined ? {} : { body }),
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });
  const text = await response.text();
  let json: Reply['json'];
  try {
    json = JSON.parse(text) as Reply['json'];
  } catch {
    json = undefined as unknown as Reply['json'];
  }
  return { status: response.status, headers: response.headers, text, json };
}

const xml = (path: string, body: string) => call('POST', path, body, 'application/xml');
const json = (method: string, path: string, body: unknown) => call(method, path, JSON.stringify(body), 'application/json');

/** Every non-2xx answer: JSON with a message and a machine code. */
function expectError(reply: Reply, status: number, code?: string): void {
  expect({ status: reply.status, type: reply.headers.get('content-type')?.split(';')[0] }).toEqual({ status, type: 'application/json' });
  expect(typeof reply.json.message).toBe('string');
  expect(typeof reply.json.code).toBe('string');
  if (code !== undefined) expect(reply.json.code).toBe(code);
}

function renamed(text: string, name: string, version?: string): string {
  let out = text.replace(/<dcelem:title>[^<]*<\/dcelem:title>/, `<dcelem:title>${name}</dcelem:title>`);
  if (version !== undefined) out = out.replace(/<exmo:version>[^<]*<\/exmo:version>/, `<exmo:version>${version}</exmo:version>`);
  return out;
}

describe('POST /alignments', () => {
  it('201 on upload, 208 on the same again, 208 when only whitespace differs, 409 on different content', async () => {
    const first = await xml('/alignments', coFiware);
    expect(first.status).toBe(201);
    expect(first.json.message).toBe('Alignment with AlignmentID(CO_FIWARE_align,1.0) uploaded successfully');
    const again = await xml('/alignments', coFiware);
    expect(again.status).toBe(208);
    expect(again.json.message).toBe('Alignment with AlignmentID(CO_FIWARE_align,1.0) already exists');
    const spaced = await xml('/alignments', coFiware.replace(/\n {8}/g, '\n\t\t  '));
    expect(spaced.status).toBe(208);
    const different = await xml('/alignments', coFiware.replace('fw:hasType "WeighingScale"', 'fw:hasType "Scale"'));
    expectError(different, 409, 'CONFLICT');
    expect(different.json.message).toBe('Alignment with AlignmentID(CO_FIWARE_align,1.0) already exists but has a different content');
  });

  it('400 with every problem, positioned, for an invalid alignment', async () => {
    const broken = renamed(coFiware, 'broken')
      .replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ] .')
      .replace('sripas#cell1"', 'sripas#missing"');
    const reply = await xml('/alignments', broken);
    expectError(reply, 400, 'INVALID_ALIGNMENT');
    expect(reply.json.message).toMatch(/^Error validating alignment with AlignmentID\(broken,1\.0\):\n\t- {2}line \d+/);
    const problems = reply.json.problems as Array<Record<string, unknown>>;
    expect(problems.map((p) => p.code)).toEqual(expect.arrayContaining(['CELL_TURTLE_SYNTAX', 'STEP_UNKNOWN_CELL']));
    for (const p of problems.filter((x) => x.severity === 'error')) expect(p.line).toBeGreaterThan(0);
  });

  it('refuses hostile XML: external entity and entity bomb', async () => {
    const xxe = renamed(coFiware, 'xxe').replace('<!ENTITY sripas', '<!ENTITY x SYSTEM "file:///etc/passwd">\n<!ENTITY sripas');
    expectError(await xml('/alignments', xxe), 400, 'XML_EXTERNAL_ENTITY');
    const levels = ['<!ENTITY a0 "aaaaaaaaaa">'];
    for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`);
    const bomb = renamed(coFiware, 'bomb')
      .replace('<!ENTITY sripas', `${levels.join('\n')}\n<!ENTITY sripas`)
      .replace('>SRIPAS<', '>&a9;<');
    expectError(await xml('/alignments', bomb), 400, 'XML_ENTITY_LIMIT');
    expectError(await xml('/validate', xxe), 400, 'XML_EXTERNAL_ENTITY');
    expectError(await xml('/convert/TTL', xxe), 500, 'XML_EXTERNAL_ENTITY');
    expectError(await xml('/convert', xxe), 500, 'XML_EXTERNAL_ENTITY');
  });

  it('415 for a wrong content type, 400 for an empty body, 413 for 20 MiB', async () => {
    expectError(await call('POST', '/alignments', coFiware, 'text/plain'), 415);
    expectError(await call('POST', '/alignments', JSON.stringify({ a: 1 }), 'application/json'), 415);
    expectError(await call('POST', '/alignments', '', 'application/xml'), 400);
    const huge = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><!--${'x'.repeat(20 * 1024 * 1024)}--></rdf:RDF>`;
    expectError(await xml('/alignments', huge), 413, 'BODY_TOO_LARGE');
  });

  it('concurrent identical uploads: exactly one 201, the rest 208', async () => {
    const text = renamed(coFiware, 'concurrent');
    const replies = await Promise.all(Array.from({ length: 12 }, () => xml('/alignments', text)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 208)).toHaveLength(11);
  });
});

describe('GET and DELETE /alignments/{name}/{version}', () => {
  const name = 'Nâme with spaces/ünïcode';
  const version = 'v 1.0 ß';
  const path = `/alignments/${encodeURIComponent(name)}/${encodeURIComponent(version)}`;

  it('stores, lists, returns byte-for-byte and deletes names with spaces and non-ASCII', async () => {
    const text = renamed(universaal, name.replace('/', '&#47;'), version).replace(/\n/g, '\r\n');
    expect((await xml('/alignments', text)).status).toBe(201);
    const list = await call('GET', '/alignments?details=true');
    expect(list.status).toBe(200);
    const info = list.json.find((a) => a.name === name);
    expect(info).toMatchObject({
      name,
      version,
      sourceOntologyURI: 'http://ontology.universAAL.org/Context.owl#',
      targetOntologyURI: 'http://inter-iot.eu/GOIoTPex#',
      creator: expect.any(String),
      description: expect.any(String),
      cellCount: 9,
    });
    expect(typeof info!.id).toBe('number');
    expect(typeof info!.date).toBe('number');
    expect(info!.descId).toBe(`[${name}] [${version}] : http://ontology.universAAL.org/Context.owl# -> http://inter-iot.eu/GOIoTPex#`);

    const got = await call('GET', path);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(got.text).toBe(text);

    expect((await call('DELETE', path)).status).toBe(204);
    expectError(await call('GET', path), 400, 'NOT_FOUND');
    expect((await call('GET', path)).json.message).toBe(`Alignment with AlignmentID(${name},${version}) not found`);
    expectError(await call('DELETE', path), 400, 'NOT_FOUND');
  });

  it('refuses to delete an alignment a channel uses, with the reason', async () => {
    expect((await xml('/alignments', renamed(bodyCloud, 'in-use'))).status).toBe(201);
    const created = await json('POST', '/channels', {
      source: 'in-use-src',
      sink: 'in-use-sink',
      inpAlignmentName: 'in-use',
      inpAlignmentVersion: '2.0.2',
      outAlignmentName: '',
      outAlignmentVersion: '',
    });
    expect(created.status).toBe(201);
    const refused = await call('DELETE', '/alignments/in-use/2.0.2');
    expectError(refused, 400, 'IN_USE');
    expect(refused.json.message).toMatch(/is used by an active channel \(channel \d+\)/);
    expect((await call('DELETE', `/channels/${created.json.id as number}`)).status).toBe(204);
    expect((await call('DELETE', '/alignments/in-use/2.0.2')).status).toBe(204);
  });
});

describe('POST /validate', () => {
  it('201 with warnings for a valid alignment, 400 for an invalid one, nothing stored', async () => {
    const ok = await xml('/validate', renamed(coFiware, 'validated-only'));
    expect(ok.status).toBe(201);
    expect(ok.json.message).toBe('Alignment with AlignmentID(validated-only,1.0) validated successfully');
    expect((ok.json.warnings as unknown[]).length).toBeGreaterThan(0);
    expectError(await xml('/validate', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>'), 400, 'INVALID_ALIGNMENT');
    expectError(await xml('/validate', '<unclosed>'), 400, 'XML_MALFORMED');
    // Every problem, each with its code, severity, message, line, column and cell.
    const broken = renamed(coFiware, 'validated-broken')
      .replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ] .')
      .replace('sripas#cell1"', 'sripas#missing"');
    const refused = await xml('/validate', broken);
    expectError(refused, 400, 'INVALID_ALIGNMENT');
    const problems = refused.json.problems as Array<Record<string, unknown>>;
    expect(problems.map((p) => p.code)).toEqual(expect.arrayContaining(['CELL_TURTLE_SYNTAX', 'STEP_UNKNOWN_CELL']));
    const turtleLine = broken.slice(0, broken.indexOf('phd:WeighingScale ] .')).split('\n').length;
    const turtle = problems.find((p) => p.code === 'CELL_TURTLE_SYNTAX')!;
    expect(turtle).toMatchObject({ severity: 'error', line: turtleLine, column: expect.any(Number), message: expect.any(String) });
    expect(typeof turtle.cellId).toBe('string');
    for (const p of problems)
      expect({ code: p.code, line: typeof p.line, column: typeof p.column }).toEqual({ code: p.code, line: 'number', column: 'number' });
    const list = await call('GET', '/alignments');
    expect(list.json.some((a) => a.name === 'validated-only')).toBe(false);
  });

  it('answers a text it read before (an upload, an earlier validation) with the same reply, and still refuses a broken one each time', async () => {
    const text = renamed(coFiware, 'validated-again');
    const uploaded = await xml('/alignments', text);
    expect(uploaded.status).toBe(201);
    const replies = [await xml('/validate', text), await xml('/validate', text)];
    for (const r of replies) {
      expect(r.status).toBe(201);
      expect(r.json.message).toBe('Alignment with AlignmentID(validated-again,1.0) validated successfully');
      expect(r.json.warnings).toEqual(uploaded.json.warnings);
    }
    expect(replies[1]!.text).toBe(replies[0]!.text);
    const broken = text.replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ] .');
    for (let i = 0; i < 2; i++) expectError(await xml('/validate', broken), 400, 'INVALID_ALIGNMENT');
  });
});

describe('POST /convert and /convert/TTL', () => {
  it('converts Turtle cells to RDF/XML and back; the result uploads and validates', async () => {
    const rdfxml = await xml('/convert/RDFXML', renamed(coFiware, 'converted'));
    expect(rdfxml.status).toBe(201);
    expect(rdfxml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(rdfxml.text).toContain('rdfxml');
    const ttl = await xml('/convert/TTL', rdfxml.text);
    expect(ttl.status).toBe(201);
    expect((await xml('/validate', ttl.text)).status).toBe(201);
  });

  it('answers 500 with a JSON body when conversion fails', async () => {
    expectError(await xml('/convert/TTL', '<not-closed'), 500, 'XML_MALFORMED');
    expectError(await xml('/convert', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>'), 500);
  });
});

describe('channels', () => {
  beforeAll(async () => {
    await xml('/alignments', bodyCloud);
  });

  it('creates 0.5-style and 0.4-style channels and lists them with both styles and status', async () => {
    const list0 = await call('GET', '/alignments');
    const bodyCloudId = list0.json.find((a) => a.name === 'BodyCloud_CO_align')!.id as number;
    const v05 = await json('POST', '/channels', {
      source: 'a-src',
      sink: 'a-sink',
      inpAlignmentName: 'BodyCloud_CO_align',
      inpAlignmentVersion: '2.0.2',
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: 2,
    });
    expect(v05.status).toBe(201);
    expect(v05.json.message).toMatch(/^Channel \d+ created successfully$/);
    const v04 = await json('POST', '/channels', { source: 'b-src', sink: 'b-sink', inpAlignmentId: bodyCloudId, outAlignmentId: 0, parallelism: 1 });
    expect(v04.status).toBe(201);
    const list = await call('GET', '/channels?details=true');
    expect(list.status).toBe(200);
    const a = list.json.find((c) => c.id === v05.json.id)!;
    expect(a).toMatchObject({
      source: 'a-src',
      sink: 'a-sink',
      inpAlignmentName: 'BodyCloud_CO_align',
      inpAlignmentVersion: '2.0.2',
      outAlignmentName: '',
      outAlignmentVersion: '',
      inpAlignmentId: bodyCloudId,
      outAlignmentId: 0,
      parallelism: 2,
      status: expect.any(String),
    });
    expect(typeof a.uuid).toBe('string');
    expect(typeof a.consumerGroup).toBe('string');
    expect(a.descId).toBe('a-src -> ({BodyCloud_CO_align}:2.0.2 -> {}:) -> a-sink');
    const b = list.json.find((c) => c.id === v04.json.id)!;
    expect(b).toMatchObject({ inpAlignmentName: 'BodyCloud_CO_align', inpAlignmentVersion: '2.0.2', inpAlignmentId: bodyCloudId });
  });

  it.each([
    ['mixed styles', { source: 's1', sink: 'k1', inpAlignmentId: 1, inpAlignmentName: 'x', inpAlignmentVersion: '1' }],
    ['unknown alignment name', { source: 's2', sink: 'k2', inpAlignmentName: 'nope', inpAlignmentVersion: '1', outAlignmentName: '', outAlignmentVersion: '' }],
    ['unknown alignment id', { source: 's3', sink: 'k3', inpAlignmentId: 99999, outAlignmentId: 0 }],
    ['missing sink', { source: 's4', inpAlignmentName: '', inpAlignmentVersion: '' }],
    ['bad parallelism', { source: 's5', sink: 'k5', parallelism: 0 }],
    ['name without version', { source: 's6', sink: 'k6', inpAlignmentName: 'BodyCloud_CO_align' }],
  ])('400 for %s', async (_label, body) => {
    expectError(await json('POST', '/channels', body), 400);
  });

  it('400 for an existing channel (same source and sink), malformed JSON; 415 for text', async () => {
    const body = { source: 'dup-src', sink: 'dup-sink', inpAlignmentName: '', inpAlignmentVersion: '', outAlignmentName: '', outAlignmentVersion: '' };
    expect((await json('POST', '/channels', body)).status).toBe(201);
    expectError(await json('POST', '/channels', body), 400, 'INVALID_CHANNEL');
    expectError(await call('POST', '/channels', '{"source": ', 'application/json'), 400, 'MALFORMED_BODY');
    expectError(await call('POST', '/channels', 'source=x', 'text/plain'), 415);
  });

  it('a body that is not JSON is refused saying where, by line and column (issue 39: not Fastify\'s bare "Body is not valid JSON")', async () => {
    for (const [path, text, line, column] of [
      ['/channels', '{ x', 1, 3],
      ['/topics/tester/messages', '{\n  "a": 1,\n  "b": tru\n}', 3, 11],
    ] as const) {
      const reply = await call('POST', path, text, 'application/json');
      expectError(reply, 400, 'MALFORMED_BODY');
      expect(reply.json.message).toMatch(new RegExp(`^The request body is not JSON: line ${line}, column ${column}: `));
      expect(reply.json.message).not.toMatch(/position|content-type/);
      expect(reply.json).toMatchObject({ line, column });
    }
  });

  it('DELETE: 204, then 400 not found; 400 for a non-integer id', async () => {
    const created = await json('POST', '/channels', { source: 'del-src', sink: 'del-sink' });
    const id = created.json.id as number;
    expect((await call('DELETE', `/channels/${id}`)).status).toBe(204);
    const again = await call('DELETE', `/channels/${id}`);
    expectError(again, 400, 'NOT_FOUND');
    expect(again.json.message).toBe(`Channel with identifier "${id}" not found, already deleted?`);
    expectError(await call('DELETE', '/channels/abc'), 400);
  });
});

describe('POST /translation', () => {
  beforeAll(async () => {
    for (const text of [coFiware, universaal, bodyCloud]) await xml('/alignments', text);
  });

  it('translates every golden message with its alignment chain to the golden payload', async () => {
    const list = await call('GET', '/alignments');
    const byFile: Record<string, { name: string; version: string }> = {};
    for (const file of ['CO_FIWARE', 'UniversAAL_CO', 'BodyCloud_CO']) {
      const title = /<dcelem:title>([^<]*)</.exec(readData(`alignments/${file}.rdf`))![1]!;
      const info = list.json.find((a) => a.name === title)!;
      byFile[`alignments/${file}.rdf`] = { name: info.name as string, version: info.version as string };
    }
    for (const pair of goldenPairs()) {
      const input = readData(pair.message);
      const reply = await json('POST', '/translation', { alignIDs: pair.alignments.map((f) => byFile[f]), graphStr: input });
      expect({ pair: pair.pair, status: reply.status }).toEqual({ pair: pair.pair, status: 200 });
      if (pair.outputPayloadTriples < 0) {
        expect(reply.json).toEqual({ message: 'Message with empty payload received - no translation applied', graphStr: input });
        continue;
      }
      expect(reply.json.message).toBe('Message translation successful');
      const out = await readMessage(reply.json.graphStr as string);
      const payload = out.quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
      const expected = new Parser({ format: 'N-Triples' }).parse(goldenFile(pair.pair, 'output-payload.nt')) as unknown as RDF.Quad[];
      expect({ pair: pair.pair, isomorphic: isomorphic(payload, expected) }).toEqual({ pair: pair.pair, isomorphic: true });
    }
  });

  it('lists the compiled cells of a stored alignment', async () => {
    const reply = await call('GET', '/alignments/CO_FIWARE_align/1.0/cells');
    expect(reply.status).toBe(200);
    const cells = reply.json.cells as Array<{ id: string; sparql: string; line: number }>;
    expect(cells.map((c) => c.id)).toContain('cell5_metadata');
    expect(cells.find((c) => c.id === 'cell0')!.sparql).toMatch(/DELETE \{[\s\S]*\} WHERE \{/);
    expect((reply.json.steps as unknown[]).length).toBe(11);
    expectError(await call('GET', '/alignments/nope/1/cells'), 400, 'NOT_FOUND');
  });

  it('adds the trace on request', async () => {
    const reply = await json('POST', '/translation?trace=true', {
      alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }],
      graphStr: readData('messages/weight.UniversAAL_CO.json'),
    });
    expect(reply.status).toBe(200);
    expect((reply.json.trace as unknown[]).length).toBe(11);
  });

  it('400 with an empty graphStr for an unknown alignment, a message that is not JSON, a bad body', async () => {
    const unknown = await json('POST', '/translation', { alignIDs: [{ name: 'nope', version: '1' }], graphStr: readData('messages/weight.json') });
    expectError(unknown, 400, 'NOT_FOUND');
    expect(unknown.json).toMatchObject({ message: 'Cannot instantiate alignment with AlignmentID(nope,1)', graphStr: '' });
    const notJson = await json('POST', '/translation', { alignIDs: [], graphStr: '{ not json' });
    expectError(notJson, 400, 'MESSAGE_NOT_JSON');
    expect(notJson.json.message).toMatch(/^Exception parsing message: /);
    expect(notJson.json.graphStr).toBe('');
    const badBody = await json('POST', '/translation', { alignIDs: [{ name: 'x' }] });
    expectError(badBody, 400, 'INVALID_REQUEST');
    expect(badBody.json.graphStr).toBe('');
  });
});

describe('logging and version', () => {
  it('reads and really changes the level; refuses unknown levels', async () => {
    const initial = await call('GET', '/logging');
    expect(initial.json).toEqual({ message: 'IPSM root logging level retrieved', level: 'INFO' });
    const set = await call('POST', '/logging/WARN');
    expect(set.json).toEqual({ message: 'IPSM root logging level set', level: 'WARN' });
    expect(logText).toMatch(/"msg":"incoming request"/);
    const before = logText.length;
    await call('GET', '/no-such-route');
    expect(logText.slice(before)).not.toMatch(/request completed/);
    expectError(await call('POST', '/logging/loud'), 400, 'INVALID_LOG_LEVEL');
    expect((await call('POST', '/logging/info')).json.level).toBe('INFO');
    await call('GET', '/no-such-route');
    expect(logText.slice(before)).toMatch(/request completed/);
  });

  it.each(['all', 'TRACE', 'Debug', 'info', 'WARN', 'error', 'OFF'])('sets level %s, in any case', async (level) => {
    const set = await call('POST', `/logging/${level}`);
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ message: 'IPSM root logging level set', level: level.toUpperCase() });
    expect((await call('GET', '/logging')).json.level).toBe(level.toUpperCase());
    const before = logText.length;
    await call('GET', '/no-such-route');
    // Requests that fail are logged at info: seen at all/trace/debug/info, not above.
    expect(/request completed/.test(logText.slice(before))).toBe(['ALL', 'TRACE', 'DEBUG', 'INFO'].includes(level.toUpperCase()));
    await call('POST', '/logging/info');
  });

  it('logs successful reads (the workbench polling) at debug, writes and failures at info', async () => {
    const lines = (from: number) =>
      logText
        .slice(from)
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    let before = logText.length;
    for (const path of ['/channels', '/version', '/alignments', '/logging']) await call('GET', path);
    expect(lines(before).filter((l) => /request/.test(l.msg))).toEqual([]);
    await call('GET', '/alignments/none/1');
    await call('POST', '/logging/info');
    const shown = lines(before);
    expect(shown.some((l) => l.msg === 'request completed' && l.res?.statusCode === 400)).toBe(true);
    expect(shown.some((l) => l.msg === 'incoming request' && l.req?.method === 'POST' && l.req.url === '/logging/info')).toBe(true);
    expect((await call('POST', '/logging/debug')).status).toBe(200);
    before = logText.length;
    await call('GET', '/channels');
    expect(lines(before).some((l) => l.msg === 'incoming request' && l.req?.url === '/channels' && l.level === 20)).toBe(true);
    await call('POST', '/logging/info');
  });

  it('reports the version', async () => {
    const reply = await call('GET', '/version');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ name: 'mediator-workbench', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});

describe('framework errors are JSON', () => {
  it('404 for an unknown path, 405 with Allow for a wrong method', async () => {
    expectError(await call('GET', '/nothing-here'), 404, 'ROUTE_NOT_FOUND');
    const wrong = await call('PUT', '/alignments');
    expectError(wrong, 405, 'METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toMatch(/GET/);
    expectError(await call('GET', '/channels/1'), 405);
  });
});

describe('OpenAPI and Swagger UI', () => {
  it('serves the interactive page and the document offline', async () => {
    const page = await call('GET', '/swagger/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/swagger/i);
    expect(page.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"']*\.js/);
    // Every script and stylesheet the page loads is served by this server itself.
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const reply = await fetch(new URL(asset, `${server.url}/swagger/`));
      const body = await reply.text();
      expect({ asset, status: reply.status, empty: body.length === 0 }).toEqual({ asset, status: 200, empty: false });
    }
  });

  it('documents every route of the server and nothing else', async () => {
    const doc = (await call('GET', '/swagger/json')).json as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    const served = new Set(server.routeTable().map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
    expect([...served].sort()).toEqual([...documented].sort());
    const expected = [
      'POST /alignments',
      'GET /alignments',
      'GET /alignments/{name}/{version}',
      'DELETE /alignments/{name}/{version}',
      'GET /alignments/{name}/{version}/cells',
      'GET /alignments/{name}/{version}/view',
      'GET /alignment-diff',
      'POST /view',
      'POST /validate',
      'POST /convert',
      'POST /convert/TTL',
      'POST /convert/RDFXML',
      'POST /channels',
      'GET /channels',
      'DELETE /channels/{channelId}',
      'POST /translation',
      'POST /translation-preview',
      'GET /logging',
      'POST /logging/{level}',
      'GET /version',
      'GET /platforms/{platformId}/topics',
      'POST /platforms/{platformId}/channels',
      'POST /topics/{topic}/messages',
      'GET /topics/{topic}/messages',
      'GET /api-history/samples',
      'GET /api-history/samples/{version}',
      'POST /api-history/diff',
      'POST /bridge-checks/version',
      'POST /bridge-checks/middleware-version',
      'POST /bridge-checks/copy-commands',
      'POST /bridge-checks/log',
      'GET /bridge-checks/platform-channels',
      'GET /bridges',
      'GET /bridges/{bridgeId}',
      'PUT /bridges/{bridgeId}',
      'DELETE /bridges/{bridgeId}',
      // Issue 12: test suites and coverage.
      'GET /suites',
      'POST /suites',
      'GET /suites/{suite}',
      'DELETE /suites/{suite}',
      'POST /suites/{suite}/cases',
      'DELETE /suites/{suite}/cases/{case}',
      'POST /suites/{suite}/run',
      'POST /suites/{suite}/cases/{case}/run',
      'GET /suites/{suite}/files',
      'PUT /suites/{suite}/files',
      'POST /coverage',
      'GET /channels/{channelId}/coverage',
      // Issue 30: cells from examples.
      'POST /suggestions',
      // Issue 28: Prometheus metrics.
      'GET /metrics',
      // Issue 31: the successor's (STE 1.0) liveness and info, and every IPSM operation under /v1.
      'GET /health',
      'GET /info',
      'POST /v1/alignments',
      'GET /v1/alignments',
      'GET /v1/alignments/{name}/{version}',
      'DELETE /v1/alignments/{name}/{version}',
      'POST /v1/validate',
      'POST /v1/convert',
      'POST /v1/convert/TTL',
      'POST /v1/convert/RDFXML',
      'POST /v1/channels',
      'GET /v1/channels',
      'DELETE /v1/channels/{channelId}',
      'POST /v1/translation',
      'GET /v1/logging',
      'POST /v1/logging/{level}',
      'GET /v1/version',
      'GET /v1/health',
      'GET /v1/info',
      'GET /v1/api-export/openapi',
    ];
    expect([...documented].sort()).toEqual([...expected].sort());
    // Every operation: a stable operationId, and its errors documented as the JSON the server sends
    // (issue 14: XML routes documented their errors as application/xml), 401 and 421 included.
    const operationIds: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops) as Array<
        [string, { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> }]
      >) {
        operationIds.push(op.operationId ?? `(none: ${method} ${path})`);
        const errors = Object.entries(op.responses).filter(([s]) => s.startsWith('4') || s.startsWith('5'));
        expect({
          op: `${method} ${path}`,
          statuses: errors.map(([s]) => s).filter((s) => s === '401' || s === '421'),
          types: [...new Set(errors.flatMap(([, r]) => Object.keys(r.content ?? {})))],
        }).toEqual({
          op: `${method} ${path}`,
          statuses: ['401', '421'],
          types: ['application/json'],
        });
      }
    }
    expect(operationIds.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });
});
