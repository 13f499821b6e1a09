import type { AlignmentId, AlignmentInfo } from '../../api/index.js';
import { alignmentKey, defaultDiffPick, parseAlignmentKey, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { AlignmentDiffView } from './AlignmentDiffView.js';

/**
 * "Compare versions" on the alignment list (issue 12, part 2): pick an old and a new stored
 * alignment (by default the two latest versions of a name) and see what changed.
 */
export function AlignmentDiffPanel() {
  const alignments = useWorkbench((s) => s.alignments);
  const pick = useWorkbench((s) => s.diffPick);
  const setPick = useWorkbench((s) => s.setDiffPick);
  const compare = useWorkbench((s) => s.compareAlignments);
  const close = useWorkbench((s) => s.closeDiff);
  const op = useWorkbench((s) => s.diffOp);
  const result = useWorkbench((s) => s.diffResult);
  if (alignments.length < 2 && result === undefined) return null;
  const fallback = defaultDiffPick(alignments);
  const oldId = pick.old ?? fallback.old;
  const newId = pick.new ?? fallback.new;

  return (
    <section className="panel alignment-diff" id="alignment-diff-panel" aria-labelledby="alignment-diff-title">
      <div className="panel-header">
        <h2 id="alignment-diff-title">Compare versions</h2>
        {result !== undefined && (
          <button type="button" onClick={close}>
            Close comparison
          </button>
        )}
      </div>
      <form
        className="diff-pick"
        onSubmit={(e) => {
          e.preventDefault();
          if (pick.old === undefined) setPick('old', oldId);
          if (pick.new === undefined) setPick('new', newId);
          void compare();
        }}
      >
        <AlignmentPicker label="Old alignment" alignments={alignments} value={oldId} onChange={(id) => setPick('old', id)} />
        <AlignmentPicker label="New alignment" alignments={alignments} value={newId} onChange={(id) => setPick('new', id)} />
        <button type="submit" disabled={oldId === undefined || newId === undefined || op.state === 'running'}>
          Compare
        </button>
      </form>
      <OperationStatus op={op} runningText="Comparing…" testId="diff-status" showDone={false} />
      {result !== undefined && <AlignmentDiffView result={result} />}
    </section>
  );
}

function AlignmentPicker({
  label,
  alignments,
  value,
  onChange,
}: {
  label: string;
  alignments: readonly AlignmentInfo[];
  value: AlignmentId | undefined;
  onChange: (id: AlignmentId | undefined) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={alignmentKey(value)} onChange={(e) => onChange(e.target.value === '' ? undefined : parseAlignmentKey(e.target.value))}>
        <option value="">(pick one)</option>
        {alignments.map((a) => (
          <option key={alignmentKey(a)} value={alignmentKey(a)}>
            {a.name} {a.version}
          </option>
        ))}
      </select>
    </label>
  );
}
