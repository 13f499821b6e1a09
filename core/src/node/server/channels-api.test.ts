/**
 * Channels running behind the REST API on the embedded bus: a message published to a source
 * arrives translated on the sink, failures go to the dead-letter topic, platform channel pairs use
 * the seed's topic names, deletion stops a channel, and channels come back after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/index.js';
import { goldenFile, readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { silentLog } from './test-support/test-server.js';
import { waitUntil } from '../../test-support/wait-until.js';

const waitFor = <T>(probe: () => Promise<T | undefined>, ms = 5000): Promise<T> => waitUntil('the probe', ms, probe, 25);

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('channels');
  server = running.server;
  for (const file of ['CO_FIWARE', 'UniversAAL_CO']) await uploadNew(server, readData(`alignments/${file}.rdf`));
});

afterAll(async () => {
  await running.stop();
});

async function post(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

async function topic(name: string): Promise<Array<{ value: string; publishedAt: number }>> {
  const r = await fetch(`${server.url}/topics/${encodeURIComponent(name)}/messages?limit=100`);
  expect(r.status).toBe(200);
  return (await r.json()) as Array<{ value: string; publishedAt: number }>;
}

async function channel(id: unknown): Promise<Record<string, unknown>> {
  const list = (await (await fetch(`${server.url}/channels?details=true`)).json()) as Array<Record<string, unknown>>;
  return list.find((c) => c.id === id)!;
}

function payload(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
}

const golden = (pair: string) => new Parser({ format: 'N-Triples' }).parse(goldenFile(pair, 'output-payload.nt')) as unknown as RDF.Quad[];

describe('a running channel on the embedded bus', () => {
  let id: unknown;

  it('translates a message from its source to its sink and counts it', async () => {
    const created = await post('/channels', {
      source: 'src-1',
      sink: 'sink-1',
      inpAlignmentName: 'UniversAAL_CO_align',
      inpAlignmentVersion: '3.0.1',
      outAlignmentName: 'CO_FIWARE_align',
      outAlignmentVersion: '1.0',
      parallelism: 2,
    });
    expect(created.status).toBe(201);
    id = created.json.id;
    expect(await post('/topics/src-1/messages', readData('messages/weight.json'))).toMatchObject({ status: 202 });
    const [arrived] = await waitFor(async () => ((await topic('sink-1')).length > 0 ? topic('sink-1') : undefined));
    const out = await readMessage(arrived!.value);
    expect(isomorphic(payload(out.quads), golden('weight__UniversAAL_CO__CO_FIWARE'))).toBe(true);
    const info = await channel(id);
    expect(info.status).toBe('running');
    expect(info.counters).toMatchObject({ received: 1, translated: 1, failed: 0 });
  });

  it('sends what it cannot translate to the dead-letter topic, and forwards empty payloads unchanged', async () => {
    await post('/topics/src-1/messages', JSON.stringify({ '@context': 'http://remote.example/ctx', '@graph': [] }));
    const dead = await waitFor(async () => ((await topic('sink-1.errors')).length > 0 ? topic('sink-1.errors') : undefined));
    const envelope = JSON.parse(dead[0]!.value) as Record<string, unknown>;
    expect(envelope).toMatchObject({ channel: id, source: 'src-1', error: { code: expect.any(String), message: expect.any(String) } });
    const empty = readData('messages/emptyPayload.json');
    await post('/topics/src-1/messages', JSON.parse(empty) as unknown);
    const sink = await waitFor(async () => ((await topic('sink-1')).length >= 2 ? topic('sink-1') : undefined));
    expect(JSON.parse(sink[1]!.value)).toEqual(JSON.parse(empty));
    expect((await channel(id)).counters).toMatchObject({ failed: 1, deadLettered: 1, translated: 2 });
  });

  it('stops when deleted: nothing more arrives on the sink', async () => {
    const r = await fetch(`${server.url}/channels/${String(id)}`, { method: 'DELETE' });
    expect(r.status).toBe(204);
    const before = (await topic('sink-1')).length;
    await post('/topics/src-1/messages', readData('messages/weight.json'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await topic('sink-1')).length).toBe(before);
  });
});

describe('channel loops (bounded work)', () => {
  it('refuses a channel that closes a loop, naming it, and keeps the channels there were', async () => {
    const ids: unknown[] = [];
    for (const [source, sink] of [
      ['loop-a', 'loop-b'],
      ['loop-b', 'loop-c'],
    ]) {
      const created = await post('/channels', { source, sink });
      expect(created.status).toBe(201);
      ids.push(created.json.id);
    }
    const before = await (await fetch(`${server.url}/channels`)).json();
    for (const path of ['/channels', '/v1/channels']) {
      const refused = await post(path, { source: 'loop-c', sink: 'loop-a', chanType: 'EE' });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code: 'INVALID_CHANNEL', message: expect.stringContaining('"loop-c" -> "loop-a" -> "loop-b" -> "loop-c"') });
    }
    expect(await (await fetch(`${server.url}/channels`)).json()).toEqual(before);
    // A channel that leaves the loop open is fine.
    const open = await post('/channels', { source: 'loop-c', sink: 'loop-d' });
    expect(open.status).toBe(201);
    for (const id of [...ids, open.json.id]) expect((await fetch(`${server.url}/channels/${String(id)}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('JSON numbers in a published message (issue 16)', () => {
  it('reach the channel as written: 72.0 is a double, a 20-digit integer keeps its digits', async () => {
    const created = await post('/channels', {
      source: 'num-src',
      sink: 'num-sink',
      inpAlignmentName: 'UniversAAL_CO_align',
      inpAlignmentVersion: '3.0.1',
      outAlignmentName: 'CO_FIWARE_align',
      outAlignmentVersion: '1.0',
    });
    expect(created.status).toBe(201);
    const message = readData('messages/weight.json')
      .replace('{\n          "@type": "xsd:float",\n          "@value": "0.0"\n        }', '72.0')
      .replace('"@value": "1418143893015"', '"@value": 12345678901234567890');
    expect(message).toContain('"ns2:value": 72.0');
    expect(await post('/topics/num-src/messages', message)).toMatchObject({ status: 202 });
    // The source topic holds the text as sent, not JSON.stringify of the parsed body (72, 12345678901234567000).
    expect((await topic('num-src'))[0]?.value).toBe(message);
    const [arrived] = await waitFor(async () => ((await topic('num-sink')).length > 0 ? topic('num-sink') : undefined));
    const out = await readMessage(arrived!.value);
    // "7.2E1"^^xsd:double in, and CO_FIWARE's typing cell makes it STRDT(STR(?v), xsd:float).
    const expected = new Parser({ format: 'N-Triples' }).parse(
      goldenFile('weight__UniversAAL_CO__CO_FIWARE', 'output-payload.nt')
        .replaceAll('"0.0"^^<http://www.w3.org/2001/XMLSchema#float>', '"7.2E1"^^<http://www.w3.org/2001/XMLSchema#float>')
        .replaceAll('"1418143893015"^^<http://www.w3.org/2001/XMLSchema#long>', '"12345678901234567890"^^<http://www.w3.org/2001/XMLSchema#long>'),
    ) as unknown as RDF.Quad[];
    expect(isomorphic(payload(out.quads), expected)).toBe(true);
    expect(arrived!.value).toContain('"@value": "7.2E1"');
    expect(arrived!.value).toContain('"@value": "12345678901234567890"');
  });
});

describe('deleting a busy channel', () => {
  it('answers 204 once in-flight messages are done; nothing arrives afterwards and nothing is half-published', async () => {
    const created = await post('/channels', {
      source: 'busy-src',
      sink: 'busy-sink',
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: 4,
    });
    expect(created.status).toBe(201);
    const message = readData('messages/weight.UniversAAL_CO.json');
    // Publish 200 messages; delete while they are still being published and translated.
    let published = 0;
    const publishing = (async () => {
      for (let i = 0; i < 200; i++) {
        await fetch(`${server.url}/topics/busy-src/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: message });
        published++;
      }
    })();
    await waitFor(async () => (published >= 40 ? true : undefined));
    const deleted = await fetch(`${server.url}/channels/${String(created.json.id)}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const atDelete = (await topic('busy-sink')).length;
    await publishing;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await topic('busy-sink');
    expect(after.length).toBe(atDelete);
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThan(200);
    // Whatever was published is a whole translation, and nothing went to the dead-letter topic.
    for (const m of after) expect(isomorphic(payload((await readMessage(m.value)).quads), golden('weight.UniversAAL_CO__CO_FIWARE'))).toBe(true);
    expect(await topic('busy-sink.errors')).toEqual([]);
    expect(await channel(created.json.id)).toBeUndefined();
  });
});

describe('platform channels', () => {
  const platform = 'http://inter-iot.eu/platforms/p1';
  const pid = 'http_inter-iot.eu_platforms_p1';

  it('previews and creates the pair with the seed topic names, and the downstream channel translates', async () => {
    const preview = (await (await fetch(`${server.url}/platforms/${encodeURIComponent(platform)}/topics`)).json()) as Record<string, Record<string, string>>;
    expect(preview.downstream).toEqual({ source: `mw-mediator-downstream-${pid}`, sink: `mediator-mw-downstream-${pid}` });
    const created = await post(`/platforms/${encodeURIComponent(platform)}/channels`, {
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      outAlignmentName: '',
      outAlignmentVersion: '',
    });
    expect(created.status).toBe(201);
    expect(created.json.downstream).toMatchObject({ source: `mw-mediator-downstream-${pid}`, sink: `mediator-mw-downstream-${pid}` });
    expect(created.json.upstream).toMatchObject({ source: `mw-mediator-upstream-${pid}`, sink: `mediator-mw-upstream-${pid}` });
    await post(`/topics/mw-mediator-downstream-${pid}/messages`, readData('messages/weight.UniversAAL_CO.json'));
    const arrived = await waitFor(async () => {
      const m = await topic(`mediator-mw-downstream-${pid}`);
      return m.length > 0 ? m : undefined;
    });
    expect(isomorphic(payload((await readMessage(arrived[0]!.value)).quads), golden('weight.UniversAAL_CO__CO_FIWARE'))).toBe(true);
  });

  it('encodes the platform id as the middleware does with the ipsm spelling, in the preview and the created pair', async () => {
    const topicsOf = async (id: string, spelling: string) =>
      (await (await fetch(`${server.url}/platforms/${encodeURIComponent(id)}/topics?spelling=${spelling}`)).json()) as Record<string, unknown>;
    expect((await topicsOf('http://x/a_/b', 'ipsm')).encodedId).toBe('http_x_a__b');
    expect((await topicsOf('http://x/a_/b', 'mediator')).encodedId).toBe('http_x_a_b');
    expect((await topicsOf('http://localhost:4568/platform', 'ipsm')).downstream).toEqual({
      source: 'mw-ipsm-downstream-http_localhost_4568_platform',
      sink: 'ipsm-mw-downstream-http_localhost_4568_platform',
    });
    const uaal = 'http://inter-iot.eu/platforms/uaal#main_/x';
    const created = await post(`/platforms/${encodeURIComponent(uaal)}/channels`, {
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      spelling: 'ipsm',
    });
    expect(created.status).toBe(201);
    const pid = 'http_inter-iot.eu_platforms_uaal_main__x';
    expect(created.json.downstream).toMatchObject({ source: `mw-ipsm-downstream-${pid}`, sink: `ipsm-mw-downstream-${pid}` });
    expect(created.json.upstream).toMatchObject({ source: `mw-ipsm-upstream-${pid}`, sink: `ipsm-mw-upstream-${pid}` });
    for (const side of [created.json.downstream, created.json.upstream] as Array<{ id: number }>) {
      expect((await fetch(`${server.url}/channels/${side.id}`, { method: 'DELETE' })).status).toBe(204);
    }
  });

  it('offers the ipsm spelling and refuses an unknown alignment without creating half a pair', async () => {
    const preview = (await (await fetch(`${server.url}/platforms/p2/topics?spelling=ipsm`)).json()) as Record<string, Record<string, string>>;
    expect(preview.upstream).toEqual({ source: 'mw-ipsm-upstream-p2', sink: 'ipsm-mw-upstream-p2' });
    const before = ((await (await fetch(`${server.url}/channels`)).json()) as unknown[]).length;
    const refused = await post('/platforms/p3/channels', {
      downstream: { inpAlignmentName: 'CO_FIWARE_align', inpAlignmentVersion: '1.0' },
      upstream: { inpAlignmentName: 'nope', inpAlignmentVersion: '9' },
    });
    expect(refused.status).toBe(400);
    expect(((await (await fetch(`${server.url}/channels`)).json()) as unknown[]).length).toBe(before);
  });
});

describe('restart', () => {
  /** A server on `dir` stores CO_FIWARE and a 0.4-style channel using it, then stops. */
  async function storeChannel(dir: string, source: string, sink: string): Promise<void> {
    const first = await startServer({ dataDir: dir, port: 0, logStream: silentLog() });
    try {
      await fetch(`${first.url}/alignments`, { method: 'POST', body: readData('alignments/CO_FIWARE.rdf'), headers: { 'content-type': 'application/xml' } });
      const created = await fetch(`${first.url}/channels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source, sink, inpAlignmentId: 1, outAlignmentId: 0 }),
      });
      expect(created.status).toBe(201);
    } finally {
      await first.close();
    }
  }

  it('lists a channel whose alignment no longer compiles as failed, with the reason, and deletes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediator-channels-failed-'));
    try {
      await storeChannel(dir, 'f-src', 'f-sink');
      // What an older mediator may have stored, or a damaged disk: the stored text no longer reads.
      const db = new Database(join(dir, 'mediator.db'));
      db.prepare('UPDATE alignment SET xml = ?').run('<rdf:RDF>not an alignment');
      db.close();
      const second = await startServer({ dataDir: dir, port: 0, logStream: silentLog() });
      try {
        const list = (await (await fetch(`${second.url}/channels?details=true`)).json()) as Array<Record<string, unknown>>;
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ source: 'f-src', status: 'failed', reason: expect.stringMatching(/alignment cannot be instantiated/) });
        const r = await fetch(`${second.url}/channels/${String(list[0]!.id)}`, { method: 'DELETE' });
        expect(r.status).toBe(204);
        expect(await (await fetch(`${second.url}/channels`)).json()).toEqual([]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restarts stored channels when the server starts again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediator-channels-restart-'));
    try {
      await storeChannel(dir, 'r-src', 'r-sink');
      const second = await startServer({ dataDir: dir, port: 0, logStream: silentLog() });
      try {
        const list = (await (await fetch(`${second.url}/channels?details=true`)).json()) as Array<Record<string, unknown>>;
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ source: 'r-src', status: 'running' });
        await fetch(`${second.url}/topics/r-src/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: readData('messages/weight.UniversAAL_CO.json'),
        });
        const start = Date.now();
        let arrived: unknown[] = [];
        while (arrived.length === 0 && Date.now() - start < 5000) {
          arrived = (await (await fetch(`${second.url}/topics/r-sink/messages`)).json()) as unknown[];
          await new Promise((r) => setTimeout(r, 25));
        }
        expect(arrived).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
