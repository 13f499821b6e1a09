/** Tag "Version" (reference-mediator.md 6.10), and the successor's liveness and info (CONTRACT.md "The successor's API"). */
import { Type } from 'typebox';
import { api, defaultChannelType } from '../../../common/index.js';
import { HEALTH_BODY, VERSION_BODY } from '../status-bodies.js';
import { Status } from '../http-errors.js';
import { errorResponses, jsonResponse, sendNativeJson, type ApiServer, type RouteDeps } from './route-support.js';
import { brokerStatus } from '../../transports/broker-status.js';

export const VERSION_TAG = { name: 'Version', description: 'Name and version of the mediator, liveness, and the IPSM release whose contract it keeps' };

export function registerVersionRoutes(app: ApiServer, { channels, transports }: RouteDeps): void {
  const tags = [VERSION_TAG.name];
  app.get(
    '/version',
    {
      schema: {
        operationId: 'getVersion',
        tags,
        summary: 'Name and version of the mediator',
        description:
          "Without `details`: exactly the reference's `{name, version}`. `?details=true` adds the IPSM release it keeps, the store's state and the transports channels may use (each with its chanType letter and whether its broker can be reached).",
        querystring: api.DetailsQuery,
        response: {
          [Status.ok]: jsonResponse(
            '{name, version}, or VersionDetails with ?details=true',
            Type.Union([api.ref(api.VersionResponse), api.ref(api.VersionDetails)]),
          ),
          ...errorResponses([Status.badRequest]),
        },
      },
    },
    async (request, reply) => {
      const plain: api.VersionResponse = { ...VERSION_BODY };
      // The reference's answer needs no broker: it never waits for one (the middleware asks it often).
      if (request.query.details !== 'true') return sendNativeJson(reply, plain);
      const details: api.VersionDetails = {
        ...plain,
        compatibleWith: 'ipsm-core 0.8.10',
        configStore: channels.configStoreState(),
        // The same check as the gauge mediator_broker_connected (broker-status.ts: one truth).
        transports: await Promise.all(
          transports.kinds.map(async (kind) => {
            const state = await brokerStatus(transports.get(kind));
            return {
              kind,
              letter: defaultChannelType(kind).slice(0, 1),
              default: kind === transports.defaultKind,
              reachable: state.reachable,
              ...(state.reason === undefined ? {} : { reason: state.reason }),
            };
          }),
        ),
      };
      return sendNativeJson(reply, details);
    },
  );
}

/** `GET /health` and `GET /info` (STE 1.0); registered at the root and under /v1. */
export function registerSuccessorStatusRoutes(app: ApiServer): void {
  const tags = [VERSION_TAG.name];
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags,
        summary: 'Liveness (STE): answers while the server runs',
        response: { [Status.ok]: jsonResponse('The server is up', api.ref(api.HealthResponse)), ...errorResponses([]) },
      },
    },
    async (): Promise<api.HealthResponse> => ({ ...HEALTH_BODY }),
  );
  app.get(
    '/info',
    {
      schema: {
        operationId: 'getInfo',
        tags,
        summary: 'Name and version of the mediator (STE)',
        response: { [Status.ok]: jsonResponse('{name, version}', api.ref(api.VersionResponse)), ...errorResponses([]) },
      },
    },
    async (): Promise<api.VersionResponse> => ({ ...VERSION_BODY }),
  );
}
