/** Tag "Coverage" (issue 12, part 3): which cells fire over a corpus of messages, and which never do. */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';
import { SERVER_TIMING_HEADERS } from '../server-timing.js';

export const COVERAGE_TAG = {
  name: 'Coverage',
  description: 'Cell coverage: how often each cell fired (deleted or inserted anything) over a corpus of messages, and the cells that never fired',
};

export function registerCoverageRoutes(app: ApiServer, { coverage }: RouteDeps): void {
  const tags = [COVERAGE_TAG.name];

  app.post(
    '/coverage',
    {
      config: { serverTiming: true },
      schema: {
        operationId: 'coverage',
        tags,
        summary: 'Coverage of a chain of stored alignments over the messages sent',
        description:
          'A message that cannot be read is listed in `unreadable` and not counted. A message whose translation passes the time limit (10 s by default, working time) stops the run: 503 TIMEOUT naming the message. 503 TRANSLATION_QUEUE_FULL when the engine is busy.',
        body: api.ref(api.CoverageRequest),
        response: {
          [Status.ok]: {
            ...jsonResponse('How often each cell fired over the messages, the cells that never fired, the unreadable messages', api.ref(api.CoverageReport)),
            headers: SERVER_TIMING_HEADERS,
          },
          ...errorResponses([Status.badRequest, Status.notFound, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], {
            changesState: true,
          }),
        },
      },
    },
    async (request) => coverage.ofMessages(request.body),
  );

  app.get(
    '/channels/:channelId/coverage',
    {
      schema: {
        operationId: 'channelCoverage',
        tags,
        summary: "Coverage of a channel's alignments over the messages it has consumed since it started",
        description:
          'Needs a transport that keeps recent messages (the embedded bus); 400 TOPIC_READ_UNSUPPORTED otherwise. A message whose translation passes the time limit stops the run: 503 TIMEOUT naming the message.',
        params: api.ChannelIdParams,
        response: {
          [Status.ok]: jsonResponse("How often each cell fired over the channel's messages, and the cells that never fired", api.ref(api.CoverageReport)),
          ...errorResponses([Status.badRequest, Status.unavailable]),
        },
      },
    },
    async (request) => coverage.ofChannel(Number(request.params.channelId)),
  );
}
