import { alignmentKey, useWorkbench } from '../../store/index.js';

/** An alignment picker whose first option is "none" (the old dashboard's IDENTITY). */
export function AlignmentSelect({ label, value, onChange }: { label: string; value: string; onChange: (key: string) => void }) {
  const alignments = useWorkbench((s) => s.alignments);
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">None (identity)</option>
        {alignments.map((a) => (
          <option key={alignmentKey(a)} value={alignmentKey(a)}>
            {a.name} {a.version}
          </option>
        ))}
      </select>
    </label>
  );
}
