/**
 * `Server-Timing` (W3C Server Timing, section 3: `metric;dur=milliseconds`, comma-separated) on the
 * translation routes (issue 27): the server's own processing time of each request, so a client
 * tells what the server spent from what the network and its own side cost, and the cold bench
 * compares the first translations with the steady state by the server's own clock.
 *
 * A route opts in with `config: { serverTiming: true }`; its handler may record phases
 * (`recordTiming`); the server's onSend hook adds them (addServerTiming) and `total`, the time from the request's arrival
 * to its serialised answer, on every answer of the route, refusals included.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers carry a `Server-Timing` header (server-timing.ts). */
    serverTiming?: boolean;
  }
}

export const SERVER_TIMING = 'server-timing';

/** The response header as the OpenAPI document declares it (a response's `headers`). */
export const SERVER_TIMING_HEADERS = {
  'Server-Timing': {
    type: 'string',
    description:
      "The server's own processing time in milliseconds (W3C Server Timing): `total`, from the request's arrival to its serialised answer; POST /translation also `parse` (reading, parsing and validating the body) and `translate` (the translation, its wait for a worker included), e.g. `parse;dur=0.41, translate;dur=2.13, total;dur=2.71`",
  },
} as const;

const phases = new WeakMap<FastifyReply, Array<readonly [string, number]>>();

/** Records one phase of the request (in order); `ms` in milliseconds. */
export function recordTiming(reply: FastifyReply, name: string, ms: number): void {
  const list = phases.get(reply);
  if (list === undefined) phases.set(reply, [[name, ms]]);
  else list.push([name, ms]);
}

/** `name;dur=1.23` entries, comma-separated. */
export function formatServerTiming(entries: ReadonlyArray<readonly [string, number]>): string {
  return entries.map(([name, ms]) => `${name};dur=${ms.toFixed(2)}`).join(', ');
}

/** For the onSend hook: the recorded phases and `total` on every answer of an opted-in route (its `routeOptions`). */
export function addServerTiming(route: FastifyRequest['routeOptions'], reply: FastifyReply): void {
  if (route.config?.serverTiming !== true) return;
  // elapsedTime: since Fastify received the request; onSend runs after serialisation.
  void reply.header(SERVER_TIMING, formatServerTiming([...(phases.get(reply) ?? []), ['total', reply.elapsedTime]]));
}
