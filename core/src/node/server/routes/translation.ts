/** Tag "Translation" (reference-mediator.md 6.8, CONTRACT.md "Translation"). */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { recordTiming, SERVER_TIMING_HEADERS } from '../server-timing.js';
import { translateCallOf } from '../../services/translation-service.js';
import { replayedBody, replayedFailure } from '../translation-fast-path.js';
import { errorResponse, errorResponses, jsonResponse, sendJsonBytes, sendNativeJson, type ApiServer, type RouteDeps } from './route-support.js';

export const TRANSLATION_TAG = {
  name: 'Translation',
  description: 'Translate an INTER-IoT JSON-LD message through a sequence of alignments, with the per-step trace on request',
};

const translationRefusal = (description: string) => ({ description, content: { 'application/json': { schema: api.ref(api.TranslationError) } } });

export function registerTranslationRoutes(app: ApiServer, { translation }: RouteDeps): void {
  app.post(
    '/translation',
    {
      config: { operation: 'translation', serverTiming: true },
      // A request the fast path gave back after reading its body: these bytes are its body.
      preParsing: replayedBody,
      schema: {
        operationId: 'translate',
        tags: [TRANSLATION_TAG.name],
        summary: 'Translate a JSON-LD message through a sequence of alignments',
        description: 'Cells that fail at run time are skipped and listed in `failures`. `?trace=true` adds the per-step trace.',
        querystring: api.TranslationQuery,
        body: api.ref(api.TranslationRequest),
        response: {
          [Status.ok]: {
            ...jsonResponse(
              'The translated message: {message, graphStr}; `failures` when a cell failed, the trace with ?trace=true',
              api.ref(api.TranslationResponse),
            ),
            headers: SERVER_TIMING_HEADERS,
          },
          // The reference's refusal: {message, graphStr: ""} (section 6.8), with our code.
          ...errorResponses([Status.unavailable], { changesState: true }),
          // Every refusal below 500 but the access guard's carries the empty graphStr (http-errors.ts).
          [Status.badRequest]: translationRefusal('Refused: unknown alignment, a message that does not parse, invalid request'),
          [Status.payloadTooLarge]: translationRefusal('The request body is larger than the server takes'),
          [Status.unsupportedMediaType]: translationRefusal('The request body is not JSON'),
          [Status.internal]: errorResponse(Status.internal),
        },
      },
    },
    async (request, reply) => {
      // Until the handler runs: the body read, parsed and validated.
      recordTiming(reply, 'parse', reply.elapsedTime);
      // Its translation ran on the fast path and failed: that failure, not a second translation.
      const failed = replayedFailure(request.raw);
      if (failed !== undefined) throw failed.error;
      const started = performance.now();
      const answer = await translation.translate(request.body, translateCallOf(request.query));
      recordTiming(reply, 'translate', performance.now() - started);
      if (answer.failures.length > 0) request.log.warn({ failures: answer.failures }, 'cells failed during translation');
      // The JSON text was written and encoded where the translation ran (a worker thread): the
      // event loop sends the bytes as they are (issue 42).
      return sendJsonBytes(reply, answer.body);
    },
  );
}

/** The workbench's preview (issue 39): not an IPSM operation, so not copied under /v1. */
export function registerTranslationPreviewRoute(app: ApiServer, { translation }: RouteDeps): void {
  app.post(
    '/translation-preview',
    {
      schema: {
        operationId: 'previewTranslation',
        tags: [TRANSLATION_TAG.name],
        summary: 'Translate a JSON-LD message through an alignment that is not stored (the workbench preview)',
        description:
          "The alignment XML is read, checked and compiled as an upload is, used for this message only and not stored. The answer is POST /translation?trace=true's, with the payload diff. 400 for an alignment with errors (its problems listed) or a message that does not parse.",
        body: api.ref(api.TranslationPreviewRequest),
        response: {
          [Status.ok]: jsonResponse('The translated message with its trace and payload diff', api.ref(api.TranslationResponse)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], { changesState: true }),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply, await translation.preview(request.body)),
  );
}
