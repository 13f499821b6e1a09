/**
 * A suite on disk (issue 12, part 1): one folder per case with `case.json`, the input message and
 * the expected payload (common/suites/suite-files.ts has the format), so a suite lives in a git
 * repository next to the alignments. An optional `alignments/` folder holds the alignment files
 * the suite runs against when the command line names none.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { CASE_FILE, MediatorError, ErrorCodes, suiteFromFiles, suiteToFiles, type SuiteFile, type api } from '../../common/index.js';

/** Folders deeper than this are not searched for cases (a suite is a flat list of case folders). */
const MAX_DEPTH = 4;

async function entries(dir: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MediatorError(`${dir}: cannot read the suite folder${code === undefined ? '' : ` (${code})`}`, ErrorCodes.fileUnreadable);
  }
}

/** Every case folder under `root`: the folders holding a case.json. */
async function caseFolders(root: string, dir: string, depth: number, out: string[]): Promise<void> {
  const list = await entries(dir);
  if (list.some((e) => e.isFile() && e.name === CASE_FILE)) out.push(dir);
  if (depth >= MAX_DEPTH) return;
  for (const e of list.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') await caseFolders(root, join(dir, e.name), depth + 1, out);
  }
}

/** How many files of a suite are read at once: one at a time, a 1,000-case suite waited on 3,000 reads in turn. */
const READS_AT_ONCE = 32;

/** The files of every case folder of the suite at `root`, paths relative to it, in folder order. */
export async function readSuiteFiles(root: string): Promise<SuiteFile[]> {
  const folders: string[] = [];
  await caseFolders(root, root, 0, folders);
  const paths: string[] = [];
  for (const folder of folders) for (const e of await entries(folder)) if (e.isFile()) paths.push(join(folder, e.name));
  const files: SuiteFile[] = [];
  for (let at = 0; at < paths.length; at += READS_AT_ONCE) {
    const batch = paths.slice(at, at + READS_AT_ONCE);
    const contents = await Promise.all(batch.map(async (path) => readFile(path, 'utf8')));
    batch.forEach((path, i) => files.push({ path: relative(root, path).split(sep).join('/'), content: contents[i] ?? '' }));
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
