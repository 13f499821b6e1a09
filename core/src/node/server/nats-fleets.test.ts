/**
 * Two fleets on one nats-server (issue 32, `--fleet`): staging, production and the unnamed fleet
 * each keep their configuration and topics apart. The same upload is new (201) in each; a channel
 * on the same topics exists in each fleet once; a message published in one fleet reaches that
 * fleet's sink stream only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { readData } from '../../test-support/shared-data.js';
import { fleetNames } from '../fleet/fleet-name.js';
import { natsNames } from '../transports/index.js';
import { startServer, type RunningServer } from './start-server.js';
import { silentLog } from './test-support/test-server.js';

let nats: NatsCluster | undefined;
const servers: RunningServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const s of servers) await s.close();
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skipNats)(`fleets sharing one nats-server ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('keep their configuration, streams and messages apart', async () => {
    nats = await startNatsServer();
    const fleets = ['staging', 'production', undefined] as const;
    for (const fleet of fleets) {
      const dataDir = mkdtempSync(join(tmpdir(), 'mediator-fleets-'));
      dirs.push(dataDir);
      servers.push(
        await startServer({ dataDir, port: 0, logStream: silentLog(), transport: { kind: 'nats', url: nats.url }, ...(fleet === undefined ? {} : { fleet }) }),
      );
    }
    const body = readData('alignments/CO_FIWARE.rdf');
    for (const s of servers) {
      const uploaded = await fetch(`${s.url}/alignments`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
      expect(uploaded.status, `${s.url}: ${await uploaded.text()}`).toBe(201);
      const created = await fetch(`${s.url}/channels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'fleets.src', sink: 'fleets.sink', inpAlignmentName: 'CO_FIWARE_align', inpAlignmentVersion: '1.0' }),
      });
      expect(created.status, await created.text()).toBe(201);
    }
    for (const s of servers) expect(((await (await fetch(`${s.url}/channels`)).json()) as api.ChannelInfo[]).length).toBe(1);

    // A message published in staging is translated into staging's sink stream only.
    const published = await fetch(`${servers[0]!.url}/topics/fleets.src/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: readData('messages/weight.UniversAAL_CO.json'),
    });
    expect(published.status, await published.text()).toBe(202);
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await nc.jetstreamManager();
      const sinkMessages = async (fleet: string | undefined): Promise<number> => {
        try {
          return (await jsm.streams.info(natsNames('fleets.sink', fleetNames(fleet)).stream)).state.messages;
        } catch {
          return 0;
        }
      };
      const deadline = Date.now() + 10_000;
      while ((await sinkMessages('staging')) === 0 && Date.now() < deadline) await sleep(100);
      expect(await sinkMessages('staging')).toBe(1);
      expect(await sinkMessages('production')).toBe(0);
      expect(await sinkMessages(undefined)).toBe(0);
      const buckets: string[] = [];
      for await (const info of jsm.streams.list()) buckets.push(info.config.name);
      expect(buckets).toEqual(expect.arrayContaining(['KV_mediator-staging_config', 'KV_mediator-production_config', 'KV_mediator_config']));
    } finally {
      await nc.close();
    }
  }, 90_000);
});
