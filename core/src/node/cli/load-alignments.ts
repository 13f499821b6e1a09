/**
 * The one alignment loader of the commands (translate, compile, bench, test, coverage): each file
 * read (`-` is standard input), compiled, every problem printed to stderr as
 * `file:line:column: message`; an alignment with errors stops the command (exit 1) naming the file.
 * Also how `mediator test` resolves a case's alignment ids against the files it was given.
 */
import {
  compileAlignment,
  formatProblem,
  MediatorError,
  NotFoundError,
  ParseError,
  ValidationError,
  type api,
  type ChainResolver,
  type CompiledAlignment,
} from '../../common/index.js';
import { readInputText, type CliIo } from './io.js';

/** A ParseError without a source gets the file's name, so the message says where. */
export function withSource(error: unknown, source: string): unknown {
  if (error instanceof ParseError && error.source === undefined) {
    return new ParseError(error.message, { code: error.code, line: error.line, column: error.column, source });
  }
  return error;
}

/** Alignments compiled before, by file, with the text they were compiled from: `test --watch` compiles only the files that changed. */
export type AlignmentCache = Map<string, { readonly text: string; readonly compiled: CompiledAlignment }>;

export async function loadAlignments(paths: readonly string[], io: CliIo, cache?: AlignmentCache): Promise<CompiledAlignment[]> {
  const out: CompiledAlignment[] = [];
  for (const path of paths) {
    const text = await readInputText(path, io);
    try {
      const known = cache?.get(path);
      const compiled = known?.text === text ? known.compiled : await compileAlignment(text, { source: path });
      cache?.set(path, { text, compiled });
      for (const p of compiled.problems) io.stderr(`${formatProblem(p, path)}\n`);
      out.push(compiled);
    } catch (error) {
      if (error instanceof ValidationError) {
        for (const p of error.problems) io.stderr(`${formatProblem(p, path)}\n`);
        throw new MediatorError(`${path}: the alignment has errors, see above`, error.code);
      }
      throw withSource(error, path);
    }
  }
  return out;
}

/**
 * Resolves ids against the given alignments the way a re-run after a new version needs: the exact
 * name and version first, else the only one with that name (so `-a new-version.rdf` replaces the
 * recorded version).
 */
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
