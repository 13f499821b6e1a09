/** Tag "API history" (issue 15, seed 1.8 and 9.4): the mw2mw API's shipped versions and the diff of two documents. */
import { api } from '../../../common/index.js';
import { ApiHistoryService } from '../../services/api-history-service.js';
import { Status } from '../http-errors.js';
import { errorResponses, jsonResponse, type ApiServer } from './route-support.js';

export const API_HISTORY_TAG = {
  name: 'API history',
  description:
    "The middleware's mw2mw API change history: the shipped Swagger 2.0 documents (versions 1.0, 1.1, 1.2) and what changed between two documents, in the seed's categories (section 9.4)",
};

export function registerApiHistoryRoutes(app: ApiServer, history: ApiHistoryService = new ApiHistoryService()): void {
  const tags = [API_HISTORY_TAG.name];

  app.get(
    '/api-history/samples',
    {
      schema: {
        operationId: 'listApiSamples',
        tags,
        summary: 'The shipped versions of the mw2mw API document, oldest first',
        response: { [Status.ok]: jsonResponse('The shipped versions, oldest first', api.ApiSampleList), ...errorResponses([]) },
      },
    },
    async () => history.listSamples(),
  );

  app.get(
    '/api-history/samples/:version',
    {
      schema: {
        operationId: 'getApiSample',
        tags,
        summary: 'One shipped mw2mw API document, with its YAML text',
        params: api.ApiSampleParams,
        response: { [Status.ok]: api.ref(api.ApiSampleDocument), ...errorResponses([Status.badRequest, Status.notFound]) },
      },
    },
    async (request) => history.getSample(request.params.version),
  );

  app.post(
    '/api-history/diff',
    {
      schema: {
        operationId: 'diffApiDocuments',
        tags,
        summary: 'What changed between two Swagger 2.0 documents (shipped versions or sent texts, YAML or JSON)',
        description:
          'Each side is `{"sample": "1.0"}` or `{"text": "<YAML or JSON>", "name": "file.yaml"}`. A document that cannot be read answers 400 API_DOCUMENT_INVALID with `line`, `column` and `source` (the name, or "old"/"new"); an unknown shipped version 404.',
        body: api.ref(api.ApiDiffRequest),
        response: {
          [Status.ok]: api.ref(api.ApiDiff),
          ...errorResponses([Status.badRequest, Status.notFound, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
        },
      },
    },
    async (request) => history.diff(request.body),
  );
}
