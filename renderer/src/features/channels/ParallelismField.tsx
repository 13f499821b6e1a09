/** A channel's parallelism field (the form offers 1 to 64; the API takes up to 1024): what is not a positive number reads as 1. */
export function ParallelismField(props: { readonly label: string; readonly value: number; readonly onChange: (parallelism: number) => void }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input type="number" min={1} max={64} value={props.value} onChange={(e) => props.onChange(Math.max(1, Number(e.target.value) || 1))} />
    </label>
  );
}
