/**
 * POST /translation-preview (issue 39): a message through alignment text that is not stored gives
 * what POST /translation?trace=true gives once the same text is stored, on a real port, with and
 * without translation workers; it stores nothing, and an alignment with errors is refused with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenFile, readData } from '../../test-support/shared-data.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

checkResponsesAgainstOpenApi();

const universaal = readData('alignments/UniversAAL_CO.rdf');
const input = goldenFile('weight__UniversAAL_CO', 'input.json');

interface Reply {
  message: string;
  graphStr: string;
  code?: string;
  problems?: Array<{ severity: string; message: string }>;
  trace?: Array<{ cellId: string; inserted: number; deleted: number }>;
  payloadDiff?: { added: unknown[]; removed: unknown[] };
}

for (const workers of [0, 1]) {
  describe(`POST /translation-preview (${workers} translation workers)`, () => {
    let running: TestServer;
    const post = async (path: string, body: unknown): Promise<{ status: number; json: Reply }> => {
      const r = await fetch(running.server.url + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return { status: r.status, json: (await r.json()) as Reply };
    };
    beforeAll(async () => {
      running = await startTestServer(`preview-${workers}`, { translationWorkers: workers });
    });
    afterAll(async () => running.stop());

    it('translates through the text as POST /translation does through the stored alignment, and stores nothing', async () => {
      const preview = await post('/translation-preview', { alignment: universaal, graphStr: input });
      expect(preview.status).toBe(200);
      expect(preview.json.trace?.length).toBeGreaterThan(0);
      const list = await fetch(`${running.server.url}/alignments`);
      expect(await list.json()).toEqual([]);

      const upload = await fetch(`${running.server.url}/alignments`, { method: 'POST', body: universaal, headers: { 'content-type': 'application/xml' } });
      expect(upload.status).toBe(201);
      const stored = await post('/translation?trace=true', { alignIDs: [{ name: 'UniversAAL_CO_align', version: '3.0.1' }], graphStr: input });
      expect(preview.json.graphStr).toBe(stored.json.graphStr);
      expect(preview.json.payloadDiff).toEqual(stored.json.payloadDiff);
      expect(preview.json.trace?.map((s) => [s.cellId, s.inserted, s.deleted])).toEqual(stored.json.trace?.map((s) => [s.cellId, s.inserted, s.deleted]));
    });

    it('refuses an alignment with errors, with its problems, and a message that does not parse', async () => {
      const broken = await post('/translation-preview', { alignment: universaal.replace('<exmo:version>3.0.1</exmo:version>', ''), graphStr: input });
      expect(broken.status).toBe(400);
      expect(broken.json.problems?.some((p) => p.severity === 'error' && /version/.test(p.message))).toBe(true);
      const notJson = await post('/translation-preview', { alignment: universaal, graphStr: '{ nope' });
      expect(notJson.status).toBe(400);
      expect(notJson.json.code).toBeTruthy();
      const missing = await post('/translation-preview', { graphStr: input });
      expect(missing.status).toBe(400);
    });
  });
}
