/**
 * Every operation of the seed (section 4) plus /validate, as thin handlers over the services:
 * parse the request, call the service, shape the response. Statuses come from http-errors.ts.
 */
import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import {
  BadRequestError,
  convertCellsToRdfXml,
  convertCellsToTurtle,
  convertLegacyAlignment,
  MediatorError,
  ParseError,
  readMessage,
  translateParsed,
  platformTopics,
  type CompiledAlignment,
  type TranslationResult,
  type Transport,
} from '../../common/index.js';
import { EmbeddedBus } from '../transports/index.js';
import type { AlignmentService } from '../services/alignment-service.js';
import type { ChannelService } from '../services/channel-service.js';
import type { PoolAlignment, TranslationPool } from '../services/translation-pool.js';
import { VERSION } from '../version.js';
import { Status } from './http-errors.js';
import { LogLevels, parseLevel } from './log-levels.js';
import { ref, XmlText } from './schemas.js';

export interface RouteDeps {
  readonly alignments: AlignmentService;
  readonly channels: ChannelService;
  readonly transport: Transport;
  readonly levels: LogLevels;
  readonly logger: PinoLogger;
  readonly translationTimeoutMs: number;
  /** When set, translations run on its worker threads instead of the event loop. */
  readonly pool?: TranslationPool;
}

const errors = { 400: ref('Error'), 415: ref('Error'), 413: ref('Error'), 500: ref('Error') };

/** A JSON request body with the text it was parsed from. */
interface JsonBody {
  readonly value: unknown;
  readonly text: string;
}

const XML_CONSUMES = ['application/xml', 'text/xml', 'application/rdf+xml'];

/** The XML text of a request, or 415/400 when it is not an XML body. */
function xmlBody(request: FastifyRequest): string {
  const body = request.body;
  if (body === undefined || body === null || body === '') {
    throw new BadRequestError('The request has no body: send the alignment XML with Content-Type: application/xml', 'MISSING_BODY');
  }
  if (typeof body !== 'string') {
    throw new MediatorError(
      `The request's Content-Type is not supported. Expected: ${XML_CONSUMES.join(', ')}`,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  }
  return body;
}

const xmlOnly = async (request: FastifyRequest) => {
  xmlBody(request);
};

export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { alignments, channels, levels, logger } = deps;

  // ---- Alignments -------------------------------------------------------------------------------
  app.post(
    '/alignments',
    {
      preValidation: xmlOnly,
      schema: {
        tags: ['Alignments'],
        summary: 'Upload an alignment (IPSM-AF XML)',
        description: '201 when stored, 208 when the same alignment (same meaning) is already there, 409 when the same name and version hold a different alignment, 400 with every problem (line and column) when it is invalid.',
        consumes: XML_CONSUMES,
        body: XmlText,
        response: { 201: ref('Response'), 208: ref('Response'), 409: ref('Error'), ...errors },
      },
    },
    async (request, reply) => {
      const result = await alignments.upload(xmlBody(request));
      return reply
        .status(result.status === 'created' ? Status.created : Status.alreadyReported)
        .send({ message: result.message, id: result.info.id, warnings: result.warnings });
    },
  );

  app.get(
    '/alignments',
    { schema: { tags: ['Alignments'], summary: 'List the uploaded alignments', response: { 200: Type.Array(ref('AlignmentInfo')) } } },
    async () => alignments.list(),
  );

  const nameVersion = Type.Object({ name: Type.String(), version: Type.String() });
  app.get(
    '/alignments/:name/:version',
    {
      schema: {
        tags: ['Alignments'],
        summary: 'The alignment XML exactly as uploaded',
        params: nameVersion,
        produces: ['application/xml'],
        response: { 200: { description: 'The uploaded XML', content: { 'application/xml': { schema: XmlText } } }, ...errors },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params as { name: string; version: string };
      const record = alignments.record(name, version);
      return reply.type('application/xml; charset=utf-8').send(record.xml);
    },
  );

  app.get(
    '/alignments/:name/:version/cells',
    {
      schema: {
        tags: ['Alignments'],
        summary: 'The cells of an alignment with their compiled SPARQL Update, in document order, and the steps',
        params: nameVersion,
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errors },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params as { name: string; version: string };
      const compiled = await alignments.compiledFor(name, version);
      const cells = [...compiled.cells.values()].map((c) => ({
        id: c.cell.id,
        line: c.cell.line,
        column: c.cell.column,
        entity1: c.cell.entity1Source.text,
        entity2: c.cell.entity2Source.text,
        functions: c.cell.functions,
        typings: c.cell.typings,
        filters: c.cell.filters,
        sparql: c.sparql,
      }));
      const steps = compiled.alignment.steps.map((s) => ({ cellId: s.cellId, order: s.order ?? null, line: s.line }));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ name, version, cells, steps, warnings: compiled.problems }));
    },
  );

  app.delete(
    '/alignments/:name/:version',
    {
      schema: {
        tags: ['Alignments'],
        summary: 'Delete an alignment (refused while a channel uses it)',
        params: nameVersion,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errors },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params as { name: string; version: string };
      alignments.delete(name, version);
      return reply.status(Status.noContent).send();
    },
  );

  app.post(
    '/validate',
    {
      preValidation: xmlOnly,
      schema: {
        tags: ['Alignments'],
        summary: 'Validate an alignment without storing it',
        description: '201 with the warnings when valid; 400 listing every problem with line and column.',
        consumes: XML_CONSUMES,
        body: XmlText,
        response: { 201: ref('Response'), ...errors },
      },
    },
    async (request, reply) => {
      const result = await alignments.validate(xmlBody(request));
      return reply.status(Status.created).send(result);
    },
  );

  const convertRoute = (
    url: string,
    summary: string,
    convert: (xml: string) => Promise<string> | string,
  ) =>
    app.post(
      url,
      {
        preValidation: xmlOnly,
        config: { operation: 'convert' },
        schema: {
          tags: ['Alignments'],
          summary,
          description: 'Every conversion failure answers 500 with {message, code} (seed: "conversion failed"); a body that is too large or not XML answers 413 or 415.',
          consumes: XML_CONSUMES,
          body: XmlText,
          produces: ['application/xml'],
          response: { 201: { description: 'The converted alignment', content: { 'application/xml': { schema: XmlText } } }, ...errors },
        },
      },
      async (request, reply) => {
        const converted = await convert(xmlBody(request));
        return reply.status(Status.created).type('application/xml; charset=utf-8').send(converted);
      },
    );
  convertRoute('/convert', 'Convert a legacy pure-XML alignment into IPSM-AF (RDF/XML cells)', (xml) => convertLegacyAlignment(xml));
  convertRoute('/convert/TTL', 'Rewrite an alignment with RDF/XML cells to Turtle cells', (xml) => convertCellsToTurtle(xml));
  convertRoute('/convert/RDFXML', 'Rewrite an alignment with Turtle cells to RDF/XML cells (our addition)', (xml) => convertCellsToRdfXml(xml));

  // ---- Channels ---------------------------------------------------------------------------------
  app.post(
    '/channels',
    {
      schema: {
        tags: ['Channels'],
        summary: 'Create a channel (0.4 style with alignment ids, or 0.5 style with names and versions)',
        body: ref('ChannelConfig'),
        response: { 201: ref('Response'), ...errors },
      },
    },
    async (request, reply) => {
      const result = await channels.create(request.body);
      return reply.status(Status.created).send({ message: result.message, id: result.channel.id });
    },
  );

  app.get(
    '/channels',
    { schema: { tags: ['Channels'], summary: 'List the channels with their status', response: { 200: Type.Array(ref('ChannelInfo')) } } },
    async () => channels.list(),
  );

  app.delete(
    '/channels/:channelId',
    {
      schema: {
        tags: ['Channels'],
        summary: 'Delete a channel',
        params: Type.Object({ channelId: Type.String({ pattern: '^[0-9]+$', description: 'Integer channel id' }) }),
        response: { 204: Type.Null({ description: 'Deleted' }), ...errors },
      },
    },
    async (request, reply) => {
      const { channelId } = request.params as { channelId: string };
      await channels.delete(Number(channelId));
      return reply.status(Status.noContent).send();
    },
  );

  // ---- Platforms and topics (ours: the workbench's channel tools) ------------------------------
  const spellingQuery = Type.Object({ spelling: Type.Optional(Type.Union([Type.Literal('mediator'), Type.Literal('ipsm')])) });
  app.get(
    '/platforms/:platformId/topics',
    {
      schema: {
        tags: ['Channels'],
        summary: "The topic names of a platform's channel pair (seed 1.6-1.7), without creating anything",
        params: Type.Object({ platformId: Type.String() }),
        querystring: spellingQuery,
        response: { 200: Type.Object({}, { additionalProperties: true }), ...errors },
      },
    },
    async (request) => {
      const { platformId } = request.params as { platformId: string };
      const { spelling } = request.query as { spelling?: 'mediator' | 'ipsm' };
      return platformTopics(platformId, spelling ?? 'mediator');
    },
  );

  app.post(
    '/platforms/:platformId/channels',
    {
      schema: {
        tags: ['Channels'],
        summary: "Create a platform's downstream and upstream channels",
        description:
          'Body: the alignment fields of a ChannelConfig (either style) used by both channels, and/or `downstream` and `upstream` objects with per-channel fields; `spelling` "mediator" (default) or "ipsm" (the spelling of the middleware shipped with the reference); `parallelism`.',
        params: Type.Object({ platformId: Type.String() }),
        body: Type.Object({}, { additionalProperties: true }),
        response: { 201: Type.Object({}, { additionalProperties: true }), ...errors },
      },
    },
    async (request, reply) => {
      const { platformId } = request.params as { platformId: string };
      const result = await channels.createPlatformPair(platformId, request.body);
      return reply.status(Status.created).type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  // A published message travels as the text the client sent, not re-serialised from the parsed
  // body: JSON.stringify(JSON.parse(text)) turns 72.0 into 72 and rounds 12345678901234567890,
  // and the reference reads numbers by how they are written (issue 16). Fastify's own JSON parser
  // still checks the body, so errors stay the same.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body as string, (error, value: unknown) => {
        if (error !== null) done(error);
        else done(null, { value, text: body as string } satisfies JsonBody);
      });
    });
    scope.post(
      '/topics/:topic/messages',
      {
        schema: {
          tags: ['Channels'],
          summary: 'Publish a message (JSON) to a topic, e.g. a test message to a channel source',
          params: Type.Object({ topic: Type.String() }),
          body: Type.Unknown({ description: 'The message, any JSON' }),
          response: { 202: ref('Response'), ...errors },
        },
      },
      async (request, reply) => {
        const { topic } = request.params as { topic: string };
        const body = request.body as JsonBody | string | undefined | null;
        const value = typeof body === 'object' && body !== null ? body.value : body;
        if (value === undefined || value === null) throw new BadRequestError('The request has no body: send the message as JSON', 'MISSING_BODY');
        // A JSON string is published as that string (a message already serialised by the client).
        const text = typeof value === 'string' ? value : (body as JsonBody).text;
        await deps.transport.publish(topic, text);
        return reply.status(Status.accepted).send({ message: `Message published to topic ${topic}` });
      },
    );
  });

  app.get(
    '/topics/:topic/messages',
    {
      schema: {
        tags: ['Channels'],
        summary: 'The most recent messages of a topic, newest last (embedded transport)',
        params: Type.Object({ topic: Type.String() }),
        querystring: Type.Object({ limit: Type.Optional(Type.String({ pattern: '^[0-9]+$' })) }),
        response: { 200: Type.Array(Type.Object({}, { additionalProperties: true })), ...errors },
      },
    },
    async (request, reply) => {
      const { topic } = request.params as { topic: string };
      const limit = Math.min(1000, Number((request.query as { limit?: string }).limit ?? '50'));
      if (!(deps.transport instanceof EmbeddedBus)) {
        throw new BadRequestError(`Reading topics is available with the embedded transport; this server uses ${deps.transport.kind} (use the broker's own tools)`, 'TOPIC_READ_UNSUPPORTED');
      }
      const records = deps.transport.recent(topic, limit).map((r) => ({ topic: r.topic, offset: r.offset, value: r.value, publishedAt: r.timestamp }));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(records));
    },
  );

  // ---- Translation ------------------------------------------------------------------------------
  app.post(
    '/translation',
    {
      config: { operation: 'translation' },
      schema: {
        tags: ['Translation'],
        summary: 'Translate a JSON-LD message through a sequence of alignments',
        description: 'Cells that fail at run time are skipped and listed in `failures`. `?trace=true` adds the per-step trace.',
        querystring: Type.Object({
          trace: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Add the per-step trace' })),
          pretty: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'Pretty-print graphStr as the reference does (default true)' })),
        }),
        body: ref('TranslationRequest'),
        response: { 200: ref('TranslationResponse'), 400: ref('TranslationResponse'), 413: ref('Error'), 415: ref('Error'), 503: ref('Error') },
      },
    },
    async (request, reply) => {
      const { alignIDs, graphStr } = request.body as { alignIDs: Array<{ name: string; version: string }>; graphStr: string };
      const query = request.query as { trace?: string; pretty?: string };
      const trace = query.trace === 'true';
      const pretty = query.pretty !== 'false';
      // A ParseError past the alignment lookups is about the message (the alignments compiled).
      const aboutMessage = (error: unknown): unknown =>
        error instanceof ParseError
          ? new ParseError(`Exception parsing message: ${error.message}`, { code: error.code, line: error.line, column: error.column })
          : error;
      let result: TranslationResult;
      if (deps.pool !== undefined) {
        const sources: PoolAlignment[] = [];
        for (const id of alignIDs) sources.push(await alignments.sourceFor(id.name, id.version));
        try {
          result = await deps.pool.translate({ alignments: sources, graphStr, trace, pretty, timeoutMs: deps.translationTimeoutMs });
        } catch (error) {
          throw aboutMessage(error);
        }
      } else {
        const compiled: CompiledAlignment[] = [];
        for (const id of alignIDs) compiled.push(await alignments.compiledFor(id.name, id.version));
        let parsed;
        try {
          parsed = await readMessage(graphStr);
        } catch (error) {
          throw aboutMessage(error);
        }
        result = translateParsed(graphStr, parsed, compiled, { trace, pretty, timeoutMs: deps.translationTimeoutMs });
      }
      if (result.failures.length > 0) request.log.warn({ failures: result.failures }, 'cells failed during translation');
      const body = result.emptyPayload
        ? { message: 'Message with empty payload received - no translation applied', graphStr }
        : {
            message: 'Message translation successful',
            graphStr: result.message,
            ...(result.failures.length > 0 ? { failures: result.failures } : {}),
            ...(result.trace === undefined ? {} : { trace: result.trace }),
          };
      // V8's JSON.stringify escapes the multi-kilobyte graphStr natively; the schema serialiser
      // escapes strings in a JavaScript loop, which cost 4% of a translation request.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
    },
  );

  // ---- Logging and version ----------------------------------------------------------------------
  app.get(
    '/logging',
    { schema: { tags: ['Logging'], summary: 'The current logging level', response: { 200: ref('LoggingResponse') } } },
    async () => ({ message: 'IPSM root logging level retrieved', level: levels.level.toUpperCase() }),
  );

  app.post(
    '/logging/:level',
    {
      schema: {
        tags: ['Logging'],
        summary: 'Set the logging level (all, trace, debug, info, warn, error, off; any case)',
        params: Type.Object({ level: Type.String() }),
        response: { 200: ref('LoggingResponse'), 400: ref('Error') },
      },
    },
    async (request) => {
      const level = parseLevel((request.params as { level: string }).level);
      levels.level = level;
      // Fastify may log through a child of our logger: set both, new request loggers follow.
      logger.level = LogLevels.toPino(level);
      request.server.log.level = LogLevels.toPino(level);
      return { message: 'IPSM root logging level set', level: level.toUpperCase() };
    },
  );

  app.get(
    '/version',
    { schema: { tags: ['Version'], summary: 'Name and version of the mediator', response: { 200: ref('VersionResponse') } } },
    async () => ({ name: 'mediator-workbench', version: VERSION, compatibleWith: 'ipsm-core 0.8.10' }),
  );
}
