/**
 * Checks real responses against the OpenAPI document the server serves (issue 14: the document
 * disagreed with the server and nothing noticed). Every response a server test receives goes
 * through `problems()`: the operation is found by method and path template, the status must be
 * documented for it, the media type must be the documented one, and the body must validate
 * against the documented schema with Ajv (the validator Fastify itself uses).
 *
 * Objects are checked closed: a key the document does not name is a problem unless the schema says
 * `additionalProperties`, so a field the server sends but the document (and so every generated
 * client) lacks, like a failed channel's `reason` was, fails the test that receives it.
 *
 * Requests that reach no operation (unknown path, wrong method, Swagger UI, the static UI) are
 * checked only when they fail: every error body is the documented `Error`.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, vi } from 'vitest';

interface MediaType {
  readonly schema?: unknown;
}
interface ResponseObject {
  readonly content?: Record<string, MediaType>;
}
interface Operation {
  readonly operationId?: string;
  readonly responses: Record<string, ResponseObject>;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A deep copy where every object schema that lists properties is closed. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, closed(v)])) : closed(value);
  if (out['properties'] !== undefined && out['additionalProperties'] === undefined) out['additionalProperties'] = false;
  return out;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export interface ResponseSample {
  readonly method: string;
  /** The request path, with its query string or without. */
  readonly path: string;
  readonly status: number;
  /** The Content-Type header, or '' / undefined when there is none. */
  readonly contentType: string | undefined;
  readonly text: string;
}

export class OpenApiResponses {
  private readonly ajv: Ajv;
  private readonly templates: Array<{ readonly template: string; readonly pattern: RegExp; readonly params: number }>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    this.ajv.addSchema(closed(document) as object, 'openapi');
    this.templates = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      params: (template.match(/\{/g) ?? []).length,
    }));
  }

  /** The document a running server serves (its own answer, so what clients would read). */
  static async load(baseUrl: string, headers: Record<string, string> = {}, doFetch: typeof fetch = fetch): Promise<OpenApiResponses> {
    const response = await doFetch(`${baseUrl}/swagger/json`, { headers });
    if (response.status !== 200) throw new Error(`GET ${baseUrl}/swagger/json answered ${response.status}: cannot check responses`);
    return new OpenApiResponses((await response.json()) as Document);
  }

  /** The documented operation for a request, if any. Literal segments win over parameters. */
  operation(method: string, path: string): { template: string; operation: Operation } | undefined {
    const bare = path.split('?')[0] ?? '';
    const lower = method.toLowerCase();
    const candidates = this.templates
      .filter((t) => t.pattern.test(bare) && this.document.paths[t.template]?.[lower] !== undefined)
      .sort((a, b) => a.params - b.params);
    const found = candidates[0];
    if (found === undefined || !METHODS.has(lower)) return undefined;
    const operation = this.document.paths[found.template]?.[lower];
    return operation === undefined ? undefined : { template: found.template, operation };
  }

  /** Everything about this response that disagrees with the document; [] when it agrees. */
  problems(sample: ResponseSample): string[] {
    const where = `${sample.method} ${sample.path} -> ${sample.status}`;
    const mediaType = (sample.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const found = this.operation(sample.method, sample.path);
    if (found === undefined) {
      if (sample.status < 400) return [];
      return this.validate(`openapi#/components/schemas/Error`, sample, mediaType, where);
    }
    const response = found.operation.responses[String(sample.status)];
    if (response === undefined)
      return [
        `${where}: status ${sample.status} is not documented for ${found.operation.operationId ?? found.template} (documented: ${Object.keys(found.operation.responses).join(', ')})`,
      ];
    const content = response.content ?? {};
    if (Object.keys(content).length === 0)
      return sample.text === '' ? [] : [`${where}: the document says no body, the server sent ${sample.text.slice(0, 100)}`];
    if (content[mediaType] === undefined)
      return [`${where}: media type ${mediaType || '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`];
    const pointer = `openapi#/paths/${escapePointer(found.template)}/${sample.method.toLowerCase()}/responses/${sample.status}/content/${escapePointer(mediaType)}/schema`;
    return this.validate(pointer, sample, mediaType, where);
  }

  private validate(pointer: string, sample: ResponseSample, mediaType: string, where: string): string[] {
    let value: unknown = sample.text;
    if (mediaType === 'application/json') {
      try {
        value = JSON.parse(sample.text);
      } catch {
        return [`${where}: ${mediaType} body is not JSON: ${sample.text.slice(0, 100)}`];
      }
    } else if (pointer.endsWith('/Error')) {
      return [`${where}: an error answered ${mediaType || '(no media type)'}, not JSON`];
    }
    let check = this.compiled.get(pointer);
    if (check === undefined) {
      check = this.ajv.compile({ $ref: pointer });
      this.compiled.set(pointer, check);
    }
    if (check(value)) return [];
    return (check.errors ?? []).map(
      (e) =>
        `${where}: body${e.instancePath} ${e.message ?? 'is invalid'}${e.params !== undefined && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
  }
}

const documents = new Map<string, Promise<OpenApiResponses>>();
const documentHeaders = new Map<string, Record<string, string>>();

/** Headers to read the document of a server in token mode with (its token), whatever the request sent. */
export function useDocumentHeaders(origin: string, headers: Record<string, string>): void {
  documentHeaders.set(origin, headers);
}

/** The checker of the server at `origin` (its document is read once, with the request's token). */
export function responsesOf(origin: string, headers: Record<string, string> = {}, doFetch: typeof fetch = fetch): Promise<OpenApiResponses> {
  let loaded = documents.get(origin);
  if (loaded === undefined) {
    loaded = OpenApiResponses.load(origin, documentHeaders.get(origin) ?? headers, doFetch);
    documents.set(origin, loaded);
    loaded.catch(() => documents.delete(origin));
  }
  return loaded;
}

/** Throws with every problem when the response disagrees with the document of `origin`. */
export async function assertDocumented(
  origin: string,
  sample: ResponseSample,
  headers: Record<string, string> = {},
  doFetch: typeof fetch = fetch,
): Promise<void> {
  const problems = (await responsesOf(origin, headers, doFetch)).problems(sample);
  if (problems.length > 0) throw new Error(`The response disagrees with the OpenAPI document:\n${problems.join('\n')}`);
}

function headerRecord(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    if (key === 'authorization' || key === 'host') out[key] = value;
  });
  return out;
}

/**
 * A fetch that checks every answer of a local mediator against the document that mediator serves,
 * errors included; a disagreement rejects the call, so the test that made it fails there.
 */
export function documentedFetch(original: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await original(input, init);
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!/^(127\.0\.0\.1|localhost|\[::1\])$/.test(url.hostname) || url.pathname.startsWith('/swagger')) return response;
    const text = await response.clone().text();
    await assertDocumented(
      url.origin,
      { method, path: url.pathname + url.search, status: response.status, contentType: response.headers.get('content-type') ?? undefined, text },
      headerRecord(init),
      original,
    );
    return response;
  };
}

/** In a test file: every fetch to a local mediator is checked against its OpenAPI document. */
export function checkResponsesAgainstOpenApi(): void {
  beforeAll(() => {
    vi.stubGlobal('fetch', documentedFetch(globalThis.fetch));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}
