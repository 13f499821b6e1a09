/**
 * A generated client of the served OpenAPI document sends what the real clients send (issue
 * "Drop-in for the real clients", point 4): the IPSM dashboard creates channels without
 * `parallelism`, the middleware with `parallelism: 1`, both translate with `{alignIDs: [], graphStr}`
 * and upload alignments as XML text. The types come from openapi-typescript with its default options
 * (what a client project gets: a property with a `default` becomes required there), the client is
 * openapi-fetch, and the module must type-check without a single error before it runs against a
 * real server on a free port.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../../test-support/shared-data.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The client module, as a client project would write it. Its folder is inside the repository (under
 * test-results/, ignored by git) so that `openapi-fetch` resolves from the workspace's node_modules.
 */
const CLIENT_SOURCE = `import createClient from 'openapi-fetch';
import type { paths } from './api-types.js';

export interface Outcome {
  readonly upload: number;
  readonly dashboardChannel: number;
  readonly middlewareChannel: number;
  readonly translation: number;
  readonly translatedGraph: string;
}

export async function talkToMediator(baseUrl: string, alignmentXml: string, message: string): Promise<Outcome> {
  const client = createClient<paths>({ baseUrl });
  // The dashboard and the middleware upload the alignment document as text.
  const upload = await client.POST('/alignments', {
    body: alignmentXml,
    headers: { 'content-type': 'application/xml' },
    bodySerializer: (body: string) => body,
  });
  // The IPSM dashboard (1.1.6): the 0.5 body, no parallelism.
  const dashboardChannel = await client.POST('/channels', {
    body: {
      source: 'typed-dashboard-source',
      sink: 'typed-dashboard-sink',
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      outAlignmentName: '',
      outAlignmentVersion: '',
    },
  });
  // The middleware's Java client: the same fields plus parallelism 1.
  const middlewareChannel = await client.POST('/channels', {
    body: {
      source: 'typed-middleware-source',
      sink: 'typed-middleware-sink',
      inpAlignmentName: 'CO_FIWARE_align',
      inpAlignmentVersion: '1.0',
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: 1,
    },
  });
  const translation = await client.POST('/translation', { body: { alignIDs: [], graphStr: message } });
  return {
    upload: upload.response.status,
    dashboardChannel: dashboardChannel.response.status,
    middlewareChannel: middlewareChannel.response.status,
    translation: translation.response.status,
    translatedGraph: translation.data?.graphStr ?? '',
  };
}
`;

let running: TestServer;
let workDir: string;

beforeAll(async () => {
  running = await startTestServer('typed-client');
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  workDir = mkdtempSync(join(ROOT, 'test-results', 'typed-client-'));
});

afterAll(async () => {
  await running.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Every diagnostic of a strict type-check of the files, as `file:line: message`. */
function typeErrors(files: readonly string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file === undefined || d.start === undefined ? '' : `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `;
    return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
  });
}

describe('a client generated from the served OpenAPI document (openapi-typescript + openapi-fetch)', () => {
  it('type-checks the bodies of the dashboard and the middleware, and gets their statuses from a real server', async () => {
    const reply = await fetch(`${running.server.url}/swagger/json`);
    expect(reply.status).toBe(200);
    const document = (await reply.json()) as Parameters<typeof openapiTS>[0];
    // Default options on purpose: what `npx openapi-typescript` gives a client project.
    writeFileSync(join(workDir, 'api-types.ts'), astToString(await openapiTS(document)));
    // An ES module package, so NodeNext resolution treats the .ts files as ESM (import of openapi-fetch's default).
    writeFileSync(join(workDir, 'package.json'), JSON.stringify({ type: 'module' }));
    const clientFile = join(workDir, 'client.ts');
    writeFileSync(clientFile, CLIENT_SOURCE);

    expect(typeErrors([clientFile])).toEqual([]);

    // Run what was checked: the module transpiled as it is, importing the real openapi-fetch.
    const compiled = ts.transpileModule(readFileSync(clientFile, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const runnable = join(workDir, 'client.mjs');
    writeFileSync(runnable, compiled);
    const client = (await import(/* @vite-ignore */ pathToFileURL(runnable).href)) as {
      talkToMediator(baseUrl: string, xml: string, message: string): Promise<Record<string, number | string>>;
    };
    const outcome = await client.talkToMediator(
      running.server.url,
      readData('alignments/CO_FIWARE.rdf'),
      readData('messages/bloodPressure.UniversAAL_CO.json'),
    );
    expect(outcome).toMatchObject({ upload: 201, dashboardChannel: 201, middlewareChannel: 201, translation: 200 });
    expect(outcome['translatedGraph']).not.toBe('');
  }, 60_000);
});
