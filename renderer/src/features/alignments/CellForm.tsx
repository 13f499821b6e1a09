import { normalizePattern, type CellEntry, type CellTextField, type ConstraintDraft } from '@mediator/core/authoring';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useWorkbench } from '../../store/index.js';
import { prefixedName } from '../graph/prefixed-name.js';
import { turtleProblem, type Prefix } from './cell-authoring.js';
import { termSuggestions, wordBefore } from './completion-vocabulary.js';
import { DraftInput, trimmed, useDraft } from './DraftInput.js';
import { FunctionFields } from './FunctionFields.js';

/** Relations IPSM-AF cells use (Alignment API: equivalence, subsumption both ways, incompatibility). */
const RELATIONS = ['=', '<', '>', '%'];
const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const XSD_DATATYPES = ['string', 'int', 'integer', 'long', 'decimal', 'float', 'double', 'boolean', 'dateTime', 'dateTimeStamp', 'anyURI'].map(
  (t) => XSD + t,
);

interface PatternProps {
  readonly cell: CellEntry;
  readonly field: 'entity1' | 'entity2';
  readonly label: string;
  readonly prefixes: readonly Prefix[];
  readonly iris: readonly string[];
}

function PatternField({ cell, field, label, prefixes, iris }: PatternProps) {
  const edit = useWorkbench((s) => s.editCells);
  const [draft, setDraft] = useDraft(cell[field], normalizePattern);
  const [caret, setCaret] = useState<number | undefined>(undefined);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const problem = turtleProblem(draft, prefixes);
  const rdfxml = cell[`${field}Format`] === 'rdfxml';
  const write = (value: string) => {
    setDraft(value);
    edit({ kind: 'set-text', index: cell.index, field, value }, `${field}:${cell.index}`);
  };
  const at = wordBefore(draft, caret ?? 0);
  const suggestions = caret === undefined || rdfxml ? [] : termSuggestions(at.word, iris, prefixes);
  const insert = (text: string) => {
    write(draft.slice(0, at.start) + text + draft.slice(caret ?? at.start));
    const next = at.start + text.length;
    setCaret(next);
    requestAnimationFrame(() => area.current?.setSelectionRange(next, next));
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        ref={area}
        id={id}
        className="pattern-field"
        rows={Math.min(14, Math.max(4, draft.split('\n').length + 1))}
        value={draft}
        readOnly={rdfxml}
        spellCheck={false}
        aria-invalid={problem !== undefined}
        aria-describedby={`${id}-help`}
        placeholder={field === 'entity1' ? 'var:CTX a ex:Source ; ex:value var:v .' : 'var:CTX a ex:Target ; ex:hasValue var:v .'}
        onChange={(e) => {
          setCaret(e.target.selectionStart);
          write(e.target.value);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setCaret(undefined)}
      />
      {suggestions.length > 0 && (
        <div className="suggestions" role="group" aria-label="Suggested terms">
          {suggestions.map((s) => (
            <button key={s.text} type="button" title={s.detail} onMouseDown={(e) => e.preventDefault()} onClick={() => insert(s.text)}>
              {s.text}
            </button>
          ))}
        </div>
      )}
      <p id={`${id}-help`} className={problem === undefined ? 'hint' : 'error'} role={problem === undefined ? undefined : 'alert'}>
        {rdfxml
          ? 'Written as RDF/XML: convert the cells to Turtle (“Convert to Turtle cells”) to edit it here.'
          : problem === undefined
            ? `Turtle with the alignment's prefixes${field === 'entity1' ? ': the triples matched and deleted' : ': the triples inserted'}.`
            : `Not valid Turtle: ${problem.message}`}
      </p>
    </div>
  );
}

function TextField({ cell, field, label, options }: { cell: CellEntry; field: CellTextField; label: string; options: readonly string[] }) {
  const edit = useWorkbench((s) => s.editCells);
  const [draft, setDraft] = useDraft(cell[field], trimmed);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        list={`${id}-options`}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          edit({ kind: 'set-text', index: cell.index, field, value: e.target.value }, `${field}:${cell.index}`);
        }}
      />
      <datalist id={`${id}-options`}>
        {options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
    </div>
  );
}

function ConstraintRows({ cell, field, title, variables }: { cell: CellEntry; field: 'typings' | 'filters'; title: string; variables: readonly string[] }) {
  const edit = useWorkbench((s) => s.editCells);
  const items = cell[field];
  const write = (next: readonly ConstraintDraft[], group?: string) => edit({ kind: 'set-constraints', index: cell.index, field, items: next }, group);
  const noun = field === 'typings' ? 'typing' : 'filter';
  const listId = useId();
  return (
    <fieldset className="cell-constraints">
      <legend>{title}</legend>
      <datalist id={`${listId}-types`}>
        {XSD_DATATYPES.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
      <datalist id={`${listId}-vars`}>
        {variables.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {items.map((c, i) => (
        <div className="row" key={i}>
          <DraftInput
            label={`Variable of ${noun} ${i + 1}`}
            list={`${listId}-vars`}
            value={c.variable}
            onChange={(v) =>
              write(
                items.map((x, j) => (j === i ? { ...x, variable: v } : x)),
                `${field}:${cell.index}:${i}:v`,
              )
            }
          />
          <DraftInput
            label={`Datatype of ${noun} ${i + 1}`}
            list={`${listId}-types`}
            value={c.datatype}
            onChange={(v) =>
              write(
                items.map((x, j) => (j === i ? { ...x, datatype: v } : x)),
                `${field}:${cell.index}:${i}:d`,
              )
            }
          />
          <button type="button" onClick={() => write(items.filter((_, j) => j !== i))} aria-label={`Remove ${noun} ${i + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => write([...items, { variable: variables[0] ?? '', datatype: `${XSD}string` }])}>
        Add {noun}
      </button>
    </fieldset>
  );
}

/** The variables a cell's patterns name (`var:x` and `?x`), offered where a variable is asked for. */
export function patternVariables(cell: CellEntry): string[] {
  const found = new Set<string>();
  for (const m of `${cell.entity1}\n${cell.entity2}`.matchAll(/(?:\bvar:|\?)([A-Za-z_][\w-]*)/g)) if (m[1] !== undefined) found.add(m[1]);
  return [...found];
}

function CellActions({ cell, count, label }: { cell: CellEntry; count: number; label: string }) {
  const edit = useWorkbench((s) => s.editCells);
  const button = (text: string, onClick: () => void, disabled = false): ReactNode => (
    <button type="button" onClick={onClick} disabled={disabled} aria-label={`${text} ${label}`}>
      {text}
    </button>
  );
  return (
    <div className="toolbar" role="toolbar" aria-label={`Actions on ${label}`}>
      {button('Duplicate', () => edit({ kind: 'duplicate', index: cell.index }))}
      {button('Move up', () => edit({ kind: 'move', index: cell.index, delta: -1 }), cell.index === 0)}
      {button('Move down', () => edit({ kind: 'move', index: cell.index, delta: 1 }), cell.index >= count - 1)}
      {button('Delete cell', () => edit({ kind: 'delete', index: cell.index }))}
    </div>
  );
}

/** One cell's form: patterns, relation, functions, typings and filters, each edit written into the XML at once. */
export function CellForm({ cell, count, prefixes, iris }: { cell: CellEntry; count: number; prefixes: readonly Prefix[]; iris: readonly string[] }) {
  const label = prefixedName(cell.iri, prefixes);
  const variables = patternVariables(cell);
  return (
    <div className="cell-form" aria-label={`Cell ${label}`} role="group" data-testid="cell-form">
      <div className="panel-header">
        <h4 title={cell.iri}>{label}</h4>
        <span className="hint">
          line {cell.line}
          {cell.inSteps ? '' : ' · no step runs it'}
        </span>
      </div>
      <CellActions cell={cell} count={count} label={label} />
      <div className="cell-entities">
        <PatternField cell={cell} field="entity1" label="Source pattern" prefixes={prefixes} iris={iris} />
        <PatternField cell={cell} field="entity2" label="Target pattern" prefixes={prefixes} iris={iris} />
      </div>
      <TextField cell={cell} field="relation" label="Relation" options={RELATIONS} />
      <FunctionFields cell={cell} variables={variables} />
      <ConstraintRows cell={cell} field="typings" title="Typings (variable : datatype)" variables={variables} />
      <ConstraintRows cell={cell} field="filters" title="Filters (keep solutions whose variable has the datatype)" variables={variables} />
    </div>
  );
}
