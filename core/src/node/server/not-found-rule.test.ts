/**
 * The not-found rule (http-errors.ts, README "The REST server"), held for every operation the
 * served document lists: each operation with a path parameter is called on a real server with
 * values that name nothing stored, and must answer 400 on the IPSM contract's routes, 404 on the
 * workbench's own, with that status documented for the operation. An operation added later is
 * covered without touching this file; one whose path parameter names nothing stored (it creates,
 * or computes from any value) must be listed in ANY_VALUE with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIpsmRoute, notFoundStatus } from './http-errors.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

interface Operation {
  readonly operationId?: string;
  readonly parameters?: ReadonlyArray<{ readonly in: string; readonly name: string }>;
  readonly responses: Record<string, unknown>;
}

/** Operations whose path parameter is not a lookup: any value is valid, none is "not found". */
const ANY_VALUE: Readonly<Record<string, string>> = {
  getPlatformTopics: 'computes the topic names of any platform id',
  createPlatformChannels: 'creates the channels of any platform id',
  publishTopicMessage: 'publishes to any topic (a topic exists once used)',
  listTopicMessages: 'a topic nothing was published to has no messages',
  importSuite: 'creates the suite when absent',
  saveBridgeProgress: "creates the bridge's progress when absent",
};

/** Values that name nothing stored, per path parameter (the default: `no-such-<name>`). */
const UNKNOWN: Readonly<Record<string, string>> = { channelId: '987654', level: 'no-such-level', version: '9.9.9' };

/** Request bodies that pass schema validation, so the lookup (not the schema) decides the answer. */
const BODIES: Readonly<Record<string, unknown>> = {
  addTestCase: { name: 'a-case', alignments: [], message: '{}' },
  createPlatformChannels: {},
  publishTopicMessage: { hello: 'world' },
  importSuite: { files: [] },
  saveBridgeProgress: { currentStep: 1, steps: {} },
};

let running: TestServer;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  running = await startTestServer('not-found-rule');
  const reply = await fetch(`${running.server.url}/swagger/json`);
  paths = ((await reply.json()) as { paths: typeof paths }).paths;
});

afterAll(async () => {
  await running.stop();
});

describe('isIpsmRoute', () => {
  it.each([
    ['/alignments', true],
    ['/alignments/:name/:version/cells', true],
    ['/alignments/{name}/{version}', true],
    ['/channels/{channelId}/coverage', true],
    ['/convert/TTL', true],
    ['/logging/{level}', true],
    ['/version', true],
    ['/v1/alignments/{name}/{version}', true],
    ['/v1/channels/{channelId}', true],
    ['/v1/version', true],
    ['/alignment-diff', false],
    ['/alignmentsx', false],
    ['/suites/{suite}', false],
    ['/bridges/{bridgeId}', false],
    ['/health', false],
    ['/info', false],
    ['/v1/health', false],
    ['/v1/api-export/openapi', false],
    ['/v1', false],
  ])('%s -> %s', (path, ipsm) => {
    expect(isIpsmRoute(path)).toBe(ipsm);
    expect(notFoundStatus(path)).toBe(ipsm ? 400 : 404);
  });
});

describe('the not-found rule, on every operation with a path parameter', () => {
  it('answers 400 on the IPSM routes and 404 on the others for values that name nothing stored, as each operation documents', async () => {
    const operations = Object.entries(paths).flatMap(([template, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.parameters ?? []).some((p) => p.in === 'path'))
        .map(([method, op]) => ({ template, method: method.toUpperCase(), op })),
    );
    // The document has them (so this test cannot pass by finding none).
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const wrong: string[] = [];
    for (const { template, method, op } of operations) {
      const id = op.operationId ?? `${method} ${template}`;
      // What an ANY_VALUE operation creates must not be found by the lookups that follow it.
      const prefix = ANY_VALUE[id] === undefined ? 'no-such' : 'created';
      const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(UNKNOWN[name] ?? `${prefix}-${name}`));
      const body = BODIES[id];
      const response = await fetch(running.server.url + path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      const text = await response.text();
      const line = `${id} ${method} ${path} -> ${response.status} ${text.slice(0, 160)}`;
      const code = response.status >= 400 ? ((JSON.parse(text) as { code?: string }).code ?? '') : '';
      if (ANY_VALUE[id] !== undefined) {
        // Refused or not for other reasons (a body without cases), never as "not found".
        if (response.status === 404 || /NOT_FOUND$/.test(code)) wrong.push(`${line} (listed in ANY_VALUE: ${ANY_VALUE[id]})`);
        continue;
      }
      const expected = isIpsmRoute(template) ? 400 : 404;
      // The refusal must be the not-found one, not a schema error that happens to share the status.
      // The /v1 copies of IPSM operations carry the same id with a V1 suffix (routes/successor.ts).
      const expectedCode = id.replace(/V1$/u, '') === 'setLogLevel' ? /^INVALID_LOG_LEVEL$/ : /NOT_FOUND$/;
      if (response.status !== expected || !expectedCode.test(code)) wrong.push(`${line} (expected ${expected} ${String(expectedCode)})`);
      if (op.responses[String(expected)] === undefined) wrong.push(`${id}: ${expected} is not documented`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
