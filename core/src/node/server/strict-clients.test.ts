/**
 * The reference's and the successor's clients, by their own rules (issue 31): every default answer
 * of every IPSM route and of its /v1 copy decodes with Jackson's default strictness (an unknown key
 * is an error), the `?details=true` opt-in still carries what the workbench needs, STE's channel
 * body (`chanType`, `optParallelism`) works under /v1, a `chanType` naming a transport the server
 * was not started with is a 400 naming it, and STE's default-graph translation is an opt-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { JAVA_CLASSES, strictListProblems, strictProblems } from './test-support/strict-decoder.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';

checkResponsesAgainstOpenApi();

let running: TestServer;
let url: string;
const weight = readData('messages/weight.json');

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const reply = await fetch(`${url}${path}`, init);
  const text = await reply.text();
  return { status: reply.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

beforeAll(async () => {
  running = await startTestServer('strict-clients');
  url = running.server.url;
  await uploadNew(running.server, readData('alignments/UniversAAL_CO.rdf'));
  const created = await call('POST', '/channels', {
    source: 'strict-src',
    sink: 'strict-sink',
    inpAlignmentName: 'UniversAAL_CO_align',
    inpAlignmentVersion: '3.0.1',
    outAlignmentName: '',
    outAlignmentVersion: '',
    parallelism: 1,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
});

afterAll(async () => {
  await running.stop();
});

describe('every default answer decodes strictly (unknown keys are errors, as Jackson by default)', () => {
  const alignIDs = [{ name: 'UniversAAL_CO_align', version: '3.0.1' }];
  const cases: ReadonlyArray<readonly [string, string, string, unknown, keyof typeof JAVA_CLASSES, 'one' | 'list']> = [
    ['IPSM', 'GET', '/channels', undefined, 'ChannelInfo', 'list'],
    ['IPSM', 'GET', '/alignments', undefined, 'AlignmentInfo', 'list'],
    ['IPSM', 'GET', '/version', undefined, 'VersionResponse', 'one'],
    ['IPSM', 'GET', '/logging', undefined, 'LoggingResponse', 'one'],
    ['IPSM', 'POST', '/logging/info', undefined, 'LoggingResponse', 'one'],
    ['IPSM', 'POST', '/translation', { alignIDs, graphStr: weight }, 'TranslationResponse', 'one'],
    ['IPSM', 'POST', '/translation', { alignIDs: [], graphStr: readData('messages/emptyPayload.json') }, 'TranslationResponse', 'one'],
    ['STE', 'GET', '/v1/channels', undefined, 'SteChannelInfo', 'list'],
    ['STE', 'GET', '/v1/alignments', undefined, 'SteAlignmentInfo', 'list'],
    ['STE', 'GET', '/v1/version', undefined, 'VersionResponse', 'one'],
    ['STE', 'GET', '/v1/logging', undefined, 'LoggingResponse', 'one'],
    ['STE', 'POST', '/v1/logging/INFO', undefined, 'LoggingResponse', 'one'],
    ['STE', 'POST', '/v1/translation', { alignIDs, graphStr: weight }, 'TranslationResponse', 'one'],
    ['STE', 'GET', '/health', undefined, 'HealthResponse', 'one'],
    ['STE', 'GET', '/v1/health', undefined, 'HealthResponse', 'one'],
    ['STE', 'GET', '/info', undefined, 'VersionResponse', 'one'],
    ['STE', 'GET', '/v1/info', undefined, 'VersionResponse', 'one'],
  ];
  it.each(cases)('%s %s %s decodes as %s', async (_client, method, path, body, cls, shape) => {
    const reply = await call(method, path, body);
    expect(reply.status).toBe(200);
    const problems = shape === 'list' ? strictListProblems(JAVA_CLASSES[cls], reply.json) : strictProblems(JAVA_CLASSES[cls], reply.json);
    expect(problems).toEqual([]);
    if (shape === 'list') expect((reply.json as unknown[]).length).toBeGreaterThan(0);
  });

  it('the decoder itself refuses one extra key and a wrong type (it can fail)', () => {
    const channel = { id: 1, uuid: 'u', source: 's', sink: 't', inpAlignmentName: '', inpAlignmentVersion: '', outAlignmentName: '' };
    const full = { ...channel, outAlignmentVersion: '', consumerGroup: 'g', descId: 'd', parallelism: 1 };
    expect(strictProblems(JAVA_CLASSES.ChannelInfo, full)).toEqual([]);
    expect(strictProblems(JAVA_CLASSES.ChannelInfo, { ...full, status: 'running' })).toEqual([
      'ChannelInfo: Unrecognized field "status" (class ChannelInfo), not marked as ignorable',
    ]);
    expect(strictProblems(JAVA_CLASSES.ChannelInfo, { ...full, id: '1' })).toHaveLength(1);
    expect(strictProblems(JAVA_CLASSES.SteAlignmentInfo, { ...full })).not.toEqual([]);
  });

  it('a translation that had failing cells adds only the documented `failures`', async () => {
    const reply = await call('POST', '/translation', { alignIDs: [], graphStr: weight });
    expect(Object.keys(reply.json as object).sort()).toEqual(['graphStr', 'message']);
  });
});

describe('the details opt-in', () => {
  it('GET /channels?details=true carries status, counters, chanType, dead-letter topic and ids', async () => {
    const reply = await call('GET', '/channels?details=true');
    expect(reply.status).toBe(200);
    const [channel] = reply.json as Array<Record<string, unknown>>;
    expect(channel).toMatchObject({
      source: 'strict-src',
      chanType: 'EE',
      deadLetterTopic: 'strict-sink.errors',
      status: expect.stringMatching(/^(starting|running)$/u),
      inpAlignmentId: expect.any(Number),
      outAlignmentId: 0,
      createdAt: expect.any(Number),
      counters: expect.objectContaining({ received: expect.any(Number) }),
    });
  });

  it('GET /alignments?details=true carries the counts; GET /version?details=true the IPSM release', async () => {
    const alignments = (await call('GET', '/alignments?details=true')).json as Array<Record<string, unknown>>;
    expect(alignments[0]).toMatchObject({ name: 'UniversAAL_CO_align', cellCount: expect.any(Number), stepCount: expect.any(Number) });
    expect((await call('GET', '/version?details=true')).json).toMatchObject({ compatibleWith: 'ipsm-core 0.8.10' });
    // details=false is the default answer.
    expect(strictListProblems(JAVA_CLASSES.AlignmentInfo, (await call('GET', '/alignments?details=false')).json)).toEqual([]);
  });

  it('GET /v1/alignments sends the upload date as ISO-8601, the same instant as the IPSM epoch milliseconds', async () => {
    const ipsm = (await call('GET', '/alignments')).json as Array<{ id: number; date: number }>;
    const ste = (await call('GET', '/v1/alignments')).json as Array<{ id: number; date: string }>;
    expect(ste.map((a) => [a.id, Date.parse(a.date)])).toEqual(ipsm.map((a) => [a.id, a.date]));
  });
});

describe("the successor's channel body and chanType", () => {
  it("POST /v1/channels takes STE's body (chanType, optParallelism, optConsumerGroup) and GET /v1/channels echoes chanType", async () => {
    const created = await call('POST', '/v1/channels', {
      source: 'ste-src',
      sink: 'ste-sink',
      inpAlignmentName: '',
      inpAlignmentVersion: '',
      outAlignmentName: '',
      outAlignmentVersion: '',
      chanType: 'EE',
      optParallelism: 3,
      optConsumerGroup: 'ste-group',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = (created.json as { id: number }).id;
    const listed = ((await call('GET', '/v1/channels')).json as Array<Record<string, unknown>>).find((c) => c.id === id);
    expect(listed).toMatchObject({ chanType: 'EE', parallelism: 3, consumerGroup: 'ste-group', source: 'ste-src' });
    expect((await call('DELETE', `/v1/channels/${id}`)).status).toBe(204);
    expect((await call('DELETE', `/v1/channels/${id}`)).status).toBe(400);
  });

  it('POST /v1/channels without chanType is a 400 (STE requires it); POST /channels takes it optionally', async () => {
    const missing = await call('POST', '/v1/channels', { source: 'ste2-src', sink: 'ste2-sink' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: expect.any(String), message: expect.stringContaining('chanType') });
    const withType = await call('POST', '/channels', { source: 'ee-src', sink: 'ee-sink', chanType: 'ee' });
    expect(withType.status).toBe(201);
    expect((await call('DELETE', `/channels/${(withType.json as { id: number }).id}`)).status).toBe(204);
  });

  it.each([
    ['MM', 'MQTT'],
    ['KK', 'Kafka'],
    ['NN', 'NATS'],
    ['EN', 'NATS'],
    ['ME', 'MQTT'],
    ['XE', 'unknown source transport'],
  ])('chanType %s on the embedded server is a 400 that names %s', async (chanType, named) => {
    for (const path of ['/channels', '/v1/channels']) {
      const reply = await call('POST', path, { source: `x-${chanType}`, sink: `y-${chanType}`, chanType });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ code: 'INVALID_CHANNEL', message: expect.stringContaining(named) });
    }
    const channels = (await call('GET', '/channels')).json as Array<{ source: string }>;
    expect(channels.some((c) => c.source === `x-${chanType}`)).toBe(false);
  });
});

describe("STE's default-graph translation, an opt-in", () => {
  // A JSON-LD message with no payload graph: its triples are in the default graph.
  const defaultGraphOnly = JSON.stringify({
    '@context': { uaal: 'http://ontology.universAAL.org/PersonalHealthDevice.owl#' },
    '@id': 'http://example.org/w1',
    '@type': 'uaal:WeighingScale',
  });

  it('is off by default (the empty-payload answer, message unchanged) and translates the default graph when asked', async () => {
    const body = { alignIDs: [{ name: 'UniversAAL_CO_align', version: '3.0.1' }], graphStr: defaultGraphOnly };
    const off = (await call('POST', '/v1/translation', body)).json as { message: string; graphStr: string };
    expect(off.message).toBe('Message with empty payload received - no translation applied');
    expect(off.graphStr).toBe(defaultGraphOnly);
    const on = await call('POST', '/v1/translation?defaultGraph=true', body);
    expect(on.status).toBe(200);
    expect((on.json as { message: string }).message).toBe('Message translation successful');
    expect((on.json as { graphStr: string }).graphStr).toContain('http://example.org/w1');
  });
});

describe('GET /v1/api-export/openapi', () => {
  it('serves the same OpenAPI document as /swagger/json, naming the /v1 operations', async () => {
    const exported = (await call('GET', '/v1/api-export/openapi')).json as { openapi: string; paths: Record<string, unknown> };
    const swagger = (await call('GET', '/swagger/json')).json;
    expect(exported).toEqual(swagger);
    expect(exported.openapi).toMatch(/^3\./u);
    expect(Object.keys(exported.paths)).toEqual(expect.arrayContaining(['/v1/channels', '/v1/alignments', '/v1/translation', '/health', '/info']));
  });
});
