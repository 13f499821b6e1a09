/**
 * The REST server, built in one function (STYLE.md, after fastify): the CLI, the tests and the
 * Electron main process all call `buildServer()` and decide themselves whether and where to listen.
 * Contract: ../shared/spec/CONTRACT.md; operation details: reference-mediator.md section 6.
 */
import { join, sep } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Logger as PinoLogger } from 'pino';
import { api, decodeXml, ErrorCodes, MAX_ENCODED_NAME_LENGTH, MediatorError } from '../../common/index.js';
import type { ConfigStore } from '../store/config-store.js';
import type { AlignmentService } from '../services/alignment-service.js';
import type { ChannelService } from '../services/channel-service.js';
import type { ChannelRunner } from '../services/channel-runner.js';
import type { TranslationService } from '../services/translation-service.js';
import { VERSION } from '../version.js';
import { corePath } from '../core-root.js';
import { Status, toHttpError, type Operation } from './http-errors.js';
import { API_TAGS, registerRoutes } from './routes.js';
import { accessGuard } from './access-guard.js';
import { securityHeaders } from './security-headers.js';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';
import { QuietReadsLogController } from './request-log.js';
import { BEARER_SCHEME, swaggerUiOptions } from './swagger-ui-page.js';
import { useBoundedJsonParser } from './json-body.js';
import { prepareDataFolder } from './data-folder.js';
import { assertCorsOrigins } from './cors-origins.js';
import { UNMATCHED_ROUTE } from './metrics.js';
import { addServerTiming } from './server-timing.js';
import { composeMediator, type CoreOptions } from './composition-root.js';
import { answerClientError, resolveTimeouts, type HttpTimeouts } from './http-timeouts.js';
import { readyGate } from './ready-gate.js';
import type { EarlyListener } from './early-listener.js';
import { requestIds, TranslationFastPath } from './translation-fast-path.js';
import type { LazySchemaCompilers } from './lazy-schema-compilers.js';
import type { ServerMetrics } from './metrics.js';

/** The composition root's options (composition-root.ts) and the HTTP app's. */
export interface ServerOptions extends CoreOptions, HttpTimeouts {
  /** Largest accepted request body in bytes (default 8 MiB, as the reference's akka-http). */
  readonly bodyLimit?: number;
  /** Origins allowed by CORS; none by default (CONTRACT.md, Safety). */
  readonly corsOrigins?: readonly string[];
  /** Folder of the built workbench UI served at `/` (default: renderer/dist of this repository, when built). */
  readonly uiDir?: string;
  /** Host names answered besides loopback names and the address reached: `name` or `name:port`. */
  readonly allowedHosts?: readonly string[];
  /** When set, every request but the UI's static files needs `Authorization: Bearer <token>`. */
  readonly authToken?: string;
  /**
   * The server already listening (listen first, start-server.ts): Fastify is built on it instead of
   * creating its own, and closing the app closes it.
   */
  readonly earlyListener?: EarlyListener;
  /**
   * On a server built on an early listener, POST /translation's plain case is answered in front of
   * Fastify (translation-fast-path.ts); false leaves every request to Fastify (default true; the
   * differential test compares the two).
   */
  readonly translationFastPath?: boolean;
}

export interface MediatorServer {
  readonly app: FastifyInstance;
  readonly alignments: AlignmentService;
  readonly channels: ChannelService;
  readonly runner: ChannelRunner;
  /** The one path of every engine job (its worker threads): benchmarks drive channels through it. */
  readonly translation: TranslationService;
  readonly store: ConfigStore;
  readonly logger: PinoLogger;
  /** The engine warm and the stored configuration restored: at once unless `listenFirst` (composition-root.ts). */
  readonly ready: Promise<void>;
  /** The API's routes (method and URL pattern), Swagger UI and automatic HEAD routes excluded. */
  routeTable(): Array<{ method: string; url: string }>;
  /** Compiles the route schemas no request used yet (they compile on first use); returns how many. */
  compileSchemas(): number;
  /** Closes HTTP, then the store. Idempotent. */
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;
export const XML_MEDIA_TYPES = ['application/xml', 'text/xml', 'application/rdf+xml'];

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: Operation;
  }
}

/** renderer/dist beside core/ in this repository. */
function defaultUiDir(): string | undefined {
  const candidate = corePath('..', 'renderer', 'dist') + sep;
  return existsSync(candidate) ? candidate : undefined;
}

/**
 * The static files of the workbench UI and of Swagger UI (both hide their schema): the only routes a
 * browser loads without a token and that may run script. The OpenAPI document is API data.
 */
function isStaticFileRoute(request: FastifyRequest): boolean {
  return isStaticFile(request.routeOptions);
}

/** isStaticFileRoute on a request's route options, read once (Fastify builds a new object on each read). */
function isStaticFile(route: FastifyRequest['routeOptions']): boolean {
  const url = route.url;
  if (url === undefined || url === '/swagger/json' || url === '/swagger/yaml') return false;
  return url === '/swagger' || url.startsWith('/swagger/') || route.schema?.hide === true;
}

/** The document's `info.description`: what a client needs before reading any operation. */
const API_DESCRIPTION = [
  'Semantic mediator compatible with the INTER-IoT IPSM REST contract: alignments, conversion, validation, channels, translation, logging and version. Every error is JSON {message, code}.',
  '',
  "**Not found.** Something the request names that is not stored (an alignment, a channel, a suite or a case, a shipped API document, a bridge's progress) answers **400** on the IPSM contract's routes (`/alignments...`, `/channels...`, `/translation`, `/validate`, `/convert...`, `/logging...`, `/version`, and their copies under `/v1/`), as the reference does, and **404** on the workbench's own routes (all others). A path that matches no route is 404; a channel configuration naming an unknown alignment is an invalid channel (400 INVALID_CHANNEL) on every route.",
  '',
  '**Token mode.** A server started with `--token` (or on a non-loopback address) needs `Authorization: Bearer <token>` on every request, this document included: press Authorize and give the token.',
].join('\n');

function operationOf(request: FastifyRequest): Operation {
  return request.routeOptions.config?.operation ?? 'default';
}

type TrackedRoute = { method: string; url: string; pattern: RegExp; api: boolean };

/** Records every route added from now on, with a pattern that matches its paths. */
function trackRoutes(app: FastifyInstance): TrackedRoute[] {
  const routes: TrackedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\\\*$/, '.*')
        .replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`,
    );
    // Every route is an API route, documented or not (so the OpenAPI test catches one added without
    // a schema), except Swagger UI's own pages and the static UI files, which hide their schema.
    const api = route.schema?.hide !== true && !route.url.startsWith('/swagger');
    for (const method of methods) routes.push({ method, url: route.url, pattern, api });
  });
  answerUnroutedRequests(app, routes);
  return routes;
}

/**
 * A request no route takes: an undeclared method on a known path (QUERY /version, PATCH /version)
 * is 405 with `Allow`, an unknown path 404. Answered before its body is read: the not-found handler
 * runs after content-type parsing, which answered a body-less QUERY with a 400 about its
 * Content-Type (issue 40), and reading a body nobody wants is wasted work.
 */
function answerUnroutedRequests(app: FastifyInstance, routes: readonly TrackedRoute[]): void {
  const answer = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length === 0) {
      return reply.status(Status.notFound).send({ code: ErrorCodes.routeNotFound, message: 'The requested resource could not be found.' });
    }
    return reply
      .status(Status.methodNotAllowed)
      .header('allow', allowed.join(', '))
      .send({ code: ErrorCodes.methodNotAllowed, message: `HTTP method not allowed, supported methods: ${allowed.join(', ')}` });
  };
  app.addHook('onRequest', (request, reply, done) => {
    // Answered here: `done` is not called, the request goes no further.
    if (request.is404) void answer(request, reply);
    else done();
  });
  app.setNotFoundHandler((request, reply) => {
    void answer(request, reply);
  });
}

/** Whether the start-up is over and the server not closing, read without a promise per request. */
function openState(ready: Promise<void>, closing: () => boolean): () => boolean {
  let started = false;
  ready.then(
    () => (started = true),
    () => undefined,
  );
  return () => started && !closing();
}

/** Puts the POST /translation fast path (translation-fast-path.ts) in front of Fastify on the early listener's server. */
function frontTranslations(
  app: FastifyInstance,
  early: EarlyListener,
  deps: ServerOptions & {
    bodyLimit: number;
    genReqId: ReturnType<typeof requestIds>;
    compilers: LazySchemaCompilers;
    metrics: ServerMetrics;
    translation: TranslationService;
    open: () => boolean;
  },
): void {
  let validate: ((value: unknown) => boolean) | undefined;
  const fastPath = new TranslationFastPath(
    {
      log: app.log as PinoLogger,
      requestId: deps.genReqId,
      translation: deps.translation,
      // The route's own validator, found once Fastify handed it over (it compiles on first call).
      validateBody: (value) => (validate ??= deps.compilers.validatorFor('POST', '/translation', 'body'))?.(value) ?? false,
      observe: (seconds) => deps.metrics.observeHttp('POST', '/translation', 200, seconds),
      bodyLimit: deps.bodyLimit,
      allowedHosts: deps.allowedHosts ?? [],
      ...(deps.authToken === undefined ? {} : { token: deps.authToken }),
      open: deps.open,
    },
    early.fastifyHandler,
  );
  early.putInFront(fastPath.handle);
}

// One of the five functions allowed over 80 lines (scripts/long-functions.mjs): the parts come from
// the composition root (composition-root.ts); what is left is the HTTP app's set-up in the order
// Fastify needs it (hooks before plugins before routes), which reads best as one sequence.
export async function buildServer(options: ServerOptions): Promise<MediatorServer> {
  // 0700 folder, 0600 files, at every start (data-folder.ts).
  prepareDataFolder(options.dataDir);
  assertCorsOrigins(options.corsOrigins ?? []);
  // Stores, transport, services, fleet and channel restore: the composition root.
  const core = await composeMediator(options);
  const { alignments, channels, coverage, bridges, levels, logger, metrics, runner, store, suites, translation, transport, transports } = core;

  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const compilers = lazySchemaCompilers();
  const timeouts = resolveTimeouts(options);
  // One sequence of request ids for Fastify and the POST /translation fast path.
  const genReqId = requestIds();
  const app: FastifyInstance = Fastify({
    genReqId,
    loggerInstance: logger,
    // Successful reads (the workbench's polling) at debug, the rest at info (request-log.ts).
    logController: new QuietReadsLogController(),
    bodyLimit,
    // No request held forever (http-timeouts.ts): Node's timers, checked often enough to matter.
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    http: { headersTimeout: timeouts.headersTimeout, connectionsCheckingInterval: timeouts.checkInterval },
    clientErrorHandler: answerClientError,
    // Names and versions may hold any character, URL-encoded in the path: room for the longest
    // name an upload accepts, percent-encoded (name-limits.ts).
    routerOptions: { maxParamLength: MAX_ENCODED_NAME_LENGTH, ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    schemaController: { compilersFactory: compilers.compilersFactory },
    // Requests that arrive while the server closes get our `{message, code}` 503 (the hook below),
    // not the framework's own `{error, message, statusCode}` body.
    return503OnClosing: false,
    ...(options.earlyListener === undefined ? {} : { serverFactory: options.earlyListener.serverFactory }),
    // Errors the router raises before any route (a URL that is not valid percent-encoded UTF-8)
    // get the same `{message, code}` as every other error, not Fastify's own body.
    frameworkErrors: (error, _request, reply) => {
      const mapped = toHttpError(error, 'default');
      void (reply as FastifyReply).status(mapped.status).headers(mapped.headers).type('application/json').send(mapped.body);
    },
  }) as unknown as FastifyInstance;
  // Fastify reads a 0 as "its default": set here so that 0 turns the keep-alive timer off, as documented.
  app.server.keepAliveTimeout = timeouts.keepAliveTimeout;

  // The API module's components: each registered once, `#/components/schemas/<$id>` in the document.
  for (const schema of api.API_COMPONENTS) app.addSchema(schema);

  // First of all hooks: while closing, nothing else runs for a request (no store or channel
  // is touched after it started closing); fastify sets `Connection: close` on these answers.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Per-request hooks are callback style, not async: no promise and no extra turn each (issue 42).
  app.addHook('onRequest', (_request, _reply, done) => {
    if (closing) done(new MediatorError('The server is shutting down; send the request to another process or try again later.', ErrorCodes.serverClosing));
    else done();
  });

  // Before anything else is registered, so it holds for every route, plugin, 404 and preflight:
  // Host, cross-site and token checks run before routing decisions matter and before any body is read.
  app.addHook(
    'onRequest',
    accessGuard(
      {
        allowedHosts: options.allowedHosts ?? [],
        corsOrigins: options.corsOrigins ?? [],
        ...(options.authToken === undefined ? {} : { token: options.authToken }),
      },
      isStaticFileRoute,
    ),
  );
  // Listening first (`mediator serve`), requests that need the restored state wait for it (ready-gate.ts).
  if (options.listenFirst === true) app.addHook('onRequest', readyGate(core.ready, isStaticFileRoute));
  // Before any plugin is registered: encapsulated plugins (Swagger UI) keep the handler they saw.
  app.setErrorHandler((error, request, reply) => {
    const mapped = toHttpError(error, operationOf(request), request.routeOptions.url);
    if (mapped.status >= Status.internal && !(error instanceof MediatorError)) {
      request.log.error({ err: error }, 'unexpected error (a bug)');
    } else if (mapped.status === Status.unavailable) {
      // Busy, closing, or a broker or the fleet's store away: a condition to retry, not a failure of ours.
      request.log.warn({ code: mapped.body.code, message: mapped.body.message }, 'request refused: service unavailable');
    } else if (mapped.status >= Status.internal) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: mapped.body.code, message: mapped.body.message }, 'request refused');
    }
    void reply.status(mapped.status).headers(mapped.headers).type('application/json').send(mapped.body);
  });

  // Request durations by route pattern (GET /metrics); the pattern, not the URL, bounds the label set.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  options.earlyListener?.recordInto((a) => metrics.observeHttp(a.method, a.route, a.status, a.seconds));

  const uiHeaders = securityHeaders('ui');
  const apiHeaders = securityHeaders('api');
  app.addHook('onSend', (request, reply, payload, done) => {
    // Read once: `routeOptions` is a getter that builds a fresh object on every read (issue 42).
    const route = request.routeOptions;
    // An error (a refusal included) is JSON whatever route it came from.
    void reply.headers(reply.statusCode < 400 && isStaticFile(route) ? uiHeaders : apiHeaders);
    // The server's own processing time on the translation routes (server-timing.ts).
    addServerTiming(route, reply);
    done(null, payload);
  });

  // No text/plain parser: a body in an unsupported media type gets 415, not a guess.
  app.removeContentTypeParser('text/plain');
  // JSON bodies: nesting bounded before parsing (json-body.ts).
  useBoundedJsonParser(app, bodyLimit);
  // Alignment bodies are XML text (reference section 6.1: application/xml; we also take the other XML types).
  // Received as bytes and decoded in the document's own encoding (BOM, XML declaration, else UTF-8):
  // invalid bytes and unknown encodings are a 400 XML_ENCODING, never silently replaced (decode-xml.ts).
  app.addContentTypeParser(XML_MEDIA_TYPES, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    let text: string;
    try {
      text = decodeXml(body as Buffer);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, text);
  });

  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    await app.register(cors, { origin: [...options.corsOrigins], methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'] });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Mediator Workbench REST API',
        version: VERSION,
        description: API_DESCRIPTION,
      },
      // Relative, never an absolute address (CONTRACT.md "REST API"): the server may listen on any
      // host and port, or sit behind a proxy, so Swagger UI's "Try it out" and generated clients
      // resolve '/' against where they read the document. OpenAPI 3.0.3 section 4.7.5: a relative
      // server URL is relative to the document's location.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      // Token mode (mediator serve --token, or any non-loopback --host): bearer auth. Optional here,
      // `{}` first, because a loopback server without a token needs none.
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: "The server's API token (mediator serve --token, or DATA/api-token)" },
        },
      },
      security: [{}, { [BEARER_SCHEME]: [] }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  // Its page takes the token through Authorize before it reads the document (swagger-ui-page.ts).
  await app.register(swaggerUi, swaggerUiOptions());

  // Every route as it is added, for the route table and for the 405/404 answers (route-answers below).
  const routes = trackRoutes(app);

  // The workbench UI (renderer/dist) at `/`, same origin as the API, so no CORS is needed for it.
  const uiDir = options.uiDir ?? defaultUiDir();
  if (uiDir !== undefined && existsSync(join(uiDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: uiDir, prefix: '/', wildcard: false, index: ['index.html'] });
    logger.info({ uiDir }, 'serving the workbench UI at /');
  }

  await registerRoutes(app.withTypeProvider<TypeBoxTypeProvider>(), {
    alignments,
    channels,
    translation,
    transport,
    transports,
    levels,
    logger,
    bridges,
    suites,
    coverage,
    metrics,
  });

  // What the first translation would otherwise load and compile on this thread: the validators of
  // the translation routes (compiled on first use otherwise, lazy-schema-compilers.ts), once the
  // routes are built (ready, before listening).
  const compileTranslationSchemas = (): void => {
    compilers.compileMatching((route) => route.method === 'POST' && /\/translation$/.test(route.url));
  };
  // Listening first (issue 42), they compile once it listens, while its workers warm, not before;
  // on a server that listened before Fastify was loaded, when Fastify is ready to take it over.
  if (options.listenFirst === true && options.earlyListener === undefined) app.server.once('listening', () => setImmediate(compileTranslationSchemas));
  else
    app.addHook('onReady', async () => {
      compileTranslationSchemas();
    });
  if (options.listenFirst !== true) await core.ready;
  const open = openState(core.ready, () => closing);
  if (options.earlyListener !== undefined && options.translationFastPath !== false && (options.corsOrigins ?? []).length === 0) {
    frontTranslations(app, options.earlyListener, { ...options, bodyLimit, genReqId, compilers, metrics, translation, open });
  }

  let closed = false;
  return {
    app,
    alignments,
    channels,
    runner,
    translation,
    store,
    logger,
    ready: core.ready,
    compileSchemas: () => compilers.compilePending(),
    routeTable: () => routes.filter((r) => r.api && r.method !== 'HEAD').map((r) => ({ method: r.method, url: r.url })),
    async close() {
      if (closed) return;
      closed = true;
      closing = true;
      // Fastify closes only a server it listened on itself.
      const serverClosed = options.earlyListener?.close();
      await app.close();
      await serverClosed;
      await core.close();
    },
  };
}
