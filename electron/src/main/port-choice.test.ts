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
  type ConflictChoice,
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

async function startCore(port: number): Promise<StartedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mediator-desktop-'));
  dirs.push(dataDir);
  const server = await startServer({ port, dataDir, logStream: quiet });
  closers.push(() => server.close());
  return server;
}

describe('probeMediator over HTTP', () => {
  it('recognises the real mediator server by GET /version', async () => {
    const server = await startCore(0);
    expect(await probeMediator(server.url)).toEqual({ kind: 'mediator', version: expect.any(String) });
  });

  it('reports another program as "other": wrong name, not JSON, error status', async () => {
    const ipsm = await listen((_req, res) => res.setHeader('content-type', 'application/json').end('{"name":"IPSM","version":"0.8.10"}'));
    const html = await listen((_req, res) => res.setHeader('content-type', 'text/html').end('<html></html>'));
    const missing = await listen((_req, res) => res.writeHead(404).end());
    expect(await probeMediator(`http://127.0.0.1:${ipsm}`)).toEqual({ kind: 'other', detail: expect.stringContaining('"IPSM"') });
    expect(await probeMediator(`http://127.0.0.1:${html}`)).toMatchObject({ kind: 'other' });
    expect(await probeMediator(`http://127.0.0.1:${missing}`)).toEqual({ kind: 'other', detail: 'GET /version answered HTTP 404' });
  });

  it('gives up on a server that never answers', async () => {
    const silent = await listen(() => {});
    const started = Date.now();
    expect(await probeMediator(`http://127.0.0.1:${silent}`, fetch, 200)).toMatchObject({ kind: 'other', detail: expect.stringContaining('failed') });
    expect(Date.now() - started).toBeLessThan(5000);
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
