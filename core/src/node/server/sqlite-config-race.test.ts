/**
 * The race invariants of issue 32 on one server with its SQLite store: DELETE of an alignment and
 * POST /channels naming it sent together never both succeed, three DELETEs give one 204, and no
 * listed channel names an alignment that is not stored (50 rounds each). One process answers a
 * creation in about a millisecond, so the sweep holds back either side by up to 20 ms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneConfiguration, raceDeletes, raceDeleteWithCreate, sweptDelay, type RaceTally } from '../../test-support/config-races.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const ROUNDS = 50;
let test: TestServer | undefined;

beforeAll(async () => {
  test = await startTestServer('sqlite-race');
});

afterAll(async () => {
  await test?.stop();
});

describe('racing configuration changes on one SQLite server', () => {
  it(`DELETE of an alignment and POST /channels naming it: exactly one wins (${ROUNDS} rounds)`, async () => {
    const url = test!.server.url;
    const tally: RaceTally = { deleteWon: 0, channelWon: 0 };
    for (let round = 0; round < ROUNDS; round++) await raceDeleteWithCreate([url], url, url, `sqlite${round}`, tally, sweptDelay(round) - 20);
    expect(tally.deleteWon + tally.channelWon).toBe(ROUNDS);
    await expectOneConfiguration([url]);
  }, 60_000);

  it(`three DELETEs of one alignment: one 204, two 400 (${ROUNDS} rounds)`, async () => {
    const url = test!.server.url;
    for (let round = 0; round < ROUNDS; round++) await raceDeletes([url], [url, url, url], `sqlite${round}`);
    await expectOneConfiguration([url]);
  }, 60_000);
});
