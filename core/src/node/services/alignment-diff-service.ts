/**
 * The version diff of two stored alignments (issue 12, part 2): core's diff over the models the
 * alignment service has already compiled and cached. NotFoundError when either is not stored.
 */
import { diffAlignments, diffCellTexts, isEmptyDiff, type api } from '../../common/index.js';
import type { AlignmentService } from './alignment-service.js';

export async function diffStoredAlignments(alignments: AlignmentService, query: api.AlignmentDiffQuery): Promise<api.AlignmentDiffReply> {
  // record() first: its NotFoundError names the alignment the way the other operations do.
  alignments.record(query.oldName, query.oldVersion);
  alignments.record(query.newName, query.newVersion);
  const before = await alignments.compiledFor(query.oldName, query.oldVersion);
  const after = await alignments.compiledFor(query.newName, query.newVersion);
  const diff = diffAlignments(before.alignment, after.alignment);
  return {
    old: { name: query.oldName, version: query.oldVersion },
    new: { name: query.newName, version: query.newVersion },
    identical: isEmptyDiff(diff),
    diff,
    texts: diffCellTexts(before.alignment, after.alignment, diff),
  };
}
