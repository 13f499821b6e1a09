import { useState, type DragEvent } from 'react';
import { useWorkbench, type ApiSide } from '../../store/index.js';

const LABELS: Record<ApiSide, string> = { old: 'Old document', new: 'New document' };
const FILE_VALUE = '#file';

/**
 * One side of the comparison: a shipped version from the list, or a Swagger 2.0 file (YAML or
 * JSON) picked or dropped on the panel. The panel is its own drop zone (data-file-drop), so a file
 * dropped here is compared, not uploaded as an alignment.
 */
export function DocumentPicker({ side }: { readonly side: ApiSide }) {
  const samples = useWorkbench((s) => s.apiSamples);
  const choice = useWorkbench((s) => (side === 'old' ? s.apiOld : s.apiNew));
  const choose = useWorkbench((s) => s.chooseApiDocument);
  const [over, setOver] = useState(false);
  const id = `api-${side}`;

  const takeFile = async (file: File | undefined) => {
    if (file === undefined) return;
    await choose(side, { kind: 'file', name: file.name, text: await file.text() });
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void takeFile(e.dataTransfer.files[0]);
  };

  const value = choice.kind === 'sample' ? choice.version : choice.kind === 'file' ? FILE_VALUE : '';
  return (
    <section
      className={`panel api-document${over ? ' drop-target' : ''}`}
      aria-labelledby={`${id}-title`}
      data-file-drop=""
      data-testid={`${id}-drop`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id={`${id}-title`}>{LABELS[side]}</h2>
      <label>
        Shipped version{' '}
        <select
          aria-label={`${LABELS[side]}: shipped version`}
          value={value}
          onChange={(e) => {
            if (e.target.value !== '' && e.target.value !== FILE_VALUE) void choose(side, { kind: 'sample', version: e.target.value });
          }}
        >
          <option value="">Choose…</option>
          {samples.map((s) => (
            <option key={s.version} value={s.version}>
              {s.title} {s.version} ({s.fileName})
            </option>
          ))}
          {choice.kind === 'file' && <option value={FILE_VALUE}>File: {choice.name}</option>}
        </select>
      </label>
      <label>
        or a Swagger 2.0 file (YAML or JSON){' '}
        <input type="file" aria-label={`${LABELS[side]}: file`} accept=".yaml,.yml,.json" onChange={(e) => void takeFile(e.target.files?.[0])} />
      </label>
      <p className="hint">…or drop one here.</p>
    </section>
  );
}
