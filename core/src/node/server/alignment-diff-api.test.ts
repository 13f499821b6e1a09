/**
 * GET /alignment-diff (issue 12, part 2) on a real server and port, with a real SQLite file: two
 * versions of a shared alignment, the same diff as core's, texts for the side-by-side view, and the
 * errors (404 unknown alignment, 400 missing parameter). Every answer is checked against the
 * served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffAlignments, type api } from '../../common/index.js';
import { readData } from '../../test-support/shared-data.js';
import { editedCopy, readModel, type EditedCopy } from '../../test-support/alignment-variants.js';
import { type RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;
let edit: EditedCopy;
const original = readData('alignments/CO_FIWARE.rdf');

beforeAll(async () => {
  running = await startTestServer('diff-api');
  server = running.server;
  const edited = editedCopy(original, await readModel(original), 'entity1');
  // A new version of the same name: what the workbench compares.
  edit = { ...edited, text: edited.text.replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>') };
  for (const xml of [original, edit.text]) {
    const r = await fetch(`${server.url}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' } });
    expect(r.status).toBe(201);
  }
});

afterAll(async () => {
  await running.stop();
});

function diffUrl(oldName: string, oldVersion: string, newName: string, newVersion: string): string {
  const q = new URLSearchParams({ oldName, oldVersion, newName, newVersion });
  return `${server.url}/alignment-diff?${q.toString()}`;
}

describe('GET /alignment-diff', () => {
  it('compares two stored versions', async () => {
    const r = await fetch(diffUrl('CO_FIWARE_align', '1.0', 'CO_FIWARE_align', '1.1'));
    expect(r.status).toBe(200);
    const body = (await r.json()) as api.AlignmentDiffReply;
    expect(body.old).toEqual({ name: 'CO_FIWARE_align', version: '1.0' });
    expect(body.new).toEqual({ name: 'CO_FIWARE_align', version: '1.1' });
    expect(body.identical).toBe(false);
    expect(body.diff.cells).toEqual({ added: [], removed: [edit.removed], changed: [{ cell: edit.changed, parts: ['entity1'] }], renamed: [edit.renamed] });
    expect(body.diff.header).toEqual({ version: { old: '1.0', new: '1.1' } });
    // The same as core's diff of the two texts (one diff, whatever the way in).
    expect(body.diff).toEqual(diffAlignments(await readModel(original), await readModel(edit.text)));
    expect(body.texts.map((t) => [t.kind, t.cell])).toEqual([
      ['changed', edit.changed],
      ['removed', edit.removed],
    ]);
    expect(body.texts[0]?.new).toContain('added in the new version');
    expect(body.texts[0]?.old).not.toContain('added in the new version');
  });

  it('finds nothing between an alignment and itself', async () => {
    const r = await fetch(diffUrl('CO_FIWARE_align', '1.1', 'CO_FIWARE_align', '1.1'));
    expect(r.status).toBe(200);
    const body = (await r.json()) as api.AlignmentDiffReply;
    expect(body.identical).toBe(true);
    expect(body.texts).toEqual([]);
  });

  it.each([
    ['old', ['CO_FIWARE_align', '9.9', 'CO_FIWARE_align', '1.1'], /CO_FIWARE_align.*9\.9/],
    ['new', ['CO_FIWARE_align', '1.0', 'No_such_align', '1.0'], /No_such_align/],
  ] as const)('answers 404 when the %s alignment is not stored', async (_side, [a, b, c, d], message) => {
    const r = await fetch(diffUrl(a, b, c, d));
    expect(r.status).toBe(404);
    const body = (await r.json()) as { code: string; message: string };
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toMatch(message);
  });

  it('answers 400 when a parameter is missing', async () => {
    const r = await fetch(`${server.url}/alignment-diff?oldName=CO_FIWARE_align&oldVersion=1.0&newName=CO_FIWARE_align`);
    expect(r.status).toBe(400);
    const body = (await r.json()) as { code: string; message: string };
    expect(body.code).toBe('INVALID_REQUEST');
    expect(body.message).toMatch(/newVersion/);
  });

  it('keeps the contract 400 for an unknown alignment on the reference operations', async () => {
    const r = await fetch(`${server.url}/alignments/No_such_align/1.0/cells`);
    expect(r.status).toBe(400);
  });
});
