import { useEffect } from 'react';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { SplitView } from '../../ui/SplitView.js';
import { AlignmentDiffPanel } from '../alignment-diff/AlignmentDiffPanel.js';
import { AlignmentEditorPanel } from './AlignmentEditorPanel.js';
import { AlignmentTable } from './AlignmentTable.js';
import { DeleteAlignmentDialog } from './DeleteAlignmentDialog.js';
import { EditorLayoutBar } from './LayoutControls.js';
import { UploadPanel } from './UploadPanel.js';

export function AlignmentsScreen() {
  const load = useWorkbench((s) => s.loadAlignments);
  const pendingDelete = useWorkbench((s) => s.pendingDelete);
  const deleteOp = useWorkbench((s) => s.deleteOp);

  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => {
    void load();
  }, [load, reconnects]);

  // List beside detail once an alignment is open (issue 25, point 5): the editor (and the version diff)
  // then starts at the top of the window, not below the list; alone, the list takes the full width.
  const detailOpen = useWorkbench((s) => s.editor !== undefined);
  const listHidden = useWorkbench((s) => s.layout.listHidden);
  const compareOpen = useWorkbench((s) => s.compareOpen);
  const list = (
    <>
      <AlignmentTable />
      <UploadPanel />
    </>
  );
  const detail = (
    <>
      {detailOpen && <EditorLayoutBar />}
      {compareOpen && <AlignmentDiffPanel />}
      {pendingDelete === undefined && deleteOp.state === 'done' && <OperationStatus op={deleteOp} />}
      <AlignmentEditorPanel />
    </>
  );
  return (
    <div className="screen alignments-screen">
      {detailOpen && listHidden ? (
        detail
      ) : detailOpen ? (
        <SplitView id="alignments" label="Resize the alignment list" initial={38} list={list} detail={detail} />
      ) : (
        <>
          <div className="columns">{list}</div>
          {detail}
        </>
      )}
      {pendingDelete !== undefined && <DeleteAlignmentDialog id={pendingDelete} />}
    </div>
  );
}
