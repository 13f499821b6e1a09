/**
 * No request held forever (issue 40), over a real port with raw sockets: a body that stops
 * arriving, headers that never end and an idle keep-alive connection are each cut within their
 * timer (short ones here, so the test is quick), while a slow but steady request still gets its
 * answer. The defaults are checked on a server started without options.
 */
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../common/index.js';
import { mediatorCli } from '../../test-support/shared-data.js';
import { startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, resolveTimeouts } from './http-timeouts.js';
import { startTestServer, tempDataDir, type TestServer } from './test-support/test-server.js';

const REQUEST_TIMEOUT = 1200;
const HEADERS_TIMEOUT = 800;
const KEEP_ALIVE_TIMEOUT = 600;
/** Slack for a loaded machine on top of a timer and Node's check interval. */
const SLACK_MS = 2500;

let running: TestServer;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  running = await startTestServer('timeouts', {
    logStream,
    requestTimeout: REQUEST_TIMEOUT,
    headersTimeout: HEADERS_TIMEOUT,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT,
  });
  port = running.server.port;
});

afterAll(async () => {
  await running.stop();
  // A client that stalls is the client's doing: nothing of it is logged as a failure of the server.
  expect(logLines.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
});

interface Outcome {
  readonly received: string;
  /** Milliseconds from the first byte sent to the connection's close. */
  readonly closedAfterMs: number;
}

/** Opens a socket, writes `chunks` (each after its delay), and resolves when the server closes it. */
function exchange(chunks: ReadonlyArray<{ readonly afterMs: number; readonly data: string }>, giveUpMs: number, toPort = port): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(toPort, '127.0.0.1');
    let received = '';
    const started = Date.now();
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms; received so far: ${JSON.stringify(received)}`));
    }, giveUpMs);
    socket.on('data', (data) => (received += data.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      for (const chunk of chunks) setTimeout(() => socket.writable && socket.write(chunk.data), chunk.afterMs);
    });
  });
}

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

function jsonBody(received: string): unknown {
  return JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
}

describe('HTTP timeouts', () => {
  it('answers a body that stops arriving with 408 REQUEST_TIMEOUT JSON and closes the connection', async () => {
    const outcome = await exchange(
      [{ afterMs: 0, data: head('POST', '/alignments', { 'content-type': 'application/xml', 'content-length': 100_000 }) + '<?xml version="1.0"?><Alignment' }],
      REQUEST_TIMEOUT + SLACK_MS * 2,
    );
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.received.toLowerCase()).toContain('content-type: application/json');
    expect(jsonBody(outcome.received)).toMatchObject({ code: ErrorCodes.requestTimeout, message: expect.any(String) });
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT - 100);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT + SLACK_MS);
  });

  it('cuts every one of many stalled uploads at once (the timeout, not a cap on uploads, is the bound)', async () => {
    const partial = 'x'.repeat(256 * 1024);
    const uploads = Array.from({ length: 20 }, () =>
      exchange(
        [{ afterMs: 0, data: head('POST', '/alignments', { 'content-type': 'application/xml', 'content-length': 8 * 1024 * 1024 }) + partial }],
        REQUEST_TIMEOUT + SLACK_MS * 3,
      ),
    );
    const outcomes = await Promise.all(uploads);
    for (const outcome of outcomes) {
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT + SLACK_MS * 2);
    }
  });

  it('cuts a body that trickles a byte at a time past the request timeout (the timer is for the whole request)', async () => {
    const start = head('POST', '/alignments', { 'content-type': 'application/xml', 'content-length': 1000 });
    const drip = Array.from({ length: 40 }, (_, i) => ({ afterMs: 100 + i * 100, data: 'x' }));
    const outcome = await exchange([{ afterMs: 0, data: start }, ...drip], REQUEST_TIMEOUT + SLACK_MS * 2);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT + SLACK_MS);
  });

  it('closes a connection whose headers never end within the headers timeout', async () => {
    const outcome = await exchange([{ afterMs: 0, data: `GET /version HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-slow: ` }], HEADERS_TIMEOUT + SLACK_MS * 2);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT + SLACK_MS);
  });

  it('answers a slow but steady request that completes within the timer', async () => {
    const body = '{}';
    const outcome = await exchange(
      [
        { afterMs: 0, data: head('POST', '/view', { 'content-type': 'application/json', 'content-length': body.length, connection: 'close' }) },
        { afterMs: 300, data: body[0] ?? '' },
        { afterMs: 600, data: body[1] ?? '' },
      ],
      REQUEST_TIMEOUT + SLACK_MS * 2,
    );
    expect(outcome.received).not.toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 \d{3} /);
  });

  it('serves the next request of a keep-alive connection idle past the request and headers timers (only the keep-alive timer counts idle time)', async () => {
    const idle = await startTestServer('timeouts-idle', { requestTimeout: 600, headersTimeout: 400, keepAliveTimeout: 5000 });
    try {
      const outcome = await exchange(
        [
          { afterMs: 0, data: head('GET', '/version', { host: `127.0.0.1:${idle.server.port}` }) },
          { afterMs: 1500, data: head('GET', '/version', { host: `127.0.0.1:${idle.server.port}`, connection: 'close' }) },
        ],
        5000 + SLACK_MS * 2,
        idle.server.port,
      );
      expect(outcome.received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    } finally {
      await idle.stop();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const outcome = await exchange([{ afterMs: 0, data: head('GET', '/version', {}) }], KEEP_ALIVE_TIMEOUT + SLACK_MS * 2);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT - 100);
    expect(outcome.closedAfterMs).toBeLessThan(KEEP_ALIVE_TIMEOUT + SLACK_MS);
  });

  it('has defaults that cut a stalled request within 30 s, checked often enough', async () => {
    const defaults = resolveTimeouts({});
    expect(defaults.requestTimeout).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(defaults.requestTimeout + defaults.checkInterval).toBeLessThanOrEqual(30_000);
    expect(defaults.headersTimeout).toBeLessThanOrEqual(defaults.requestTimeout);
    const plain = await startTestServer('timeouts-default');
    try {
      const http = plain.server.app.server;
      expect(http.requestTimeout).toBeGreaterThan(0);
      expect(http.requestTimeout).toBeLessThanOrEqual(30_000);
      expect(http.headersTimeout).toBeGreaterThan(0);
      expect(http.headersTimeout).toBeLessThanOrEqual(30_000);
      expect(http.keepAliveTimeout).toBeGreaterThan(0);
    } finally {
      await plain.stop();
    }
  });

  it('takes the request timeout from `mediator serve --request-timeout`', { timeout: 60_000 }, async () => {
    const started: TestProcess[] = [];
    const dir = tempDataDir('timeouts-cli');
    try {
      const served = await startMediatorServe(mediatorCli, dir, { args: ['--log-level', 'warn', '--request-timeout', String(REQUEST_TIMEOUT)], started });
      const cliPort = Number(new URL(served.url).port);
      const stalled = `POST /alignments HTTP/1.1\r\nhost: 127.0.0.1:${cliPort}\r\ncontent-type: application/xml\r\ncontent-length: 5000\r\n\r\n<x`;
      const outcome = await exchange([{ afterMs: 0, data: stalled }], REQUEST_TIMEOUT + SLACK_MS * 2, cliPort);
      expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT + SLACK_MS);
    } finally {
      await stopAll(started);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
