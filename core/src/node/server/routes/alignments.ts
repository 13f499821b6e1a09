/**
 * Tag "Alignments" (reference-mediator.md 6.4-6.6, CONTRACT.md): upload, list, the XML as
 * uploaded, the compiled cells, delete, validate.
 */
import { Type } from 'typebox';
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import {
  errorResponses,
  jsonResponse,
  sendJsonBytes,
  sendNativeJson,
  XML_CONSUMES,
  xmlBody,
  xmlOnly,
  xmlResponse,
  emptyResponse,
  type ApiFlavour,
  type ApiServer,
  type RouteDeps,
} from './route-support.js';

export const ALIGNMENTS_TAG = {
  name: 'Alignments',
  description: 'IPSM-AF alignments: upload (201/208/409), list, retrieve as uploaded, inspect the compiled cells, validate, delete',
};

/**
 * The reference's alignment operations (upload, list, retrieve, delete, validate). `flavour` 'ste'
 * is their copy under /v1 (CONTRACT.md "The successor's API"): the same but for the list's dates.
 */
export function registerAlignmentRoutes(app: ApiServer, deps: RouteDeps, flavour: ApiFlavour = 'ipsm'): void {
  registerAlignmentUploadAndListRoutes(app, deps, flavour);
  registerAlignmentRecordRoutes(app, deps);
  registerValidationRoute(app, deps);
}

/** Upload, and the list (whose shape depends on the API flavour). */
function registerAlignmentUploadAndListRoutes(app: ApiServer, { alignments }: RouteDeps, flavour: ApiFlavour): void {
  const tags = [ALIGNMENTS_TAG.name];

  app.post(
    '/alignments',
    {
      preValidation: xmlOnly,
      schema: {
        operationId: 'uploadAlignment',
        tags,
        summary: 'Upload an alignment (IPSM-AF XML)',
        description:
          '201 when stored, 208 when the same alignment (same meaning) is already there, 409 when the same name and version hold a different alignment, 400 with every problem (line and column) when it is invalid.',
        consumes: XML_CONSUMES,
        body: api.XmlBody,
        response: {
          [Status.created]: jsonResponse('Stored: {message, id, warnings}', api.ref(api.UploadReply)),
          [Status.alreadyReported]: jsonResponse('The same alignment (same meaning) is already stored; nothing changed', api.ref(api.UploadReply)),
          ...errorResponses([Status.badRequest, Status.conflict, Status.payloadTooLarge, Status.unsupportedMediaType, Status.unavailable], {
            changesState: true,
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await alignments.upload(xmlBody(request));
      const body: api.UploadReply = { message: result.message, id: result.info.id, warnings: [...result.warnings] };
      return reply.code(result.status === 'created' ? Status.created : Status.alreadyReported).send(body);
    },
  );

  if (flavour === 'ste') {
    app.get(
      '/alignments',
      {
        schema: {
          operationId: 'listAlignments',
          tags,
          summary: "List the uploaded alignments in STE's shape (date as ISO-8601 text)",
          response: {
            [Status.ok]: jsonResponse("Every stored alignment: the reference's keys, date as ISO-8601", api.SteAlignmentInfoList),
            ...errorResponses([]),
          },
        },
      },
      async (_request, reply) =>
        sendNativeJson<api.SteAlignmentInfoList>(
          reply,
          alignments.list().map((a) => ({ ...api.pickDeclared(api.AlignmentInfo, a), date: new Date(a.date).toISOString() })),
        ),
    );
  } else {
    app.get(
      '/alignments',
      {
        schema: {
          operationId: 'listAlignments',
          tags,
          summary: 'List the uploaded alignments',
          description: "Without `details`: exactly the reference's AlignmentInfo keys. `?details=true` adds the cell and step counts (AlignmentDetails).",
          querystring: api.DetailsQuery,
          response: {
            [Status.ok]: jsonResponse(
              "Every stored alignment: AlignmentInfo (the reference's 9 keys), or AlignmentDetails with ?details=true",
              Type.Union([api.AlignmentInfoList, api.AlignmentDetailsList]),
            ),
            ...errorResponses([Status.badRequest]),
          },
        },
      },
      async (request, reply) => {
        const list = alignments.list();
        return sendNativeJson(reply, request.query.details === 'true' ? list : list.map((a) => api.pickDeclared(api.AlignmentInfo, a)));
      },
    );
  }
}

/** One stored alignment: read, delete. */
function registerAlignmentRecordRoutes(app: ApiServer, { alignments }: RouteDeps): void {
  const tags = [ALIGNMENTS_TAG.name];

  app.get(
    '/alignments/:name/:version',
    {
      schema: {
        operationId: 'getAlignment',
        tags,
        summary: 'The alignment XML exactly as uploaded',
        params: api.NameVersionParams,
        response: { [Status.ok]: xmlResponse('The uploaded XML'), ...errorResponses([Status.badRequest]) },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params;
      const record = alignments.record(name, version);
      return reply.type('application/xml; charset=utf-8').send(record.xml);
    },
  );

  app.delete(
    '/alignments/:name/:version',
    {
      schema: {
        operationId: 'deleteAlignment',
        tags,
        summary: 'Delete an alignment (refused while a channel uses it)',
        params: api.NameVersionParams,
        response: { [Status.noContent]: emptyResponse('Deleted'), ...errorResponses([Status.badRequest, Status.unavailable], { changesState: true }) },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params;
      await alignments.delete(name, version);
      return reply.code(Status.noContent).send();
    },
  );
}

/** Validation of an alignment that is not stored. */
function registerValidationRoute(app: ApiServer, { alignments }: RouteDeps): void {
  const tags = [ALIGNMENTS_TAG.name];

  app.post(
    '/validate',
    {
      preValidation: xmlOnly,
      schema: {
        operationId: 'validateAlignment',
        tags,
        summary: 'Validate an alignment without storing it',
        description: '201 with the warnings when valid; 400 listing every problem with line and column.',
        consumes: XML_CONSUMES,
        body: api.XmlBody,
        response: {
          [Status.created]: jsonResponse('Valid: {message} and the warnings, if any', api.ref(api.ValidationReply)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
        },
      },
    },
    async (request, reply) => {
      const result = await alignments.validate(xmlBody(request));
      return reply.code(Status.created).send(result);
    },
  );
}

/** Ours, not the reference's: the compiled cells and the workbench's view of an alignment. */
export function registerAlignmentViewRoutes(app: ApiServer, { alignments }: RouteDeps): void {
  const tags = [ALIGNMENTS_TAG.name];

  app.get(
    '/alignments/:name/:version/cells',
    {
      schema: {
        operationId: 'getAlignmentCells',
        tags,
        summary: 'The cells of an alignment with their compiled SPARQL Update, in document order, and the steps',
        params: api.NameVersionParams,
        response: {
          [Status.ok]: jsonResponse('The cells with their compiled SPARQL Update, in document order, and the steps', api.ref(api.CellsWithSparql)),
          ...errorResponses([Status.badRequest]),
        },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params;
      return sendNativeJson(reply, await alignments.compiledCells(name, version));
    },
  );

  // The workbench's alignment view (issue 14): a separate route, so /cells keeps its documented shape.
  app.get(
    '/alignments/:name/:version/view',
    {
      schema: {
        operationId: 'getAlignmentView',
        tags,
        summary:
          'What the workbench shows of an alignment: header, cells (patterns in Turtle, functions, typings, filters, line and column, compiled SPARQL) and steps',
        params: api.NameVersionParams,
        response: {
          [Status.ok]: jsonResponse('The alignment view: header, cells and steps', api.ref(api.AlignmentView)),
          ...errorResponses([Status.badRequest]),
        },
      },
    },
    async (request, reply) => {
      const { name, version } = request.params;
      return sendJsonBytes(reply, await alignments.viewBody(name, version));
    },
  );

  app.post(
    '/view',
    {
      preValidation: xmlOnly,
      schema: {
        operationId: 'viewAlignment',
        tags,
        summary: 'The alignment view of XML that is not stored (the workbench editor), without storing it',
        description:
          '200 with every cell the reader could build, also when other parts have errors (POST /validate lists them); 400 when the XML is not well-formed or holds no alignment.',
        consumes: XML_CONSUMES,
        body: api.XmlBody,
        response: {
          [Status.ok]: jsonResponse('The view of the XML sent (nothing is stored)', api.ref(api.AlignmentView)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply, await alignments.viewText(xmlBody(request))),
  );
}
