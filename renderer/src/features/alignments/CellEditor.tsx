import { documentPrefixes, readCells, type CellEntry } from '@mediator/core/authoring';
import { useMemo, useState } from 'react';
import { useWorkbench } from '../../store/index.js';
import { filterCells, type Prefix } from './cell-authoring.js';
import { CellForm } from './CellForm.js';
import { CellPicker } from './CellPicker.js';
import { CellPreview } from './CellPreview.js';

type Parsed = { readonly cells: readonly CellEntry[]; readonly prefixes: readonly Prefix[] } | { readonly error: string };

// readCells keeps its last reading (issue 42), so the form mounted again with its tab, or after an
// edit it made, does not scan the same text again.
function parse(text: string): Parsed {
  try {
    return { cells: readCells(text), prefixes: documentPrefixes(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The open alignment's cells as a form (issue 39): search, add, pick a cell, edit it. Read from the
 * editor's XML on every change (core's splicer, in the page), written back into it by each edit.
 */
export function CellEditor({ text, iris }: { readonly text: string; readonly iris: readonly string[] }) {
  const parsed = useMemo(() => parse(text), [text]);
  const [search, setSearch] = useState('');
  const selected = useWorkbench((s) => s.selectedCell);
  const select = useWorkbench((s) => s.selectCell);
  const edit = useWorkbench((s) => s.editCells);
  const error = useWorkbench((s) => s.cellEditError);
  if ('error' in parsed) {
    return (
      <p className="hint" role="status" data-testid="cell-editor-unreadable">
        The cell form needs a well-formed alignment: {parsed.error}. Fix it in the Source tab, or use Undo.
      </p>
    );
  }
  const { cells, prefixes } = parsed;
  const shown = filterCells(cells, search, prefixes);
  const current = cells[Math.min(selected, cells.length - 1)];
  return (
    <section className="cell-editor" aria-label="Edit cells">
      <div className="row">
        <button type="button" className="primary" onClick={() => edit({ kind: 'add' })}>
          Add cell
        </button>
        <input
          type="search"
          aria-label="Search cells"
          placeholder="IRI, prefixed name or pattern text…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="hint" role="status">
          {search.trim() === '' ? `${cells.length} cells` : `${shown.length} of ${cells.length} cells`}
        </span>
      </div>
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {cells.length === 0 ? (
        <p className="empty">This alignment has no cells yet: use “Add cell”, then fill in its source and target patterns.</p>
      ) : (
        <div className="cell-editor-body">
          <CellPicker cells={shown} currentIndex={current?.index} prefixes={prefixes} onSelect={select} />
          {current !== undefined && <CellForm key={current.index} cell={current} count={cells.length} prefixes={prefixes} iris={iris} />}
        </div>
      )}
      <CellPreview text={text} cellIri={current?.iri} />
    </section>
  );
}
