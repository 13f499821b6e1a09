/**
 * "Download for mediator test" (issue 39): the open suite as a tar archive of the folder
 * `mediator test SUITE_DIR` runs (store/suite-export-slice.ts gathers its files).
 */
import { useState } from 'react';
import type { Suite } from '../../api/index.js';
import { IDLE, useWorkbench, type Operation } from '../../store/index.js';
import { downloadText } from '../../ui/download.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { tarOfTextFiles } from '../../ui/tar-text.js';

export function SuiteDownloadButton({ suite }: { suite: Suite }) {
  const suiteFolder = useWorkbench((s) => s.suiteFolder);
  const [op, setOp] = useState<Operation>(IDLE);
  const download = async () => {
    setOp({ state: 'running' });
    try {
      const { folder, files } = await suiteFolder(suite);
      const name = `${folder}.tar`;
      await downloadText(name, tarOfTextFiles(files), 'application/x-tar');
      setOp({ state: 'done', message: `${name}: unpack it (tar xf ${name}) and run mediator test ${folder}` });
    } catch (error) {
      setOp({ state: 'failed', message: `The suite could not be exported: ${error instanceof Error ? error.message : String(error)}` });
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
