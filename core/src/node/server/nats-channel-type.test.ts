/**
 * `chanType` on a server whose channels run on NATS JetStream (issue 31, CONTRACT.md "ChannelConfig:
 * both versions"): `NN` is taken on both POST /channels and STE's POST /v1/channels, echoed by
 * GET /v1/channels and the details; a type naming a transport this server was not started with
 * (`KE`, `KK`, `MN`; the embedded bus is always there) is a 400 that names it, and creates nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

let nats: NatsCluster | undefined;
let running: TestServer | undefined;

afterAll(async () => {
  await running?.stop();
  await nats?.stop();
});

async function post(path: string, body: unknown): Promise<{ status: number; json: { id?: number; message?: string; code?: string } }> {
  const reply = await fetch(`${running!.server.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: reply.status, json: (await reply.json()) as { id?: number; message?: string; code?: string } };
}

describe.skipIf(skipNats)(`chanType on a NATS server ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('takes NN, echoes it, and refuses the transports the server does not run, naming them', async () => {
    nats = await startNatsServer();
    running = await startTestServer('nats-chantype', { transport: { kind: 'nats', url: nats.url }, store: 'sqlite' });
    const root = await post('/channels', { source: 'ct.a', sink: 'ct.b', chanType: 'NN' });
    expect(root.status).toBe(201);
    const ste = await post('/v1/channels', { source: 'ct.c', sink: 'ct.d', chanType: 'NN', optParallelism: 2 });
    expect(ste.status).toBe(201);
    const listed = (await (await fetch(`${running.server.url}/v1/channels`)).json()) as Array<{ id: number; chanType: string; parallelism: number }>;
    expect(listed.map((c) => [c.chanType, c.parallelism]).sort()).toEqual([
      ['NN', 1],
      ['NN', 2],
    ]);
    for (const [chanType, named] of [
      ['KE', 'Kafka'],
      ['KK', 'Kafka'],
      ['MN', 'MQTT'],
    ]) {
      const refused = await post('/channels', { source: `ct.${chanType}`, sink: 'ct.z', chanType });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain(named);
    }
    expect(((await (await fetch(`${running.server.url}/channels`)).json()) as unknown[]).length).toBe(2);
  }, 60_000);
});
