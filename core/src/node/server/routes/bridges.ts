/**
 * Tag "Bridges" (issue 15; seed 1.4-1.5, 9.2): the bridge installation assistant. The checks answer
 * 200 with `ok` and `problems` whatever they find (a failed check is a result, not an error); a POM
 * that is not XML, hostile XML or not a POM is a 400 with the same codes as an alignment upload.
 */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { emptyResponse, errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export const BRIDGES_TAG = {
  name: 'Bridges',
  description:
    "The bridge installation assistant: the bridge API version check, the docker cp commands, the start-up log check, a platform's channel pair, and the assistant's progress per bridge",
};

const BODY_ERRORS = [Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType];

export function registerBridgeRoutes(app: ApiServer, deps: RouteDeps): void {
  registerVersionCheckRoutes(app, deps);
  registerBridgeCheckRoutes(app, deps);
  registerBridgeProgressRoutes(app, deps);
}

/** The assistant's version checks: the bridge's POM, the middleware's answer. */
function registerVersionCheckRoutes(app: ApiServer, { bridges }: RouteDeps): void {
  const tags = [BRIDGES_TAG.name];

  app.post(
    '/bridge-checks/version',
    {
      schema: {
        operationId: 'checkBridgeVersion',
        tags,
        summary: "Step 1: the bridge's mw.bridges.api version (from its POM, or typed) against the middleware's",
        description:
          'Resolves ${...} properties, ${project.version}, ${project.parent.version}, a parent version and dependencyManagement, with the parent POM when given. 400 (XML_MALFORMED with line and column, XML_EXTERNAL_ENTITY, XML_ENTITY_LIMIT, INVALID_POM) when the POM cannot be read.',
        body: api.ref(api.VersionCheckRequest),
        response: {
          [Status.ok]: jsonResponse("The check: ok, the bridge's and the middleware's versions, the problems", api.ref(api.VersionCheckReply)),
          ...errorResponses(BODY_ERRORS, { changesState: true }),
        },
      },
    },
    async (request) => bridges.checkVersion(request.body),
  );

  app.post(
    '/bridge-checks/middleware-version',
    {
      schema: {
        operationId: 'readMiddlewareVersion',
        tags,
        summary: "Step 1: read a running middleware's version from its API (info.version of /api/swagger.json)",
        description:
          'Tries the address given, then its api/swagger.json, within 5 seconds in all; redirects are followed only within the address given (same scheme, host and port). 400 INVALID_REQUEST for an address that is not http(s); 502 MIDDLEWARE_UNREACHABLE (refused, timed out), MIDDLEWARE_REDIRECTED (redirected to another address, not followed) or MIDDLEWARE_VERSION_UNKNOWN (answered without a version).',
        body: api.ref(api.MiddlewareVersionRequest),
        response: {
          [Status.ok]: jsonResponse("The middleware's version, and where it was read", api.ref(api.MiddlewareVersionReply)),
          ...errorResponses([...BODY_ERRORS, Status.badGateway], { changesState: true }),
        },
      },
    },
    async (request) => bridges.middlewareVersion(request.body),
  );
}

/** The assistant's other checks: copy commands, the start-up log, the platform channels. */
function registerBridgeCheckRoutes(app: ApiServer, { bridges }: RouteDeps): void {
  const tags = [BRIDGES_TAG.name];

  app.post(
    '/bridge-checks/copy-commands',
    {
      schema: {
        operationId: 'bridgeCopyCommands',
        tags,
        summary: 'Steps 2-4: docker cp commands for the bridge package, its extra jars and its configuration file, the checks and the restart',
        description: "Jars the middleware already ships (the bridge API, the middleware's modules, anything in `shipped`) are flagged as not to copy.",
        body: api.ref(api.CopyCommandsRequest),
        response: {
          [Status.ok]: jsonResponse('The docker cp commands, the checks and the restart; jars not to copy flagged', api.ref(api.CopyCommandsReply)),
          ...errorResponses(BODY_ERRORS, { changesState: true }),
        },
      },
    },
    async (request) => bridges.copyCommands(request.body),
  );

  app.post(
    '/bridge-checks/log',
    {
      schema: {
        operationId: 'checkBridgeLog',
        tags,
        summary: "Step 4: check the middleware's start-up log for bridge registration",
        description:
          'Finds "Registering bridges...", each "Bridge <class> for platform type <uri> has been registered." and "Bridge registration has finished successfully." (the last start-up in the log), with line numbers.',
        body: api.ref(api.LogCheckRequest),
        response: {
          [Status.ok]: jsonResponse('What the log shows: the registration lines found, with line numbers, and the problems', api.ref(api.LogCheckReply)),
          ...errorResponses(BODY_ERRORS, { changesState: true }),
        },
      },
    },
    async (request) => bridges.checkLog(request.body),
  );

  app.get(
    '/bridge-checks/platform-channels',
    {
      schema: {
        operationId: 'getPlatformChannelState',
        tags,
        summary: "Step 5: a platform's downstream and upstream channels (found by their topic names) and whether both run",
        querystring: api.PlatformChannelsQuery,
        response: {
          [Status.ok]: jsonResponse("The platform's two channels, where found, and whether both run", api.ref(api.PlatformChannelState)),
          ...errorResponses([Status.badRequest]),
        },
      },
    },
    async (request) => bridges.platformChannels(request.query),
  );
}

/** Each bridge's stored progress: list, read, save, delete. */
function registerBridgeProgressRoutes(app: ApiServer, { bridges }: RouteDeps): void {
  const tags = [BRIDGES_TAG.name];

  app.get(
    '/bridges',
    {
      schema: {
        operationId: 'listBridgeProgress',
        tags,
        summary: "The assistant's stored progress of every bridge",
        response: { [Status.ok]: api.BridgeProgressList, ...errorResponses([]) },
      },
    },
    async () => bridges.listProgress(),
  );

  app.get(
    '/bridges/:bridgeId',
    {
      schema: {
        operationId: 'getBridgeProgress',
        tags,
        summary: "The assistant's stored progress of one bridge",
        params: api.BridgeParams,
        response: { [Status.ok]: api.ref(api.BridgeProgress), ...errorResponses([Status.badRequest, Status.notFound]) },
      },
    },
    async (request) => bridges.getProgress(request.params.bridgeId),
  );

  app.put(
    '/bridges/:bridgeId',
    {
      schema: {
        operationId: 'saveBridgeProgress',
        tags,
        summary: "Save the assistant's progress of one bridge (replaces what was stored)",
        params: api.BridgeParams,
        body: api.ref(api.BridgeProgressBody),
        response: { [Status.ok]: api.ref(api.BridgeProgress), ...errorResponses(BODY_ERRORS, { changesState: true }) },
      },
    },
    async (request) => bridges.saveProgress(request.params.bridgeId, request.body),
  );

  app.delete(
    '/bridges/:bridgeId',
    {
      schema: {
        operationId: 'deleteBridgeProgress',
        tags,
        summary: "Forget the assistant's progress of one bridge",
        params: api.BridgeParams,
        response: { [Status.noContent]: emptyResponse('Forgotten'), ...errorResponses([Status.badRequest, Status.notFound], { changesState: true }) },
      },
    },
    async (request, reply) => {
      bridges.deleteProgress(request.params.bridgeId);
      return reply.code(Status.noContent).send();
    },
  );
}
