/**
 * Alignment files for the headless commands (`mediator test`, `mediator coverage`): read, compiled,
 * every problem printed as `file:line:column: message`, and chains of alignment ids resolved
 * against them the way a re-run after a new version needs: the exact name and version when given,
 * else the one file with that name (so `-a new-version.rdf` replaces the recorded version).
 */
import { readFile } from 'node:fs/promises';
import {
  compileAlignment,
  formatProblem,
  MediatorError,
  NotFoundError,
  ParseError,
  ValidationError,
  ErrorCodes,
  type api,
  type ChainResolver,
  type CompiledAlignment,
} from '../../common/index.js';

export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MediatorError(`${path}: cannot read file${code === undefined ? '' : ` (${code})`}`, ErrorCodes.fileUnreadable);
  }
}

export async function loadAlignmentFiles(paths: readonly string[], warn: (line: string) => void): Promise<CompiledAlignment[]> {
  const out: CompiledAlignment[] = [];
  for (const path of paths) {
    const text = await readTextFile(path);
    try {
      const compiled = await compileAlignment(text, { source: path });
      for (const p of compiled.problems) warn(formatProblem(p, path));
      out.push(compiled);
    } catch (error) {
      if (error instanceof ValidationError) {
        for (const p of error.problems) warn(formatProblem(p, path));
        throw new MediatorError(`${path}: the alignment has errors, see above`, error.code);
      }
      if (error instanceof ParseError && error.source === undefined) {
        throw new ParseError(error.message, { code: error.code, line: error.line, column: error.column, source: path });
      }
      throw error;
    }
  }
  return out;
}

/** Resolves ids against the given alignments: exact name and version first, else the only one with that name. */
export function fileResolver(alignments: readonly CompiledAlignment[]): ChainResolver {
  return (ids: readonly api.AlignmentId[]) => ids.map((id) => pick(alignments, id));
}

function pick(alignments: readonly CompiledAlignment[], id: api.AlignmentId): CompiledAlignment {
  const exact = alignments.find((a) => a.header.name === id.name && a.header.version === id.version);
  if (exact !== undefined) return exact;
  const named = alignments.filter((a) => a.header.name === id.name);
  if (named.length === 1 && named[0] !== undefined) return named[0];
  if (named.length > 1) {
    throw new NotFoundError(`alignment ${id.name}@${id.version} is not among the files, and ${named.length} files have that name with other versions`);
  }
  throw new NotFoundError(`alignment ${id.name}@${id.version} is not among the alignment files (give it with -a)`);
}
