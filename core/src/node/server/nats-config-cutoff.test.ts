/**
 * A fleet process cut off from its NATS server (issue 13), over a real port: it keeps serving the
 * alignments, channels and translations it has, says so in GET /version and beside each channel of
 * GET /channels, refuses changes with 503 CONFIG_STORE_UNAVAILABLE, and is back in touch (and
 * accepts changes) once the server returns. Every answer is checked against the OpenAPI document.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { waitUntil } from '../../test-support/wait-until.js';

checkResponsesAgainstOpenApi();

let nats: NatsCluster | undefined;
let server: RunningServer | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'mediator-cutoff-'));

afterAll(async () => {
  await server?.close();
  await nats?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const quiet = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
  });

describe.skipIf(skipNats)(`a fleet process cut off from NATS ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('keeps serving what it has, says so, refuses changes with 503, and recovers', async () => {
    nats = await startNatsServer();
    server = await startServer({
      dataDir,
      port: 0,
      logStream: quiet(),
      transport: { kind: 'nats', url: nats.url },
      sharedStore: { writeTimeoutMs: 1500, probeIntervalMs: 250 },
    });
    const url = server.url;
    const upload = (file: string) =>
      fetch(`${url}/alignments`, { method: 'POST', body: readData(`alignments/${file}.rdf`), headers: { 'content-type': 'application/xml' } });
    const version = async () => ((await (await fetch(`${url}/version?details=true`)).json()) as api.VersionDetails).configStore;

    expect((await upload('CO_FIWARE')).status).toBe(201);
    const created = await fetch(`${url}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'cutoff.src', sink: 'cutoff.sink', inpAlignmentName: 'CO_FIWARE_align', inpAlignmentVersion: '1.0' }),
    });
    expect(created.status).toBe(201);
    expect(await version()).toMatchObject({ kind: 'nats', connected: true });

    await nats.kill(0);
    await waitUntil('GET /version to say the process is cut off', 15_000, async () => ((await version())?.connected === false ? true : undefined));
    expect((await version())?.reason).toEqual(expect.any(String));

    const channels = (await (await fetch(`${url}/channels?details=true`)).json()) as api.ChannelDetails[];
    expect(channels).toHaveLength(1);
    expect(channels[0]?.configStore).toMatchObject({ kind: 'nats', connected: false });
    expect((await fetch(`${url}/alignments/CO_FIWARE_align/1.0`)).status).toBe(200);
    const translated = await fetch(`${url}/translation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
    });
    expect(translated.status).toBe(200);

    const refused = await upload('UniversAAL_CO');
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as api.ErrorBody).code).toBe('CONFIG_STORE_UNAVAILABLE');
    const notDeleted = await fetch(`${url}/channels/${channels[0]?.id}`, { method: 'DELETE' });
    expect(notDeleted.status).toBe(503);
    expect(((await (await fetch(`${url}/channels`)).json()) as api.ChannelInfo[]).map((c) => c.id)).toEqual([channels[0]?.id]);

    await nats.restart(0);
    await waitUntil('GET /version to say the process is back in touch', 20_000, async () => ((await version())?.connected === true ? true : undefined));
    // This test gives changes only 1.5 s of retries (the default is 20 s): a server just restarted
    // may take longer than that to accept writes again, so the change is retried here, bounded.
    const accepted = await waitUntil('an upload to be accepted after the server returned', 20_000, async () => {
      const answer = await upload('UniversAAL_CO');
      return answer.status === 503 ? undefined : answer.status;
    });
    expect(accepted).toBe(201);
  }, 90_000);
});
