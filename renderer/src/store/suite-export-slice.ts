/**
 * A suite as the folder `mediator test SUITE_DIR` runs (issue 39): each case's files (GET
 * /suites/{suite}/files) and, under alignments/, every alignment version its cases name, so the
 * folder runs as it is. The Suites screen packs it (ui/tar-text.ts) and saves it.
 */
import type { Suite } from '../api/index.js';
import type { SliceCreator } from './types.js';

export interface SuiteFolder {
  /** The folder's name: the suite's, with what a file name cannot hold replaced. */
  readonly folder: string;
  /** Paths under the folder's parent (`<folder>/<case>/case.json`, `<folder>/alignments/<name>-<version>.rdf`). */
  readonly files: ReadonlyArray<{ readonly path: string; readonly content: string }>;
}

export interface SuiteExportSlice {
  suiteFolder(suite: Suite): Promise<SuiteFolder>;
}

declare module './types.js' {
  interface WorkbenchState extends SuiteExportSlice {}
}

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');

export const suiteFolderName = (suite: string): string => safe(suite) || 'suite';

export const createSuiteExportSlice: SliceCreator<SuiteExportSlice> = (_set, get) => ({
  async suiteFolder(suite) {
    const folder = suiteFolderName(suite.name);
    const files = (await get().api.exportSuiteFiles(suite.name)).map((f) => ({ path: `${folder}/${f.path}`, content: f.content }));
    const named = new Map<string, { name: string; version: string }>();
    for (const c of suite.cases) for (const id of c.alignments) named.set(`${id.name}\u0000${id.version}`, id);
    for (const id of named.values()) {
      files.push({ path: `${folder}/alignments/${safe(id.name)}-${safe(id.version)}.rdf`, content: await get().api.getAlignmentXml(id) });
    }
    return { folder, files };
  },
});
