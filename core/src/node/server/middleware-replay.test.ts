/**
 * The middleware's client against a real server, as its integration tests run it (issue 31):
 * upload an upstream and a downstream alignment in its style (a replace from georss:point to WGS84
 * numbers, typed filters, a cell with a sripas predicate), upload them again as 1.0.1, register a
 * platform (two channels with the middleware's body and topic names), read GET /channels with
 * Jackson's default strictness at every step, reconcile (no change keeps the ids, a version change
 * deletes and recreates both), carry a message through the downstream channel, and tear down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_GRAPHS } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/index.js';
import { middlewareStyleAlignment, withVersion } from './test-support/middleware-alignments.js';
import { MiddlewareIpsmClient, middlewareTopics, type PlatformAlignments } from './test-support/middleware-client.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { waitUntil } from '../../test-support/wait-until.js';

let running: TestServer;
let client: MiddlewareIpsmClient;

beforeAll(async () => {
  running = await startTestServer('middleware-replay');
  client = new MiddlewareIpsmClient(running.server.url);
});

afterAll(async () => {
  await running.stop();
});

const downstream = middlewareStyleAlignment('downstream', 'Test_Downstream_Alignment', '1.0');
const upstream = middlewareStyleAlignment('upstream', 'Test_Upstream_Alignment', '1.0');

function registration(version: string): PlatformAlignments {
  return {
    downstreamInputAlignmentName: '',
    downstreamInputAlignmentVersion: '',
    downstreamOutputAlignmentName: 'Test_Downstream_Alignment',
    downstreamOutputAlignmentVersion: version,
    upstreamInputAlignmentName: 'Test_Upstream_Alignment',
    upstreamInputAlignmentVersion: version,
    upstreamOutputAlignmentName: '',
    upstreamOutputAlignmentVersion: '',
  };
}

function message(payload: unknown[]): string {
  return JSON.stringify({
    '@graph': [
      {
        '@id': MESSAGE_GRAPHS.metadata,
        '@graph': [{ '@id': 'http://example.org/msg/meta1', '@type': ['http://inter-iot.eu/message/meta', 'http://inter-iot.eu/message/Observation'] }],
      },
      { '@id': MESSAGE_GRAPHS.payload, '@graph': payload },
    ],
  });
}

async function waitForTopic(topic: string, count: number, ms = 10_000): Promise<string[]> {
  return waitUntil(
    `${count} message(s) on ${topic}`,
    ms,
    async () => {
      const reply = await fetch(`${running.server.url}/topics/${encodeURIComponent(topic)}/messages?limit=100`);
      const values = ((await reply.json()) as Array<{ value: string }>).map((m) => m.value);
      return values.length >= count ? values : undefined;
    },
    25,
  );
}

// Platform ids as the middleware's tests and deployments name them, the last with the characters
// where the two encodings part ways (`_` next to `/`, `#`).
describe.each(['http://test.inter-iot.eu/test-platform1', 'http://x.example/plat_/b#main'])('platform %s', (platformId) => {
  it('uploads, registers, reconciles, translates and tears down like INTER-MW 2.5.0', async () => {
    // The middleware's TestUtils.uploadAlignments: 1.0, then 1.0.1 by rewriting <exmo:version>.
    // Both runs of this table share the server: the second upload of the same content is 208.
    const firstUpload = await client.uploadAlignment(downstream);
    expect([201, 208]).toContain(firstUpload);
    expect([201, 208]).toContain(await client.uploadAlignment(upstream));
    expect([201, 208]).toContain(await client.uploadAlignment(withVersion(downstream, '1.0.1')));
    expect([201, 208]).toContain(await client.uploadAlignment(withVersion(upstream, '1.0.1')));
    expect(await client.uploadAlignment(downstream)).toBe(208);

    // The sripas-predicate cell is accepted, with a warning that it can never match.
    const check = await fetch(`${running.server.url}/validate`, { method: 'POST', body: downstream, headers: { 'content-type': 'application/xml' } });
    expect(check.status).toBe(201);
    const warnings = ((await check.json()) as { warnings: Array<{ cellId?: string; severity: string }> }).warnings;
    expect(warnings.some((w) => w.severity === 'warning' && (w.cellId ?? '').includes('down_pred'))).toBe(true);

    // Registration: both channels created with the middleware's names, listed strictly.
    const topics = middlewareTopics(platformId);
    expect(await client.setupChannelsForPlatform(platformId, registration('1.0'))).toEqual({ downstream: 'created', upstream: 'created' });
    const afterRegister = (await client.getChannels()).filter((c) => [topics.downstream.source, topics.upstream.source].includes(c.source));
    expect(afterRegister).toHaveLength(2);
    const down = afterRegister.find((c) => c.source === topics.downstream.source)!;
    expect(down).toMatchObject({ sink: topics.downstream.sink, outAlignmentName: 'Test_Downstream_Alignment', outAlignmentVersion: '1.0', parallelism: 1 });

    // The server's ipsm spelling computes the same names, so both sides meet.
    const served = await fetch(`${running.server.url}/platforms/${encodeURIComponent(platformId)}/topics?spelling=ipsm`);
    expect((await served.json()) as { downstream: unknown; upstream: unknown }).toMatchObject({ downstream: topics.downstream, upstream: topics.upstream });

    // A PLATFORM_UPDATE with no change keeps both channels (same ids).
    expect(await client.setupChannelsForPlatform(platformId, registration('1.0'))).toEqual({ downstream: 'kept', upstream: 'kept' });
    const kept = (await client.getChannels()).filter((c) => afterRegister.some((a) => a.id === c.id));
    expect(kept.map((c) => c.id).sort()).toEqual(afterRegister.map((c) => c.id).sort());

    // An observation heading to the platform goes through the downstream channel.
    await fetch(`${running.server.url}/topics/${encodeURIComponent(topics.downstream.source)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        message([
          { '@id': 'http://example.org/loc1', 'http://www.georss.org/georss/point': '45.07 7.68' },
          { '@id': 'http://example.org/dev1', '@type': 'http://inter-iot.eu/GOIoTP#IoTDevice' },
        ]),
      ),
    });
    const [translated] = await waitForTopic(topics.downstream.sink, 1);
    const quads = (await readMessage(translated!)).quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload);
    const objectOf = (p: string) => quads.find((q) => q.predicate.value === p)?.object;
    expect(objectOf('http://www.w3.org/2003/01/geo/wgs84_pos#lat')).toMatchObject({
      value: '45.07',
      datatype: { value: 'http://www.w3.org/2001/XMLSchema#double' },
    });
    expect(objectOf('http://www.w3.org/2003/01/geo/wgs84_pos#long')).toMatchObject({
      value: '7.68',
      datatype: { value: 'http://www.w3.org/2001/XMLSchema#double' },
    });
    expect(objectOf('http://www.georss.org/georss/point')).toBeUndefined();
    expect(quads.some((q) => q.object.value === 'http://example.org/test-platform#Sensor')).toBe(true);
    expect(quads.some((q) => q.predicate.value === 'http://example.org/test-platform#relatedTo')).toBe(false);

    // A version change: both channels deleted and created again, with new ids.
    expect(await client.setupChannelsForPlatform(platformId, registration('1.0.1'))).toEqual({ downstream: 'recreated', upstream: 'recreated' });
    const recreated = (await client.getChannels()).filter((c) => [topics.downstream.source, topics.upstream.source].includes(c.source));
    expect(recreated).toHaveLength(2);
    expect(recreated.every((c) => !afterRegister.some((a) => a.id === c.id))).toBe(true);
    expect(recreated.every((c) => c.inpAlignmentVersion === '1.0.1' || c.outAlignmentVersion === '1.0.1')).toBe(true);

    // An alignment in use cannot be deleted (400); tear down, then it can.
    const inUse = await fetch(`${running.server.url}/alignments/Test_Downstream_Alignment/1.0.1`, { method: 'DELETE' });
    expect(inUse.status).toBe(400);
    expect(await client.removeChannelsForPlatform(platformId)).toBe(2);
    expect((await client.getChannels()).filter((c) => [topics.downstream.source, topics.upstream.source].includes(c.source))).toEqual([]);
    expect(client.log.every((line) => !/ [45]\d\d$/u.test(line))).toBe(true);
  });
});
