/**
 * The 500 rows of the contract (CONTRACT.md: GET /alignments/{n}/{v} "500 retrieval failed",
 * DELETE /alignments 500, DELETE /channels "500 closing failed"), with real SQLite failures: a
 * second connection to the server's database file changes it under the running server, the way a
 * damaged disk or another program would. Each answer is JSON {message, code}, and nothing is lost:
 * once the fault is gone, the same requests succeed on the same data.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import type { RunningServer } from './start-server.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;
let db: Database.Database;

beforeAll(async () => {
  running = await startTestServer('store-faults');
  server = running.server;
  db = new Database(join(running.dataDir, 'mediator.db'));
  await uploadNew(server, readData('alignments/CO_FIWARE.rdf'));
});

afterAll(async () => {
  db.close();
  await running.stop();
});

async function expect500(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code: 'INTERNAL', message: expect.any(String) });
  return body;
}

const PATH = '/alignments/CO_FIWARE_align/1.0';

describe('store failures answer 500 and lose nothing', () => {
  it('GET /alignments/{name}/{version}: 500 when the stored alignment cannot be read', async () => {
    db.exec('ALTER TABLE alignment RENAME TO alignment_moved');
    try {
      const body = await expect500(await fetch(server.url + PATH));
      expect(body.message).toMatch(/alignment/);
    } finally {
      db.exec('ALTER TABLE alignment_moved RENAME TO alignment');
    }
    const again = await fetch(server.url + PATH);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(readData('alignments/CO_FIWARE.rdf'));
  });

  it('DELETE /alignments/{name}/{version}: 500 when the delete fails; the alignment stays', async () => {
    db.exec("CREATE TRIGGER refuse_alignment_delete BEFORE DELETE ON alignment BEGIN SELECT RAISE(ABORT, 'disk refused the write'); END");
    try {
      const body = await expect500(await fetch(server.url + PATH, { method: 'DELETE' }));
      expect(body.message).toMatch(/disk refused the write/);
    } finally {
      db.exec('DROP TRIGGER refuse_alignment_delete');
    }
    expect((await fetch(server.url + PATH)).status).toBe(200);
    const translated = await fetch(`${server.url}/translation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
    });
    expect(translated.status).toBe(200);
  });

  it('DELETE /channels/{id}: 500 when closing fails; the channel record stays and can be deleted later', async () => {
    const created = await fetch(`${server.url}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        source: 'fault-src',
        sink: 'fault-sink',
        inpAlignmentName: 'CO_FIWARE_align',
        inpAlignmentVersion: '1.0',
        outAlignmentName: '',
        outAlignmentVersion: '',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    db.exec("CREATE TRIGGER refuse_channel_delete BEFORE DELETE ON channel BEGIN SELECT RAISE(ABORT, 'disk refused the write'); END");
    try {
      await expect500(await fetch(`${server.url}/channels/${id}`, { method: 'DELETE' }));
    } finally {
      db.exec('DROP TRIGGER refuse_channel_delete');
    }
    const listed = (await (await fetch(`${server.url}/channels`)).json()) as Array<{ id: number }>;
    expect(listed.map((c) => c.id)).toContain(id);
    expect((await fetch(`${server.url}/channels/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(server.url + PATH, { method: 'DELETE' })).status).toBe(204);
  });
});
