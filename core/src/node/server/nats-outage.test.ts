/**
 * A fleet process while its NATS server is down (issue 32), over a real port: changes fail within
 * 3 s with 503 {message, code}; reads answer the last known configuration marked stale
 * (`configStore.connected: false`), never an empty one; running channels report `broker-down`;
 * a process started during the outage exits, naming the store and the cause; when the server
 * returns, the process is back in touch, its channels run and changes are accepted, within 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { startProcess, stopAll, type TestProcess } from '../../test-support/processes.js';
import { compiledCli, readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { silentLog } from './test-support/test-server.js';
import { waitUntil } from '../../test-support/wait-until.js';

let nats: NatsCluster | undefined;
let server: RunningServer | undefined;
const processes: TestProcess[] = [];
const dirs = [mkdtempSync(join(tmpdir(), 'mediator-outage-')), mkdtempSync(join(tmpdir(), 'mediator-outage-late-'))] as const;

afterAll(async () => {
  await stopAll(processes, { signal: 'SIGKILL' });
  await server?.close();
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(skipNats)(`a fleet process while NATS is down ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('refuses changes within 3 s, serves the last known state marked stale, reports broker-down, refuses to start fresh, and recovers', async () => {
    nats = await startNatsServer();
    server = await startServer({ dataDir: dirs[0], port: 0, logStream: silentLog(), transport: { kind: 'nats', url: nats.url } });
    const url = server.url;
    const post = (path: string, body: string, type: string) => fetch(`${url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
    const upload = (file: string) => post('/alignments', readData(`alignments/${file}.rdf`), 'application/xml');
    const channel = (topic: string) =>
      post(
        '/channels',
        JSON.stringify({ source: `${topic}.src`, sink: `${topic}.sink`, inpAlignmentName: 'CO_FIWARE_align', inpAlignmentVersion: '1.0' }),
        'application/json',
      );
    const details = async () => (await (await fetch(`${url}/channels?details=true`)).json()) as api.ChannelDetails[];

    expect((await upload('CO_FIWARE')).status).toBe(201);
    expect((await channel('outage.one')).status).toBe(201);
    expect((await channel('outage.two')).status).toBe(201);
    await waitUntil('both channels running', 10_000, async () => ((await details()).every((c) => c.status === 'running') ? true : undefined));
    const before = await details();

    await nats.kill(0);
    await waitUntil('the process to say it is cut off', 10_000, async () =>
      (await details()).every((c) => c.configStore?.connected === false) ? true : undefined,
    );

    // Changes: 503 {message, code} within 3 s each.
    const changes: Array<[string, () => Promise<Response>]> = [
      ['upload', () => upload('UniversAAL_CO')],
      ['channel creation', () => channel('outage.three')],
      ['channel deletion', () => fetch(`${url}/channels/${before[0]?.id}`, { method: 'DELETE' })],
      ['alignment deletion', () => fetch(`${url}/alignments/CO_FIWARE_align/1.0`, { method: 'DELETE' })],
    ];
    for (const [what, change] of changes) {
      const started = Date.now();
      const answer = await change();
      const elapsed = Date.now() - started;
      const body = (await answer.json()) as Record<string, unknown>;
      expect(answer.status, `${what}: ${JSON.stringify(body)}`).toBe(503);
      expect(Object.keys(body).sort(), what).toEqual(['code', 'message']);
      expect(body.code, what).toBe('CONFIG_STORE_UNAVAILABLE');
      expect(elapsed, `${what} answered after ${elapsed} ms`).toBeLessThanOrEqual(3000);
    }

    // Reads: the last known state, marked stale; channels whose broker is gone are not `running`.
    const stale = await details();
    expect(stale.map((c) => c.id)).toEqual(before.map((c) => c.id));
    for (const c of stale) {
      expect(c.configStore).toMatchObject({ kind: 'nats', connected: false });
      expect(c.status).toBe('broker-down');
      expect(c.reason).toEqual(expect.any(String));
    }
    expect(((await (await fetch(`${url}/alignments`)).json()) as api.AlignmentInfo[]).map((a) => a.name)).toEqual(['CO_FIWARE_align']);
    expect(((await (await fetch(`${url}/version?details=true`)).json()) as api.VersionDetails).configStore).toMatchObject({ connected: false });

    // A process started now has never seen the configuration: it exits, naming the store and the cause.
    const late = startProcess('mediator serve (during the outage)', process.execPath, [
      compiledCli,
      'serve',
      '--port',
      '0',
      '--data',
      dirs[1],
      '--transport',
      'nats',
      '--broker',
      nats.url,
      '--log-level',
      'error',
    ]);
    processes.push(late);
    const exit = await late.exited({ timeoutMs: 30_000 });
    expect(exit.code, late.output()).not.toBe(0);
    expect(late.text('stderr')).toMatch(/configuration store \(NATS JetStream .*\) cannot be reached: \S/);
    expect(late.text('stderr')).not.toMatch(/Mediator API:/);

    // Back: in touch, channels running, changes accepted, within 10 s.
    await nats.restart(0);
    const back = Date.now();
    await waitUntil('the process back in touch with its channels running', 10_000, async () =>
      (await details()).every((c) => c.configStore?.connected === true && c.status === 'running') ? true : undefined,
    );
    const accepted = await waitUntil('an upload accepted', Math.max(1, 10_000 - (Date.now() - back)), async () => {
      const answer = await upload('UniversAAL_CO');
      return answer.status === 503 ? undefined : answer.status;
    });
    expect(accepted).toBe(201);
  }, 120_000);
});
