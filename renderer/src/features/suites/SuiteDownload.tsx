/**
 * "Download for mediator test" (issue 39): the open suite as a tar archive of the folder
 * `mediator test SUITE_DIR` runs: each case's files (GET /suites/{suite}/files) and, under
 * alignments/, every alignment version the cases name, so the folder runs as it is.
 */
import { useState } from 'react';
import { errorMessage, type MediatorApi, type Suite } from '../../api/index.js';
import { IDLE, useWorkbench, type Operation } from '../../store/index.js';
import { alignmentFileName, downloadText } from '../../ui/download.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { tarOfTextFiles, type TextFile } from '../../ui/tar-text.js';

/** The folder's name: the suite's, with what a file name cannot hold replaced. */
export const suiteFolderName = (suite: string) => suite.replace(/[^\w.-]+/g, '_') || 'suite';

/** The files of the suite folder, under `<folder>/`. */
export async function suiteFolderFiles(api: MediatorApi, suite: Suite): Promise<TextFile[]> {
  const folder = suiteFolderName(suite.name);
  const files = (await api.exportSuiteFiles(suite.name)).map((f) => ({ path: `${folder}/${f.path}`, content: f.content }));
  const seen = new Map<string, { name: string; version: string }>();
  for (const c of suite.cases) for (const id of c.alignments) seen.set(`${id.name}\u0000${id.version}`, id);
  for (const id of seen.values()) {
    files.push({ path: `${folder}/alignments/${alignmentFileName(id.name, id.version)}`, content: await api.getAlignmentXml(id) });
  }
  return files;
}

export function SuiteDownloadButton({ suite }: { suite: Suite }) {
  const api = useWorkbench((s) => s.api);
  const [op, setOp] = useState<Operation>(IDLE);
  const download = async () => {
    setOp({ state: 'running' });
    try {
      const name = `${suiteFolderName(suite.name)}.tar`;
      await downloadText(name, tarOfTextFiles(await suiteFolderFiles(api, suite)), 'application/x-tar');
      setOp({ state: 'done', message: `${name}: unpack it (tar xf ${name}) and run mediator test ${suiteFolderName(suite.name)}` });
    } catch (error) {
      setOp({ state: 'failed', message: `The suite could not be exported: ${errorMessage(error)}` });
    }
  };
  return (
    <>
      <button type="button" disabled={suite.cases.length === 0 || op.state === 'running'} onClick={() => void download()}>
        Download for mediator test
      </button>
      <OperationStatus op={op} runningText="Exporting…" testId="suite-download-status" />
    </>
  );
}
