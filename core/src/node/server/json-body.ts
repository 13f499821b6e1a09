/**
 * The JSON body parser of every route: Fastify's own (same errors, same prototype-poisoning
 * refusal), after a linear check of the nesting depth (CONTRACT.md, Safety). A body nested 100,000
 * deep used to parse, then exhaust the stack in the code that walked it: a 500 instead of a 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertJsonDepth, ErrorCodes, MAX_JSON_DEPTH, notJsonError, ParseError } from '../../common/index.js';

type DefaultJsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type Done = (error: Error | null, value?: unknown) => void;

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The value of `text` when the slow path below would give exactly it, else undefined: JSON.parse
 * read it, it nests at most MAX_JSON_DEPTH deep, and no object in it has a `__proto__` or a
 * `constructor` key (what Fastify's parser, secure-json-parse, refuses or looks into). The check
 * walks the parsed values (a translation request has about ten), where the slow path scans the
 * text in JavaScript for the depth and twice more with regular expressions for those keys: a
 * tenth of the event loop's work for POST /translation (issue 42). Anything else, an error
 * included, takes the slow path, so every refusal stays as it was.
 */
export function parseShallowJson(text: string): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const stack: Array<[unknown, number]> = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return undefined;
    if (Array.isArray(v)) {
      for (const item of v as unknown[]) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
      continue;
    }
    if (hasOwn(v, '__proto__') || hasOwn(v, 'constructor')) return undefined;
    for (const item of Object.values(v)) if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
  }
  return { value };
}

/** The body's value: by the shortcut when it gives the same answer (parseShallowJson), else by parseCheckedJson. */
export function parseBoundedJson(parse: DefaultJsonParser, request: FastifyRequest, text: string, done: Done): void {
  const plain = parseShallowJson(text);
  if (plain === undefined) parseCheckedJson(parse, request, text, done);
  else done(null, plain.value);
}

/** Runs Fastify's default JSON parser on `text` once its depth is known to be within bounds. */
export function parseCheckedJson(parse: DefaultJsonParser, request: FastifyRequest, text: string, done: Done): void {
  try {
    assertJsonDepth(text, 'The JSON request body');
  } catch (error) {
    done(error as Error);
    return;
  }
  void parse(request, text, (error, value) => done(error === null ? null : readableJsonError(text, error), value));
}

/**
 * Fastify's refusal of a body that is not JSON says only "Body is not valid JSON but content-type
 * is set to 'application/json'" (issue 39: the channel tester showed it as it came): the same
 * refusal (MALFORMED_BODY, 400), saying where, by line and column, and what the JSON parser met.
 */
function readableJsonError(text: string, error: Error): Error {
  if ((error as { code?: string }).code !== 'FST_ERR_CTP_INVALID_JSON_BODY') return error;
  let syntax: unknown;
  try {
    JSON.parse(text);
    return error;
  } catch (caught) {
    syntax = caught;
  }
  const found = notJsonError(text, syntax);
  const where = found.line === undefined ? '' : `line ${found.line}, column ${found.column ?? 1}: `;
  const detail = found.message.replace(/^Message is not JSON: (?:line \d+, column \d+: )?/, '');
  return new ParseError(`The request body is not JSON: ${where}${detail}`, {
    code: ErrorCodes.malformedBody,
    ...(found.line === undefined ? {} : { line: found.line }),
    ...(found.column === undefined ? {} : { column: found.column }),
  });
}

/** Replaces the instance's `application/json` parser with the bounded one. */
export function useBoundedJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    parseBoundedJson(parse, request, body as string, done);
  });
}
