import { functionSignatures, type CellEntry, type FunctionDraft, type FunctionParamDraft, type FunctionSignature } from '@mediator/core/authoring';
import { useId } from 'react';
import { useWorkbench } from '../../store/index.js';
import { DraftInput } from './DraftInput.js';

/** Every function the mediator runs, once per page. */
const SIGNATURES: readonly FunctionSignature[] = functionSignatures();

function arity(s: FunctionSignature): string {
  if (s.maxArgs === Infinity) return `${s.minArgs} or more arguments`;
  if (s.minArgs === s.maxArgs) return s.minArgs === 1 ? '1 argument' : `${s.minArgs} arguments`;
  return `${s.minArgs}–${s.maxArgs} arguments`;
}

function signatureOf(name: string): FunctionSignature | undefined {
  return SIGNATURES.find((s) => s.name.toUpperCase() === name.trim().toUpperCase());
}

/** The arguments resized to what the function takes (at least its minimum, one for a variable-length one). */
function fitParams(params: readonly FunctionParamDraft[], s: FunctionSignature | undefined, variables: readonly string[]): FunctionParamDraft[] {
  if (s === undefined) return [...params];
  const want = Math.max(s.minArgs, Math.min(params.length, s.maxArgs), s.maxArgs === Infinity ? 1 : 0);
  const out = params.slice(0, want);
  while (out.length < want) out.push({ kind: 'variable', value: variables[out.length] ?? variables[0] ?? '' });
  return out;
}

function ParamRow({
  fn,
  i,
  p,
  write,
  variablesId,
}: {
  fn: string;
  i: number;
  p: FunctionParamDraft;
  write: (p: FunctionParamDraft | undefined) => void;
  variablesId: string;
}) {
  const id = useId();
  return (
    <div className="row">
      <span className="inline-field">
        <label htmlFor={id}>{`Argument ${i + 1} of ${fn}`}</label>
        <select id={id} value={p.kind} onChange={(e) => write({ kind: e.target.value === 'value' ? 'value' : 'variable', value: p.value })}>
          <option value="variable">variable</option>
          <option value="value">literal value</option>
        </select>
      </span>
      <DraftInput
        label={p.kind === 'variable' ? `Variable of argument ${i + 1}` : `Value of argument ${i + 1}`}
        value={p.value}
        {...(p.kind === 'variable' ? { list: variablesId } : {})}
        onChange={(value) => write({ ...p, value })}
      />
      <button type="button" onClick={() => write(undefined)} aria-label={`Remove argument ${i + 1} of ${fn}`}>
        Remove
      </button>
    </div>
  );
}

function FunctionRow({
  f,
  i,
  write,
  variables,
  variablesId,
}: {
  f: FunctionDraft;
  i: number;
  write: (f: FunctionDraft | undefined, group?: string) => void;
  variables: readonly string[];
  variablesId: string;
}) {
  const label = `function ${i + 1}`;
  const known = signatureOf(f.name);
  const setParam = (j: number, p: FunctionParamDraft | undefined) =>
    write({ ...f, params: p === undefined ? f.params.filter((_, k) => k !== j) : f.params.map((x, k) => (k === j ? p : x)) }, `fn:${i}:${j}`);
  return (
    <li className="cell-function">
      <div className="row">
        <span className="inline-field">
          <label htmlFor={`${variablesId}-fn-${i}`}>{`Function ${i + 1}`}</label>
          <select
            id={`${variablesId}-fn-${i}`}
            value={known?.name ?? f.name}
            onChange={(e) => write({ ...f, name: e.target.value, params: fitParams(f.params, signatureOf(e.target.value), variables) })}
          >
            {known === undefined && <option value={f.name}>{f.name}</option>}
            {SIGNATURES.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} ({arity(s)})
              </option>
            ))}
          </select>
        </span>
        <DraftInput label={`Result of ${label}`} value={f.result} list={variablesId} onChange={(result) => write({ ...f, result }, `fn:${i}:result`)} />
        <button type="button" onClick={() => write(undefined)} aria-label={`Remove ${label}`}>
          Remove
        </button>
      </div>
      {f.params.map((p, j) => (
        <ParamRow key={j} fn={label} i={j} p={p} write={(next) => setParam(j, next)} variablesId={variablesId} />
      ))}
      {(known === undefined || f.params.length < known.maxArgs) && (
        <button type="button" onClick={() => write({ ...f, params: [...f.params, { kind: 'value', value: '' }] })} aria-label={`Add argument to ${label}`}>
          Add argument
        </button>
      )}
    </li>
  );
}

/** A cell's transformation: functions in order, each picked from the whole function set, with its arguments and result. */
export function FunctionFields({ cell, variables }: { readonly cell: CellEntry; readonly variables: readonly string[] }) {
  const edit = useWorkbench((s) => s.editCells);
  const variablesId = useId();
  const functions = cell.functions;
  const write = (next: readonly FunctionDraft[], group?: string) =>
    edit({ kind: 'set-functions', index: cell.index, functions: next }, group && `${group}:${cell.index}`);
  const add = () => {
    const input = variables[1] ?? variables[0] ?? '';
    write([...functions, { name: 'STR', params: [{ kind: 'variable', value: input }], result: `${input || 'value'}_str` }]);
  };
  return (
    <fieldset className="cell-functions-form">
      <legend>Functions (transformation)</legend>
      <datalist id={variablesId}>
        {variables.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {functions.length === 0 && <p className="hint">No function: the target pattern uses the source pattern's values as they are.</p>}
      <ol>
        {functions.map((f, i) => (
          <FunctionRow
            key={i}
            f={f}
            i={i}
            variables={variables}
            variablesId={variablesId}
            write={(next, group) => write(next === undefined ? functions.filter((_, j) => j !== i) : functions.map((x, j) => (j === i ? next : x)), group)}
          />
        ))}
      </ol>
      <button type="button" onClick={add}>
        Add function
      </button>
    </fieldset>
  );
}
