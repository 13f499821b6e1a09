/**
 * Issue 38: an alignment that uses any function of the expression language uploads, validates,
 * translates and shows in the workbench's cell view, over the wire (real server, real port, every
 * answer checked against the served OpenAPI document). A function the reference would also refuse
 * stays an upload error that names the cell and the function, in the upload, the validator and the CLI.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_GRAPHS } from '../../common/rdf/terms.js';
import { readMessage } from '../../common/translation/index.js';
import { EX, FUNCTION_CASES, functionAlignment, functionMessage } from '../../test-support/function-alignments.js';
import { runCli } from '../cli.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

checkResponsesAgainstOpenApi();

let running: TestServer;
let url: string;
const scratch = mkdtempSync(join(tmpdir(), 'mediator-functions-'));

beforeAll(async () => {
  running = await startTestServer('functions');
  url = running.server.url;
});

afterAll(async () => {
  await running.stop();
  rmSync(scratch, { recursive: true, force: true });
});

interface Problem {
  code: string;
  severity: string;
  message: string;
  cellId?: string;
}

async function send(method: string, path: string, body: string, type: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(url + path, { method, body, headers: { 'content-type': type } });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

const errorsOf = (json: Record<string, unknown>): Problem[] =>
  [...((json.problems as Problem[] | undefined) ?? []), ...((json.warnings as Problem[] | undefined) ?? [])].filter((p) => p.severity === 'error');

/** The value of ex:w in a translated message, as `[lexical, datatype | @lang | IRI | BLANK]`. */
async function outputValue(graphStr: string): Promise<[string, string] | undefined> {
  const quad = (await readMessage(graphStr)).quads.find((q) => q.graph.value === MESSAGE_GRAPHS.payload && q.predicate.value === `${EX}w`);
  if (quad === undefined) return undefined;
  const o = quad.object;
  if (o.termType === 'BlankNode') return ['', 'BLANK'];
  if (o.termType === 'NamedNode') return [o.value, 'IRI'];
  return [o.value, o.termType === 'Literal' && o.language !== '' ? `@${o.language.toLowerCase()}` : (o as { datatype: { value: string } }).datatype.value];
}

describe('an alignment using a function of the expression language', () => {
  it.each(FUNCTION_CASES.map((c) => [c.id, c] as const))('%s: uploads, validates, translates and shows its cell', async (id, c) => {
    const xml = functionAlignment(id, c.calls);
    const validated = await send('POST', '/validate', xml, 'application/xml');
    expect(validated.status, JSON.stringify(validated.json)).toBe(201);
    expect(errorsOf(validated.json)).toEqual([]);

    const uploaded = await send('POST', '/alignments', xml, 'application/xml');
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);

    const translated = await send(
      'POST',
      '/translation',
      JSON.stringify({ alignIDs: [{ name: id, version: '1.0' }], graphStr: functionMessage(c.input) }),
      'application/json',
    );
    expect(translated.status).toBe(200);
    expect(await outputValue(translated.json.graphStr as string)).toEqual(
      c.expected[1].startsWith('@') ? [c.expected[0], c.expected[1].toLowerCase()] : c.expected,
    );

    const view = await fetch(`${url}/alignments/${id}/1.0/view`);
    expect(view.status).toBe(200);
    const cells = ((await view.json()) as { cells: Array<{ id: string; sparql: string; functions: Array<{ display: string }> }> }).cells;
    const cell = cells.find((x) => x.id === 'fcell');
    for (const call of c.calls) {
      expect(cell?.sparql).toContain(`${call.name}(`);
      expect(cell?.functions.some((f) => f.display.includes(call.name))).toBe(true);
    }
  });
});

describe('a function the reference does not know either', () => {
  const xml = functionAlignment('unknown-fn', [{ name: 'fn:string-join', params: ['?v', ','], result: 'r' }], 'join_cell');

  it('is an upload error naming the cell and the function', async () => {
    const uploaded = await send('POST', '/alignments', xml, 'application/xml');
    expect(uploaded.status).toBe(400);
    expect(uploaded.json.code).toBe('INVALID_ALIGNMENT');
    expect(uploaded.json.message).toMatch(/function "fn:string-join" of cell join_cell is not known to the mediator/);
    expect((await fetch(`${url}/alignments/unknown-fn/1.0/view`)).status).toBe(400);
  });

  it('is the same error in the validator and the CLI', async () => {
    const validated = await send('POST', '/validate', xml, 'application/xml');
    expect(validated.status).toBe(400);
    const problem = errorsOf(validated.json).find((p) => p.code === 'FUNCTION_UNKNOWN');
    expect(problem).toMatchObject({ cellId: 'join_cell', message: expect.stringContaining('fn:string-join') });

    const file = join(scratch, 'unknown-fn.rdf');
    writeFileSync(file, xml);
    let stdout = '';
    const code = await runCli(['validate', file], { stdout: (t) => (stdout += t), stderr: () => undefined, readStdin: async () => '' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/unknown-fn\.rdf:\d+:\d+: error FUNCTION_UNKNOWN \[cell join_cell\]: .*fn:string-join/);
  });
});
