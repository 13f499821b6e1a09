import { useState } from 'react';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

/** "Save as test case" (issue 12): the current chain and message go to a suite; the server records the output they produce now. */
export function SaveTestCase() {
  const sequence = useWorkbench((s) => s.sequence);
  const messageText = useWorkbench((s) => s.messageText);
  const suggested = useWorkbench((s) => s.sampleId ?? s.messageFileName?.replace(/\.[^.]*$/, '') ?? 'case');
  const suites = useWorkbench((s) => s.suites);
  const save = useWorkbench((s) => s.saveAsTestCase);
  const loadSuites = useWorkbench((s) => s.loadSuites);
  const op = useWorkbench((s) => s.saveCaseOp);
  const [open, setOpen] = useState(false);
  const [suite, setSuite] = useState('');
  const [name, setName] = useState('');
  const canSave = messageText.trim() !== '' && sequence.length > 0;
  const status = <OperationStatus op={op} runningText="Saving…" testId="save-case-status" />;
  if (!open) {
    return (
      <>
        <button
          type="button"
          disabled={!canSave}
          title={canSave ? 'Store the chain, the message and the output it produces now as a test case' : 'Add alignments and a message first'}
          onClick={() => {
            setOpen(true);
            setName(suggested);
            setSuite(suites[0]?.name ?? 'regression');
            void loadSuites();
          }}
        >
          Save as test case…
        </button>
        {status}
      </>
    );
  }
  return (
    <form
      className="row save-case"
      aria-label="Save as test case"
      onSubmit={(e) => {
        e.preventDefault();
        void save(suite.trim(), name.trim()).then((saved) => saved && setOpen(false));
      }}
    >
      <label className="field inline">
        <span>Suite</span>
        <input value={suite} list="known-suites" onChange={(e) => setSuite(e.target.value)} required />
        <datalist id="known-suites">
          {suites.map((s) => (
            <option key={s.name} value={s.name} />
          ))}
        </datalist>
      </label>
      <label className="field inline">
        <span>Case name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <button type="submit" className="primary" disabled={!canSave || suite.trim() === '' || name.trim() === ''}>
        Save case
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {status}
    </form>
  );
}
