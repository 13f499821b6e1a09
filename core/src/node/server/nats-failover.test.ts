/**
 * The distributed acceptance test of the channels issue: two `mediator serve` processes on a
 * three-node NATS JetStream cluster (loopback) share one channel's durable consumer; 2,000 golden
 * messages go to the source; in the middle one mediator process and one NATS node are killed with
 * SIGKILL; every message must arrive translated on the sink (duplicates allowed, none missing),
 * each isomorphic to its golden output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '../transports/index.js';
import { readData, mediatorCli } from '../../test-support/shared-data.js';
import { natsSkipReason, skipNats, startNatsCluster, type NatsCluster } from '../../test-support/nats-cluster.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { NumberedArrivals, numberedMessage } from '../../test-support/numbered-messages.js';

const cli = mediatorCli;
const MESSAGES = 2000;
const processes: TestProcess[] = [];
const dirs: string[] = [];
let cluster: NatsCluster | undefined;
const REQUEST_MS = 20_000;

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await cluster?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function serve(url: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-failover-'));
  dirs.push(dataDir);
  // Each process with its own local store, as this test sends each one the alignment and the channel;
  // the shared configuration of a fleet (the default with NATS) is nats-fleet.test.ts's.
  return startMediatorServe(cli, dataDir, {
    args: ['--transport', 'nats', '--broker', url, '--store', 'sqlite', '--log-level', 'error'],
    timeoutMs: 30_000,
    started: processes,
  });
}

const message = (i: number): string => numberedMessage(i, 'failover');

describe.skipIf(skipNats)(`two mediators on a three-node NATS JetStream cluster ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('translates every one of 2,000 messages although a mediator and a NATS node are killed mid-way', async () => {
    cluster = await startNatsCluster(3);
    const [a, b] = await Promise.all([serve(cluster.url), serve(cluster.url)]);
    for (const m of [a, b]) {
      const upload = await request(`${m.url}/alignments`, {
        method: 'POST',
        body: readData('alignments/CO_FIWARE.rdf'),
        headers: { 'content-type': 'application/xml' },
        timeoutMs: REQUEST_MS,
      });
      expect(upload.status, upload.text).toBe(201);
      const channel = await request(`${m.url}/channels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: 'failover.src',
          sink: 'failover.sink',
          inpAlignmentName: 'CO_FIWARE_align',
          inpAlignmentVersion: '1.0',
          outAlignmentName: '',
          outAlignmentVersion: '',
          parallelism: 4,
          optConsumerGroup: 'failover-group',
        }),
        timeoutMs: REQUEST_MS,
      });
      expect(channel.status, channel.text).toBe(201);
    }

    // The middleware's side: a producer keeps retrying through the node loss (a re-election can
    // take long on a loaded 2-core machine); the messages' ids make retries harmless.
    const client = new NatsTransport({ servers: cluster.url, name: 'failover-test', publishTimeoutMs: 90_000 });
    const arrivals = new NumberedArrivals('failover');
    const checker = await client.subscribe('failover.sink', 'failover-checker', { maxInFlight: 64, from: 'earliest' }, arrivals.handler);

    let killed = false;
    for (let i = 0; i < MESSAGES; i++) {
      await client.publish('failover.src', message(i));
      if (!killed && i === MESSAGES / 2) {
        // Mid-way: a mediator process and a NATS node crash.
        killed = true;
        a.process.kill('SIGKILL');
        await cluster.kill(2);
        expect(await a.process.exited({ timeoutMs: 15_000 })).toEqual({ code: null, signal: 'SIGKILL' });
      }
    }
    const deadline = Date.now() + 90_000;
    while (arrivals.arrived.size < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await checker.close();
    await client.close();

    await arrivals.expectEveryGolden(MESSAGES);
    expect(await b.process.stop({ signal: 'SIGTERM', graceMs: 15_000 })).toEqual({ code: 0, signal: null });
  }, 180_000);
});
