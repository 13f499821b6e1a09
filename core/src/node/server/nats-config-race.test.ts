/**
 * The fleet's configuration under races (issue 32): two and three `mediator serve` processes on one
 * nats-server, each race sent at once, 50 rounds each, judged by invariants, not timings:
 * - DELETE of an alignment and POST /channels naming it (to two processes, and to one): never both
 *   2xx, exactly one wins, the loser gets the ordinary 400; different content uploaded later under
 *   the same name and version brings no channel back;
 * - three DELETEs of one alignment (to three processes): one 204, two not-found 400s; likewise of a channel;
 * - afterwards (bounded settle) every process lists the same channels, and every listed channel's
 *   alignments exist.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { compiledCli } from '../../test-support/shared-data.js';
import { expectOneConfiguration, raceChannelDeletes, raceDeletes, raceDeleteWithCreate, sweptDelay, type RaceTally } from '../../test-support/config-races.js';

const ROUNDS = 50;
const processes: TestProcess[] = [];
const dirs: string[] = [];
let nats: NatsCluster | undefined;
let urls: string[] = [];

beforeAll(async () => {
  if (skipNats) return;
  nats = await startNatsServer();
  const url = nats.url;
  urls = await Promise.all(
    [0, 1, 2].map(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mediator-race-'));
      dirs.push(dataDir);
      const served = await startMediatorServe(compiledCli, dataDir, {
        args: ['--transport', 'nats', '--broker', url, '--log-level', 'error', '--translation-workers', '0'],
        timeoutMs: 60_000,
        started: processes,
      });
      return served.url;
    }),
  );
}, 90_000);

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(skipNats)(`racing configuration changes in a fleet on one nats-server ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it(`DELETE of an alignment and POST /channels naming it, to two processes: exactly one wins (${ROUNDS} rounds each way)`, async () => {
    const [a, b] = urls as [string, string];
    const tally: RaceTally = { deleteWon: 0, channelWon: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which process deletes, so neither is always the one a step ahead.
      const [del, create] = round % 2 === 0 ? [a, b] : [b, a];
      await raceDeleteWithCreate([a, b], del, create, `two${round}`, tally, sweptDelay(round));
    }
    expect(tally.deleteWon + tally.channelWon).toBe(ROUNDS);
    await expectOneConfiguration(urls);
  }, 120_000);

  it(`the same race sent to one process of three (${ROUNDS} rounds)`, async () => {
    const tally: RaceTally = { deleteWon: 0, channelWon: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const one = urls[round % 3]!;
      await raceDeleteWithCreate(urls, one, one, `one${round}`, tally, sweptDelay(round));
    }
    expect(tally.deleteWon + tally.channelWon).toBe(ROUNDS);
    await expectOneConfiguration(urls);
  }, 120_000);

  it(`three DELETEs of one channel to three processes: one 2xx, two 400 (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) await raceChannelDeletes(urls, urls, `three${round}`);
    await expectOneConfiguration(urls);
  }, 120_000);

  it(`three DELETEs of one alignment to three processes: one 204, two 400 (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) await raceDeletes(urls, urls, `three${round}`);
    await expectOneConfiguration(urls);
  }, 120_000);
});
