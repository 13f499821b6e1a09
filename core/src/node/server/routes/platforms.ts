/** Tag "Platforms" (seed 1.6-1.7): a platform's downstream and upstream channel pair. */
import { api, platformTopics } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { errorResponses, jsonResponse, sendNativeJson, type ApiServer, type RouteDeps } from './route-support.js';

export const PLATFORMS_TAG = {
  name: 'Platforms',
  description: "A platform's channel pair (seed 1.6-1.7): the topic names mw-mediator-downstream-<pid> and friends, and creating both channels at once",
};

export function registerPlatformRoutes(app: ApiServer, { channels }: RouteDeps): void {
  const tags = [PLATFORMS_TAG.name];

  app.get(
    '/platforms/:platformId/topics',
    {
      schema: {
        operationId: 'getPlatformTopics',
        tags,
        summary: "The topic names of a platform's channel pair, without creating anything",
        params: api.PlatformParams,
        querystring: api.SpellingQuery,
        response: {
          [Status.ok]: jsonResponse("The topic names of the platform's downstream and upstream channels", api.ref(api.PlatformTopics)),
          ...errorResponses([Status.badRequest]),
        },
      },
    },
    async (request) => platformTopics(request.params.platformId, request.query.spelling ?? 'mediator'),
  );

  app.post(
    '/platforms/:platformId/channels',
    {
      schema: {
        operationId: 'createPlatformChannels',
        tags,
        summary: "Create a platform's downstream and upstream channels",
        description:
          'Body: the alignment fields of a ChannelConfig (either style) used by both channels, and/or `downstream` and `upstream` objects with per-channel fields; `spelling` "mediator" (default) or "ipsm" (the spelling of the middleware shipped with the reference); `parallelism`.',
        params: api.PlatformParams,
        body: api.ref(api.PlatformChannelsRequest),
        response: {
          [Status.created]: jsonResponse('Both channels created', api.ref(api.PlatformChannelsReply)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], {
            changesState: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await channels.createPlatformPair(request.params.platformId, request.body);
      return sendNativeJson(reply.code(Status.created), result);
    },
  );
}
