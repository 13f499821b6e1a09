/**
 * Build and listen: what `mediator serve` and the desktop app do. Listens on 127.0.0.1 unless told
 * otherwise (CONTRACT.md, Safety).
 */
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { isLoopbackName } from './access-guard.js';
import { buildServer, type MediatorServer, type ServerOptions } from './build-server.js';

export interface StartOptions extends ServerOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /**
   * Listen on a non-loopback address without a token. Only when the user asked for it explicitly
   * (`--no-auth`): then anyone who can reach the machine can read and change everything.
   */
  readonly allowNoAuth?: boolean;
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
  const server = await buildServer(options);
  try {
    await server.app.listen({ host, port: options.port ?? DEFAULT_PORT });
  } catch (error) {
    await server.close();
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? DEFAULT_PORT);
  if (network) {
    server.logger.warn(
      { host, port },
      options.authToken === undefined
        ? 'listening beyond loopback WITHOUT authentication (--no-auth): anyone who can reach this machine can read and change alignments and channels'
        : 'listening beyond loopback: every request but the UI files needs the bearer token',
    );
  }
  // A wildcard bind is reached locally through loopback; `0.0.0.0` is no Host the server answers to.
  const localHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const shownHost = localHost.includes(':') ? `[${localHost}]` : localHost;
  return { ...server, url: `http://${shownHost}:${port}`, port };
}
