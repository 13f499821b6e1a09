/**
 * The JSON body parser of every route: Fastify's own (same errors, same prototype-poisoning
 * refusal), after a linear check of the nesting depth (CONTRACT.md, Safety). A body nested 100,000
 * deep used to parse, then exhaust the stack in the code that walked it: a 500 instead of a 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertJsonDepth } from '../../common/index.js';

type DefaultJsonParser = ReturnType<FastifyInstance['getDefaultJsonParser']>;
type Done = (error: Error | null, value?: unknown) => void;

/** Runs Fastify's default JSON parser on `text` once its depth is known to be within bounds. */
export function parseBoundedJson(parse: DefaultJsonParser, request: FastifyRequest, text: string, done: Done): void {
  try {
    assertJsonDepth(text, 'The JSON request body');
  } catch (error) {
    done(error as Error);
    return;
  }
  void parse(request, text, done);
}

/** Replaces the instance's `application/json` parser with the bounded one. */
export function useBoundedJsonParser(app: FastifyInstance, bodyLimit: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    parseBoundedJson(parse, request, body as string, done);
  });
}
