/** Tag "Channels" (reference-mediator.md 7, CONTRACT.md "ChannelConfig: both versions"). */
import { Type } from 'typebox';
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { emptyResponse, errorResponses, jsonResponse, sendNativeJson, type ApiFlavour, type ApiServer, type RouteDeps } from './route-support.js';

export const CHANNELS_TAG = {
  name: 'Channels',
  description: 'Channels: consume a source topic, translate each message through the input then the output alignment, publish to the sink topic',
};

/**
 * Create, list and delete channels. `flavour` 'ste' is the copy under /v1 (CONTRACT.md "The
 * successor's API"): STE's body (`chanType` required, `optParallelism`) and STE's ChannelInfo.
 */
/** STE's body as a ChannelConfig: `optParallelism` is STE's name for `parallelism`. */
function fromSteConfig(body: api.SteChannelConfig): api.ChannelConfig {
  const { optParallelism, ...rest } = body;
  return optParallelism === undefined ? rest : { ...rest, parallelism: optParallelism };
}

export function registerChannelRoutes(app: ApiServer, { channels }: RouteDeps, flavour: ApiFlavour = 'ipsm'): void {
  const tags = [CHANNELS_TAG.name];
  const createResponses = {
    [Status.created]: jsonResponse('Created: the message names the new channel id', api.ref(api.ChannelCreated)),
    ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], { changesState: true }),
  };

  // One operation, two bodies: STE's (chanType required, optParallelism) under /v1, the reference's at the root.
  app.post(
    '/channels',
    {
      schema: {
        operationId: 'createChannel',
        tags,
        summary:
          flavour === 'ste'
            ? "Create a channel with STE's body (chanType required, optParallelism)"
            : 'Create a channel (0.4 style with alignment ids, or 0.5 style with names and versions)',
        body: flavour === 'ste' ? api.ref(api.SteChannelConfig) : api.ref(api.ChannelConfig),
        response: createResponses,
      },
    },
    async (request, reply) => {
      const result = await channels.create(flavour === 'ste' ? fromSteConfig(request.body as api.SteChannelConfig) : request.body);
      return reply.code(Status.created).send({ message: result.message, id: result.channel.id });
    },
  );

  if (flavour === 'ste') {
    app.get(
      '/channels',
      {
        schema: {
          operationId: 'listChannels',
          tags,
          summary: "List the channels in STE's shape (the reference's 11 keys and chanType)",
          response: { [Status.ok]: jsonResponse("Every channel: the reference's keys and chanType", api.SteChannelInfoList), ...errorResponses([]) },
        },
      },
      async (_request, reply) =>
        sendNativeJson<api.SteChannelInfoList>(
          reply,
          channels.list().map((c) => api.pickDeclared(api.SteChannelInfo, c)),
        ),
    );
  } else {
    app.get(
      '/channels',
      {
        schema: {
          operationId: 'listChannels',
          tags,
          summary: 'List the channels',
          description:
            "Without `details`: exactly the reference's 11 ChannelInfo keys (the middleware's client refuses any other). `?details=true`: ChannelDetails, with chanType, status (a failed one with its reason), counters, dead-letter topic, alignment ids, creation time and, in a fleet, the shared store's state.",
          querystring: api.DetailsQuery,
          response: {
            [Status.ok]: jsonResponse(
              "Every channel: ChannelInfo (the reference's 11 keys), or ChannelDetails with ?details=true",
              Type.Union([api.ChannelInfoList, api.ChannelDetailsList]),
            ),
            ...errorResponses([Status.badRequest]),
          },
        },
      },
      async (request, reply) => {
        const list = channels.list();
        return sendNativeJson(reply, request.query.details === 'true' ? list : list.map((c) => api.pickDeclared(api.ChannelInfo, c)));
      },
    );
  }

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
