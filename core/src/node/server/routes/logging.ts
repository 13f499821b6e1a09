/** Tag "Logging" (reference-mediator.md 6.9): read and set the log level. */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { LogLevels, parseLevel } from '../log-levels.js';
import { errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export const LOGGING_TAG = { name: 'Logging', description: "The server's log level (all, trace, debug, info, warn, error, off), as the reference's /logging" };

export function registerLoggingRoutes(app: ApiServer, { levels, logger }: RouteDeps): void {
  const tags = [LOGGING_TAG.name];

  app.get(
    '/logging',
    {
      schema: {
        operationId: 'getLogLevel',
        tags,
        summary: 'The current logging level',
        response: { [Status.ok]: jsonResponse('The current level: {message, level}', api.ref(api.LoggingResponse)), ...errorResponses([]) },
      },
    },
    async (): Promise<api.LoggingResponse> => ({ message: 'IPSM root logging level retrieved', level: levels.level.toUpperCase() }),
  );

  app.post(
    '/logging/:level',
    {
      schema: {
        operationId: 'setLogLevel',
        tags,
        summary: 'Set the logging level (all, trace, debug, info, warn, error, off; any case)',
        params: api.LevelParams,
        response: {
          [Status.ok]: jsonResponse('The level is set: {message, level}', api.ref(api.LoggingResponse)),
          ...errorResponses([Status.badRequest], { changesState: true }),
        },
      },
    },
    async (request): Promise<api.LoggingResponse> => {
      const level = parseLevel(request.params.level);
      levels.level = level;
      // Fastify may log through a child of our logger: set both, new request loggers follow.
      logger.level = LogLevels.toPino(level);
      request.server.log.level = LogLevels.toPino(level);
      return { message: 'IPSM root logging level set', level: level.toUpperCase() };
    },
  );
}
