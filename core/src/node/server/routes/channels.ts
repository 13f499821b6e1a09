/** Tag "Channels" (reference-mediator.md 7, CONTRACT.md "ChannelConfig: both versions"). */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { emptyResponse, errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export const CHANNELS_TAG = {
  name: 'Channels',
  description: 'Channels: consume a source topic, translate each message through the input then the output alignment, publish to the sink topic',
};

export function registerChannelRoutes(app: ApiServer, { channels }: RouteDeps): void {
  const tags = [CHANNELS_TAG.name];

  app.post(
    '/channels',
    {
      schema: {
        operationId: 'createChannel',
        tags,
        summary: 'Create a channel (0.4 style with alignment ids, or 0.5 style with names and versions)',
        body: api.ref(api.ChannelConfig),
        response: {
          [Status.created]: jsonResponse('Created: {message, id} naming the new channel', api.ref(api.ChannelCreated)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], { changesState: true }),
        },
      },
    },
    async (request, reply) => {
      const result = await channels.create(request.body);
      return reply.code(Status.created).send({ message: result.message, id: result.channel.id });
    },
  );

  app.get(
    '/channels',
    {
      schema: {
        operationId: 'listChannels',
        tags,
        summary: 'List the channels with their status (a failed one with its reason) and counters',
        response: { [Status.ok]: api.ChannelInfoList, ...errorResponses([]) },
      },
    },
    async () => channels.list(),
  );

  app.delete(
    '/channels/:channelId',
    {
      schema: {
        operationId: 'deleteChannel',
        tags,
        summary: 'Delete a channel',
        params: api.ChannelIdParams,
        response: { [Status.noContent]: emptyResponse('Deleted'), ...errorResponses([Status.badRequest, Status.unavailable], { changesState: true }) },
      },
    },
    async (request, reply) => {
      await channels.delete(Number(request.params.channelId));
      return reply.code(Status.noContent).send();
    },
  );
}
