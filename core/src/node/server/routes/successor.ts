/**
 * The successor's API (ASSIST-IoT Semantic Translation Enabler 1.0, CONTRACT.md "The successor's
 * API"): STE serves configuration and translation only under `/v1/`, so every IPSM operation is
 * registered again there, from the same route files (one handler per operation), with STE's shapes
 * where STE differs: channels (`chanType`, `optParallelism`, STE's ChannelInfo) and the alignment
 * list (ISO-8601 dates). Plus `GET /health`, `GET /info` and the OpenAPI export.
 */
import type { RouteOptions } from 'fastify';
import { Status } from '../http-errors.js';
import { registerAlignmentRoutes } from './alignments.js';
import { registerChannelRoutes } from './channels.js';
import { registerConversionRoutes } from './conversion.js';
import { registerLoggingRoutes } from './logging.js';
import { errorResponses, type ApiServer, type RouteDeps } from './route-support.js';
import { registerTranslationRoutes } from './translation.js';
import { registerSuccessorStatusRoutes, registerVersionRoutes } from './version.js';

export const SUCCESSOR_TAG = {
  name: 'Successor API (/v1)',
  description:
    "The IPSM operations again under /v1, as ASSIST-IoT's Semantic Translation Enabler 1.0 serves them: STE's channel body (chanType required, optParallelism) and ChannelInfo (with chanType), ISO-8601 dates in the alignment list",
};

/** Operation ids must be unique in the document (generated clients name methods by them). */
function asSuccessorRoute(route: RouteOptions): void {
  const schema = route.schema as { operationId?: string; tags?: string[] } | undefined;
  if (schema === undefined) return;
  route.schema = { ...schema, ...(schema.operationId === undefined ? {} : { operationId: `${schema.operationId}V1` }), tags: [SUCCESSOR_TAG.name] };
}

export async function registerSuccessorRoutes(app: ApiServer, deps: RouteDeps): Promise<void> {
  registerSuccessorStatusRoutes(app);
  await app.register(
    async (v1) => {
      v1.addHook('onRoute', asSuccessorRoute);
      registerAlignmentRoutes(v1, deps, 'ste');
      registerConversionRoutes(v1);
      registerChannelRoutes(v1, deps, 'ste');
      registerTranslationRoutes(v1, deps);
      registerLoggingRoutes(v1, deps);
      registerVersionRoutes(v1, deps);
      registerSuccessorStatusRoutes(v1);
      v1.get(
        '/api-export/openapi',
        {
          schema: {
            operationId: 'exportOpenApi',
            summary: 'The OpenAPI document of this server (STE serves its own here)',
            response: {
              [Status.ok]: { description: 'The OpenAPI 3 document, as at /swagger/json', type: 'object', additionalProperties: true },
              ...errorResponses([]),
            },
          },
        },
        async () => app.swagger(),
      );
    },
    { prefix: '/v1' },
  );
}
