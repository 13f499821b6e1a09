/**
 * POST /translation without the framework (issue 42, point 2): on `mediator serve` the plain case of
 * a translation request (headers alone show it: POST /translation, no query string, a JSON body of
 * a stated length within the limit, no Origin, Expect or transfer coding, Host and token accepted,
 * the start-up over, a log level this path reproduces) is read, parsed, checked and translated here
 * on the node:http server the early listener bound (early-listener.ts), in front of Fastify, which
 * spent some 70 us of main-thread CPU per request in its own request handling.
 *
 * Only the success is answered here, with the bytes, headers, log lines and request metrics Fastify
 * gives it (translation-fast-path.test.ts compares both servers on generated requests). Anything
 * else goes to Fastify: a request whose headers are not the plain case at once; one that failed
 * once its body was read (not JSON, refused by the route's schema, a translation error, a time-out,
 * a full queue, a client gone mid-body) is replayed into Fastify with the bytes already read, so
 * every refusal is Fastify's and domain errors map to HTTP in one place (http-errors.ts). A
 * replayed request is translated at most once: a translation error is handed to the route, which
 * throws it instead of translating again (`replayedFailure`); it keeps the request id and its
 * "incoming request" line already logged here, and is counted in the metrics by Fastify only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { symbols, type Logger } from 'pino';
import type { api } from '../../common/index.js';
import { translateCallOf, type TranslationService } from '../services/translation-service.js';
import { hostDecisions, parseAllowedHosts, tokenDigest, tokenMatches } from './access-guard.js';
import { parseShallowJson } from './json-body.js';
import { securityHeaders } from './security-headers.js';
import { formatServerTiming } from './server-timing.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** What a request given back to Fastify after its body was read carries into it. */
interface Replay {
  readonly reqId: string;
  readonly chunks: readonly Buffer[];
  /** The request stream's error (a client gone mid-body): Fastify's body reader meets it again. */
  readonly streamError?: Error;
  /** The translation ran and failed with this: the route throws it instead of translating again. */
  readonly failure?: { readonly error: unknown };
}

const replays = new WeakMap<IncomingMessage, Replay>();

/** Answers given by the fast path in this process: what its test reads to know the path was taken. */
let answered = 0;
export const answeredByFastPath = (): number => answered;

/** Pino's numeric level of `info`: at debug and trace Fastify answers all (they may log more). */
const INFO = 30;
const JSON_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/json; charset=utf-8']);
const JSON_UTF8 = 'application/json; charset=utf-8';
/** The route's call when there is no query string, the only case this path takes. */
const PLAIN_CALL = translateCallOf({});

/**
 * Request ids as Fastify's default generator writes them (`req-1`, `req-2`... in base 36), one
 * sequence for Fastify (its `genReqId`) and the fast path; a replayed request keeps its own.
 */
export function requestIds(): (raw: IncomingMessage) => string {
  let next = 0;
  return (raw) => {
    const replayed = replays.get(raw);
    if (replayed !== undefined) return replayed.reqId;
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/** Whether the fast path already logged this request's "incoming request" line (request-log.ts). */
export function isReplayed(raw: IncomingMessage): boolean {
  return replays.has(raw);
}

/** The route's translation error of a replayed request, if its translation ran. */
export function replayedFailure(raw: IncomingMessage): { readonly error: unknown } | undefined {
  return replays.get(raw)?.failure;
}

/** preParsing hook of POST /translation: a replayed request's body is the bytes already read. */
export function replayedBody(request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: Readable) => void): void {
  const replay = replays.get(request.raw);
  if (replay === undefined) {
    done(null, payload as Readable);
    return;
  }
  const stream = new Readable({ read() {} });
  for (const chunk of replay.chunks) stream.push(chunk);
  if (replay.streamError === undefined) stream.push(null);
  else stream.destroy(replay.streamError);
  done(null, stream);
}

/**
 * The request's "incoming request" line as pino writes it through Fastify's request serialiser
 * (logger-pino.js asReqValue: method, url, version, host, remoteAddress, remotePort; a field that
 * is undefined left out): level, time, the fields, msg. Written here rather than through pino's
 * generic formatting (a loop over each field's serialiser and stringifier): under autocannon
 * `mediator serve` answered 6 % more of these requests at the default level (weight, one worker,
 * medians of 6 alternating 3 s runs: 8355 -> 8895 req/s; 9400-10500 at warn, without the lines).
 * The test beside this module compares every line with the one Fastify writes for the same request.
 */
function incomingLine(reqId: string, request: IncomingMessage): string {
  const { host } = request.headers;
  const { remoteAddress, remotePort } = request.socket;
  const parts = [`{"level":${INFO},"time":${Date.now()},"reqId":"${reqId}","req":{"method":"POST","url":"/translation"`];
  if (host !== undefined) parts.push(`,"host":${JSON.stringify(host)}`);
  if (remoteAddress !== undefined) parts.push(`,"remoteAddress":${JSON.stringify(remoteAddress)}`);
  if (remotePort !== undefined) parts.push(`,"remotePort":${remotePort}`);
  parts.push('},"msg":"incoming request"}\n');
  return parts.join('');
}

/** The "request completed" line of a 200 as pino writes it through Fastify's reply serialiser. */
function completedLine(reqId: string, elapsed: number): string {
  return `{"level":${INFO},"time":${Date.now()},"reqId":"${reqId}","res":{"statusCode":200},"responseTime":${elapsed},"msg":"request completed"}\n`;
}

/** A finished line to the logger's own destination, as pino hands it over. */
function writeLine(log: Logger, line: string): void {
  (log as unknown as Record<symbol, { write(text: string): unknown }>)[symbols.streamSym]!.write(line);
}

export interface FastPathOptions {
  /** Fastify's logger: its level decides, and the lines go to its destination as its serialisers write them. */
  readonly log: Logger;
  readonly requestId: (raw: IncomingMessage) => string;
  readonly translation: TranslationService;
  /** The route's compiled body check (lazy-schema-compilers.ts validatorFor). */
  readonly validateBody: (value: unknown) => boolean;
  /** One answered request for the metrics (ServerMetrics.observeHttp of POST /translation 200). */
  readonly observe: (seconds: number) => void;
  readonly bodyLimit: number;
  readonly allowedHosts: readonly string[];
  readonly token?: string;
  /** The start-up over and the server not closing: else Fastify's hooks decide. */
  readonly open: () => boolean;
}

export class TranslationFastPath {
  readonly #hostAllowed: ReturnType<typeof hostDecisions>;
  readonly #token: Buffer | undefined;
  /** The security headers, in the order the onSend hook sets them. */
  readonly #headers: readonly string[];

  constructor(
    private readonly options: FastPathOptions,
    /** Fastify's handler: every request this path does not answer goes there. */
    private readonly fastify: Handler,
  ) {
    this.#hostAllowed = hostDecisions(parseAllowedHosts(options.allowedHosts));
    this.#token = options.token === undefined ? undefined : tokenDigest(options.token);
    this.#headers = Object.entries(securityHeaders('api')).flatMap(([name, value]) => [name.toLowerCase(), value]);
  }

  /** The server's request handler: the plain case here, all else to Fastify. */
  readonly handle: Handler = (request, response) => {
    if (this.#plain(request)) this.#take(request, response);
    else this.fastify(request, response);
  };

  /** Whether the headers alone show a request whose success this path answers as Fastify would. */
  #plain(request: IncomingMessage): boolean {
    if (request.method !== 'POST' || request.url !== '/translation') return false;
    const { headers } = request;
    const length = headers['content-length'];
    if (length === undefined || !/^\d{1,10}$/.test(length) || Number(length) > this.options.bodyLimit) return false;
    if (!JSON_TYPES.has(headers['content-type'] ?? '')) return false;
    // CORS and cross-site checks (Origin, Fetch Metadata), 100-continue, a transfer coding, a
    // versioned route lookup: Fastify's.
    const others = headers.origin ?? headers['sec-fetch-site'] ?? headers.expect ?? headers['transfer-encoding'] ?? headers['accept-version'];
    if (others !== undefined || this.options.log.levelVal < INFO || !this.options.open()) return false;
    const { localPort, localAddress } = request.socket;
    if (!this.#hostAllowed(headers.host, { localPort, localAddress })) return false;
    return this.#token === undefined || tokenMatches(headers.authorization, this.#token);
  }

  #take(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    const reqId = this.options.requestId(request);
    const { log } = this.options;
    if (log.levelVal === INFO) writeLine(log, incomingLine(reqId, request));
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer): void => void chunks.push(chunk);
    const onError = (error: Error): void => {
      request.off('data', onData).off('end', onEnd);
      this.#replay(request, response, { reqId, chunks, streamError: error });
    };
    const onEnd = (): void => {
      request.off('error', onError);
      this.#translate(request, response, { reqId, chunks, started });
    };
    request.on('data', onData).once('end', onEnd).once('error', onError);
  }

  #translate(request: IncomingMessage, response: ServerResponse, read: { reqId: string; chunks: Buffer[]; started: number }): void {
    const { reqId, chunks, started } = read;
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
    const parsed = parseShallowJson(text);
    if (parsed === undefined || !this.options.validateBody(parsed.value)) {
      this.#replay(request, response, { reqId, chunks });
      return;
    }
    const parse = performance.now() - started;
    this.options.translation
      .translate(parsed.value as api.TranslationRequest, PLAIN_CALL)
      .then(
        (answer) => {
          const translate = performance.now() - started - parse;
          if (answer.failures.length > 0) this.options.log.warn({ reqId, failures: answer.failures }, 'cells failed during translation');
          this.#send(response, reqId, Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength), [parse, translate, started]);
        },
        (error: unknown) => this.#replay(request, response, { reqId, chunks, failure: { error } }),
      )
      .catch((error: unknown) => {
        // A fault of this path itself (never a rejection left unhandled): Fastify answers it as the
        // bug it is (500, logged) while nothing was sent, else the connection is cut.
        if (response.headersSent) response.destroy(error as Error);
        else this.#replay(request, response, { reqId, chunks, failure: { error } });
      });
  }

  /** Fastify's 200: content type, the security headers (onSend), Server-Timing, then the length. */
  #send(response: ServerResponse, reqId: string, body: Buffer, [parse, translate, started]: readonly [number, number, number]): void {
    const total = performance.now() - started;
    const timing = formatServerTiming([
      ['parse', parse],
      ['translate', translate],
      ['total', total],
    ]);
    response.writeHead(200, ['content-type', JSON_UTF8, ...this.#headers, 'server-timing', timing, 'content-length', String(body.byteLength)]);
    response.end(body);
    answered += 1;
    const elapsed = performance.now() - started;
    this.options.observe(elapsed / 1000);
    if (this.options.log.levelVal === INFO) writeLine(this.options.log, completedLine(reqId, elapsed));
  }

  #replay(request: IncomingMessage, response: ServerResponse, replay: Replay): void {
    replays.set(request, replay);
    this.fastify(request, response);
  }
}
