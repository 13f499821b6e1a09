/**
 * No process of a fleet keeps translating with a stale alignment (issue 13): two servers sharing
 * their configuration on a real nats-server; an alignment one of them compiled and used is deleted
 * on the other and uploaded again under the same name and version with another meaning; the first
 * server then translates with the new one, within a bounded time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/index.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from '../server/start-server.js';

let nats: NatsCluster | undefined;
const servers: RunningServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await nats?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const quiet = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
  });

async function serve(url: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-fleet-sync-'));
  dirs.push(dataDir);
  const server = await startServer({ dataDir, port: 0, logStream: quiet(), transport: { kind: 'nats', url } });
  servers.push(server);
  return server;
}

function upload(server: RunningServer, xml: string): Promise<Response> {
  return fetch(`${server.url}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' } });
}

async function translatedPayload(server: RunningServer, message: string): Promise<RDF.Quad[]> {
  const answer = await fetch(`${server.url}/translation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ alignIDs: [{ name: 'UniversAAL_CO_align', version: '3.0.1' }], graphStr: message }),
  });
  if (answer.status !== 200) throw new Error(`translation on ${server.url}: ${answer.status} ${await answer.text()}`);
  const { graphStr } = (await answer.json()) as { graphStr: string };
  return (await readMessage(graphStr)).quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
}

/** Retries `attempt` until it resolves; after 10 s fails naming what was awaited and the last error. */
async function eventually<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}: ${(error as Error).message}`, { cause: error });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(skipNats)(`fleet processes and replaced alignments ${skipNats ? `(${natsSkipReason})` : ''}`, () => {
  it('translates with the new version of an alignment deleted and uploaded again on another process', async () => {
    nats = await startNatsServer();
    const [a, b] = await Promise.all([serve(nats.url), serve(nats.url)]);
    const message = readData('messages/weight.json');
    const original = readData('alignments/UniversAAL_CO.rdf');
    // Same name and version, another meaning: CO_FIWARE's cells under UniversAAL_CO's title.
    const replacement = readData('alignments/CO_FIWARE.rdf')
      .replace('<dcelem:title>CO_FIWARE_align</dcelem:title>', '<dcelem:title>UniversAAL_CO_align</dcelem:title>')
      .replace('<exmo:version>1.0</exmo:version>', '<exmo:version>3.0.1</exmo:version>');
    expect(replacement).toContain('<exmo:version>3.0.1</exmo:version>');

    expect((await upload(a, original)).status).toBe(201);
    // B learns of the upload through its watch: within a bounded time, not necessarily at once.
    const before = await eventually('B to translate with the alignment uploaded to A', () => translatedPayload(b, message));

    expect((await fetch(`${a.url}/alignments/UniversAAL_CO_align/3.0.1`, { method: 'DELETE' })).status).toBe(204);
    expect((await upload(a, replacement)).status).toBe(201);
    const expected = await translatedPayload(a, message);
    expect(isomorphic(expected, before), 'the replacement must translate differently for this test to mean anything').toBe(false);

    await eventually('B to translate with the replaced alignment', async () => {
      if (!isomorphic(await translatedPayload(b, message), expected)) throw new Error('B still translates with the old version');
    });
    expect(await (await fetch(`${b.url}/alignments/UniversAAL_CO_align/3.0.1`)).text()).toBe(replacement);
  }, 60_000);
});
