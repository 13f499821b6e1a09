import type { Sample } from '../../store/index.js';
import { SAMPLES } from './samples/index.js';

/** A choice among the embedded sample messages; the empty value (`placeholder`) picks none. */
export function SampleSelect(props: { readonly value: string; readonly placeholder: string; readonly onPick: (sample: Sample) => void }) {
  return (
    <select
      value={props.value}
      onChange={(e) => {
        const sample = SAMPLES.find((s) => s.id === e.target.value);
        if (sample) props.onPick(sample);
      }}
    >
      <option value="">{props.placeholder}</option>
      {SAMPLES.map((s) => (
        <option key={s.id} value={s.id}>
          {s.label}
        </option>
      ))}
    </select>
  );
}
