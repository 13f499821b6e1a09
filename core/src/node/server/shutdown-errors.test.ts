/**
 * Requests that reach the server while it shuts down (issue 32): answered with our `{message,
 * code}` 503 (SERVER_CLOSING), as every other error, never with the framework's own
 * `{error, message, statusCode}` body. Over a real socket: a request whose body is still arriving
 * when close() starts keeps its connection open (and is answered), and a second request pipelined behind it arrives
 * during the shutdown.
 */
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server.js';

let test: TestServer | undefined;

afterAll(async () => {
  await test?.stop();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('a request during shutdown', () => {
  it('gets 503 {message, code: SERVER_CLOSING}', async () => {
    test = await startTestServer('shutdown');
    const port = test.server.port;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const ended = new Promise<void>((resolve) => {
      socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
      socket.on('close', () => resolve());
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const body = JSON.stringify({ source: 'shutdown.src', sink: 'shutdown.sink' });
    socket.write(
      `POST /channels HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await sleep(100);
    const closing = test.server.close();
    await sleep(100);
    socket.write(`${body.slice(5)}GET /version HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await Promise.race([ended, sleep(10_000)]);
    socket.destroy();
    await closing;
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => Number(m[1]));
    const bodies = [...received.matchAll(/\r\n\r\n(\{[^\r\n]*\})/g)].map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>);
    // The first request was routed before close() began (its hooks ran when its headers came); the second arrived during it.
    expect(statuses, received).toHaveLength(2);
    expect(statuses[1], received).toBe(503);
    expect(Object.keys(bodies[1] ?? {}).sort(), received).toEqual(['code', 'message']);
    expect(bodies[1]?.code, received).toBe('SERVER_CLOSING');
  });
});
