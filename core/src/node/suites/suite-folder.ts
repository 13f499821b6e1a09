/**
 * A suite on disk (issue 12, part 1): one folder per case with `case.json`, the input message and
 * the expected payload (common/suites/suite-files.ts has the format), so a suite lives in a git
 * repository next to the alignments. An optional `alignments/` folder holds the alignment files
 * the suite runs against when the command line names none.
 */
import { readFileSync, readdirSync, type Dirent } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CASE_FILE, MediatorError, ErrorCodes, suiteFromFiles, suiteToFiles, type SuiteFile, type api } from '../../common/index.js';

/** Folders deeper than this are not searched for cases (a suite is a flat list of case folders). */
const MAX_DEPTH = 4;

/**
 * A suite folder is read with the synchronous calls (issue 42, `mediator test`): a case is three
 * small files, and each asynchronous read is four trips through libuv's thread pool (open, stat,
 * read, close) with their promises. On a 1,000-case suite (3,000 files) the promise reads, 32 at a
 * time, took 280-320 ms of wall time and 130-150 ms of the main thread's CPU, the synchronous ones
 * 70-100 ms and 45-50 ms: the reads had cost more than running the suite's cases. Only the command
 * line and library callers read suite folders; the server keeps its suites in its store. (Still
 * async, so its callers and their errors, rejections, stay as they were.)
 */
function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw unreadable(dir, 'cannot read the suite folder', error);
  }
}

function unreadable(path: string, what: string, error: unknown): MediatorError {
  const code = (error as NodeJS.ErrnoException).code;
  return new MediatorError(`${path}: ${what}${code === undefined ? '' : ` (${code})`}`, ErrorCodes.fileUnreadable);
}

/** A case folder: its path, its path from the suite's root with `/` (empty for the root), its listing in name order. */
interface CaseFolder {
  readonly dir: string;
  readonly rel: string;
  readonly list: Dirent[];
}

/** Every case folder under `dir` (the folders holding a case.json), each listed once. */
function caseFolders(dir: string, rel: string, depth: number, out: CaseFolder[]): void {
  const list = entries(dir).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (list.some((e) => e.isFile() && e.name === CASE_FILE)) out.push({ dir, rel, list });
  if (depth >= MAX_DEPTH) return;
  for (const e of list) {
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') caseFolders(join(dir, e.name), relPath(rel, e.name), depth + 1, out);
  }
}

const relPath = (rel: string, name: string): string => (rel === '' ? name : `${rel}/${name}`);

/** The files of every case folder of the suite at `root`, paths relative to it, in folder order. */
export async function readSuiteFiles(root: string): Promise<SuiteFile[]> {
  const folders: CaseFolder[] = [];
  caseFolders(root, '', 0, folders);
  const files: SuiteFile[] = [];
  for (const folder of folders) {
    for (const e of folder.list) {
      if (!e.isFile()) continue;
      const path = join(folder.dir, e.name);
      let content: string;
      try {
        content = readFileSync(path, 'utf8');
      } catch (error) {
        throw unreadable(path, 'cannot read the suite file', error);
      }
      files.push({ path: relPath(folder.rel, e.name), content });
    }
  }
  return files;
}

/** The cases of the suite folder; ParseError naming the file for a broken case. */
export async function readSuiteFolder(root: string): Promise<api.TestCase[]> {
  const files = await readSuiteFiles(root);
  return suiteFromFiles(files);
}

/** Writes the cases as a suite folder (creating it); existing case files are overwritten. */
export async function writeSuiteFolder(root: string, cases: readonly api.TestCase[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of suiteToFiles(cases)) {
    const path = join(root, ...file.path.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content, 'utf8');
    written.push(path);
  }
  return written;
}

/** The alignment files kept in the suite's own `alignments/` folder, if any. */
export async function suiteAlignmentFiles(root: string): Promise<string[]> {
  let list;
  try {
    list = await readdir(join(root, 'alignments'), { withFileTypes: true });
  } catch {
    return [];
  }
  return list
    .filter((e) => e.isFile() && /\.(rdf|xml|owl)$/i.test(e.name))
    .map((e) => join(root, 'alignments', e.name))
    .sort();
}
