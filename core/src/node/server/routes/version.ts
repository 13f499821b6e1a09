/** Tag "Version" (reference-mediator.md 6.10). */
import { api } from '../../../common/index.js';
import { VERSION } from '../../version.js';
import { Status } from '../http-errors.js';
import { errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export const VERSION_TAG = { name: 'Version', description: 'Name and version of the mediator, and the IPSM release whose contract it keeps' };

export function registerVersionRoutes(app: ApiServer, { channels }: RouteDeps): void {
  app.get(
    '/version',
    {
      schema: {
        operationId: 'getVersion',
        tags: [VERSION_TAG.name],
        summary: 'Name and version of the mediator',
        response: { [Status.ok]: jsonResponse('Name and version of the mediator', api.ref(api.VersionResponse)), ...errorResponses([]) },
      },
    },
    async (): Promise<api.VersionResponse> => ({
      name: 'mediator-workbench',
      version: VERSION,
      compatibleWith: 'ipsm-core 0.8.10',
      configStore: channels.configStoreState(),
    }),
  );
}
