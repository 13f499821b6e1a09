/**
 * GET /alignment-diff (issue 12, part 2): the version diff of two stored alignments, with each
 * changed, added and removed cell as text for the workbench's side-by-side view. Tag "Alignments".
 * A workbench route: an alignment that is not stored is a 404 (the not-found rule, http-errors.ts).
 */
import { api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { diffStoredAlignments } from '../../services/alignment-diff-service.js';
import { ALIGNMENTS_TAG } from './alignments.js';
import { errorResponse, errorResponses, jsonResponse, type ApiServer, type RouteDeps } from './route-support.js';

export function registerAlignmentDiffRoutes(app: ApiServer, { alignments }: RouteDeps): void {
  app.get(
    '/alignment-diff',
    {
      schema: {
        operationId: 'diffAlignments',
        tags: [ALIGNMENTS_TAG.name],
        summary: 'The version diff of two stored alignments',
        description:
          'Cells added, removed, changed (which parts) and renamed (same content, new id), steps added, removed or reordered, header changes; patterns compared as graphs. `diff` is what `mediator diff --json` prints. 404 when either alignment is not stored.',
        querystring: api.AlignmentDiffQuery,
        response: {
          [Status.ok]: jsonResponse('The diff of the two alignments, and the text of each cell that differs', api.ref(api.AlignmentDiffReply)),
          ...errorResponses([Status.badRequest]),
          [Status.notFound]: errorResponse(Status.notFound, 'No alignment with that name and version is stored'),
        },
      },
    },
    async (request) => diffStoredAlignments(alignments, request.query),
  );
}
