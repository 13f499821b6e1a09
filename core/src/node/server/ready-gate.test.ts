import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { readyGate } from './ready-gate.js';

const request = (url: string | undefined): FastifyRequest => ({ routeOptions: { url } }) as unknown as FastifyRequest;
const notStatic = (): boolean => false;

/** Runs the hook and records when and how it let the request go on. */
function pass(gate: ReturnType<typeof readyGate>, url: string | undefined): { calls: Array<Error | undefined>; sync: boolean } {
  const calls: Array<Error | undefined> = [];
  gate(request(url), undefined, (error) => calls.push(error));
  return { calls, sync: calls.length > 0 };
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('readyGate (listen first)', () => {
  it('holds a route that needs the start-up until it ends, lets status routes and unrouted requests through at once', async () => {
    const start = deferred();
    const gate = readyGate(start.promise, notStatic);
    const held = pass(gate, '/translation');
    expect(held.sync).toBe(false);
    for (const url of ['/version', '/v1/health', '/swagger/json', undefined]) expect(pass(gate, url).calls).toEqual([undefined]);
    start.resolve();
    await start.promise;
    await Promise.resolve();
    expect(held.calls).toEqual([undefined]);
  });

  it('once the start-up is over, lets every request go on in the same turn (no promise per request)', async () => {
    const start = deferred();
    const gate = readyGate(start.promise, notStatic);
    start.resolve();
    await start.promise;
    for (const url of ['/translation', '/alignments', '/v1/channels']) {
      const r = pass(gate, url);
      expect(r.sync).toBe(true);
      expect(r.calls).toEqual([undefined]);
    }
  });

  it('answers a held request with INTERNAL, saying why, when the start-up fails', async () => {
    const start = deferred();
    const gate = readyGate(start.promise, notStatic);
    const held = pass(gate, '/translation');
    start.reject(new Error('store unreadable'));
    await start.promise.catch(() => undefined);
    await Promise.resolve();
    expect(held.calls).toHaveLength(1);
    const error = held.calls[0];
    expect(error).toBeInstanceOf(MediatorError);
    expect((error as MediatorError).code).toBe(ErrorCodes.internal);
    expect(error?.message).toBe('the server could not restore its stored alignments and channels: store unreadable');
    // Still failing for a later request, still at once for a status route.
    const later = pass(gate, '/alignments');
    await Promise.resolve();
    await Promise.resolve();
    expect((later.calls[0] as MediatorError).code).toBe(ErrorCodes.internal);
    expect(pass(gate, '/version').calls).toEqual([undefined]);
  });
});
