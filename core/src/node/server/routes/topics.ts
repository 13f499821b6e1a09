/**
 * Tag "Topics" (ours: the workbench's channel tools): publish a test message, read a topic's
 * recent messages where the transport keeps them (the recent-messages capability).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { api, BadRequestError, ErrorCodes } from '../../../common/index.js';
import { recentMessagesOf } from '../../transports/recent-messages.js';
import { publishForRequest } from '../../transports/broker-status.js';
import { Status } from '../http-errors.js';
import { parseBoundedJson } from '../json-body.js';
import { errorResponses, sendNativeJson, type ApiServer, type RouteDeps } from './route-support.js';

export const TOPICS_TAG = { name: 'Topics', description: 'Test tools: publish a message to a topic, read the recent messages of a topic (embedded transport)' };

/** A JSON request body with the text it was parsed from. */
interface JsonBody {
  readonly value: unknown;
  readonly text: string;
}

function isJsonBody(body: unknown): body is JsonBody {
  return typeof body === 'object' && body !== null && 'text' in body && 'value' in body;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

export async function registerTopicRoutes(app: ApiServer, deps: RouteDeps): Promise<void> {
  const tags = [TOPICS_TAG.name];

  // A published message travels as the text the client sent, not re-serialised from the parsed
  // body: JSON.stringify(JSON.parse(text)) turns 72.0 into 72 and rounds 12345678901234567890,
  // and the reference reads numbers by how they are written (issue 16). Fastify's own JSON parser
  // still checks the body, so errors stay the same.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // Fastify's default JSON parser is the callback kind: it answers through the callback.
      parseBoundedJson(parseJson, request, body as string, (error, value: unknown) => {
        if (error !== null) done(error);
        else done(null, { value, text: body as string } satisfies JsonBody);
      });
    });
    scope.post(
      '/topics/:topic/messages',
      {
        schema: {
          operationId: 'publishTopicMessage',
          tags,
          summary: 'Publish a message (JSON) to a topic, e.g. a test message to a channel source',
          description:
            "The embedded bus keeps the messages and topics it holds within a byte budget (64 MiB by default: UTF-8 bytes plus 128 per message, and the name's UTF-8 bytes plus 1024 per topic): past it the oldest messages of the whole bus are dropped first, and a topic with no message left and no channel is forgotten. A topic name longer than 512 characters gets 400 NAME_TOO_LONG. A message larger than the whole budget gets 413 TOPIC_MESSAGE_TOO_LARGE; a body larger than the server takes, 413 BODY_TOO_LARGE; JSON nested deeper than 512 levels, 400 NESTING_LIMIT.",
          params: api.TopicParams,
          body: api.PublishMessageBody,
          response: {
            [Status.accepted]: api.ref(api.MessageReply),
            ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], { changesState: true }),
          },
        },
      },
      async (request, reply) => {
        const { topic } = request.params;
        const body: unknown = request.body;
        const value = isJsonBody(body) ? body.value : body;
        if (value === undefined || value === null) throw new BadRequestError('The request has no body: send the message as JSON', ErrorCodes.missingBody);
        // A JSON string is published as that string (a message already serialised by the client).
        const text = typeof value === 'string' ? value : isJsonBody(body) ? body.text : JSON.stringify(value);
        await publishForRequest(deps.transport, topic, text);
        return reply.code(Status.accepted).send({ message: `Message published to topic ${topic}` });
      },
    );
  });

  app.get(
    '/topics/:topic/messages',
    {
      schema: {
        operationId: 'listTopicMessages',
        tags,
        summary: 'The most recent messages of a topic, newest last (embedded transport)',
        description: 'At most the last 200 of each topic, within the bus-wide byte budget for retained messages (64 MiB by default, oldest dropped first).',
        params: api.TopicParams,
        querystring: api.TopicMessagesQuery,
        response: { [Status.ok]: api.TopicMessageList, ...errorResponses([Status.badRequest]) },
      },
    },
    async (request, reply) => {
      const { topic } = request.params;
      const limit = Math.min(MAX_LIMIT, Number(request.query.limit ?? DEFAULT_LIMIT));
      const recent = recentMessagesOf(deps.transport);
      if (recent === undefined) {
        throw new BadRequestError(
          `Reading topics is available with the embedded transport; this server uses ${deps.transport.kind} (use the broker's own tools)`,
          ErrorCodes.topicReadUnsupported,
        );
      }
      const records: api.TopicMessageList = recent
        .recent(topic, limit)
        .map((r) => ({ topic: r.topic, offset: r.offset, value: r.value, publishedAt: r.timestamp }));
      return sendNativeJson(reply, records);
    },
  );
}
