/**
 * Test suites and coverage over the REST API (issue 12): a real server on a random port, every
 * answer checked against the served OpenAPI document; and a saved case surviving kill -9.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser } from 'n3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isomorphic, type api, type RDF } from '../../common/index.js';
import { goldenFile, goldenSteps, mediatorCli, readData } from '../../test-support/shared-data.js';
import { withCellChanged } from '../../test-support/golden-suite.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { type RunningServer } from './start-server.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;
const coFiware = readData('alignments/CO_FIWARE.rdf');
const PAIR = 'weight.UniversAAL_CO__CO_FIWARE';
const message = readData('messages/weight.UniversAAL_CO.json');
const chain = [{ name: 'CO_FIWARE_align', version: '1.0' }];

beforeAll(async () => {
  running = await startTestServer('suites');
  server = running.server;
  expect((await fetch(`${server.url}/alignments`, { method: 'POST', body: coFiware, headers: { 'content-type': 'application/xml' } })).status).toBe(201);
});

afterAll(async () => {
  await running.stop();
});

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const r = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await r.text();
  return { status: r.status, json: (text === '' ? undefined : JSON.parse(text)) as T };
}

const nt = (text: string) => new Parser({ format: 'N-Triples' }).parse(text) as unknown as RDF.Quad[];

describe('suites', () => {
  it('creates a suite, refusing a second one of the same name', async () => {
    expect(await call('POST', '/suites', { name: 'regression' })).toMatchObject({ status: 201, json: { name: 'regression', caseCount: 0 } });
    expect(await call('POST', '/suites', { name: 'regression' })).toMatchObject({ status: 409, json: { code: 'CONFLICT' } });
    expect((await call('POST', '/suites', { name: 'a/b' })).status).toBe(400);
  });

  it('saves a test case from a chain and a message: the output and the per-step counts now', async () => {
    const saved = await call<api.TestCase>('POST', '/suites/regression/cases', { name: 'weight', alignments: chain, message });
    expect(saved.status).toBe(201);
    expect(isomorphic(nt(saved.json.expectedPayload), nt(goldenFile(PAIR, 'output-payload.nt')))).toBe(true);
    expect(saved.json.expectedSteps?.map((s) => [s.cellId, s.deleted, s.inserted])).toEqual(goldenSteps(PAIR).map((s) => [s.cell, s.deleted, s.inserted]));
    expect((await call('POST', '/suites/regression/cases', { name: 'weight', alignments: chain, message })).status).toBe(409);
    const bad = await call<{ code: string; line: number }>('POST', '/suites/regression/cases', {
      name: 'bad',
      alignments: chain,
      message,
      expectedPayload: '<http://a> <http://b> <http://c> .\n<http://a> nope\n',
    });
    expect(bad).toMatchObject({ status: 400, json: { code: 'PARSE_ERROR', line: 2 } });
    // The not-found rule (http-errors.ts): a workbench route answers what is not stored with 404.
    expect(await call('POST', '/suites/regression/cases', { name: 'x', alignments: [{ name: 'nope', version: '1' }], message })).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND' },
    });
    expect(await call('POST', '/suites/none/cases', { name: 'x', alignments: chain, message })).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
    const suite = await call<api.Suite>('GET', '/suites/regression');
    expect(suite.json.cases.map((c) => c.name)).toEqual(['weight']);
  });

  it('passes, then fails at the changed cell once a new version is uploaded; the recorded version still passes', async () => {
    const green = await call<api.SuiteRunReport>('POST', '/suites/regression/run');
    expect(green).toMatchObject({ status: 200, json: { passed: 1, failed: 0, errors: 0 } });
    const changed = withCellChanged(coFiware, 'cell2_weight').replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>');
    expect((await fetch(`${server.url}/alignments`, { method: 'POST', body: changed, headers: { 'content-type': 'application/xml' } })).status).toBe(201);
    const red = await call<api.SuiteRunReport>('POST', '/suites/regression/run');
    expect(red.json).toMatchObject({ passed: 0, failed: 1 });
    const result = red.json.cases[0]!;
    expect(result.alignments).toEqual([{ name: 'CO_FIWARE_align', version: '1.1' }]);
    expect(result.firstDifferingStep?.expected?.cellId).toBe('cell2_weight');
    expect(result.payloadDiff?.added.map((t) => t.display)).toEqual([expect.stringContaining('changed#cell')]);
    expect((await call<api.SuiteRunReport>('POST', '/suites/regression/run?versions=recorded')).json.passed).toBe(1);
    const one = await call<api.CaseResult>('POST', '/suites/regression/cases/weight/run');
    expect(one.json).toMatchObject({ name: 'weight', status: 'failed' });
    expect((await call('POST', '/suites/regression/cases/none/run')).status).toBe(404);
  });

  it('exports the suite as a folder’s files and imports them into another suite', async () => {
    const files = await call<api.SuiteFiles>('GET', '/suites/regression/files');
    expect(files.json.files.map((f) => f.path).sort()).toEqual(['weight/case.json', 'weight/expected-payload.nt', 'weight/input.json']);
    expect(await call('PUT', '/suites/copy/files', files.json)).toMatchObject({ status: 200, json: { name: 'copy', caseCount: 1 } });
    expect((await call<api.Suite>('GET', '/suites/copy')).json.cases).toEqual((await call<api.Suite>('GET', '/suites/regression')).json.cases);
    const broken = await call<{ code: string; source: string; line: number }>('PUT', '/suites/broken/files', {
      files: [{ path: 'x/case.json', content: '{\n "name": }' }],
    });
    expect(broken).toMatchObject({ status: 400, json: { code: 'PARSE_ERROR', source: 'x/case.json', line: 2 } });
    expect((await call<api.SuiteInfo[]>('GET', '/suites')).json.map((s) => s.name)).toEqual(['copy', 'regression']);
    expect((await call('DELETE', '/suites/copy/cases/weight')).status).toBe(204);
    expect((await call('DELETE', '/suites/copy')).status).toBe(204);
    expect((await call('DELETE', '/suites/copy')).status).toBe(404);
  });
});

describe('coverage', () => {
  it('counts per cell over the messages sent, listing those that never fired and the unreadable', async () => {
    const r = await call<api.CoverageReport>('POST', '/coverage', {
      alignIDs: chain,
      messages: [
        { name: 'weight', graphStr: message },
        { name: 'broken', graphStr: '{' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.messages).toBe(1);
    expect(r.json.unreadable.map((u) => u.message)).toEqual(['broken']);
    const fired = new Set(
      goldenSteps(PAIR)
        .filter((s) => s.deleted + s.inserted > 0)
        .map((s) => s.cell),
    );
    for (const c of r.json.cells) expect([c.cell, c.fired > 0]).toEqual([c.cell, fired.has(c.cell)]);
    expect(r.json.neverFired.map((c) => c.cell).sort()).toEqual(
      r.json.cells
        .filter((c) => !fired.has(c.cell))
        .map((c) => c.cell)
        .sort(),
    );
    expect(await call('POST', '/coverage', { alignIDs: [{ name: 'nope', version: '1' }], messages: [] })).toMatchObject({
      status: 404,
      json: { code: 'NOT_FOUND' },
    });
  });

  it('counts over the messages a channel has consumed since it started', async () => {
    const created = await call<{ id: number }>('POST', '/channels', {
      source: 'cov-src',
      sink: 'cov-sink',
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await call('POST', '/topics/cov-src/messages', message)).status).toBe(202);
    const until = Date.now() + 10_000;
    let report: api.CoverageReport | undefined;
    while (Date.now() < until) {
      report = (await call<api.CoverageReport>('GET', `/channels/${created.json.id}/coverage`)).json;
      if (report.messages === 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(report?.messages).toBe(3);
    expect(report?.cells.find((c) => c.cell === 'cell2_weight')?.fired).toBe(3);
    expect((await call('GET', '/channels/999/coverage')).status).toBe(400);
    expect((await call('DELETE', `/channels/${created.json.id}`)).status).toBe(204);
  });
});

describe('durability', () => {
  const children: TestProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await stopAll(children, { signal: 'SIGKILL' });
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('keeps a saved case across kill -9, and it still passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediator-suites-kill-'));
    dirs.push(dir);
    const first = await startMediatorServe(mediatorCli, dir, { timeoutMs: 30_000, started: children });
    const json = { 'content-type': 'application/json' };
    expect(
      (await request(`${first.url}/alignments`, { method: 'POST', body: coFiware, headers: { 'content-type': 'application/xml' }, timeoutMs: 20_000 })).status,
    ).toBe(201);
    expect((await request(`${first.url}/suites`, { method: 'POST', body: JSON.stringify({ name: 'kept' }), headers: json, timeoutMs: 20_000 })).status).toBe(
      201,
    );
    const saved = await request(`${first.url}/suites/kept/cases`, {
      method: 'POST',
      body: JSON.stringify({ name: 'weight', alignments: chain, message }),
      headers: json,
      timeoutMs: 20_000,
    });
    expect(saved.status).toBe(201);
    first.process.kill('SIGKILL');
    expect(await first.process.exited({ timeoutMs: 15_000 })).toEqual({ code: null, signal: 'SIGKILL' });
    const second = await startMediatorServe(mediatorCli, dir, { timeoutMs: 30_000, started: children });
    const run = await request(`${second.url}/suites/kept/run`, { method: 'POST', timeoutMs: 20_000 });
    expect(run.json<api.SuiteRunReport>()).toMatchObject({ suite: 'kept', passed: 1, failed: 0 });
  }, 90_000);
});
