import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '@mediator/core/node';
import {
  chooseServer,
  choiceAt,
  conflictChoices,
  conflictDialog,
  DEFAULT_PORT,
  FALLBACK_PORTS,
  probeMediator,
  UNKNOWN_PATH,
  type ConflictChoice,
  type FetchLike,
  type PortConflict,
  type PortOccupant,
  type StartedServer,
} from './port-choice.js';

function inUse(port: number): Error {
  return Object.assign(new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`), { code: 'EADDRINUSE' });
}

/** A fake `start` where the listed ports are taken; records every port tried. */
function fakeStart(taken: Set<number>) {
  const tried: number[] = [];
  const start = async (port: number): Promise<StartedServer> => {
    tried.push(port);
    if (taken.has(port)) throw inUse(port);
    const actual = port === 0 ? 54321 : port;
    return { url: `http://127.0.0.1:${actual}`, port: actual, close: async () => {} };
  };
  return { start, tried };
}

function fakeAsk(choice: ConflictChoice) {
  const asked: PortConflict[] = [];
  return { asked, ask: async (conflict: PortConflict) => (asked.push(conflict), choice) };
}

const mediator: PortOccupant = { kind: 'mediator', version: '0.1.0' };
const stranger: PortOccupant = { kind: 'other', detail: 'GET /version answered HTTP 404' };
const locked: PortOccupant = { kind: 'mediator-needs-token', detail: 'it answers 401 UNAUTHORIZED without a bearer token' };

describe('chooseServer: which port the app uses', () => {
  it('uses 8888 when it is free, without asking anything', async () => {
    const { start, tried } = fakeStart(new Set());
    const { ask, asked } = fakeAsk('quit');
    const result = await chooseServer({}, { start, probe: async () => mediator, ask });
    expect(result).toMatchObject({ kind: 'owned', url: 'http://127.0.0.1:8888', port: 8888 });
    expect(tried).toEqual([DEFAULT_PORT]);
    expect(asked).toEqual([]);
  });

  it('offers to connect when a mediator already answers on 8888, and connects when told to', async () => {
    const { start, tried } = fakeStart(new Set([8888]));
    const probed: string[] = [];
    const { ask, asked } = fakeAsk('connect');
    const result = await chooseServer({}, { start, probe: async (url) => (probed.push(url), mediator), ask });
    expect(probed).toEqual(['http://127.0.0.1:8888']);
    expect(asked).toHaveLength(1);
    expect(conflictChoices(asked[0]!)).toEqual(['connect', 'other-port', 'quit']);
    expect(result).toEqual({ kind: 'external', url: 'http://127.0.0.1:8888', port: 8888, mediatorVersion: '0.1.0' });
    expect(tried).toEqual([8888]);
  });

  it('offers another port (never connect) when something else holds 8888', async () => {
    const { start, tried } = fakeStart(new Set([8888]));
    const { ask, asked } = fakeAsk('other-port');
    const result = await chooseServer({}, { start, probe: async () => stranger, ask });
    expect(conflictChoices(asked[0]!)).toEqual(['other-port', 'quit']);
    expect(result).toMatchObject({ kind: 'owned', port: FALLBACK_PORTS[0] });
    expect(tried).toEqual([8888, 8889]);
  });

  it('refuses to "connect" to something that is not a mediator, whatever the answer', async () => {
    const { start } = fakeStart(new Set([8888]));
    const result = await chooseServer({}, { start, probe: async () => stranger, ask: fakeAsk('connect').ask });
    expect(result).toEqual({ kind: 'quit' });
  });

  it('does not offer to connect to a mediator that needs a token (the app has none to give)', async () => {
    const { start } = fakeStart(new Set([8888]));
    const { ask, asked } = fakeAsk('connect');
    const result = await chooseServer({}, { start, probe: async () => locked, ask });
    expect(conflictChoices(asked[0]!)).toEqual(['other-port', 'quit']);
    expect(result).toEqual({ kind: 'quit' });
  });

  it('walks the fallback ports, then lets the OS pick one', async () => {
    const { start, tried } = fakeStart(new Set([8888, ...FALLBACK_PORTS]));
    const result = await chooseServer({}, { start, probe: async () => stranger, ask: fakeAsk('other-port').ask });
    expect(tried).toEqual([8888, ...FALLBACK_PORTS, 0]);
    expect(result).toMatchObject({ kind: 'owned', port: 54321 });
  });

  it('quits when the user says so', async () => {
    const { start } = fakeStart(new Set([8888]));
    expect(await chooseServer({}, { start, probe: async () => mediator, ask: fakeAsk('quit').ask })).toEqual({ kind: 'quit' });
  });

  it('lets other start errors through (they are not a port question)', async () => {
    const start = async (): Promise<StartedServer> => {
      throw Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' });
    };
    await expect(chooseServer({}, { start, probe: async () => mediator, ask: fakeAsk('quit').ask })).rejects.toThrow('unable to open database file');
  });
});

describe('conflictDialog', () => {
  it('says the port is in use and maps each button back to its choice', () => {
    const dialog = conflictDialog({ url: 'http://127.0.0.1:8888', port: 8888, occupant: mediator });
    expect(dialog.message).toBe('Port 8888 is already in use.');
    expect(dialog.detail).toContain('Mediator Workbench server (version 0.1.0)');
    expect(dialog.buttons).toHaveLength(3);
    expect(dialog.buttons[0]).toMatch(/connect/i);
    expect(choiceAt(dialog, 0)).toBe('connect');
    expect(choiceAt(dialog, 1)).toBe('other-port');
    expect(choiceAt(dialog, dialog.cancelId)).toBe('quit');
    expect(choiceAt(dialog, 99)).toBe('quit');
  });

  it('says when the mediator on the port needs a token, and offers no connect button', () => {
    const dialog = conflictDialog({ url: 'http://127.0.0.1:8888', port: 8888, occupant: locked });
    expect(dialog.detail).toContain('requires an access token');
    expect(dialog.buttons.some((label) => /connect/i.test(label))).toBe(false);
    expect(choiceAt(dialog, dialog.cancelId)).toBe('quit');
  });

  it('names what else answered when it is not a mediator', () => {
    const dialog = conflictDialog({ url: 'http://127.0.0.1:8888', port: 8888, occupant: stranger });
    expect(dialog.type).toBe('warning');
    expect(dialog.detail).toContain('HTTP 404');
    expect(dialog.buttons.some((label) => /connect/i.test(label))).toBe(false);
  });
});

// ---- Over real sockets -----------------------------------------------------------------------

const servers: Server[] = [];
const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });

async function startCore(port: number, authToken?: string): Promise<StartedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mediator-desktop-'));
  dirs.push(dataDir);
  const server = await startServer({ port, dataDir, logStream: quiet, ...(authToken === undefined ? {} : { authToken }) });
  closers.push(() => server.close());
  return server;
}

// ---- probeMediator with a fake fetch -----------------------------------------------------------

interface FakeAnswer {
  readonly status: number;
  /** JSON-serialised unless a string (sent as is, e.g. HTML). */
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

/** A fetch answering by path; paths not listed get a plain-text 404, `hang` never answers (until aborted). */
function fakeFetch(answers: Record<string, FakeAnswer | 'hang' | 'refuse'>): { fetch: FetchLike; asked: string[] } {
  const asked: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    const path = new URL(url).pathname;
    asked.push(path);
    const answer = answers[path] ?? { status: 404, body: 'Not Found' };
    if (answer === 'refuse') throw new TypeError('fetch failed: connect ECONNREFUSED');
    if (answer === 'hang') {
      return new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () => reject(init.signal.reason as unknown));
      });
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const headers = new Headers(answer.headers ?? {});
    return { status: answer.status, headers, json: async () => JSON.parse(text) as unknown };
  };
  return { fetch, asked };
}

const VERSION_OK: FakeAnswer = { status: 200, body: { name: 'mediator-workbench', version: '0.1.0', compatibleWith: 'ipsm-core 0.8.10' } };
const OPENAPI_OK: FakeAnswer = {
  status: 200,
  body: {
    openapi: '3.0.3',
    info: { title: 'Mediator Workbench REST API', version: '0.1.0' },
    paths: { '/alignments': { get: {} }, '/translation': { post: {} }, '/channels': { get: {} }, '/version': { get: {} } },
  },
};
const NOT_FOUND_OK: FakeAnswer = { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'The requested resource could not be found.' } };
const TOKEN_REFUSAL: FakeAnswer = {
  status: 401,
  body: { code: 'UNAUTHORIZED', message: 'This server requires a bearer token' },
  headers: { 'www-authenticate': 'Bearer realm="mediator"' },
};
const OURS = { '/version': VERSION_OK, '/swagger/json': OPENAPI_OK, [UNKNOWN_PATH]: NOT_FOUND_OK };

const PROBE_CASES: ReadonlyArray<{ name: string; answers: Parameters<typeof fakeFetch>[0]; expected: PortOccupant | { kind: 'other'; detail: RegExp } }> = [
  { name: 'our mediator', answers: OURS, expected: { kind: 'mediator', version: '0.1.0' } },
  {
    name: 'our mediator started with a token (every API path refused)',
    answers: { '/version': TOKEN_REFUSAL, '/swagger/json': TOKEN_REFUSAL, [UNKNOWN_PATH]: TOKEN_REFUSAL },
    expected: locked,
  },
  {
    name: 'a program that answers only GET /version like ours',
    answers: { '/version': VERSION_OK },
    expected: { kind: 'other', detail: /swagger\/json answered HTTP 404 without JSON/ },
  },
  {
    name: 'a copy of /version and the OpenAPI document, but not our error contract',
    answers: { '/version': VERSION_OK, '/swagger/json': OPENAPI_OK, [UNKNOWN_PATH]: { status: 404, body: { error: 'Not Found' } } },
    expected: { kind: 'other', detail: /unknown path answered HTTP 404 without the JSON error/ },
  },
  {
    name: 'another API documented by OpenAPI',
    answers: { ...OURS, '/swagger/json': { status: 200, body: { info: { title: 'Pet Store', version: '0.1.0' }, paths: { '/pets': {} } } } },
    expected: { kind: 'other', detail: /not the Mediator Workbench REST API/ },
  },
  {
    name: 'our title without the IPSM paths',
    answers: {
      ...OURS,
      '/swagger/json': { status: 200, body: { info: { title: 'Mediator Workbench REST API', version: '0.1.0' }, paths: { '/alignments': {} } } },
    },
    expected: { kind: 'other', detail: /lacks \/translation, \/channels/ },
  },
  {
    name: 'another name on /version (IPSM itself)',
    answers: { ...OURS, '/version': { status: 200, body: { name: 'IPSM', version: '0.8.10' } } },
    expected: { kind: 'other', detail: /"IPSM"/ },
  },
  {
    name: 'our name without a semantic version',
    answers: { ...OURS, '/version': { status: 200, body: { name: 'mediator-workbench', version: 'latest' } } },
    expected: { kind: 'other', detail: /no semantic version/ },
  },
  {
    name: 'versions that disagree',
    answers: { ...OURS, '/version': { status: 200, body: { name: 'mediator-workbench', version: '9.9.9' } } },
    expected: { kind: 'other', detail: /different versions/ },
  },
  {
    name: 'a web page (not JSON)',
    answers: {
      '/version': { status: 200, body: '<html></html>' },
      '/swagger/json': { status: 200, body: '<html></html>' },
      [UNKNOWN_PATH]: { status: 404, body: '<html></html>' },
    },
    expected: { kind: 'other', detail: /GET \/version answered HTTP 200 without JSON/ },
  },
  {
    name: 'a 401 that is not our token refusal (no Bearer challenge)',
    answers: { '/version': { status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } }, '/swagger/json': TOKEN_REFUSAL, [UNKNOWN_PATH]: TOKEN_REFUSAL },
    expected: { kind: 'other', detail: /GET \/version answered HTTP 401/ },
  },
  {
    name: 'a 401 with another error body',
    answers: { '/version': { ...TOKEN_REFUSAL, body: { error: 'unauthorized' } }, '/swagger/json': TOKEN_REFUSAL, [UNKNOWN_PATH]: TOKEN_REFUSAL },
    expected: { kind: 'other', detail: /GET \/version answered HTTP 401/ },
  },
  {
    name: 'a server that stops answering after /version',
    answers: { ...OURS, '/swagger/json': 'hang', [UNKNOWN_PATH]: 'hang' },
    expected: { kind: 'other', detail: /GET \/swagger\/json failed/ },
  },
  {
    name: 'nothing that answers at all',
    answers: { '/version': 'hang', '/swagger/json': 'hang', [UNKNOWN_PATH]: 'hang' },
    expected: { kind: 'other', detail: /GET \/version failed/ },
  },
  {
    name: 'a refused connection',
    answers: { '/version': 'refuse', '/swagger/json': 'refuse', [UNKNOWN_PATH]: 'refuse' },
    expected: { kind: 'other', detail: /GET \/version failed: fetch failed/ },
  },
];

describe('probeMediator: is the occupant of the port really our mediator?', () => {
  it.each(PROBE_CASES)('$name', async ({ answers, expected }) => {
    const { fetch, asked } = fakeFetch(answers);
    const occupant = await probeMediator('http://127.0.0.1:8888', fetch, 50);
    if (expected.kind === 'other' && expected.detail instanceof RegExp) {
      expect(occupant.kind).toBe('other');
      expect(occupant.kind === 'other' ? occupant.detail : '').toMatch(expected.detail);
    } else {
      expect(occupant).toEqual(expected);
    }
    expect(asked.sort()).toEqual(['/swagger/json', '/version', UNKNOWN_PATH].sort());
  });
});

// ---- probeMediator over real sockets -----------------------------------------------------------

describe('probeMediator over HTTP', () => {
  it('recognises the real mediator server by all its features', async () => {
    const server = await startCore(0);
    expect(await probeMediator(server.url)).toEqual({ kind: 'mediator', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('recognises the real mediator server in token mode as one that needs a token', async () => {
    const server = await startCore(0, 'a-token-the-app-does-not-have');
    expect(await probeMediator(server.url)).toEqual({ kind: 'mediator-needs-token', detail: expect.stringContaining('401') });
  });

  it('does not take a program that copies GET /version for our mediator', async () => {
    const copycat = await listen((req, res) => {
      if (req.url === '/version') res.setHeader('content-type', 'application/json').end('{"name":"mediator-workbench","version":"0.1.0"}');
      else res.writeHead(404).end();
    });
    expect(await probeMediator(`http://127.0.0.1:${copycat}`)).toMatchObject({ kind: 'other' });
  });

  it('gives up on a server that never answers', async () => {
    const silent = await listen(() => {});
    expect(await probeMediator(`http://127.0.0.1:${silent}`, fetch, 200)).toMatchObject({ kind: 'other', detail: expect.stringContaining('failed') });
  });
});

describe('chooseServer with the real core server', () => {
  it('detects the EADDRINUSE from startServer and moves to another port when a stranger holds it', async () => {
    const taken = await listen((_req, res) => res.writeHead(404).end());
    const { ask, asked } = fakeAsk('other-port');
    const result = await chooseServer({ port: taken, fallbackPorts: [] }, { start: startCore, probe: (url) => probeMediator(url), ask });
    expect(asked[0]?.occupant.kind).toBe('other');
    expect(result.kind).toBe('owned');
    if (result.kind !== 'owned') return;
    expect(result.port).not.toBe(taken);
    expect(await probeMediator(result.url)).toMatchObject({ kind: 'mediator' });
  });

  it('offers to connect to a mediator already on the port', async () => {
    const first = await startCore(0);
    const { ask, asked } = fakeAsk('connect');
    const result = await chooseServer({ port: first.port }, { start: startCore, probe: (url) => probeMediator(url), ask });
    expect(asked[0]?.occupant).toEqual({ kind: 'mediator', version: expect.any(String) });
    expect(result).toMatchObject({ kind: 'external', url: first.url });
  });
});
