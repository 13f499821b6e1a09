/**
 * Listen first (issue 42): a server started with `listenFirst` answers as soon as it listens, while
 * its engine warms and its stored alignments compile behind it. Until then a request that needs
 * them waits for that start-up to end, instead of compiling an alignment a second time on the
 * event loop or finding a channel not yet restored; the status routes and the static files (the
 * workbench's page, Swagger UI) answer at once.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCodes, MediatorError } from '../../common/index.js';

/** Routes that read nothing the start-up restores: liveness, version and the OpenAPI document. */
const AT_ONCE = new Set(['/version', '/health', '/info', '/swagger/json', '/swagger/yaml']);

function answersAtOnce(request: FastifyRequest, isStaticFile: (request: FastifyRequest) => boolean): boolean {
  const url = request.routeOptions.url;
  // No route: a 404 or 405 that reads nothing either.
  if (url === undefined) return true;
  return AT_ONCE.has(url.replace(/^\/v1(?=\/)/, '')) || isStaticFile(request);
}

/** The onRequest hook: waits for `ready` on every route but those that answer at once. */
export function readyGate(
  ready: Promise<void>,
  isStaticFile: (request: FastifyRequest) => boolean,
): (request: FastifyRequest, reply: unknown, done: (error?: Error) => void) => void {
  let done = false;
  ready.then(
    () => (done = true),
    () => undefined,
  );
  // Callback style, not async: once the start-up is over, no promise and no extra turn per request
  // (issue 42), as the server's other per-request hooks.
  return (request, _reply, next) => {
    if (done || answersAtOnce(request, isStaticFile)) {
      next();
      return;
    }
    ready.then(
      () => next(),
      (error: unknown) =>
        next(new MediatorError(`the server could not restore its stored alignments and channels: ${(error as Error).message}`, ErrorCodes.internal)),
    );
  };
}
