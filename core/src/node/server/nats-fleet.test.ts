/**
 * The acceptance test of the fleet issue (13): three `mediator serve` processes on a three-node
 * NATS JetStream cluster (loopback) share one configuration through the JetStream key-value
 * buckets. An alignment uploaded to A translates through B; a channel created on B runs on all
 * three; 2,000 golden messages flow while process C and a NATS node are killed with SIGKILL and C
 * is started again (it catches up from the buckets): every message arrives, each isomorphic to its
 * golden translation; the channel deleted on A stops everywhere (the sink gets nothing more);
 * concurrent identical uploads to A and B give exactly one 201.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { type api } from '../../common/index.js';
import { NatsTransport, natsNames } from '../transports/index.js';
import { readData, mediatorCli } from '../../test-support/shared-data.js';
import { natsSkipReason, skipNats, startNatsCluster, type NatsCluster } from '../../test-support/nats-cluster.js';
import { request, startMediatorServe, stopAll, type ServedMediator, type TestProcess } from '../../test-support/processes.js';
import { isGoldenTranslation, NumberedArrivals, numberedMessage } from '../../test-support/numbered-messages.js';

const cli = mediatorCli;
const MESSAGES = 2000;
const REQUEST_MS = 30_000;
const processes: TestProcess[] = [];
const dirs: string[] = [];
let cluster: NatsCluster | undefined;

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function serve(url: string, dataDir = mkdtempSync(join(tmpdir(), 'mediator-fleet-'))): Promise<ServedMediator & { dataDir: string }> {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  return startMediatorServe(cli, dataDir, {
    args: ['--transport', 'nats', '--broker', url, '--log-level', 'error', '--translation-workers', '0'],
    timeoutMs: 60_000,
    started: processes,
  }).then((m) => ({ ...m, dataDir }));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value; fails after `timeoutMs` naming what was awaited and the last thing seen. */
async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `waited ${timeoutMs} ms for ${what}${last === undefined ? '' : `; last error: ${last instanceof Error ? last.message : JSON.stringify(last)}`}`,
      );
    await sleep(100);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const answer = await request(url, { timeoutMs: REQUEST_MS });
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.text}`);
  return answer.json<T>();
}

function upload(m: ServedMediator, file: string) {
  return request(`${m.url}/alignments`, { method: 'POST', body: readData(file), headers: { 'content-type': 'application/xml' }, timeoutMs: REQUEST_MS });
}

const message = (i: number): string => numberedMessage(i, 'fleet');

/** The index of the node leading the configuration bucket's stream. */
async function configLeader(nats: NatsCluster): Promise<number> {
  const nc = await connect({ servers: [...nats.servers], name: 'fleet-test-leader' });
  try {
    const leader = (await (await nc.jetstreamManager()).streams.info('KV_mediator_config')).cluster?.leader;
    const index = nats.nodes.findIndex((n) => n.name === leader);
    if (index < 0) throw new Error(`no node leads KV_mediator_config (leader: ${String(leader)})`);
    return index;
  } finally {
    await nc.close();
  }
}

async function channelsOf(m: ServedMediator): Promise<api.ChannelDetails[]> {
  return getJson<api.ChannelDetails[]>(`${m.url}/channels?details=true`);
}

describe.skipIf(skipNats)(`three mediators sharing one configuration on a three-node NATS JetStream cluster ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('uploads, channels and deletions on one process take effect on all; 2,000 messages survive a killed process and a killed NATS node', async () => {
    cluster = await startNatsCluster(3);
    const [a, b, c0] = await Promise.all([serve(cluster.url), serve(cluster.url), serve(cluster.url)]);
    let c = c0;

    // Concurrent identical uploads to two processes: decided once, fleet-wide.
    const concurrent = await Promise.all([upload(a, 'alignments/UniversAAL_CO.rdf'), upload(b, 'alignments/UniversAAL_CO.rdf')]);
    expect(concurrent.map((r) => r.status).sort(), concurrent.map((r) => r.text).join('\n')).toEqual([201, 208]);

    // Upload to A, translate through B; C has it too, byte for byte.
    const uploaded = await upload(a, 'alignments/CO_FIWARE.rdf');
    expect(uploaded.status, uploaded.text).toBe(201);
    expect((await upload(c, 'alignments/CO_FIWARE.rdf')).status).toBe(208);
    const alignment = { name: 'CO_FIWARE_align', version: '1.0' };
    const document = await waitUntil('C to serve the alignment uploaded to A', 20_000, async () => {
      const answer = await request(`${c.url}/alignments/CO_FIWARE_align/1.0`, { timeoutMs: REQUEST_MS });
      return answer.status === 200 ? answer.text : undefined;
    });
    expect(document).toBe(readData('alignments/CO_FIWARE.rdf'));
    const translated = await waitUntil('B to translate with the alignment uploaded to A', 20_000, async () => {
      const answer = await request(`${b.url}/translation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alignIDs: [alignment], graphStr: message(0) }),
        timeoutMs: REQUEST_MS,
      });
      return answer.status === 200 ? answer.json<{ graphStr: string }>().graphStr : undefined;
    });
    expect(await isGoldenTranslation(0, translated)).toBe(true);

    // A test suite saved through C runs on A: suites are shared configuration too.
    const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), timeoutMs: REQUEST_MS });
    expect((await request(`${c.url}/suites`, json({ name: 'fleet' }))).status).toBe(201);
    const saved = await request(`${c.url}/suites/fleet/cases`, json({ name: 'weight', alignments: [alignment], message: message(0) }));
    expect(saved.status, saved.text).toBe(201);
    // The suite and its case are two writes: A may see the suite before its case (a run of none).
    const report = await waitUntil('A to run the suite saved through C, with its case', 20_000, async () => {
      const answer = await request(`${a.url}/suites/fleet/run`, json({}));
      const run = answer.status === 200 ? answer.json<api.SuiteRunReport>() : undefined;
      return run !== undefined && run.cases.length > 0 ? run : undefined;
    });
    expect(report).toMatchObject({ passed: 1, failed: 0 });

    // A channel created on B runs on all three processes (one shared durable consumer).
    const created = await request(`${b.url}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'fleet.src',
        sink: 'fleet.sink',
        inpAlignmentName: alignment.name,
        inpAlignmentVersion: alignment.version,
        parallelism: 4,
      }),
      timeoutMs: REQUEST_MS,
    });
    expect(created.status, created.text).toBe(201);
    const channelId = created.json<api.ChannelCreated>().id;
    const runningOn = async (m: ServedMediator): Promise<true | undefined> =>
      (await channelsOf(m)).some((ch) => ch.id === channelId && ch.status === 'running') ? true : undefined;
    for (const [name, m] of [
      ['A', a],
      ['B', b],
      ['C', c],
    ] as const) {
      await waitUntil(`the channel created on B to run on ${name}`, 30_000, () => runningOn(m));
    }
    const listed = (await channelsOf(a)).find((ch) => ch.id === channelId);
    expect(listed?.configStore).toMatchObject({ kind: 'nats', connected: true });

    const client = new NatsTransport({ servers: cluster.url, name: 'fleet-test', publishTimeoutMs: 90_000 });
    const arrivals = new NumberedArrivals('fleet');
    const checker = await client.subscribe('fleet.sink', 'fleet-checker', { maxInFlight: 64, from: 'earliest' }, arrivals.handler);

    try {
      let restarting: Promise<void> | undefined;
      let killedNode = -1;
      for (let i = 0; i < MESSAGES; i++) {
        await client.publish('fleet.src', message(i));
        if (i === MESSAGES / 2) {
          // Mid-way: process C and a NATS node crash (the one leading the configuration bucket, the
          // hardest case for the watches); C comes back and catches up from the buckets.
          killedNode = await configLeader(cluster);
          c.process.kill('SIGKILL');
          await cluster.kill(killedNode);
          expect(await c.process.exited({ timeoutMs: 15_000 })).toEqual({ code: null, signal: 'SIGKILL' });
          restarting = (async () => {
            c = await serve(cluster.url, c.dataDir);
            await waitUntil('the restarted C to run the shared channel', 60_000, () => runningOn(c));
          })();
        }
      }
      await restarting;
      await waitUntil(`all ${MESSAGES} messages on the sink`, 120_000, async () => (arrivals.arrived.size >= MESSAGES ? true : undefined)).catch(
        (error: Error) => {
          throw new Error(`${error.message} (${arrivals.arrived.size} arrived)`);
        },
      );

      await arrivals.expectEveryGolden(MESSAGES);

      // Every process says it is in touch with the shared configuration.
      for (const m of [a, b, c]) {
        await waitUntil(`${m.url} to report its configuration store connected`, 30_000, async () => {
          const version = await getJson<api.VersionDetails>(`${m.url}/version?details=true`);
          return version.configStore?.kind === 'nats' && version.configStore.connected ? true : undefined;
        });
      }

      // Deleted on A: stops on every process; the sink gets nothing more, whatever reaches the source.
      const deleted = await request(`${a.url}/channels/${channelId}`, { method: 'DELETE', timeoutMs: REQUEST_MS });
      expect(deleted.status, deleted.text).toBe(204);
      for (const m of [a, b, c]) {
        await waitUntil(`${m.url} to drop the channel deleted on A`, 30_000, async () =>
          (await channelsOf(m)).some((ch) => ch.id === channelId) ? undefined : true,
        );
      }
      const nc = await connect({ servers: cluster.servers.filter((_s, i) => i !== killedNode), name: 'fleet-test-inspect' });
      try {
        const jsm = await nc.jetstreamManager();
        // The shared configuration is replicated on the three nodes.
        expect((await jsm.streams.info('KV_mediator_config')).config.num_replicas).toBe(3);
        const sinkStream = natsNames('fleet.sink').stream;
        const sinkBefore = (await jsm.streams.info(sinkStream)).state.last_seq;
        const sourceBefore = (await jsm.streams.info(natsNames('fleet.src').stream)).state.last_seq;
        for (let i = 0; i < 20; i++) await client.publish('fleet.src', message(MESSAGES + i));
        expect((await jsm.streams.info(natsNames('fleet.src').stream)).state.last_seq).toBe(sourceBefore + 20);
        // Long enough for any process still running the channel to translate (milliseconds each).
        await sleep(4000);
        expect((await jsm.streams.info(sinkStream)).state.last_seq, 'messages reached the sink after the channel was deleted').toBe(sinkBefore);
      } finally {
        await nc.close();
      }
    } finally {
      await checker.close();
      await client.close();
    }
    for (const m of [a, b, c]) expect(await m.process.stop({ signal: 'SIGTERM', graceMs: 15_000 })).toEqual({ code: 0, signal: null });
  }, 300_000);
});
