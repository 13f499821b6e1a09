/** Tag "Suites" (issue 12, part 1): alignment test suites, their cases, runs, and export/import as a folder's files. */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { emptyResponse, errorResponses, jsonResponse, sendNativeJson, type ApiServer, type RouteDeps } from './route-support.js';
import { SERVER_TIMING_HEADERS } from '../server-timing.js';

export const SUITES_TAG = {
  name: 'Suites',
  description:
    'Alignment test suites: cases pin a chain, a message and the expected output payload (and per-step counts); a run says which messages changed meaning',
};

export function registerSuiteRoutes(app: ApiServer, deps: RouteDeps): void {
  registerSuiteListRoutes(app, deps);
  registerCaseRoutes(app, deps);
  registerRunRoutes(app, deps);
  registerSuiteFileRoutes(app, deps);
}

/** The suites themselves: list, create, read, delete. */
function registerSuiteListRoutes(app: ApiServer, { suites }: RouteDeps): void {
  const tags = [SUITES_TAG.name];

  app.get(
    '/suites',
    {
      schema: {
        operationId: 'listSuites',
        tags,
        summary: 'List the test suites',
        response: { [Status.ok]: jsonResponse('Every suite with its number of cases', api.SuiteInfoList), ...errorResponses([]) },
      },
    },
    async () => suites.list(),
  );

  app.post(
    '/suites',
    {
      schema: {
        operationId: 'createSuite',
        tags,
        summary: 'Create an empty test suite',
        body: api.ref(api.NewSuite),
        response: {
          [Status.created]: jsonResponse('Created: the new, empty suite', api.ref(api.SuiteInfo)),
          ...errorResponses([Status.badRequest, Status.conflict, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
        },
      },
    },
    async (request, reply) => reply.code(Status.created).send(await suites.create(request.body.name)),
  );

  app.get(
    '/suites/:suite',
    {
      schema: {
        operationId: 'getSuite',
        tags,
        summary: 'A suite with its cases',
        params: api.SuiteParams,
        response: { [Status.ok]: jsonResponse('The suite with its cases', api.ref(api.Suite)), ...errorResponses([Status.badRequest, Status.notFound]) },
      },
    },
    async (request, reply) => sendNativeJson(reply, suites.get(request.params.suite)),
  );

  app.delete(
    '/suites/:suite',
    {
      schema: {
        operationId: 'deleteSuite',
        tags,
        summary: 'Delete a suite and its cases',
        params: api.SuiteParams,
        response: { [Status.noContent]: emptyResponse('Deleted'), ...errorResponses([Status.badRequest, Status.notFound], { changesState: true }) },
      },
    },
    async (request, reply) => {
      await suites.delete(request.params.suite);
      return reply.code(Status.noContent).send();
    },
  );
}

/** A suite's cases: save, delete. */
function registerCaseRoutes(app: ApiServer, { suites }: RouteDeps): void {
  const tags = [SUITES_TAG.name];

  app.post(
    '/suites/:suite/cases',
    {
      schema: {
        operationId: 'addTestCase',
        tags,
        summary: 'Save a test case ("Save as test case"): without an expected payload, what the chain produces from the message now',
        description:
          'The chain names stored alignments (exact versions). 404 for an unknown suite or alignment; 400 for a message that does not parse, or an expected payload that is not N-Triples (with its line); 409 when the suite already has a case of that name.',
        params: api.SuiteParams,
        body: api.ref(api.NewTestCase),
        response: {
          [Status.created]: jsonResponse('The saved case, with its expected payload', api.ref(api.TestCase)),
          ...errorResponses([Status.badRequest, Status.notFound, Status.unavailable, Status.conflict, Status.payloadTooLarge, Status.unsupportedMediaType], {
            changesState: true,
          }),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply.code(Status.created), await suites.addCase(request.params.suite, request.body)),
  );

  app.delete(
    '/suites/:suite/cases/:case',
    {
      schema: {
        operationId: 'deleteTestCase',
        tags,
        summary: 'Delete a test case',
        params: api.CaseParams,
        response: { [Status.noContent]: emptyResponse('Deleted'), ...errorResponses([Status.badRequest, Status.notFound], { changesState: true }) },
      },
    },
    async (request, reply) => {
      await suites.deleteCase(request.params.suite, request.params.case);
      return reply.code(Status.noContent).send();
    },
  );
}

/** Runs: a whole suite, or one case. */
function registerRunRoutes(app: ApiServer, { suites }: RouteDeps): void {
  const tags = [SUITES_TAG.name];

  app.post(
    '/suites/:suite/run',
    {
      config: { serverTiming: true },
      schema: {
        operationId: 'runSuite',
        tags,
        summary: 'Run every case of a suite',
        description:
          'A case that cannot run (an alignment not stored, a message that does not parse) is reported with status `error`; the run goes on. A case whose translation passes the time limit (10 s by default, working time) stops the run: 503 TIMEOUT naming the case. 503 TRANSLATION_QUEUE_FULL when the engine is busy.',
        params: api.SuiteParams,
        querystring: api.RunQuery,
        response: {
          [Status.ok]: {
            ...jsonResponse('The run: each case passed, failed or error, with what changed', api.ref(api.SuiteRunReport)),
            headers: SERVER_TIMING_HEADERS,
          },
          ...errorResponses([Status.badRequest, Status.notFound, Status.unavailable], { changesState: true }),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply, await suites.run(request.params.suite, request.query.versions)),
  );

  app.post(
    '/suites/:suite/cases/:case/run',
    {
      config: { serverTiming: true },
      schema: {
        operationId: 'runTestCase',
        tags,
        summary: 'Run one case (the workbench runs a suite case by case, to show progress)',
        params: api.CaseParams,
        querystring: api.RunQuery,
        response: {
          [Status.ok]: { ...jsonResponse("The case's result", api.ref(api.CaseResult)), headers: SERVER_TIMING_HEADERS },
          ...errorResponses([Status.badRequest, Status.notFound, Status.unavailable], { changesState: true }),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply, await suites.runOne(request.params.suite, request.params.case, request.query.versions)),
  );
}

/** A suite as a folder's files: export, import. */
function registerSuiteFileRoutes(app: ApiServer, { suites }: RouteDeps): void {
  const tags = [SUITES_TAG.name];

  app.get(
    '/suites/:suite/files',
    {
      schema: {
        operationId: 'exportSuite',
        tags,
        summary: "The suite as a folder's files: <case>/case.json, <case>/input.json, <case>/expected-payload.nt",
        params: api.SuiteParams,
        response: {
          [Status.ok]: jsonResponse("The suite's files: path to text", api.ref(api.SuiteFiles)),
          ...errorResponses([Status.badRequest, Status.notFound]),
        },
      },
    },
    async (request, reply) => sendNativeJson(reply, suites.exportFiles(request.params.suite)),
  );

  app.put(
    '/suites/:suite/files',
    {
      schema: {
        operationId: 'importSuite',
        tags,
        summary: "Import a suite folder's files (the suite is created when absent; cases of the same name are replaced)",
        description: '400 with the file (and line and column) of a broken case.json or expected payload; nothing is stored then.',
        params: api.SuiteParams,
        body: api.ref(api.SuiteFiles),
        response: {
          [Status.ok]: jsonResponse('The imported suite', api.ref(api.SuiteInfo)),
          ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
        },
      },
    },
    async (request) => await suites.importFiles(request.params.suite, request.body),
  );
}
