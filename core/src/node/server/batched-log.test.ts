/**
 * The server's stdout log (batched-log.ts): lines written together at most a window after the
 * first of them, in order, at once past the byte bound; nothing lost when the process ends by
 * itself; and `mediator serve` at the default level still prints each request's lines as it
 * answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goldenPairs, mediatorCli, readData } from '../../test-support/shared-data.js';
import { request, startMediatorServe, startProcess, stopAll, uploadAlignment, type TestProcess } from '../../test-support/processes.js';
import { batchedLog } from './batched-log.js';

/** A target that records each write it gets. */
function recorder(): { writes: string[]; target: NodeJS.WritableStream } {
  const writes: string[] = [];
  return { writes, target: { write: (text: string) => writes.push(text) > 0 } as unknown as NodeJS.WritableStream };
}

const started: TestProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mediator-batched-log-'));
afterAll(async () => {
  await stopAll(started);
  rmSync(dir, { recursive: true, force: true });
});

describe('batched log', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the lines of a window together, in order, when the window ends', () => {
    const { writes, target } = recorder();
    const log = batchedLog(target, { windowMs: 10 });
    const lines = Array.from({ length: 50 }, (_, i) => `{"n":${i}}\n`);
    for (const line of lines.slice(0, 20)) log.write(line);
    vi.advanceTimersByTime(5);
    for (const line of lines.slice(20, 30)) log.write(line);
    // The window counts from its first line: 5 ms later these lines wait no longer than it.
    vi.advanceTimersByTime(4);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([lines.slice(0, 30).join('')]);
    for (const line of lines.slice(30)) log.write(line);
    vi.advanceTimersByTime(10);
    expect(writes).toEqual([lines.slice(0, 30).join(''), lines.slice(30).join('')]);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(2);
    log.close();
  });

  it('writes at once when the waiting text reaches its bound, and the next window starts afresh', () => {
    const { writes, target } = recorder();
    const log = batchedLog(target, { windowMs: 10, maxPendingBytes: 100 });
    const line = `${'x'.repeat(39)}\n`;
    log.write(line);
    log.write(line);
    expect(writes).toEqual([]);
    log.write(line);
    expect(writes).toEqual([line.repeat(3)]);
    log.write('after\n');
    vi.advanceTimersByTime(9);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([line.repeat(3), 'after\n']);
    log.close();
  });

  it("writes what is pending when pino's logger is flushed, and calls back", async () => {
    const { writes, target } = recorder();
    const log = batchedLog(target);
    const logger = pino({ base: undefined, timestamp: false }, log);
    logger.info('one');
    logger.info('two');
    await new Promise<void>((resolve, reject) => logger.flush((error) => (error === undefined || error === null ? resolve() : reject(error))));
    expect(writes).toEqual(['{"level":30,"msg":"one"}\n{"level":30,"msg":"two"}\n']);
    vi.advanceTimersByTime(100);
    expect(writes).toHaveLength(1);
    log.close();
  });

  it('writes what is pending at close, then each line as it comes', () => {
    const { writes, target } = recorder();
    const log = batchedLog(target);
    log.write('a\n');
    log.write('b\n');
    log.close();
    expect(writes).toEqual(['a\nb\n']);
    log.write('c\n');
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});

describe('batched log in a process that ends', () => {
  it.each([
    ['process.exit() in the same turn', 'process.exit(3)', 3],
    ['an uncaught exception in the same turn', 'throw new Error("boom")', 1],
    // The window's timer does not hold the process: its loop ends with the lines still waiting.
    ['an event loop left empty', '', 0],
  ])('loses no line on %s', { timeout: 30_000 }, async (_name, ending, code) => {
    // The compiled module (npm test builds first), in a process of its own.
    const module = new URL('./batched-log.js', import.meta.url).href.replace('/src/', '/dist/');
    const script = `const { batchedLog } = await import(${JSON.stringify(module)});
      const log = batchedLog(process.stdout, { windowMs: 60000 });
      for (let i = 0; i < 100; i++) log.write('line ' + i + '\\n');
      ${ending};`;
    const child = startProcess('a batched log ending', process.execPath, ['--input-type=module', '-e', script]);
    started.push(child);
    const exit = await child.exited({ timeoutMs: 20_000 });
    expect(exit.code).toBe(code);
    expect(child.text('stdout')).toBe(Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join(''));
  });
});

describe('mediator serve at the default level', () => {
  it("prints a translation request's two lines on stdout as it answers", { timeout: 60_000 }, async () => {
    const pair = goldenPairs().find((p) => p.pair === 'weight.UniversAAL_CO__CO_FIWARE')!;
    const served = await startMediatorServe(mediatorCli, dir, { args: ['--log-level', 'info'], started });
    const alignIDs: Array<{ name: string; version: string }> = [];
    for (const file of pair.alignments) {
      const xml = readData(file);
      expect((await uploadAlignment(served.url, xml)).status).toBe(201);
      alignIDs.push({ name: /<dcelem:title>([^<]*)</.exec(xml)![1]!, version: /<exmo:version>([^<]*)</.exec(xml)![1]! });
    }
    const answer = await request(`${served.url}/translation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alignIDs, graphStr: readData(pair.message) }),
    });
    expect(answer.status).toBe(200);
    type Line = { reqId?: string; msg?: string; req?: { url?: string; remotePort?: unknown }; res?: { statusCode?: number } };
    const lines = (): Line[] =>
      served.process
        .text('stdout')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Line);
    // Both lines of the request, found by its id: the arrival (written by the fast path), then the answer.
    const found = await served.process.waitFor(
      () => {
        const all = lines();
        const incoming = all.find((l) => l.msg === 'incoming request' && l.req?.url === '/translation');
        const completed = all.find((l) => l.msg === 'request completed' && l.reqId === incoming?.reqId);
        return incoming !== undefined && completed !== undefined ? { incoming, completed } : undefined;
      },
      'the POST /translation lines on stdout',
      { timeoutMs: 10_000 },
    );
    expect(typeof found.incoming.req?.remotePort).toBe('number');
    expect(found.completed.res?.statusCode).toBe(200);
  });
});
