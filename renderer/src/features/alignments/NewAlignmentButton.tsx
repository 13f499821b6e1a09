import { useState } from 'react';
import { useWorkbench } from '../../store/index.js';
import { ModalDialog } from '../../ui/ConfirmDialog.js';

/**
 * "New alignment" (issue 39): asks a name and a version, then opens an alignment with no cells in
 * the editor, not stored until saved, so a user starts without typing any XML.
 */
export function NewAlignmentButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        New alignment
      </button>
      {open && <NewAlignmentDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function NewAlignmentDialog({ onClose }: { readonly onClose: () => void }) {
  const create = useWorkbench((s) => s.createAlignment);
  const taken = useWorkbench((s) => s.alignments);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('1.0');
  const exists = taken.some((a) => a.name === name.trim() && a.version === version.trim());
  const missing = name.trim() === '' || version.trim() === '';
  const submit = () => {
    if (missing) return;
    create(name, version);
    onClose();
  };
  return (
    <ModalDialog
      title="New alignment"
      onCancel={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="new-alignment-form" className="primary" disabled={missing}>
            Create
          </button>
        </>
      }
    >
      <form
        id="new-alignment-form"
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label>
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} autoFocus required />
        </label>
        <label>
          Version
          <input value={version} onChange={(e) => setVersion(e.target.value)} required />
        </label>
      </form>
      <p className="hint" role="status">
        {missing
          ? 'Give the alignment a name and a version; it opens in the editor with no cells, ready for “Add cell”.'
          : exists
            ? `${name.trim()} ${version.trim()} is already stored: saving will ask to store a new version.`
            : 'Opens in the editor, not stored until you save it.'}
      </p>
    </ModalDialog>
  );
}
