/**
 * A sripas IRI in predicate position over the wire (CONTRACT.md "Translation"): the middleware's
 * integration-test alignment has such a cell, so upload, validation and the editor's view accept
 * it with a warning and the constant IRI in the compiled SPARQL. Real server, real port; every
 * answer is checked against the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import {
  SRIPAS_PREDICATE_CELL,
  SRIPAS_PREDICATE_IRI,
  sripasPredicateAlignment,
  sripasPredicateEntity1Line,
} from '../../test-support/sripas-predicate-alignment.js';

checkResponsesAgainstOpenApi();

let running: TestServer;
let server: RunningServer;

beforeAll(async () => {
  running = await startTestServer('sripas-predicate');
  server = running.server;
});

afterAll(async () => {
  await running.stop();
});

interface ProblemReply {
  code: string;
  severity: string;
  message: string;
  line?: number;
  column?: number;
  cellId?: string;
}

async function postXml(path: string, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(server.url + path, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

function expectConstantWarning(warnings: unknown, text: string): void {
  const found = (warnings as ProblemReply[]).find((w) => w.code === 'CELL_PREDICATE_SRIPAS_CONSTANT');
  expect(found).toMatchObject({ severity: 'warning', cellId: SRIPAS_PREDICATE_CELL, line: sripasPredicateEntity1Line(text), column: expect.any(Number) });
  expect(found?.message).toContain(SRIPAS_PREDICATE_IRI);
  expect(found?.message).toMatch(/constant IRI/);
}

describe('a sripas IRI in predicate position', () => {
  it('POST /alignments answers 201 with the warning, and the stored cell compiles to the constant IRI', async () => {
    const text = sripasPredicateAlignment('pred-upload');
    const reply = await postXml('/alignments', text);
    expect(reply.status).toBe(201);
    expectConstantWarning(reply.json.warnings, text);
    const view = await fetch(`${server.url}/alignments/pred-upload/1.0/view`);
    expect(view.status).toBe(200);
    const cells = ((await view.json()) as { cells: Array<{ id: string; sparql: string }> }).cells;
    expect(cells.find((c) => c.id === SRIPAS_PREDICATE_CELL)?.sparql).toContain(`<${SRIPAS_PREDICATE_IRI}>`);
  });

  it('POST /validate answers 201 with the warning', async () => {
    const text = sripasPredicateAlignment('pred-validate');
    const reply = await postXml('/validate', text);
    expect(reply.status).toBe(201);
    expectConstantWarning(reply.json.warnings, text);
  });

  it("POST /view (the editor's view) shows the cell with the constant IRI in its SPARQL", async () => {
    const reply = await postXml('/view', sripasPredicateAlignment('pred-view'));
    expect(reply.status).toBe(200);
    const cells = reply.json.cells as Array<{ id: string; sparql: string }>;
    expect(cells.find((c) => c.id === SRIPAS_PREDICATE_CELL)?.sparql).toContain(`?node_s <${SRIPAS_PREDICATE_IRI}> ?node_o .`);
  });
});
