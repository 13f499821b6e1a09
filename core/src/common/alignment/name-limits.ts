/**
 * How long an alignment's name (`dcelem:title`) and version may be. Both travel in the path of
 * GET/DELETE /alignments/{name}/{version}, percent-encoded: a name that can be stored but not put
 * in a path (the router's parameter limit) could never be fetched or deleted again. So names are
 * bounded at upload, and the router's limit is derived from this one (MAX_ENCODED_NAME_LENGTH).
 */
import { BadRequestError, ErrorCodes } from '../errors.js';

/** UTF-16 code units of a name or a version. */
export const MAX_ALIGNMENT_NAME_LENGTH = 512;
/**
 * The longest a name of MAX_ALIGNMENT_NAME_LENGTH code units can be percent-encoded: a
 * three-byte UTF-8 character is one code unit and nine characters (`%E2%82%AC`).
 */
export const MAX_ENCODED_NAME_LENGTH = MAX_ALIGNMENT_NAME_LENGTH * 9;

/** Throws NAME_TOO_LONG when the name or the version passes the limit. */
export function assertAlignmentNameLength(name: string, version: string): void {
  for (const [what, value] of [
    ['name (dcelem:title)', name],
    ['version', version],
  ] as const) {
    if (value.length > MAX_ALIGNMENT_NAME_LENGTH) {
      throw new BadRequestError(
        `The alignment's ${what} has ${value.length} characters; at most ${MAX_ALIGNMENT_NAME_LENGTH} are allowed (the limit for names and versions)`,
        ErrorCodes.nameTooLong,
      );
    }
  }
}
