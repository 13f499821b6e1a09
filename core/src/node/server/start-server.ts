/**
 * Build and listen: what `mediator serve` and the desktop app do. Listens on 127.0.0.1 unless told
 * otherwise (CONTRACT.md, Safety).
 */
import type { AddressInfo } from 'node:net';
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { isLoopbackName } from './access-guard.js';
// Types only: the HTTP app (Fastify and its plugins) is imported when it is built, so that a
// listen-first start binds its port before it loads them (early-listener.ts).
import type { MediatorServer, ServerOptions } from './build-server.js';
import { EarlyListener } from './early-listener.js';
import { resolveTimeouts } from './http-timeouts.js';
import { LEVELS, parseLevel } from './log-levels.js';

export interface StartOptions extends ServerOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /**
   * Listen on a non-loopback address without a token. Only when the user asked for it explicitly
   * (`--no-auth`): then anyone who can reach the machine can read and change everything.
   */
  readonly allowNoAuth?: boolean;
  /**
   * Called with the server's URL once its port is bound, and awaited: with `listenFirst` before
   * the HTTP app is even built (`mediator serve` prints its banner there), else after it is ready.
   */
  readonly onListening?: (url: string) => void | Promise<void>;
}

export interface RunningServer extends MediatorServer {
  readonly url: string;
  readonly port: number;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8888;

/** Whether a listen address keeps the server on this machine. */
export function isLoopbackBind(host: string): boolean {
  return isLoopbackName(host);
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const network = !isLoopbackBind(host);
  if (network && options.authToken === undefined && options.allowNoAuth !== true) {
    throw new MediatorError(
      `listening on ${host} makes the mediator reachable from the network: give it a token (--token or MEDIATOR_TOKEN; mediator serve generates one when none is given) or pass --no-auth to run it open deliberately`,
      ErrorCodes.networkWithoutAuth,
    );
  }
  const running = bindsBeforeBuilding(options, host) ? await listenBeforeBuilding(options, host) : await buildThenListen(options, host);
  if (network) {
    running.logger.warn(
      { host, port: running.port },
      options.authToken === undefined
        ? 'listening beyond loopback WITHOUT authentication (--no-auth): anyone who can reach this machine can read and change alignments and channels'
        : 'listening beyond loopback: every request but the UI files needs the bearer token',
    );
  }
  return running;
}

/**
 * Whether the port is bound before the HTTP app is built (listen first). Not for `localhost`, left
 * to Fastify's listen, which binds each of its addresses (IPv4 and IPv6); nor for a fleet
 * (`--store nats`), which catches up with its buckets before it listens: a process that never
 * reached the cluster exits without having answered anything (issue 32).
 */
function bindsBeforeBuilding(options: StartOptions, host: string): boolean {
  const store = options.store ?? (options.transport?.kind === 'nats' ? 'nats' : 'sqlite');
  return options.listenFirst === true && host !== 'localhost' && store === 'sqlite';
}

/** The URL clients on this machine use: a wildcard bind is reached through loopback. */
function localUrl(host: string, port: number): string {
  // `0.0.0.0` is no Host the server answers to.
  const localHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shownHost = localHost.includes(':') ? `[${localHost}]` : localHost;
  return `http://${shownHost}:${port}`;
}

async function buildThenListen(options: StartOptions, host: string): Promise<RunningServer> {
  const { buildServer } = await import('./build-server.js');
  const server = await buildServer(options);
  try {
    await server.app.listen({ host, port: options.port ?? DEFAULT_PORT });
  } catch (error) {
    await server.close();
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? DEFAULT_PORT);
  const url = localUrl(host, port);
  await options.onListening?.(url);
  return { ...server, url, port };
}

/**
 * Listen first (issue 42): the port is bound and the status probes answered by a plain node:http
 * server before Fastify is loaded; Fastify is then built on that server and takes over every
 * request, the held ones first (early-listener.ts).
 */
async function listenBeforeBuilding(options: StartOptions, host: string): Promise<RunningServer> {
  // An unknown level is refused before the port is bound, as the build would refuse it.
  const level = parseLevel(options.logLevel ?? 'info');
  const early = new EarlyListener({
    timeouts: resolveTimeouts(options),
    allowedHosts: options.allowedHosts ?? [],
    ...(options.authToken === undefined ? {} : { token: options.authToken }),
    answerProbes: LEVELS.indexOf(level) >= LEVELS.indexOf('info'),
  });
  await early.listen(host, options.port ?? DEFAULT_PORT);
  const address = early.server.address() as AddressInfo;
  const url = localUrl(host, address.port);
  let server: MediatorServer | undefined;
  try {
    await options.onListening?.(url);
    const { buildServer } = await import('./build-server.js');
    server = await buildServer({ ...options, earlyListener: early });
    await server.app.ready();
    early.handOver();
  } catch (error) {
    // The held requests first: closing the server waits for every open request to end.
    await early.abort();
    await server?.close();
    throw error;
  }
  // The line Fastify's own listen logs.
  server.logger.info(`Server listening at http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
  return { ...server, url, port: address.port };
}
