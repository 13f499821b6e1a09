/**
 * What the server gives the workbench (issue 14): the alignment view of a stored alignment and of
 * text in the editor, and the payload diff in the translation trace. Real server, real port; every
 * answer is checked against the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { api } from '../../common/index.js';
import { goldenFile, readData } from '../../test-support/shared-data.js';
import type { RunningServer } from './start-server.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let server: RunningServer;
let running: TestServer;

const coFiware = readData('alignments/CO_FIWARE.rdf');
const universaal = readData('alignments/UniversAAL_CO.rdf');
const FOREIGN = 'http://example.org/cells#weight';
/** CO_FIWARE under another name, with one cell (and its step) named outside the sripas namespace. */
const foreign = coFiware.replaceAll('http://www.inter-iot.eu/sripas#cell2_weight', FOREIGN).replace('CO_FIWARE_align', 'CO_FIWARE_foreign');

beforeAll(async () => {
  running = await startTestServer('view');
  server = running.server;
  for (const xml of [coFiware, universaal, foreign]) await uploadNew(server, xml);
});

afterAll(async () => {
  await running.stop();
});

interface ViewCellReply {
  id: string;
  iri: string;
  line: number;
  column: number;
  sparql: string;
  steps: number[];
  entity1: { turtle: string; line: number };
  functions: Array<{ display: string }>;
}
interface ViewReply {
  name: string;
  version: string;
  cells: ViewCellReply[];
  steps: Array<{ position: number; cellId: string }>;
  code?: string;
  line?: number;
}

async function call<T>(method: string, path: string, body?: string, contentType = 'application/xml'): Promise<{ status: number; json: T }> {
  const r = await fetch(server.url + path, { method, ...(body === undefined ? {} : { body, headers: { 'content-type': contentType } }) });
  return { status: r.status, json: (await r.json()) as T };
}

describe('GET /alignments/{name}/{version}/view', () => {
  it('gives the header, every cell with its Turtle patterns, positions and compiled SPARQL, and the steps', async () => {
    const { status, json } = await call<ViewReply>('GET', '/alignments/CO_FIWARE_align/1.0/view');
    expect(status).toBe(200);
    expect(json).toMatchObject({ name: 'CO_FIWARE_align', version: '1.0' });
    expect(json.cells).toHaveLength(11);
    expect(json.steps).toHaveLength(11);
    const weight = json.cells.find((c) => c.id === 'cell2_weight');
    expect(weight).toMatchObject({
      steps: [3],
      entity1: { turtle: 'var:CTX a phd:WeighingScale .' },
      functions: [{ display: '?node_sensor_iri = str(?node_CTX)' }],
    });
    expect(weight?.sparql).toMatch(/^PREFIX /);
    // The same SPARQL as the contract's /cells route, which stays as documented.
    const cells = await call<{ cells: Array<{ id: string; sparql: string }> }>('GET', '/alignments/CO_FIWARE_align/1.0/cells');
    expect(cells.json.cells.find((c) => c.id === 'cell2_weight')?.sparql).toBe(weight?.sparql);
  });

  it('names a cell IRI outside the sripas namespace as its step does, with its compiled SPARQL', async () => {
    const { json } = await call<ViewReply>('GET', '/alignments/CO_FIWARE_foreign/1.0/view');
    const cell = json.cells.find((c) => c.iri === FOREIGN);
    expect(cell?.id).toBe(FOREIGN);
    expect(json.steps[2]).toEqual(expect.objectContaining({ position: 3, cellId: FOREIGN }));
    expect(cell?.sparql).toContain('DELETE {');
  });

  it('answers an unknown alignment with the contract 400', async () => {
    const { status, json } = await call<ViewReply>('GET', '/alignments/nope/1/view');
    expect(status).toBe(400);
    expect(json.code).toBe('NOT_FOUND');
  });
});

describe('POST /view', () => {
  it('gives the view of text that is not stored, also when a cell has an error', async () => {
    const broken = coFiware.replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ;; ] .').replace('CO_FIWARE_align', 'draft');
    const { status, json } = await call<ViewReply>('POST', '/view', broken);
    expect(status).toBe(200);
    expect(json.name).toBe('draft');
    expect(json.cells.map((c) => c.id)).toContain('cell2_weight');
    expect((await call<ViewReply>('GET', '/alignments/draft/1.0/view')).status).toBe(400);
  });

  it('refuses XML that is not well-formed with its position, and a document without alignment', async () => {
    const malformed = await call<ViewReply>('POST', '/view', coFiware.replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>SRIPAS'));
    expect(malformed.status).toBe(400);
    expect(malformed.json.line).toBeGreaterThan(1);
    expect((await call<ViewReply>('POST', '/view', '<root/>')).status).toBe(400);
    expect((await call<ViewReply>('POST', '/view', '{}', 'application/json')).status).toBe(415);
  });
});

describe('POST /translation payload diff', () => {
  const request = JSON.stringify({
    alignIDs: [
      { name: 'UniversAAL_CO_align', version: '3.0.1' },
      { name: 'CO_FIWARE_align', version: '1.0' },
    ],
    graphStr: goldenFile('weight__UniversAAL_CO__CO_FIWARE', 'input.json'),
  });

  it('is in the trace: triples removed and added with prefixed display forms', async () => {
    const { status, json } = await call<{
      payloadDiff?: { before: number; after: number; removedCount: number; addedCount: number; added: Array<{ nt: string; display: string }> };
    }>('POST', '/translation?trace=true', request, 'application/json');
    expect(status).toBe(200);
    expect(json.payloadDiff).toMatchObject({ before: 23, after: 35, removedCount: 15, addedCount: 27 });
    // Display forms use the prefixes the chain's alignments declare (CO_FIWARE declares fw: for the
    // FIWARE namespace), then the message's own @context (which declares xsd) (issue 25, point 7).
    expect(json.payloadDiff?.added).toContainEqual({
      nt: '[] <http://inter-iot.eu/syntax/FIWAREv2#hasAttrValue> "0.0"^^<http://www.w3.org/2001/XMLSchema#float> .',
      display: '[] fw:hasAttrValue "0.0"^^xsd:float .',
      producedBy: expect.objectContaining({ alignment: expect.any(String), cellId: expect.any(String), step: expect.any(Number) }) as unknown,
    });
  });

  it('gives both payload graphs in the trace, each added triple with the trace row of the cell that inserted it (issue 12)', async () => {
    const { json } = await call<api.TranslationResponse>('POST', '/translation?trace=true', request, 'application/json');
    const graphs = json.payloadGraphs;
    expect(graphs).toMatchObject({ beforeCount: 23, afterCount: 35 });
    const added = graphs?.after.filter((t) => t.change === 'added') ?? [];
    expect(added).toHaveLength(27);
    for (const t of added) {
      const row = json.trace?.find((r) => r.alignment === t.producedBy?.alignment && r.step === t.producedBy.step);
      expect(row?.cellId).toBe(t.producedBy?.cellId);
      expect(row?.inserted).toBeGreaterThan(0);
    }
    expect(graphs?.terms.map((t) => t.display)).toContain('"0.0"^^xsd:float');
  });

  it('is absent without ?trace=true, so the IPSM contract answer is unchanged', async () => {
    const { json } = await call<Record<string, unknown>>('POST', '/translation', request, 'application/json');
    expect(Object.keys(json).sort()).toEqual(['graphStr', 'message']);
  });
});
