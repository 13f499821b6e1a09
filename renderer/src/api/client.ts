/**
 * Typed client of the mediator REST API. The only module of the renderer that knows URLs, HTTP
 * methods and status codes; everything above it deals in DTOs and `ApiError`. Requests go through
 * openapi-fetch over the types generated from the served OpenAPI document (openapi.generated.ts),
 * so a path, a parameter or a body that the document does not have does not compile.
 */
import createClient, { type Client } from 'openapi-fetch';
import type {
  AlignmentDiffReply,
  AlignmentId,
  ApiDiff,
  ApiDiffRequest,
  ApiSample,
  ApiSampleDocument,
  AlignmentInfo,
  AlignmentView,
  CaseResult,
  ChannelConfig,
  CoverageReport,
  NewTestCase,
  RunVersions,
  SuggestionReply,
  SuggestionRequest,
  Suite,
  SuiteFolderFile,
  SuiteInfo,
  TestCase,
  ChannelInfo,
  CellsWithSparql,
  ErrorBody,
  MessageReply,
  PlatformChannelsReply,
  PlatformChannelsRequest,
  PlatformTopicsReply,
  Problem,
  TopicMessage,
  TopicSpelling,
  TranslationReply,
  TranslationRequest,
  UploadOutcome,
  ValidationResult,
  VersionInfo,
} from './types.js';
import { bridgeMethods, type BridgeApi } from './bridge-client.js';
import type { paths } from './openapi.generated.js';

/** A failed request: the server's `{message, code, problems}` or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly problems: readonly Problem[] = [],
    readonly line?: number,
    readonly column?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /**
   * The route does not exist on this server (an older mediator, or a feature not shipped yet), as
   * opposed to a record that is not stored, which the workbench's own routes also answer with 404.
   * Servers before ROUTE_NOT_FOUND sent NOT_FOUND with the framework's message for an unknown path.
   */
  get notAvailable(): boolean {
    if (this.status !== 404) return false;
    return this.code === 'ROUTE_NOT_FOUND' || (this.code === 'NOT_FOUND' && this.message === 'The requested resource could not be found.');
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export interface MediatorApi extends BridgeApi {
  listAlignments(signal?: AbortSignal): Promise<AlignmentInfo[]>;
  getAlignmentXml(id: AlignmentId): Promise<string>;
  /** Answers every HTTP outcome (201, 208, 409, 400, ...) as a result; throws only when the server is unreachable. */
  uploadAlignment(xml: string): Promise<UploadOutcome>;
  deleteAlignment(id: AlignmentId): Promise<void>;
  validateAlignment(xml: string): Promise<ValidationResult>;
  /** POST /convert (a legacy alignment to IPSM-AF), /convert/TTL or /convert/RDFXML (the cell format). */
  convertAlignment(xml: string, to: 'IPSM-AF' | 'TTL' | 'RDFXML'): Promise<string>;
  getCompiledCells(id: AlignmentId): Promise<CellsWithSparql>;
  /** What the workbench shows of a stored alignment: header, cells (Turtle patterns, positions, compiled SPARQL), steps. */
  getAlignmentView(id: AlignmentId): Promise<AlignmentView>;
  /** The same view of alignment text that is not stored (a draft, unsaved edits); ApiError 400 when the server cannot read it. */
  viewAlignmentText(xml: string): Promise<AlignmentView>;
  /** The version diff of two stored alignments (issue 12); ApiError 404 when either is not stored. */
  diffAlignments(oldId: AlignmentId, newId: AlignmentId): Promise<AlignmentDiffReply>;
  translate(request: TranslationRequest, signal?: AbortSignal): Promise<TranslationReply>;
  /** A message through alignment XML that is not stored (the editor's), with trace and payload diff; stores nothing. */
  previewTranslation(alignment: string, graphStr: string, signal?: AbortSignal): Promise<TranslationReply>;
  listChannels(signal?: AbortSignal): Promise<ChannelInfo[]>;
  createChannel(config: ChannelConfig): Promise<MessageReply>;
  deleteChannel(id: number): Promise<void>;
  createPlatformChannels(platformId: string, request: PlatformChannelsRequest): Promise<PlatformChannelsReply>;
  getPlatformTopics(platformId: string, spelling: TopicSpelling): Promise<PlatformTopicsReply>;
  publishMessage(topic: string, text: string): Promise<MessageReply>;
  readTopic(topic: string, limit: number, signal?: AbortSignal): Promise<TopicMessage[]>;
  getVersion(signal?: AbortSignal): Promise<VersionInfo>;
  getLogLevel(): Promise<string>;
  setLogLevel(level: string): Promise<string>;
  /** The shipped versions of the middleware's mw2mw API document (issue 15). */
  listApiSamples(signal?: AbortSignal): Promise<ApiSample[]>;
  getApiSample(version: string): Promise<ApiSampleDocument>;
  /** What changed between two API documents; ApiError 400 (with line) when one cannot be read. */
  diffApiDocuments(request: ApiDiffRequest): Promise<ApiDiff>;
  // Alignment test suites and coverage (issue 12).
  listSuites(): Promise<SuiteInfo[]>;
  createSuite(name: string): Promise<SuiteInfo>;
  getSuite(name: string): Promise<Suite>;
  /** GET /suites/{suite}/files: the suite as the files of a folder `mediator test` runs. */
  exportSuiteFiles(name: string): Promise<SuiteFolderFile[]>;
  /** Without an expected payload the server records what the chain produces now. */
  addTestCase(suite: string, testCase: NewTestCase): Promise<TestCase>;
  deleteTestCase(suite: string, name: string): Promise<void>;
  runTestCase(suite: string, name: string, versions: RunVersions, signal?: AbortSignal): Promise<CaseResult>;
  coverage(alignIDs: readonly AlignmentId[], messages: ReadonlyArray<{ name: string; graphStr: string }>): Promise<CoverageReport>;
  /** Coverage of a channel's alignments over what it consumed since it started (embedded bus). */
  channelCoverage(channelId: number): Promise<CoverageReport>;
  /** Cells from examples (issue 30): an alignment suggested from message pairs, its questions and what still differs. */
  suggestAlignment(request: SuggestionRequest, signal?: AbortSignal): Promise<SuggestionReply>;
}

export interface HttpApiOptions {
  /** '' = same origin, relative to the page (the mediator serves the UI at `/`). */
  readonly baseUrl: string;
  /** The server's API token (token mode: `mediator serve --token`, or one bound beyond loopback); '' = none. */
  readonly token?: string;
  /** What sends a request (default: the global fetch); openapi-fetch hands it a whole Request. */
  readonly fetch?: (request: Request) => Promise<Response>;
}

/** The generated client of the API, as the request helpers and the bridge methods use it. */
export type PathsClient = Client<paths>;

/** What an openapi-fetch call answers: the parsed body of a 2xx (`data`) or of anything else (`error`). */
interface Outcome<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

const XML = 'application/xml; charset=utf-8';
/** Bodies that are XML text, sent as they are. */
const XML_BODY = { headers: { 'content-type': XML }, bodySerializer: (body: string) => body } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asProblems(value: unknown): Problem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((p) => ({
    code: typeof p['code'] === 'string' ? p['code'] : 'PROBLEM',
    severity: p['severity'] === 'warning' ? 'warning' : 'error',
    message: typeof p['message'] === 'string' ? p['message'] : JSON.stringify(p),
    ...(typeof p['line'] === 'number' ? { line: p['line'] } : {}),
    ...(typeof p['column'] === 'number' ? { column: p['column'] } : {}),
    ...(typeof p['cellId'] === 'string' ? { cellId: p['cellId'] } : {}),
  }));
}

/**
 * Normalises any error answer: JSON `{message, code}` as documented, or whatever a proxy answered.
 * `body` is what openapi-fetch read: the parsed JSON, else the text (undefined when empty).
 */
export function toApiError(response: Pick<Response, 'status' | 'statusText'>, body: unknown): ApiError {
  if (isRecord(body) && typeof body['message'] === 'string') {
    const e = body as Partial<ErrorBody> & Record<string, unknown>;
    return new ApiError(
      e.message ?? '',
      response.status,
      typeof e.code === 'string' ? e.code : `HTTP_${response.status}`,
      asProblems(e.problems),
      typeof e.line === 'number' ? e.line : undefined,
      typeof e.column === 'number' ? e.column : undefined,
      body,
    );
  }
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const snippet = text.trim().slice(0, 200);
  return new ApiError(`HTTP ${response.status} ${response.statusText}${snippet === '' ? '' : `: ${snippet}`}`, response.status, `HTTP_${response.status}`);
}

function expectArray<T>(value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new ApiError(`The server answered ${what} with something that is not a list`, 200, 'BAD_RESPONSE');
  return value as T[];
}

function expectRecord<T>(value: unknown, what: string): T {
  if (!isRecord(value)) throw new ApiError(`The server answered ${what} with something that is not an object`, 200, 'BAD_RESPONSE');
  return value as T;
}

/**
 * The outcome of a call, settled: openapi-fetch's parse failure of a 2xx body becomes ApiError
 * BAD_RESPONSE; a network failure is already ApiError NETWORK (see createHttpApi's fetch).
 */
async function settle<T>(what: string, call: Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof SyntaxError) throw new ApiError(`The server answered ${what} with invalid JSON`, 200, 'BAD_RESPONSE');
    throw error;
  }
}

/** 2xx → its body, anything else → ApiError. */
export async function expectOk<T>(what: string, call: Promise<Outcome<T>>): Promise<T> {
  const { data, error, response } = await settle(what, call);
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** `baseUrl` without its trailing slash; '' is the page's own folder, as relative URLs were. */
function resolveBase(baseUrl: string): string {
  if (baseUrl !== '') return baseUrl.replace(/\/+$/, '');
  const page = (globalThis as { location?: { href: string } }).location?.href;
  return page === undefined ? '' : new URL('.', page).href.replace(/\/$/, '');
}

export function createHttpApi(options: HttpApiOptions): MediatorApi {
  const doFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const where = options.baseUrl === '' ? 'this page’s server' : options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const token = options.token?.trim() ?? '';
  const client = createClient<paths>({
    baseUrl: resolveBase(options.baseUrl),
    headers: { accept: 'application/json', ...(token === '' ? {} : { authorization: `Bearer ${token}` }) },
    // A failure to reach the server (not an abort) is ApiError NETWORK (status 0): the offline state.
    fetch: async (request: Request) => {
      try {
        return await doFetch(request);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(`Cannot reach the mediator at ${where}: ${errorMessage(error)}`, 0, 'NETWORK');
      }
    },
  });
  const alignment = (id: AlignmentId) => ({ params: { path: { name: id.name, version: id.version } } });
  const signalOf = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

  return {
    ...bridgeMethods(client, expectOk),
    async listAlignments(signal) {
      const body = await expectOk('GET /alignments', client.GET('/alignments', { params: { query: { details: 'true' } }, ...signalOf(signal) }));
      return expectArray<AlignmentInfo>(body, 'GET /alignments');
    },
    async getAlignmentXml(id) {
      return expectOk<string>(
        'GET /alignments/{name}/{version}',
        client.GET('/alignments/{name}/{version}', { ...alignment(id), headers: { accept: 'application/xml' }, parseAs: 'text' }),
      );
    },
    async uploadAlignment(xml) {
      const { data, error, response } = await settle('POST /alignments', client.POST('/alignments', { body: xml, ...XML_BODY }));
      const record = isRecord(data) ? data : isRecord(error) ? error : {};
      const message = typeof record['message'] === 'string' ? record['message'] : `HTTP ${response.status} ${response.statusText}`;
      const id = typeof record['id'] === 'number' ? record['id'] : undefined;
      const withId = id === undefined ? {} : { id };
      switch (response.status) {
        case 201:
          return { status: 'created', message, problems: asProblems(record['warnings']), ...withId };
        case 208:
          return { status: 'exists', message, problems: asProblems(record['warnings']), ...withId };
        case 409:
          return { status: 'conflict', message, problems: [] };
        case 400: {
          const failure = toApiError(response, error);
          const problems = failure.problems.length > 0 ? failure.problems : lineProblem(failure);
          return { status: 'invalid', message: describeInvalid(problems, failure.message), problems };
        }
        default:
          return { status: 'failed', message: toApiError(response, error).message, problems: [] };
      }
    },
    async deleteAlignment(id) {
      await expectOk('DELETE /alignments/{name}/{version}', client.DELETE('/alignments/{name}/{version}', alignment(id)));
    },
    async validateAlignment(xml) {
      const { data, error, response } = await settle('POST /validate', client.POST('/validate', { body: xml, ...XML_BODY }));
      if (response.ok) {
        const record: Record<string, unknown> = isRecord(data) ? data : {};
        return {
          valid: true,
          message: typeof record['message'] === 'string' ? record['message'] : 'Valid',
          problems: asProblems(record['warnings']),
        };
      }
      const failure = toApiError(response, error);
      if (response.status !== 400) throw failure;
      return { valid: false, message: failure.message, problems: failure.problems.length > 0 ? failure.problems : lineProblem(failure) };
    },
    async convertAlignment(xml, to) {
      const init = { body: xml, ...XML_BODY, headers: { ...XML_BODY.headers, accept: 'application/xml' }, parseAs: 'text' } as const;
      if (to === 'IPSM-AF') return expectOk<string>('POST /convert', client.POST('/convert', init));
      return expectOk<string>(`POST /convert/${to}`, to === 'TTL' ? client.POST('/convert/TTL', init) : client.POST('/convert/RDFXML', init));
    },
    async getCompiledCells(id) {
      const body = expectRecord<CellsWithSparql>(await expectOk('GET …/cells', client.GET('/alignments/{name}/{version}/cells', alignment(id))), 'GET …/cells');
      return { ...body, cells: expectArray(body.cells, 'GET …/cells') };
    },
    async getAlignmentView(id) {
      return expectRecord<AlignmentView>(await expectOk('GET …/view', client.GET('/alignments/{name}/{version}/view', alignment(id))), 'GET …/view');
    },
    async viewAlignmentText(xml) {
      return expectRecord<AlignmentView>(await expectOk('POST /view', client.POST('/view', { body: xml, ...XML_BODY })), 'POST /view');
    },
    async diffAlignments(oldId, newId) {
      const query = { oldName: oldId.name, oldVersion: oldId.version, newName: newId.name, newVersion: newId.version };
      return expectRecord<AlignmentDiffReply>(
        await expectOk('GET /alignment-diff', client.GET('/alignment-diff', { params: { query } })),
        'GET /alignment-diff',
      );
    },
    async translate(request, signal) {
      const body = await expectOk(
        'POST /translation',
        client.POST('/translation', { params: { query: { trace: 'true' } }, body: request, ...signalOf(signal) }),
      );
      return expectRecord<TranslationReply>(body, 'POST /translation');
    },
    async previewTranslation(alignment, graphStr, signal) {
      const body = await expectOk('POST /translation-preview', client.POST('/translation-preview', { body: { alignment, graphStr }, ...signalOf(signal) }));
      return expectRecord<TranslationReply>(body, 'POST /translation-preview');
    },
    async listChannels(signal) {
      const body = await expectOk('GET /channels', client.GET('/channels', { params: { query: { details: 'true' } }, ...signalOf(signal) }));
      return expectArray<ChannelInfo>(body, 'GET /channels');
    },
    async createChannel(config) {
      return expectRecord<MessageReply>(await expectOk('POST /channels', client.POST('/channels', { body: config })), 'POST /channels');
    },
    async deleteChannel(id) {
      await expectOk('DELETE /channels/{channelId}', client.DELETE('/channels/{channelId}', { params: { path: { channelId: String(id) } } }));
    },
    async createPlatformChannels(platformId, request) {
      const body = await expectOk(
        'POST /platforms/…/channels',
        client.POST('/platforms/{platformId}/channels', { params: { path: { platformId } }, body: request }),
      );
      return expectRecord<PlatformChannelsReply>(body, 'POST /platforms/…/channels');
    },
    async getPlatformTopics(platformId, spelling) {
      const body = await expectOk(
        'GET /platforms/…/topics',
        client.GET('/platforms/{platformId}/topics', { params: { path: { platformId }, query: { spelling } } }),
      );
      return expectRecord<PlatformTopicsReply>(body, 'GET /platforms/…/topics');
    },
    async publishMessage(topic, text) {
      // The message is JSON text already (the user's, possibly malformed: the server says why).
      const answer: unknown = await expectOk(
        'POST /topics/…/messages',
        client.POST('/topics/{topic}/messages', {
          params: { path: { topic } },
          body: text,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          bodySerializer: (body: unknown) => String(body),
          // Read as text: an answer that is not JSON still means the message was published.
          parseAs: 'text',
        }),
      );
      const body = typeof answer === 'string' ? parseJson(answer) : answer;
      return { message: isRecord(body) && typeof body['message'] === 'string' ? body['message'] : `Published to ${topic}` };
    },
    async readTopic(topic, limit, signal) {
      const body = await expectOk(
        'GET /topics/…/messages',
        client.GET('/topics/{topic}/messages', { params: { path: { topic }, query: { limit: String(limit) } }, ...signalOf(signal) }),
      );
      return expectArray<TopicMessage>(body, 'GET /topics/…/messages');
    },
    async getVersion(signal) {
      const body = await expectOk('GET /version', client.GET('/version', { params: { query: { details: 'true' } }, ...signalOf(signal) }));
      return expectRecord<VersionInfo>(body, 'GET /version');
    },
    async getLogLevel() {
      const body = expectRecord<{ level: string }>(await expectOk('GET /logging', client.GET('/logging')), 'GET /logging');
      return String(body.level);
    },
    async setLogLevel(level) {
      const body = expectRecord<{ level: string }>(
        await expectOk('POST /logging', client.POST('/logging/{level}', { params: { path: { level: level as never } } })),
        'POST /logging',
      );
      return String(body.level);
    },
    async listApiSamples(signal) {
      const body = await expectOk('GET /api-history/samples', client.GET('/api-history/samples', signalOf(signal)));
      return expectArray<ApiSample>(body, 'GET /api-history/samples');
    },
    async getApiSample(version) {
      const body = await expectOk('GET /api-history/samples/{version}', client.GET('/api-history/samples/{version}', { params: { path: { version } } }));
      return expectRecord<ApiSampleDocument>(body, 'GET /api-history/samples/{version}');
    },
    async diffApiDocuments(request) {
      return expectRecord<ApiDiff>(await expectOk('POST /api-history/diff', client.POST('/api-history/diff', { body: request })), 'POST /api-history/diff');
    },
    async listSuites() {
      return expectArray<SuiteInfo>(await expectOk('GET /suites', client.GET('/suites')), 'GET /suites');
    },
    async createSuite(name) {
      return expectRecord<SuiteInfo>(await expectOk('POST /suites', client.POST('/suites', { body: { name } })), 'POST /suites');
    },
    async exportSuiteFiles(name) {
      const body = expectRecord<{ files?: unknown }>(
        await expectOk('GET /suites/{suite}/files', client.GET('/suites/{suite}/files', { params: { path: { suite: name } } })),
        'GET /suites/{suite}/files',
      );
      return expectArray<SuiteFolderFile>(body.files, 'GET /suites/{suite}/files');
    },
    async getSuite(name) {
      return expectRecord<Suite>(
        await expectOk('GET /suites/{suite}', client.GET('/suites/{suite}', { params: { path: { suite: name } } })),
        'GET /suites/{suite}',
      );
    },
    async addTestCase(suite, testCase) {
      const body = await expectOk('POST /suites/{suite}/cases', client.POST('/suites/{suite}/cases', { params: { path: { suite } }, body: testCase }));
      return expectRecord<TestCase>(body, 'POST /suites/{suite}/cases');
    },
    async deleteTestCase(suite, name) {
      await expectOk('DELETE /suites/{suite}/cases/{case}', client.DELETE('/suites/{suite}/cases/{case}', { params: { path: { suite, case: name } } }));
    },
    async runTestCase(suite, name, versions, signal) {
      const body = await expectOk(
        'POST /suites/{suite}/cases/{case}/run',
        client.POST('/suites/{suite}/cases/{case}/run', { params: { path: { suite, case: name }, query: { versions } }, ...signalOf(signal) }),
      );
      return expectRecord<CaseResult>(body, 'POST /suites/{suite}/cases/{case}/run');
    },
    async coverage(alignIDs, messages) {
      const body = await expectOk('POST /coverage', client.POST('/coverage', { body: { alignIDs: [...alignIDs], messages: [...messages] } }));
      return expectRecord<CoverageReport>(body, 'POST /coverage');
    },
    async channelCoverage(channelId) {
      const body = await expectOk(
        'GET /channels/{id}/coverage',
        client.GET('/channels/{channelId}/coverage', { params: { path: { channelId: String(channelId) } } }),
      );
      return expectRecord<CoverageReport>(body, 'GET /channels/{id}/coverage');
    },
    async suggestAlignment(request, signal) {
      const body = await expectOk('POST /suggestions', client.POST('/suggestions', { body: request, ...signalOf(signal) }));
      return expectRecord<SuggestionReply>(body, 'POST /suggestions');
    },
  };
}

/**
 * Why a document was refused, for a person: its first error with line and column, and how many
 * more. The server's own message follows the reference's wording ("Error validating alignment with
 * AlignmentID(name,version): ..."), which names no alignment ("AlignmentID(,)") when the document
 * declares none, as a legacy or broken file does.
 */
export function describeInvalid(problems: readonly Problem[], serverMessage: string): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0] ?? problems[0];
  if (first === undefined) return serverMessage.replace(/ with AlignmentID\(,\)/, '');
  const where = first.line === undefined ? '' : `line ${first.line}${first.column === undefined ? '' : `, column ${first.column}`}: `;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  return `Not a valid alignment: ${where}${first.message}${more}`;
}

/** A parse error reported with a top-level line/column (malformed XML) as a one-item problem list. */
function lineProblem(error: ApiError): Problem[] {
  if (error.line === undefined) return [];
  return [
    {
      code: error.code,
      severity: 'error',
      message: error.message,
      line: error.line,
      ...(error.column === undefined ? {} : { column: error.column }),
    },
  ];
}
