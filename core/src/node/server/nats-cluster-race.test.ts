/**
 * The races of nats-config-race.test.ts on a three-node JetStream cluster (issue 32), fewer rounds:
 * a cluster is where nats-server 2.9 let several updates conditioned on one revision succeed at
 * once, so the arbitration must hold here too (it uses create-if-absent only). Run on the default
 * server and, when `npm run setup` built it, on a current one too: 2.10 and later refuse a
 * conditional key write with 10164 while another write of the key replicates, which the store must
 * retry (issue 42; without the retry these races answer 503 there), and 2.9.10 never does that.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NATS_SERVERS, startNatsCluster, type NatsCluster } from '../../test-support/nats-cluster.js';
import { startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { compiledCli } from '../../test-support/shared-data.js';
import { expectOneConfiguration, raceChannelDeletes, raceDeletes, raceDeleteWithCreate, sweptDelay, type RaceTally } from '../../test-support/config-races.js';

const ROUNDS = 20;

// A loop rather than describe.each: each variant's name carries the server's whole label and skip reason.
for (const server of NATS_SERVERS) {
  describe(`racing configuration changes in a fleet on a three-node cluster of ${server.label}`, () => {
    const processes: TestProcess[] = [];
    const dirs: string[] = [];
    let nats: NatsCluster | undefined;

    afterAll(async () => {
      await stopAll(processes, { signal: 'SIGKILL' });
      await nats?.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it.skipIf(server.skip)(
      `DELETE vs POST /channels across processes and three DELETEs: one winner each (${ROUNDS} rounds each)${server.skip ? ` (${server.skipReason})` : ''}`,
      async () => {
        nats = await startNatsCluster(3, { bin: server.bin });
        const url = nats.url;
        const urls = await Promise.all(
          [0, 1, 2].map(async () => {
            const dataDir = mkdtempSync(join(tmpdir(), 'mediator-cluster-race-'));
            dirs.push(dataDir);
            return (
              await startMediatorServe(compiledCli, dataDir, {
                args: ['--transport', 'nats', '--broker', url, '--log-level', 'error', '--translation-workers', '0'],
                timeoutMs: 60_000,
                started: processes,
              })
            ).url;
          }),
        );
        const tally: RaceTally = { deleteWon: 0, channelWon: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          await raceDeleteWithCreate(urls, urls[round % 3]!, urls[(round + 1) % 3]!, `cluster${round}`, tally, sweptDelay(round));
          await raceDeletes(urls, urls, `cluster${round}`);
          await raceChannelDeletes(urls, urls, `cluster${round}`);
        }
        expect(tally.deleteWon + tally.channelWon).toBe(ROUNDS);
        await expectOneConfiguration(urls);
      },
      110_000,
    );
  });
}
