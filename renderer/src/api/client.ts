/**
 * Typed client of the mediator REST API. The only module of the renderer that knows URLs, HTTP
 * methods and status codes; everything above it deals in DTOs and `ApiError`.
 */
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
  SuiteInfo,
  TestCase,
  ChannelInfo,
  CompiledCells,
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
  UploadResult,
  ValidationResult,
  VersionInfo,
} from './types.js';
import { bridgeMethods, type BridgeApi } from './bridge-client.js';

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
  uploadAlignment(xml: string): Promise<UploadResult>;
  deleteAlignment(id: AlignmentId): Promise<void>;
  validateAlignment(xml: string): Promise<ValidationResult>;
  convertAlignment(xml: string, to: 'TTL' | 'RDFXML'): Promise<string>;
  getCompiledCells(id: AlignmentId): Promise<CompiledCells>;
  /** What the workbench shows of a stored alignment: header, cells (Turtle patterns, positions, compiled SPARQL), steps. */
  getAlignmentView(id: AlignmentId): Promise<AlignmentView>;
  /** The same view of alignment text that is not stored (a draft, unsaved edits); ApiError 400 when the server cannot read it. */
  viewAlignmentText(xml: string): Promise<AlignmentView>;
  /** The version diff of two stored alignments (issue 12); ApiError 404 when either is not stored. */
  diffAlignments(oldId: AlignmentId, newId: AlignmentId): Promise<AlignmentDiffReply>;
  translate(request: TranslationRequest, signal?: AbortSignal): Promise<TranslationReply>;
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
  readonly fetch?: typeof fetch;
}

interface Reply {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
  readonly contentType: string;
}

const XML = 'application/xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

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

/** Normalises any error body: JSON `{message, code}` as documented, or whatever a proxy answered. */
export function toApiError(reply: Reply): ApiError {
  const body = parseJson(reply.text);
  if (isRecord(body) && typeof body['message'] === 'string') {
    const e = body as Partial<ErrorBody> & Record<string, unknown>;
    return new ApiError(
      e.message ?? '',
      reply.status,
      typeof e.code === 'string' ? e.code : `HTTP_${reply.status}`,
      asProblems(e.problems),
      typeof e.line === 'number' ? e.line : undefined,
      typeof e.column === 'number' ? e.column : undefined,
      body,
    );
  }
  const snippet = reply.text.trim().slice(0, 200);
  return new ApiError(`HTTP ${reply.status} ${reply.statusText}${snippet === '' ? '' : `: ${snippet}`}`, reply.status, `HTTP_${reply.status}`);
}

function expectArray<T>(value: unknown, what: string): T[] {
  if (!Array.isArray(value)) throw new ApiError(`The server answered ${what} with something that is not a list`, 200, 'BAD_RESPONSE');
  return value as T[];
}

function expectRecord<T>(value: unknown, what: string): T {
  if (!isRecord(value)) throw new ApiError(`The server answered ${what} with something that is not an object`, 200, 'BAD_RESPONSE');
  return value as T;
}

const seg = (s: string) => encodeURIComponent(s);

export function createHttpApi(options: HttpApiOptions): MediatorApi {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = options.baseUrl === '' || options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const token = options.token?.trim() ?? '';

  async function send(method: string, path: string, init: { body?: string; contentType?: string; accept?: string; signal?: AbortSignal } = {}): Promise<Reply> {
    const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
    if (init.contentType !== undefined) headers['content-type'] = init.contentType;
    if (token !== '') headers['authorization'] = `Bearer ${token}`;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: init.body }),
        ...(init.signal === undefined ? {} : { signal: init.signal }),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const where = base === '' ? 'this page’s server' : base;
      throw new ApiError(`Cannot reach the mediator at ${where}: ${errorMessage(error)}`, 0, 'NETWORK');
    }
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, text, contentType: response.headers.get('content-type') ?? '' };
  }

  /** 2xx → the reply, anything else → ApiError. */
  async function ok(method: string, path: string, init?: Parameters<typeof send>[2]): Promise<Reply> {
    const reply = await send(method, path, init);
    if (reply.status < 200 || reply.status >= 300) throw toApiError(reply);
    return reply;
  }

  async function json(method: string, path: string, init?: Parameters<typeof send>[2]): Promise<unknown> {
    const reply = await ok(method, path, init);
    const body = parseJson(reply.text);
    if (body === undefined) throw new ApiError(`The server answered ${method} ${path} with invalid JSON`, reply.status, 'BAD_RESPONSE');
    return body;
  }

  const alignmentPath = (id: AlignmentId) => `alignments/${seg(id.name)}/${seg(id.version)}`;

  return {
    ...bridgeMethods({ json, ok, isNotFound: (error) => error instanceof ApiError && error.status === 404 }),
    async listAlignments(signal) {
      return expectArray<AlignmentInfo>(await json('GET', 'alignments?details=true', signal ? { signal } : {}), 'GET /alignments');
    },
    async getAlignmentXml(id) {
      return (await ok('GET', alignmentPath(id), { accept: 'application/xml' })).text;
    },
    async uploadAlignment(xml) {
      const reply = await send('POST', 'alignments', { body: xml, contentType: XML });
      const body = parseJson(reply.text);
      const record = isRecord(body) ? body : {};
      const message = typeof record['message'] === 'string' ? record['message'] : `HTTP ${reply.status} ${reply.statusText}`;
      const id = typeof record['id'] === 'number' ? record['id'] : undefined;
      const withId = id === undefined ? {} : { id };
      switch (reply.status) {
        case 201:
          return { status: 'created', message, problems: asProblems(record['warnings']), ...withId };
        case 208:
          return { status: 'exists', message, problems: asProblems(record['warnings']), ...withId };
        case 409:
          return { status: 'conflict', message, problems: [] };
        case 400: {
          const error = toApiError(reply);
          const problems = error.problems.length > 0 ? error.problems : lineProblem(error);
          return { status: 'invalid', message: error.message, problems };
        }
        default:
          return { status: 'failed', message: toApiError(reply).message, problems: [] };
      }
    },
    async deleteAlignment(id) {
      await ok('DELETE', alignmentPath(id));
    },
    async validateAlignment(xml) {
      const reply = await send('POST', 'validate', { body: xml, contentType: XML });
      if (reply.status >= 200 && reply.status < 300) {
        const body = parseJson(reply.text);
        const record = isRecord(body) ? body : {};
        return {
          valid: true,
          message: typeof record['message'] === 'string' ? record['message'] : 'Valid',
          problems: asProblems(record['warnings']),
        };
      }
      const error = toApiError(reply);
      if (reply.status !== 400) throw error;
      return { valid: false, message: error.message, problems: error.problems.length > 0 ? error.problems : lineProblem(error) };
    },
    async convertAlignment(xml, to) {
      return (await ok('POST', `convert/${to}`, { body: xml, contentType: XML, accept: 'application/xml' })).text;
    },
    async getCompiledCells(id) {
      const body = expectRecord<CompiledCells>(await json('GET', `${alignmentPath(id)}/cells`), 'GET …/cells');
      return { ...body, cells: expectArray(body.cells, 'GET …/cells') };
    },
    async getAlignmentView(id) {
      return expectRecord<AlignmentView>(await json('GET', `${alignmentPath(id)}/view`), 'GET …/view');
    },
    async viewAlignmentText(xml) {
      return expectRecord<AlignmentView>(await json('POST', 'view', { body: xml, contentType: XML }), 'POST /view');
    },
    async diffAlignments(oldId, newId) {
      const q = new URLSearchParams({ oldName: oldId.name, oldVersion: oldId.version, newName: newId.name, newVersion: newId.version });
      return expectRecord<AlignmentDiffReply>(await json('GET', `alignment-diff?${q.toString()}`), 'GET /alignment-diff');
    },
    async translate(request, signal) {
      const body = await json('POST', 'translation?trace=true', {
        body: JSON.stringify(request),
        contentType: JSON_TYPE,
        ...(signal ? { signal } : {}),
      });
      return expectRecord<TranslationReply>(body, 'POST /translation');
    },
    async listChannels(signal) {
      return expectArray<ChannelInfo>(await json('GET', 'channels?details=true', signal ? { signal } : {}), 'GET /channels');
    },
    async createChannel(config) {
      return expectRecord<MessageReply>(await json('POST', 'channels', { body: JSON.stringify(config), contentType: JSON_TYPE }), 'POST /channels');
    },
    async deleteChannel(id) {
      await ok('DELETE', `channels/${seg(String(id))}`);
    },
    async createPlatformChannels(platformId, request) {
      const body = await json('POST', `platforms/${seg(platformId)}/channels`, { body: JSON.stringify(request), contentType: JSON_TYPE });
      return expectRecord<PlatformChannelsReply>(body, 'POST /platforms/…/channels');
    },
    async getPlatformTopics(platformId, spelling) {
      const body = await json('GET', `platforms/${seg(platformId)}/topics?spelling=${seg(spelling)}`);
      return expectRecord<PlatformTopicsReply>(body, 'GET /platforms/…/topics');
    },
    async publishMessage(topic, text) {
      const reply = await ok('POST', `topics/${seg(topic)}/messages`, { body: text, contentType: JSON_TYPE });
      const body = parseJson(reply.text);
      return { message: isRecord(body) && typeof body['message'] === 'string' ? body['message'] : `Published to ${topic}` };
    },
    async readTopic(topic, limit, signal) {
      const body = await json('GET', `topics/${seg(topic)}/messages?limit=${limit}`, signal ? { signal } : {});
      return expectArray<TopicMessage>(body, 'GET /topics/…/messages');
    },
    async getVersion(signal) {
      return expectRecord<VersionInfo>(await json('GET', 'version?details=true', signal ? { signal } : {}), 'GET /version');
    },
    async getLogLevel() {
      const body = expectRecord<{ level: string }>(await json('GET', 'logging'), 'GET /logging');
      return String(body.level);
    },
    async setLogLevel(level) {
      const body = expectRecord<{ level: string }>(await json('POST', `logging/${seg(level)}`), 'POST /logging');
      return String(body.level);
    },
    async listApiSamples(signal) {
      return expectArray<ApiSample>(await json('GET', 'api-history/samples', signal ? { signal } : {}), 'GET /api-history/samples');
    },
    async getApiSample(version) {
      return expectRecord<ApiSampleDocument>(await json('GET', `api-history/samples/${seg(version)}`), 'GET /api-history/samples/{version}');
    },
    async diffApiDocuments(request) {
      return expectRecord<ApiDiff>(await json('POST', 'api-history/diff', { body: JSON.stringify(request), contentType: JSON_TYPE }), 'POST /api-history/diff');
    },
    async listSuites() {
      return expectArray<SuiteInfo>(await json('GET', 'suites'), 'GET /suites');
    },
    async createSuite(name) {
      return expectRecord<SuiteInfo>(await json('POST', 'suites', { body: JSON.stringify({ name }), contentType: JSON_TYPE }), 'POST /suites');
    },
    async getSuite(name) {
      return expectRecord<Suite>(await json('GET', `suites/${seg(name)}`), 'GET /suites/{suite}');
    },
    async addTestCase(suite, testCase) {
      return expectRecord<TestCase>(
        await json('POST', `suites/${seg(suite)}/cases`, { body: JSON.stringify(testCase), contentType: JSON_TYPE }),
        'POST /suites/{suite}/cases',
      );
    },
    async deleteTestCase(suite, name) {
      await ok('DELETE', `suites/${seg(suite)}/cases/${seg(name)}`);
    },
    async runTestCase(suite, name, versions, signal) {
      const body = await json('POST', `suites/${seg(suite)}/cases/${seg(name)}/run?versions=${versions}`, signal ? { signal } : {});
      return expectRecord<CaseResult>(body, 'POST /suites/{suite}/cases/{case}/run');
    },
    async coverage(alignIDs, messages) {
      return expectRecord<CoverageReport>(
        await json('POST', 'coverage', { body: JSON.stringify({ alignIDs, messages }), contentType: JSON_TYPE }),
        'POST /coverage',
      );
    },
    async channelCoverage(channelId) {
      return expectRecord<CoverageReport>(await json('GET', `channels/${channelId}/coverage`), 'GET /channels/{id}/coverage');
    },
    async suggestAlignment(request, signal) {
      return expectRecord<SuggestionReply>(
        await json('POST', 'suggestions', { body: JSON.stringify(request), contentType: JSON_TYPE, ...(signal ? { signal } : {}) }),
        'POST /suggestions',
      );
    },
  };
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
