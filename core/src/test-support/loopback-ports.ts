/**
 * Loopback ports for the brokers the tests start and for brokers out of reach, and the wait until
 * a started broker accepts connections on its port.
 *
 * A port taken from the kernel (listen on 0) and released again lies in the ephemeral range, where
 * the kernel hands ports to every outgoing connection and every other `listen(0)` of the run (each
 * test server does that). Between the release and the broker's own bind someone else may take it:
 * a CI run once saw an "unreachable" MQTT URL answered by another test's broker. So ports come from
 * below the ephemeral range, which the kernel never hands out by itself: brokers from one band,
 * closed ports from another that nothing here ever binds, so a port that refused once keeps refusing.
 */
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { TestProcess } from './processes.js';

/** Brokers' ports: [FREE_LOW, CLOSED_LOW). */
const FREE_LOW = 20000;
/** Ports for brokers out of reach: [CLOSED_LOW, start of the ephemeral range). */
const CLOSED_LOW = 30000;
const FALLBACK_EPHEMERAL_START = 32768;
const TRIES = 50;

function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > CLOSED_LOW + 500 ? first : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

function randomIn(low: number, high: number): number {
  return low + Math.floor(Math.random() * (high - low));
}

/** Whether 127.0.0.1:`port` can be bound now (it is released again before this resolves). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** What a connection to 127.0.0.1:`port` meets just now: accepted, refused, or neither (no answer within 2 s, another error). */
function probe(port: number): Promise<'accepted' | 'refused' | 'neither'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    const done = (outcome: 'accepted' | 'refused' | 'neither'): void => {
      socket.destroy();
      resolve(outcome);
    };
    socket.once('connect', () => done('accepted'));
    socket.once('timeout', () => done('neither'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'refused' : 'neither'));
  });
}

/** Whether a connection to 127.0.0.1:`port` is refused (not accepted, not left unanswered). */
const refuses = async (port: number): Promise<boolean> => (await probe(port)) === 'refused';

/** Whether something accepts TCP connections on 127.0.0.1:`port` just now. */
export const accepts = async (port: number): Promise<boolean> => (await probe(port)) === 'accepted';

async function pick(low: number, high: number, avoid: readonly number[], usable: (port: number) => Promise<boolean>, what: string): Promise<number> {
  for (let i = 0; i < TRIES; i++) {
    const port = randomIn(low, high);
    if (!avoid.includes(port) && (await usable(port))) return port;
  }
  throw new Error(`no ${what} loopback port found in ${TRIES} tries between ${low} and ${high - 1}`);
}

/** A loopback port below the ephemeral range that could be bound just now, for a broker to listen on. */
export function freePort(): Promise<number> {
  return pick(FREE_LOW, CLOSED_LOW, [], bindable, 'free');
}

/** A loopback port that refused a connection just now and that no test binds; distinct from `avoid`. */
export function closedPort(avoid: readonly number[] = []): Promise<number> {
  return pick(CLOSED_LOW, ephemeralStart(), avoid, refuses, 'closed');
}

export interface AcceptingWait {
  /** When the wait's clock started (`Date.now()`), so that time spent before, e.g. on a start-up line, counts. */
  readonly since: number;
  readonly timeoutMs: number;
  readonly pollMs: number;
}

/**
 * Waits, bounded, until the broker `process` accepts connections on `port`; throws with its output
 * if it exits first or still refuses `timeoutMs` after `since`.
 */
export async function waitUntilAccepting(process: TestProcess, port: number, wait: AcceptingWait): Promise<void> {
  for (;;) {
    if (await accepts(port)) return;
    if (!process.running) throw new Error(`${process.name} exited before accepting connections:\n${process.output()}`);
    if (Date.now() - wait.since > wait.timeoutMs)
      throw new Error(`${process.name} refused connections on port ${port} for ${wait.timeoutMs} ms:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs));
  }
}
