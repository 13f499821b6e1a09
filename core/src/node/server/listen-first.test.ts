/**
 * Listen first (issue 42): a server started as `mediator serve` starts it listens before its engine
 * is warm and its stored alignments compiled; GET /version answers at once, and a translation that
 * arrives meanwhile waits for that start-up instead of compiling its alignment a second time (on
 * the event loop) or failing. Real worker thread, real SQLite file, real port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';
import { silentLog } from './test-support/test-server.js';

const dirs: string[] = [];
const servers: RunningServer[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function storeAlignment(dataDir: string): Promise<void> {
  const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 0 });
  try {
    const answer = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: readData('alignments/CO_FIWARE.rdf'),
    });
    expect(answer.status).toBe(201);
  } finally {
    await server.close();
  }
}

describe('a server started with listenFirst (mediator serve)', () => {
  it('answers before it is warm, and a translation sent then waits for the start-up, compiled once on its worker', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
    dirs.push(dataDir);
    await storeAlignment(dataDir);

    const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 1, listenFirst: true });
    servers.push(server);
    let ready = false;
    void server.ready.then(() => (ready = true));
    // A worker thread loads and warms the engine in tens of milliseconds at best: not yet done.
    await Promise.resolve();
    expect(ready, 'startServer resolved only after the engine was warm').toBe(false);

    // Sent together: GET /version does not wait, the translation does.
    const [version, translation] = await Promise.all([
      fetch(`${server.url}/version`).then((answer) => ({ answer, readyThen: ready })),
      fetch(`${server.url}/translation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
      }),
    ]);
    expect(version.answer.status).toBe(200);
    expect(version.readyThen, 'GET /version waited for the start-up').toBe(false);
    expect(translation.status).toBe(200);
    expect(((await translation.json()) as { graphStr: string }).graphStr).toContain('FIWAREv2#Entity');
    expect(ready).toBe(true);
    // Compiled on the worker at start only: the request did not compile it here while the start-up ran.
    expect(server.alignments.storedCompiledHereForTest()).toBe(0);
    expect(server.alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
  }, 60_000);

  it('is ready at once without listenFirst (the desktop app and the tests)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-listen-first-'));
    dirs.push(dataDir);
    const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers: 1 });
    servers.push(server);
    let ready = false;
    void server.ready.then(() => (ready = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(ready).toBe(true);
  }, 60_000);
});
