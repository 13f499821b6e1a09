/**
 * Which requests the log shows at the default level (issue 39, point 6): reads that succeed (GET,
 * HEAD, OPTIONS below 400) are logged at debug, so the workbench's polling (GET /channels every
 * 2 s, GET /version, GET /alignments) does not fill an `npm start` terminal; writes and every
 * failure stay at info (errors at error, as Fastify logs them). `POST /logging/DEBUG` shows reads again.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isReplayed } from './translation-fast-path.js';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isRead = (method: string): boolean => READS.has(method);

export class QuietReadsLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (!isRead(request.method)) {
      // Given back by the POST /translation fast path, which logged its arrival already.
      if (isReplayed(request.raw)) return;
      super.incomingRequest(request, reply, metadata);
      return;
    }
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error !== null && error !== undefined) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    if (this.isLogDisabled(request)) return;
    const quiet = isRead(request.method) && reply.statusCode < 400;
    const fields = { res: reply, responseTime: reply.elapsedTime };
    if (quiet) reply.log.debug(fields, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}
