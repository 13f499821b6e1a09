/**
 * A loopback port nothing listens on, for tests of brokers and services out of reach.
 *
 * A port taken from the kernel (listen on 0) and released again is in the ephemeral range, where
 * the next test process's broker or client may be given it a moment later: a CI run once saw an
 * "unreachable" MQTT URL answered by another test's broker. Ports below the ephemeral range are
 * never handed out that way, and nothing this project starts binds them by number, so a port there
 * that refuses a connection now stays refusing.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

const FALLBACK_EPHEMERAL_START = 32768;
/** Above the ports services are usually configured on. */
const LOWEST = 20000;
const TRIES = 50;

function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > LOWEST + 1000 ? first : FALLBACK_EPHEMERAL_START;
  } catch {
    return FALLBACK_EPHEMERAL_START;
  }
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A port below the ephemeral range on 127.0.0.1 that refused a connection just now; distinct from `avoid`. */
export async function closedPort(avoid: readonly number[] = []): Promise<number> {
  const span = ephemeralStart() - LOWEST;
  for (let i = 0; i < TRIES; i++) {
    const port = LOWEST + Math.floor(Math.random() * span);
    if (!avoid.includes(port) && (await refuses(port))) return port;
  }
  throw new Error(`no closed loopback port found in ${TRIES} tries between ${LOWEST} and ${LOWEST + span}`);
}
