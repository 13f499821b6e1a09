/**
 * Prompt propagation in a fleet (issue 32): channels created at once through different processes
 * of three are consuming on every process within 1 s of their creation's answer: each process lists
 * them `running`, and each channel's shared durable consumer has a pull request waiting from every
 * process (`num_waiting`; a process's subscription keeps exactly one outstanding while idle).
 * On one nats-server and on a three-node cluster.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { natsSkipReason, skipNats, startNatsCluster, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { request, startMediatorServe, stopAll, uploadAlignment as upload, type TestProcess } from '../../test-support/processes.js';
import { compiledCli } from '../../test-support/shared-data.js';
import { alignmentNamed, createChannel, everywhere } from '../../test-support/config-races.js';
import { natsDurableName, natsNames } from '../transports/index.js';

const CHANNELS = 6;
const PROCESSES = 3;
let processes: TestProcess[] = [];
let dirs: string[] = [];
let nats: NatsCluster | undefined;

afterEach(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  processes = [];
  dirs = [];
  nats = undefined;
});

async function fleetOn(cluster: NatsCluster): Promise<string[]> {
  return Promise.all(
    Array.from({ length: PROCESSES }, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mediator-propagation-'));
      dirs.push(dataDir);
      const served = await startMediatorServe(compiledCli, dataDir, {
        args: ['--transport', 'nats', '--broker', cluster.url, '--log-level', 'error', '--translation-workers', '0'],
        timeoutMs: 60_000,
        started: processes,
      });
      return served.url;
    }),
  );
}

async function createAtOnceAndTime(cluster: NatsCluster): Promise<void> {
  const urls = await fleetOn(cluster);
  expect((await upload(urls[0]!, alignmentNamed('propagation'))).status).toBe(201);
  await everywhere(urls, 'propagation');
  const nc = await connect({ servers: [...cluster.servers], name: 'propagation-test' });
  try {
    const jsm = await nc.jetstreamManager();
    const sentAt = Date.now();
    const created = await Promise.all(Array.from({ length: CHANNELS }, (_, i) => createChannel(urls[i % urls.length]!, 'propagation', `propagation.${i}`)));
    const answeredAt = Date.now();
    expect(
      created.map((c) => c.status),
      created.map((c) => c.text).join('\n'),
    ).toEqual(created.map(() => 201));
    const ids = created.map((c) => c.json<{ id: number }>().id);

    // Polled until every process consumes every channel (bounded at 10 s), then judged against the 1 s.
    let last = '';
    let runningAt: number | undefined;
    for (;;) {
      const views = await Promise.all(urls.map(async (u) => (await request(`${u}/channels?details=true`)).json<api.ChannelDetails[]>()));
      const running = views.every((v) => ids.every((id) => v.find((c) => c.id === id)?.status === 'running'));
      let waiting: number[] = [];
      if (running) {
        runningAt ??= Date.now() - answeredAt;
        waiting = await Promise.all(
          (views[0] ?? [])
            .filter((c) => ids.includes(c.id))
            .map(async (c) => (await jsm.consumers.info(natsNames(c.source).stream, natsDurableName(c.consumerGroup))).num_waiting),
        );
      }
      last = `answers after ${answeredAt - sentAt} ms; running everywhere after ${runningAt} ms; ${JSON.stringify(views.map((v) => v.map((c) => `${c.id}:${c.status}`)))} waiting pull requests per channel: ${JSON.stringify(waiting)}`;
      if (running && waiting.length === CHANNELS && waiting.every((n) => n >= PROCESSES)) break;
      if (Date.now() - answeredAt > 10_000) {
        const kv = await nc.jetstream().views.kv('mediator_config');
        const keys: string[] = [];
        for await (const k of await kv.keys()) keys.push(k);
        const dump = await Promise.all(
          keys.map(async (k) => {
            const e = await kv.get(k);
            return `${k}@${e?.revision}: ${k.startsWith('usage') && e !== null ? new TextDecoder().decode(e.value) : ''}`;
          }),
        );
        throw new Error(`not every channel is consumed by every process after 10 s: ids ${JSON.stringify(ids)} ${last}\n${dump.join('\n')}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const elapsed = Date.now() - answeredAt;
    expect(
      elapsed,
      `every channel consumed everywhere ${elapsed} ms after the answers: ${last}\n${processes.map((p) => p.output().slice(-3000)).join('\n----\n')}`,
    ).toBeLessThanOrEqual(1000);
  } finally {
    await nc.close();
  }
}

describe.skipIf(skipNats)(`channels created at once in a fleet ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it(`are consumed by every process within 1 s: ${CHANNELS} channels through ${PROCESSES} processes on one nats-server`, async () => {
    nats = await startNatsServer();
    await createAtOnceAndTime(nats);
  }, 120_000);

  it(`are consumed by every process within 1 s: ${CHANNELS} channels through ${PROCESSES} processes on a three-node cluster`, async () => {
    nats = await startNatsCluster(3);
    await createAtOnceAndTime(nats);
  }, 120_000);
});
