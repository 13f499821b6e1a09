/**
 * Build and listen: what `mediator serve` and the desktop app do. Listens on 127.0.0.1 unless told
 * otherwise (CONTRACT.md, Safety).
 */
import { buildServer, type MediatorServer, type ServerOptions } from './build-server.js';

export interface StartOptions extends ServerOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
}

export interface RunningServer extends MediatorServer {
  readonly url: string;
  readonly port: number;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8888;

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const server = await buildServer(options);
  const host = options.host ?? DEFAULT_HOST;
  try {
    await server.app.listen({ host, port: options.port ?? DEFAULT_PORT });
  } catch (error) {
    await server.close();
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? DEFAULT_PORT);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { ...server, url: `http://${shownHost}:${port}`, port };
}
