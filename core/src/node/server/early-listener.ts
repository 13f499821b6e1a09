/**
 * Listen first, before the framework is loaded (issue 42, point 3). Loading Fastify, its plugins
 * and their dependencies (some 440 CommonJS files, each resolved, read and compiled) took most of
 * `mediator serve`'s time to its first answer. This module binds the port with a plain node:http
 * server that needs none of them, answers the status probes (GET /version, /health, /info) that
 * need nothing the start-up builds, and holds every other request until Fastify is ready; then
 * Fastify takes the same server over (its `serverFactory` option) and gets the held requests in
 * the order they came.
 *
 * A client cannot tell the two apart: an early answer is only given when Fastify's would be a 200
 * with exactly these bytes and headers (same Host check and token check as the access guard, the
 * same security headers, the same JSON); anything else (another route or method, a query string,
 * an Origin header the CORS plugin would answer, a Host or token the guard refuses, a log level
 * that records reads) waits for Fastify, which answers it as it always did. The early answers are
 * replayed into the request metrics once those exist.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { hostAllowed, parseAllowedHosts, tokenDigest, tokenMatches, type HostName } from './access-guard.js';
import { securityHeaders } from './security-headers.js';
import { answerClientError, type ResolvedTimeouts } from './http-timeouts.js';
import { HEALTH_BODY, VERSION_BODY } from './status-bodies.js';

export interface EarlyListenerOptions {
  readonly timeouts: ResolvedTimeouts;
  readonly allowedHosts: readonly string[];
  readonly token?: string;
  /** False when the log records successful reads (debug, trace): then Fastify answers all, and logs them. */
  readonly answerProbes: boolean;
}

/** An early answer, for the request metrics (metrics.ts) once they exist. */
export interface EarlyAnswer {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly seconds: number;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The status routes' bodies (status-bodies.ts), under their paths and their `/v1/` copies. */
const PROBES: ReadonlyMap<string, string> = new Map(
  (
    [
      ['/version', VERSION_BODY],
      ['/health', HEALTH_BODY],
      ['/info', VERSION_BODY],
    ] as const
  ).flatMap(([path, body]) => [
    [path, JSON.stringify(body)],
    [`/v1${path}`, JSON.stringify(body)],
  ]),
);

export class EarlyListener {
  readonly server: Server;
  /** Early answers not yet handed to the metrics. */
  readonly #answered: EarlyAnswer[] = [];
  #record: ((answer: EarlyAnswer) => void) | undefined;
  #fastify: Handler | undefined;
  /** A handler in front of Fastify once it took over (translation-fast-path.ts), else Fastify's. */
  #front: Handler | undefined;
  #handedOver = false;
  readonly #held: Array<[IncomingMessage, ServerResponse]> = [];
  readonly #allowedHosts: readonly HostName[];
  readonly #token: Buffer | undefined;
  readonly #headers: string[];

  constructor(private readonly options: EarlyListenerOptions) {
    this.#allowedHosts = parseAllowedHosts(options.allowedHosts);
    this.#token = options.token === undefined ? undefined : tokenDigest(options.token);
    this.#headers = Object.entries(securityHeaders('api')).flat();
    const { requestTimeout, headersTimeout, keepAliveTimeout, checkInterval } = options.timeouts;
    // The timers Fastify gives the server it creates itself (build-server.ts).
    this.server = createServer({ requestTimeout, headersTimeout, keepAliveTimeout, connectionsCheckingInterval: checkInterval }, (request, response) =>
      this.#onRequest(request, response),
    );
    this.server.keepAliveTimeout = keepAliveTimeout;
    // Fastify adds the same handler when it takes over (its clientErrorHandler option).
    this.server.on('clientError', answerClientError);
  }

  listen(host: string, port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host, port }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Fastify's `serverFactory`: Fastify will use this server; its handler gets requests from `handOver()`. */
  readonly serverFactory = (handler: Handler): Server => {
    this.#fastify = handler;
    this.server.off('clientError', answerClientError);
    return this.server;
  };

  /** Fastify's request handler, once Fastify was built on this server. */
  get fastifyHandler(): Handler {
    if (this.#fastify === undefined) throw new Error('Fastify was not built on this server yet');
    return this.#fastify;
  }

  /** After the hand-over, requests go to `handler`, which passes on to Fastify what it does not answer. */
  putInFront(handler: Handler): void {
    this.#front = handler;
  }

  /** The request metrics exist: the early answers so far go to `record`, and so do later ones. */
  recordInto(record: (answer: EarlyAnswer) => void): void {
    this.#record = record;
    for (const answer of this.#answered.splice(0)) record(answer);
  }

  /** Fastify is ready: the held requests go to it in their order, and so does every later one. */
  handOver(): void {
    const fastify = this.#fastify;
    if (fastify === undefined) throw new Error('handOver() before Fastify was built on this server');
    this.#handedOver = true;
    for (const [request, response] of this.#held.splice(0)) fastify(request, response);
  }

  /** The start failed: nothing will answer the held requests; their connections are closed with the server. */
  abort(): Promise<void> {
    for (const [request] of this.#held.splice(0)) request.socket.destroy();
    return this.close();
  }

  /** Stops accepting connections and closes idle ones; resolves when the open ones have ended. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server.listening) {
        resolve();
        return;
      }
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }

  #onRequest(request: IncomingMessage, response: ServerResponse): void {
    if (this.#handedOver) (this.#front ?? this.#fastify!)(request, response);
    else if (!this.#answerProbe(request, response)) this.#held.push([request, response]);
  }

  /** Answers a status probe whose answer is certain to be Fastify's 200; false leaves it to Fastify. */
  #answerProbe(request: IncomingMessage, response: ServerResponse): boolean {
    const started = process.hrtime.bigint();
    const body = request.method === 'GET' ? PROBES.get(request.url ?? '') : undefined;
    if (body === undefined || !this.options.answerProbes || request.headers.origin !== undefined) return false;
    const { localPort, localAddress } = request.socket;
    if (!hostAllowed(request.headers.host, { localPort, localAddress }, this.#allowedHosts)) return false;
    if (this.#token !== undefined && !tokenMatches(request.headers.authorization, this.#token)) return false;
    // Fastify's order: the route's content type, the security headers (onSend), then the length.
    response.writeHead(200, ['content-type', 'application/json; charset=utf-8', ...this.#headers, 'content-length', String(Buffer.byteLength(body))]);
    response.end(body);
    const answer = { method: 'GET', route: request.url!, status: 200, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    if (this.#record === undefined) this.#answered.push(answer);
    else this.#record(answer);
    return true;
  }
}
