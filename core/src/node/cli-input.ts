/**
 * Reading the files a CLI verb is given: one rule for every verb (a file, or `-` for standard
 * input; an unreadable file is a FILE_UNREADABLE error naming it and the system's reason), so the
 * verbs in their own modules (bridge, api-diff, diff, test, coverage) say the same thing.
 */
import { readFile } from 'node:fs/promises';
import { MediatorError } from '../common/index.js';

/** The file's text; `-` reads standard input when `io` is given. */
export async function readInputText(path: string, io?: { readonly readStdin: () => Promise<string> }): Promise<string> {
  if (path === '-' && io !== undefined) return io.readStdin();
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MediatorError(`${path}: cannot read file${code === undefined ? '' : ` (${code})`}`, 'FILE_UNREADABLE', { cause: error });
  }
}
