import { describeLeave, useWorkbench } from '../store/index.js';
import { ModalDialog } from '../ui/ConfirmDialog.js';

/**
 * Asks what to do with the editor's unsaved edits when the user takes a way out of it
 * (store/leave-guard-slice.ts): Save uploads them first, Discard drops them, Cancel stays.
 */
export function UnsavedEditsDialog() {
  const pending = useWorkbench((s) => s.pendingLeave);
  const editor = useWorkbench((s) => s.editor);
  const resolve = useWorkbench((s) => s.resolveLeave);
  if (pending === undefined || editor === undefined) return null;
  const name = editor.source.kind === 'stored' ? `${editor.source.id.name} ${editor.source.id.version}` : editor.source.label;
  return (
    <ModalDialog
      title="Unsaved edits"
      onCancel={() => void resolve('cancel')}
      actions={
        <>
          <button type="button" className="primary" onClick={() => void resolve('save')}>
            Save
          </button>
          <button type="button" className="danger" onClick={() => void resolve('discard')}>
            Discard
          </button>
          <button type="button" onClick={() => void resolve('cancel')}>
            Cancel
          </button>
        </>
      }
    >
      <p>
        The editor holds edits of <strong>{name}</strong> that are not uploaded. To {describeLeave(pending)}: Save uploads them first, Discard drops them;
        Cancel keeps editing.
      </p>
    </ModalDialog>
  );
}
