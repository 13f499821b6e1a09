/**
 * Hostile inputs over a real port (CONTRACT.md, Safety: every input is bounded in the work it can
 * cause). Each case sends an input built from parameters (depth, size, count), so the rule is
 * checked in general rather than for one example, and asserts three things:
 * - the answer comes within a bound, with the expected status and `{message, code}` naming the bound;
 * - a GET /version issued while the hostile request is in flight is answered within a bound;
 * - afterwards the store holds what it held before (GET /alignments is unchanged).
 * The measured times are printed at the end of the run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataDir as sharedData } from '../../test-support/shared-data.js';
import { MAX_ALIGNMENT_NAME_LENGTH, MAX_JSON_DEPTH } from '../../common/index.js';
import { MAX_YAML_ALIAS_VALUES } from '../../common/mw-api-history/yaml-tree.js';
import { MAX_PROPERTY_DEPTH, MAX_PROPERTY_LENGTH } from '../../common/bridge-assistant/maven-properties.js';
import { type RunningServer } from './start-server.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

/** Longest a hostile request may take to be answered. */
const ANSWER_BOUND_MS = 3000;
/** Longest GET /version may take while a hostile request is in flight. */
const VERSION_BOUND_MS = 2000;
/** Small budget of the second server, so the eviction sweep sends megabytes, not gigabytes. */
const SMALL_TOPIC_BUDGET = 1024 * 1024;

const logLines: string[] = [];
let running: TestServer;
let server: RunningServer;
let small: TestServer;
let storedBefore: string;
const measured: string[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  running = await startTestServer('hostile', { logStream: capture });
  server = running.server;
  small = await startTestServer('hostile-small', { topicBudgetBytes: SMALL_TOPIC_BUDGET });
  await uploadNew(server, readFileSync(join(sharedData, 'alignments', 'Port_CO.rdf'), 'utf8'));
  storedBefore = await (await fetch(`${server.url}/alignments`)).text();
});

afterEach(async () => {
  expect(await (await fetch(`${server.url}/alignments`)).text()).toBe(storedBefore);
});

afterAll(async () => {
  await running.stop();
  await small.stop();
  process.stdout.write(`\nHostile inputs (answer ms / parallel GET /version ms):\n${measured.map((m) => `  ${m}`).join('\n')}\n`);
});

interface Outcome {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly answerMs: number;
  readonly versionMs: number;
}

/**
 * Sends the hostile request, then, once it is on its way, times a GET /version; asserts both
 * bounds and records the times under `label`.
 */
async function hostile(label: string, path: string, body: string | Buffer, contentType: string, target: RunningServer = server): Promise<Outcome> {
  const started = performance.now();
  const answer = fetch(`${target.url}${path}`, { method: 'POST', body, headers: { 'content-type': contentType } }).then(async (r) => ({
    status: r.status,
    text: await r.text(),
    at: performance.now(),
  }));
  await new Promise((resolve) => setTimeout(resolve, 20));
  const versionStarted = performance.now();
  const version = await fetch(`${target.url}/version`);
  const versionMs = performance.now() - versionStarted;
  expect(version.status).toBe(200);
  const reply = await answer;
  const answerMs = reply.at - started;
  measured.push(`${label}: ${reply.status} in ${answerMs.toFixed(0)} ms / ${versionMs.toFixed(0)} ms`);
  expect(answerMs, label).toBeLessThan(ANSWER_BOUND_MS);
  expect(versionMs, label).toBeLessThan(VERSION_BOUND_MS);
  return { status: reply.status, body: JSON.parse(reply.text) as Record<string, unknown>, answerMs, versionMs };
}

const json = (value: unknown): string => JSON.stringify(value);

/** 1. A "billion laughs": `levels` anchors, each a list of `width` aliases of the one before. */
function laughs(levels: number, width: number): string {
  const lines = ['swagger: "2.0"', 'a0: &a0 "lol"'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('1. YAML aliases (POST /api-history/diff)', () => {
  it.each([
    [9, 10],
    [30, 2],
    [5, 100],
  ])('a billion-laughs document of %i levels x %i aliases is refused with 400 YAML_ALIAS_LIMIT', async (levels, width) => {
    const text = laughs(levels, width);
    const r = await hostile(
      `YAML ${levels}x${width} (${text.length} B)`,
      '/api-history/diff',
      json({ old: { text, name: 'bomb.yaml' }, new: { sample: '1.0' } }),
      'application/json',
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'YAML_ALIAS_LIMIT', message: expect.stringContaining(String(MAX_YAML_ALIAS_VALUES)) as unknown });
  });

  it.each([MAX_JSON_DEPTH + 1, 100_000])('YAML nested %i deep is refused with 400', async (depth) => {
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const r = await hostile(`YAML nested ${depth}`, '/api-history/diff', json({ old: { text }, new: { sample: '1.0' } }), 'application/json');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'NESTING_LIMIT', message: expect.stringContaining('512') as unknown });
  });
});

/** 2. A POM whose property `p{links}` is `p{links-1}` written `width` times, down to `p0`. */
function chainedPom(links: number, width: number): string {
  const properties = [`<p0>1.0</p0>`];
  for (let i = 1; i <= links; i++) properties.push(`<p${i}>${`\${p${i - 1}}`.repeat(width)}</p${i}>`);
  return `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>
<properties>${properties.join('')}</properties>
<dependencies><dependency><groupId>eu.interiot.intermw</groupId><artifactId>mw.bridges.api</artifactId><version>\${p${links}}</version></dependency></dependencies></project>`;
}

describe('2. Maven properties (POST /bridge-checks/version)', () => {
  it.each([
    [30, 2],
    [25, 3],
    [200, 2],
    [12, 10],
  ])('a chain of %i properties, each %i of the one before, is refused with 400 POM_PROPERTY_LIMIT', async (links, width) => {
    const pom = chainedPom(links, width);
    const r = await hostile(`POM ${links}x${width} (${pom.length} B)`, '/bridge-checks/version', json({ pom, middlewareVersion: '2.5.0' }), 'application/json');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('POM_PROPERTY_LIMIT');
    expect(r.body.message).toMatch(new RegExp(`${MAX_PROPERTY_LENGTH} characters|${MAX_PROPERTY_DEPTH} properties deep`));
  });
});

describe('3. Start-up log (POST /bridge-checks/log)', () => {
  const UNITS = ['Following bridges have been found: [', "Configuration file '", 'Bridge x for platform type ', 'No bridge is registered for platform type a '];
  it.each([
    [720 * 1024, true],
    [1024 * 1024, false],
    [4 * 1024 * 1024, false],
  ])('%i bytes of message prefixes without their ends (many lines: %s) are read in linear time: 200', async (bytes, manyLines) => {
    const unit = UNITS.join(' ');
    const body = Array.from({ length: Math.ceil(bytes / unit.length) }, () => unit).join(manyLines ? '\n' : ' ');
    const r = await hostile(
      `log ${bytes} B, ${manyLines ? 'many lines' : 'one line'}`,
      '/bridge-checks/log',
      json({ log: `Registering bridges...\n${body}` }),
      'application/json',
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ started: true, finished: false });
  });
});

describe('4. Retained test messages (POST /topics/{topic}/messages)', () => {
  it.each([
    [64 * 1024, 3],
    [300 * 1024, 2],
  ])('messages of %i bytes on %i topics, 3x the budget in all, keep within the budget, newest kept', async (size, topics) => {
    const count = Math.ceil((3 * SMALL_TOPIC_BUDGET) / size);
    const message = (i: number): string => json({ i, pad: 'x'.repeat(size) });
    for (let i = 0; i < count - 1; i++) {
      const r = await fetch(`${small.server.url}/topics/t${i % topics}/messages`, {
        method: 'POST',
        body: message(i),
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status).toBe(202);
    }
    const last = await hostile(
      `topics ${count} x ${size} B`,
      `/topics/t${(count - 1) % topics}/messages`,
      message(count - 1),
      'application/json',
      small.server,
    );
    expect(last.status).toBe(202);
    let bytes = 0;
    const kept: number[] = [];
    for (let t = 0; t < topics; t++) {
      const list = (await (await fetch(`${small.server.url}/topics/t${t}/messages?limit=1000`)).json()) as Array<{ value: string }>;
      for (const m of list) {
        bytes += m.value.length;
        kept.push((JSON.parse(m.value) as { i: number }).i);
      }
    }
    expect(bytes).toBeLessThanOrEqual(SMALL_TOPIC_BUDGET);
    expect(kept).toContain(count - 1);
    expect(kept).not.toContain(0);
  });

  it('a single message over the whole budget gets 413 TOPIC_MESSAGE_TOO_LARGE naming the budget', async () => {
    const r = await hostile(
      'topic message over budget',
      '/topics/big/messages',
      json({ pad: 'x'.repeat(SMALL_TOPIC_BUDGET) }),
      'application/json',
      small.server,
    );
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'TOPIC_MESSAGE_TOO_LARGE', message: expect.stringContaining(String(SMALL_TOPIC_BUDGET)) as unknown });
  });
});

/** JSON nested `depth` deep: `{"a":[[[...]]]}`. */
const nested = (depth: number): string => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

describe('6. JSON nesting', () => {
  const depths = [MAX_JSON_DEPTH + 1, 100_000];
  it.each(depths)('a JSON body nested %i deep gets 400 NESTING_LIMIT on every JSON route', async (depth) => {
    for (const path of ['/translation', '/channels', '/topics/t/messages', '/bridge-checks/log', '/api-history/diff']) {
      const r = await hostile(`JSON body ${depth} deep to ${path}`, path, nested(depth), 'application/json');
      expect(r.status, path).toBe(400);
      expect(r.body, path).toMatchObject({ code: 'NESTING_LIMIT', message: expect.stringContaining(String(MAX_JSON_DEPTH)) as unknown });
    }
  });

  it.each(depths)('a JSON-LD message (graphStr) nested %i deep gets 400 NESTING_LIMIT', async (depth) => {
    const r = await hostile(`graphStr ${depth} deep`, '/translation', json({ alignIDs: [], graphStr: nested(depth) }), 'application/json');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'NESTING_LIMIT', graphStr: '' });
  });

  it('JSON nested exactly to the limit is still read', async () => {
    const r = await fetch(`${server.url}/api-history/diff`, { method: 'POST', body: nested(MAX_JSON_DEPTH), headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { code: string }).code).toBe('INVALID_REQUEST');
  });
});

/** An alignment named `name`, version `version`: the Port_CO sample with its title and version replaced. */
function renamed(name: string, version: string): string {
  const text = readFileSync(join(sharedData, 'alignments', 'Port_CO.rdf'), 'utf8');
  return text
    .replace('<dcelem:title>Port_CO</dcelem:title>', `<dcelem:title>${name}</dcelem:title>`)
    .replace('<exmo:version>2.5</exmo:version>', `<exmo:version>${version}</exmo:version>`);
}

describe('7. Alignment names and versions', () => {
  it.each([
    ['name', MAX_ALIGNMENT_NAME_LENGTH + 1],
    ['name', 100_000],
    ['version', 3000],
  ])('a %s of %i characters is refused with 400 NAME_TOO_LONG', async (part, length) => {
    const long = 'n'.repeat(length);
    const r = await hostile(`${part} of ${length} chars`, '/alignments', part === 'name' ? renamed(long, '1') : renamed('Long', long), 'application/xml');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'NAME_TOO_LONG', message: expect.stringContaining(String(MAX_ALIGNMENT_NAME_LENGTH)) as unknown });
  });

  it('a name of the longest allowed length, in three-byte characters, can be uploaded, fetched and deleted', async () => {
    const name = '\u20ac'.repeat(MAX_ALIGNMENT_NAME_LENGTH);
    const version = '\u20ac'.repeat(MAX_ALIGNMENT_NAME_LENGTH);
    await uploadNew(server, renamed(name, version));
    const at = `${server.url}/alignments/${encodeURIComponent(name)}/${encodeURIComponent(version)}`;
    expect((await fetch(at)).status).toBe(200);
    expect((await fetch(at, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('11. XML encodings (POST /alignments)', () => {
  /** The sample with an accented title, as the bytes of `encoding`. */
  const encoded = (title: string, declaration: string, bytes: (text: string) => Buffer): Buffer =>
    bytes(renamed(title, '1').replace(/^<\?xml[^>]*\?>/, declaration));

  it('stores a declared ISO-8859-1 document as its text, and serves that text back', async () => {
    const title = 'Caf\u00e9 \u00fc\u00ff';
    const body = encoded(title, '<?xml version="1.0" encoding="ISO-8859-1"?>', (t) => Buffer.from(t, 'latin1'));
    const r = await fetch(`${server.url}/alignments`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
    expect(r.status, await r.clone().text()).toBe(201);
    const at = `${server.url}/alignments/${encodeURIComponent(title)}/1`;
    const served = await (await fetch(at)).text();
    expect(served).toBe(body.toString('latin1'));
    expect((await fetch(at, { method: 'DELETE' })).status).toBe(204);
  });

  it.each([1, 5000, 200_000])('invalid UTF-8 at byte %i gets 400 XML_ENCODING with its position', async (at) => {
    const text = renamed('Bytes', '1');
    const bytes = Buffer.from(text.length > at ? text : text + ' '.repeat(at - text.length + 1), 'utf8');
    bytes[at] = 0xff;
    const r = await hostile(`invalid UTF-8 at byte ${at}`, '/alignments', bytes, 'application/xml');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'XML_ENCODING', message: expect.stringContaining(`at byte ${at}`) as unknown });
  });

  it('an unknown declared encoding gets 400 XML_ENCODING naming the encodings read', async () => {
    const body = encoded('Unknown', '<?xml version="1.0" encoding="EBCDIC-FR"?>', (t) => Buffer.from(t, 'latin1'));
    const r = await hostile('unknown encoding', '/alignments', body, 'application/xml');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'XML_ENCODING', message: expect.stringContaining('UTF-8, UTF-16, ISO-8859-1') as unknown });
  });
});

describe('9. Static files', () => {
  it.each([
    '/swagger/static/..%2f..%2fpackage.json',
    '/swagger/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/swagger/static/%2e%2e/%2e%2e/package.json',
    '/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fpackage.json',
    '/swagger/static/%00',
    '/swagger/static/..%5c..%5cpackage.json',
    '/index.html%00.js',
  ])('GET %s: 404 JSON, no stack trace logged', async (path) => {
    const before = logLines.length;
    const r = await fetch(`${server.url}${path}`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(await r.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: expect.any(String) as unknown });
    const logged = logLines.slice(before).join('\n');
    expect(logged).not.toMatch(/"stack"|"level":50/);
  });

  it('a URL that is not valid percent-encoded UTF-8 gets 400 {message, code}', async () => {
    const r = await fetch(`${server.url}/swagger/static/%ff`);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) as unknown });
  });
});
