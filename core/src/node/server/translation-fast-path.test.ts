/**
 * The POST /translation fast path (translation-fast-path.ts) against Fastify alone: two servers
 * started as `mediator serve` starts (listen first, a translation worker, a token), one with the
 * fast path and one without, get the same generated requests one after the other: valid messages
 * from shared/data/messages through random chains of the stored alignments, with and without query
 * parameters, broken and wrongly typed bodies, unknown alignments, big bodies, and headers that
 * must leave the request to Fastify. Status, every header in order (Date dropped, timing values
 * masked), body, every log line's fields and the request metrics must be the same.
 */
import { request as httpRequest, Agent } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/payload-variants.js';
import { alignmentFiles, dataDir, readData } from '../../test-support/shared-data.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { answeredByFastPath } from './translation-fast-path.js';

const TOKEN = 'fast-path-test-token';
const BODY_LIMIT = 256 * 1024;
const REQUESTS = 160;

interface Sent {
  readonly label: string;
  readonly method?: string;
  readonly path?: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Sent with a chunked transfer coding instead of a length. */
  readonly chunked?: boolean;
}

interface Answer {
  readonly status: number;
  readonly headers: string[];
  readonly body: string;
}

/** Log lines as JSON values, gathered from the server's log stream. */
class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** One generated request: mostly the plain case (the fast path's), the rest everything around it. */
function generate(next: () => number, ids: ReadonlyArray<{ name: string; version: string }>, messages: readonly string[]): Sent {
  const chain = Array.from({ length: Math.floor(next() * 4) }, () => pick(next, ids));
  const graphStr = pick(next, messages);
  const plain = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` };
  const body = JSON.stringify({ alignIDs: chain, graphStr });
  const variants: Array<() => Sent> = [
    () => ({ label: 'plain', headers: plain, body }),
    () => ({ label: 'plain, charset', headers: { ...plain, 'content-type': 'application/json; charset=utf-8' }, body }),
    () => ({
      label: 'query',
      path: `/translation?${pick(next, ['trace=true', 'pretty=false', 'defaultGraph=true', 'trace=maybe', 'pretty=true&trace=false'])}`,
      headers: plain,
      body,
    }),
    () => ({ label: 'unknown alignment', headers: plain, body: JSON.stringify({ alignIDs: [...chain, { name: 'nope', version: '1' }], graphStr }) }),
    () => ({
      label: 'message not JSON',
      headers: plain,
      body: JSON.stringify({ alignIDs: chain, graphStr: graphStr.slice(0, Math.floor(next() * graphStr.length)) }),
    }),
    () => ({ label: 'truncated body', headers: plain, body: body.slice(0, Math.floor(next() * body.length)) }),
    () => ({
      label: 'wrong type',
      headers: plain,
      body: pick(next, ['{"alignIDs":{},"graphStr":"{}"}', '{"alignIDs":[],"graphStr":7}', '[]', 'null', '{"alignIDs":[{"name":1}],"graphStr":""}', '{}']),
    }),
    () => ({ label: 'extra field', headers: plain, body: JSON.stringify({ alignIDs: chain, graphStr, extra: true }) }),
    () => ({ label: 'poisoned', headers: plain, body: `{"alignIDs":[],"graphStr":"{}","__proto__":{"x":1}}` }),
    () => ({ label: 'deep', headers: plain, body: `{"alignIDs":[],"graphStr":"{}","x":${'['.repeat(300)}${']'.repeat(300)}}` }),
    () => ({
      label: 'big',
      headers: plain,
      body: JSON.stringify({ alignIDs: chain, graphStr: graphStr + ' '.repeat(BODY_LIMIT - 2 * graphStr.length - 400) }),
    }),
    () => ({ label: 'too big', headers: plain, body: JSON.stringify({ alignIDs: chain, graphStr: graphStr + ' '.repeat(BODY_LIMIT) }) }),
    () => ({ label: 'empty', headers: plain, body: '' }),
    () => ({ label: 'no token', headers: { 'content-type': 'application/json' }, body }),
    () => ({ label: 'wrong token', headers: { ...plain, authorization: 'Bearer nope' }, body }),
    () => ({ label: 'wrong host', headers: { ...plain, host: 'attacker.example' }, body }),
    () => ({ label: 'origin', headers: { ...plain, origin: pick(next, ['http://attacker.example', 'null']) }, body }),
    () => ({ label: 'cross-site', headers: { ...plain, 'sec-fetch-site': pick(next, ['cross-site', 'same-origin']) }, body }),
    () => ({
      label: 'media type',
      headers: { ...plain, 'content-type': pick(next, ['text/plain', 'application/xml', 'APPLICATION/JSON', 'application/json;charset=latin1']) },
      body,
    }),
    () => ({ label: 'chunked', headers: plain, body, chunked: true }),
    () => ({ label: 'path', path: pick(next, ['/translation/', '/v1/translation', '/Translation', '/translation?']), headers: plain, body }),
    () => ({ label: 'method', method: pick(next, ['PUT', 'GET', 'DELETE']), headers: plain, body }),
  ];
  // Half of all requests the plain case, the other half spread over the rest.
  return next() < 0.5 ? variants[0]!() : pick(next, variants)();
}

/** Sends one request on the server's own keep-alive connection; the raw header list in order. */
function send(url: string, agent: Agent, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = sent.chunked === true ? sent.headers : { ...sent.headers, 'content-length': String(Buffer.byteLength(sent.body)) };
    const req = httpRequest(`${url}${sent.path ?? '/translation'}`, { method: sent.method ?? 'POST', headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    if (sent.chunked === true) req.write(sent.body.slice(0, 10));
    req.end(sent.chunked === true ? sent.body.slice(10) : sent.body);
  });
}

/** What may differ between two servers: the date, timings (a trace's per-step `ms` too, and so the length), ports. */
function normalised(answer: Answer, port: number): Answer {
  const body = answer.body.replaceAll(String(port), 'PORT').replace(/"ms":[\d.e-]+/g, '"ms":#');
  const timed = body !== answer.body;
  const headers = answer.headers
    .filter((h) => !h.toLowerCase().startsWith('date:'))
    .map((h) => (timed && h.startsWith('content-length:') ? 'content-length: #' : h))
    .map((h) => h.replace(/dur=[\d.]+/g, 'dur=#').replaceAll(String(port), 'PORT'));
  return { ...answer, headers, body };
}

function normalisedLine(line: Record<string, unknown>, port: number): unknown {
  const { time: _time, responseTime, ...rest } = line;
  const text = JSON.stringify({ ...rest, ...(responseTime === undefined ? {} : { responseTime: typeof responseTime }) });
  return JSON.parse(
    text
      .replaceAll(String(port), 'PORT')
      .replace(/"remotePort":\d+/g, '"remotePort":"#"')
      .replace(/dur=[\d.]+/g, 'dur=#'),
  );
}

/** Waits (bounded) until the server logged the end of `count` requests ("request completed"/"errored"). */
async function untilCompleted(log: LogLines, count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  const done = (): number => log.lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored').length;
  while (done() < count) {
    if (Date.now() > deadline) throw new Error(`waited 5 s for ${count} completed-request log lines, saw ${done()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

interface Side {
  readonly test: TestServer;
  readonly log: LogLines;
  readonly agent: Agent;
}

async function startSide(fastPath: boolean): Promise<Side> {
  const log = new LogLines();
  const test = await startTestServer(fastPath ? 'fast-path' : 'fastify-only', {
    listenFirst: true,
    translationWorkers: 1,
    authToken: TOKEN,
    bodyLimit: BODY_LIMIT,
    logStream: log,
    translationFastPath: fastPath,
  });
  await test.server.ready;
  for (const file of alignmentFiles()) {
    const reply = await fetch(`${test.server.url}/alignments`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${TOKEN}` },
      body: readData(`alignments/${file}`),
    });
    expect(reply.status).toBe(201);
  }
  return { test, log, agent: new Agent({ keepAlive: true, maxSockets: 1 }) };
}

/** The HTTP request counts of /metrics, by method, route and status. */
async function httpCounts(side: Side): Promise<string[]> {
  const text = await (await fetch(`${side.test.server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  return text.split('\n').filter((l) => l.startsWith('mediator_http_request_duration_seconds_count'));
}

describe('POST /translation fast path', () => {
  let fast: Side;
  let slow: Side;
  let ids: Array<{ name: string; version: string }>;
  const messages = readdirSync(join(dataDir, 'messages'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => readData(`messages/${f}`));

  beforeAll(async () => {
    [fast, slow] = await Promise.all([startSide(true), startSide(false)]);
    // Both servers get the same requests, this one too: request ids are one sequence.
    const lists = await Promise.all(
      [fast, slow].map(async (side) => (await fetch(`${side.test.server.url}/alignments`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()),
    );
    const list = lists[0] as Array<{ name: string; version: string }>;
    ids = list.map(({ name, version }) => ({ name, version }));
    expect(ids.length).toBeGreaterThan(1);
  }, 60_000);

  afterAll(async () => {
    for (const side of [fast, slow]) {
      side?.agent.destroy();
      await side?.test.stop();
    }
  });

  it('answers every generated request as Fastify alone does: status, headers, body, log lines, metrics', async () => {
    const next = seededRandom(Number(process.env.FAST_PATH_SEED ?? 42));
    for (const side of [fast, slow]) side.log.lines.splice(0);
    const answeredBefore = answeredByFastPath();
    const seen = new Map<string, number>();
    for (let i = 0; i < REQUESTS; i += 1) {
      const sent = generate(next, ids, messages);
      seen.set(`${sent.label}`, (seen.get(sent.label) ?? 0) + 1);
      const [a, b] = await Promise.all([send(fast.test.server.url, fast.agent, sent), send(slow.test.server.url, slow.agent, sent)]);
      expect(normalised(a, fast.test.server.port), `${i}: ${sent.label}`).toEqual(normalised(b, slow.test.server.port));
      await Promise.all([untilCompleted(fast.log, i + 1), untilCompleted(slow.log, i + 1)]);
    }
    const lines = (side: Side): unknown[] => side.log.lines.map((l) => normalisedLine(l, side.test.server.port));
    expect(lines(fast)).toEqual(lines(slow));
    expect(await httpCounts(fast)).toEqual(await httpCounts(slow));
    // The walk reached the plain case and the refusals around it.
    expect(seen.get('plain')).toBeGreaterThan(REQUESTS / 3);
    expect(seen.size).toBeGreaterThan(15);
    // And the fast server answered the plain ones itself (the successes among them).
    expect(answeredByFastPath() - answeredBefore).toBeGreaterThan(REQUESTS / 4);
  }, 120_000);

  it('takes the plain case itself, and only on the server that has it', async () => {
    const body = JSON.stringify({ alignIDs: [ids[0]], graphStr: messages[0] });
    const sent: Sent = { label: 'plain', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body };
    const before = answeredByFastPath();
    expect((await send(fast.test.server.url, fast.agent, sent)).status).toBe(200);
    expect(answeredByFastPath()).toBe(before + 1);
    expect((await send(slow.test.server.url, slow.agent, sent)).status).toBe(200);
    expect(answeredByFastPath()).toBe(before + 1);
  });
});
