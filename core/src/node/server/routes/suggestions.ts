/**
 * POST /suggestions (issue 30): an alignment suggested from example message pairs, with the
 * questions the examples leave open; `answers` settle ambiguous-source questions. Tag "Suggestions". Bounded like every route: the schema
 * limits the number and size of examples, and the synthesis stops past SUGGESTION_TIMEOUT_MS with
 * 503 SUGGESTION_TIMEOUT. It runs on the translation workers when the server has them (so it holds
 * no other request), else on the event loop, where the budget keeps a stall short.
 */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { errorResponse, errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export const SUGGESTIONS_TAG = {
  name: 'Suggestions',
  description: 'Cells from examples: an alignment suggested from input messages and the translations wanted for them',
};

/** Time budget of one suggestion on the server. */
export const SUGGESTION_TIMEOUT_MS = 2_000;

export function registerSuggestionRoutes(app: ApiServer, { translation }: RouteDeps): void {
  app.post(
    '/suggestions',
    {
      schema: {
        operationId: 'suggestAlignment',
        tags: [SUGGESTIONS_TAG.name],
        summary: 'Suggest an alignment from example message pairs',
        description: `Each example is a whole INTER-IoT message and the translation wanted for it. The answer is an IPSM-AF document (Turtle cells) that the engine has run on every example, and the questions the examples leave open (a value that could come from several inputs, a constant that differs between examples, an example not reproduced). At most ${api.SUGGESTION_LIMITS.maxExamples} examples of at most ${api.SUGGESTION_LIMITS.maxMessageLength} characters per message; 503 SUGGESTION_TIMEOUT past ${SUGGESTION_TIMEOUT_MS} ms (it runs on the translation workers when the server has them, so it holds no other request); 400 INVALID_SUGGESTION_EXAMPLE when a message cannot be read. Each question has an id and its candidates have ids; send answers ({question, choice}) with the same examples to settle ambiguous-source questions (400 INVALID_SUGGESTION_ANSWER for a question these examples do not raise or a candidate it does not have).`,
        body: api.ref(api.SuggestionRequest),
        response: {
          [Status.ok]: jsonResponse('The suggested alignment (checked with the engine on every example) and its open questions', api.ref(api.SuggestionReply)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
          [Status.unavailable]: errorResponse(
            Status.unavailable,
            "The synthesis ran past its time budget and was abandoned (SUGGESTION_TIMEOUT, or TIMEOUT when its worker had to be replaced), or the workers' queue is full (TRANSLATION_QUEUE_FULL)",
          ),
        },
      },
    },
    async (request) => translation.suggest(request.body, SUGGESTION_TIMEOUT_MS),
  );
}
