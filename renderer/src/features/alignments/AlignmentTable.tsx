import { useState } from 'react';
import type { AlignmentInfo } from '../../api/index.js';
import { formatDate, shortIri } from '../../ui/format.js';
import { sameAlignment, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { NewAlignmentButton } from './NewAlignmentButton.js';
import { CompareVersionsToggle } from './LayoutControls.js';
import { OpenSamplesButton, SamplesStatus } from './OpenSamples.js';

type SortKey = 'name' | 'version' | 'creator' | 'date' | 'cellCount';
type Sort = { readonly key: SortKey; readonly dir: 'ascending' | 'descending' };

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string; optional?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'version', label: 'Version' },
  { key: 'creator', label: 'Creator', optional: true },
  { key: 'date', label: 'Uploaded', optional: true },
  { key: 'cellCount', label: 'Cells' },
];

function compare(a: AlignmentInfo, b: AlignmentInfo, key: SortKey): number {
  const x = a[key] ?? '';
  const y = b[key] ?? '';
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y), undefined, { numeric: true });
}

/** Rows whose name, version, creator, description or ontologies contain every word of the search. */
export function filterAlignments(rows: readonly AlignmentInfo[], search: string): AlignmentInfo[] {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  return rows.filter((a) => {
    const text = [a.name, a.version, a.creator, a.description, a.sourceOntologyURI, a.targetOntologyURI].join(' ').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export function AlignmentTable() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort | undefined>(undefined);
  const alignments = useWorkbench((s) => s.alignments);
  const op = useWorkbench((s) => s.alignmentsOp);
  const editor = useWorkbench((s) => s.editor);
  const open = useWorkbench((s) => s.openStoredAlignment);
  const requestDelete = useWorkbench((s) => s.requestDelete);
  const reload = useWorkbench((s) => s.loadAlignments);
  const openId = editor?.source.kind === 'stored' ? editor.source.id : undefined;
  const filtered = filterAlignments(alignments, search);
  const shown = sort === undefined ? filtered : [...filtered].sort((a, b) => compare(a, b, sort.key) * (sort.dir === 'ascending' ? 1 : -1));

  return (
    <section className="panel" aria-labelledby="alignments-title" data-drop-target="alignments">
      <div className="panel-header">
        <h2 id="alignments-title">Alignments ({alignments.length})</h2>
        <input
          type="search"
          className="table-search"
          aria-label="Search alignments"
          placeholder="Search name, version, ontology…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" onClick={() => void reload()}>
          Refresh
        </button>
        <NewAlignmentButton />
        <CompareVersionsToggle />
        <OpenSamplesButton />
      </div>
      <OperationStatus op={op} runningText="Loading alignments…" />
      <SamplesStatus />
      {alignments.length === 0 && op.state === 'failed' ? null : alignments.length === 0 && op.state !== 'running' ? (
        <p className="empty">
          No alignments stored yet. To start, choose <strong>Open samples</strong> above (sample alignments, and a sample message in Translate), drop .rdf or
          .xml files on this screen, choose files or paste XML under Upload. A legacy pure-XML alignment gets a <strong>Convert to IPSM-AF</strong> button.
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="Alignments">
            <thead>
              <tr>
                {COLUMNS.slice(0, 2).map((c) => (
                  <SortHeader key={c.key} column={c} sort={sort} onSort={setSort} />
                ))}
                <th scope="col" className="col-optional">
                  Source → target ontology
                </th>
                {COLUMNS.slice(2).map((c) => (
                  <SortHeader key={c.key} column={c} sort={sort} onSort={setSort} />
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <AlignmentRow
                  key={`${a.name}\u0000${a.version}`}
                  a={a}
                  selected={openId !== undefined && sameAlignment(openId, a)}
                  onOpen={() => void open({ name: a.name, version: a.version })}
                  onDelete={() => requestDelete({ name: a.name, version: a.version })}
                />
              ))}
            </tbody>
          </table>
          {shown.length === 0 && (
            <p className="empty" role="status">
              No alignment matches “{search}”.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function SortHeader({ column, sort, onSort }: { column: (typeof COLUMNS)[number]; sort: Sort | undefined; onSort: (sort: Sort) => void }) {
  const current = sort?.key === column.key ? sort.dir : undefined;
  return (
    <th scope="col" aria-sort={current ?? 'none'} className={column.optional === true ? 'col-optional' : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort({ key: column.key, dir: current === 'ascending' ? 'descending' : 'ascending' })}>
        {column.label}
        <span aria-hidden="true">{current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

function AlignmentRow({ a, selected, onOpen, onDelete }: { a: AlignmentInfo; selected: boolean; onOpen: () => void; onDelete: () => void }) {
  return (
    <tr aria-selected={selected} data-testid="alignment-row" data-name={a.name} data-version={a.version}>
      <th scope="row" title={a.description}>
        <button type="button" className="link" onClick={onOpen} aria-label={`Open ${a.name} ${a.version}`}>
          {a.name}
        </button>
      </th>
      <td>{a.version}</td>
      <td className="iri col-optional">
        <span title={a.sourceOntologyURI}>{shortIri(a.sourceOntologyURI)}</span> → <span title={a.targetOntologyURI}>{shortIri(a.targetOntologyURI)}</span>
      </td>
      <td className="col-optional">{a.creator}</td>
      <td className="date col-optional">{formatDate(a.date)}</td>
      <td className="num">{a.cellCount}</td>
      <td className="actions">
        <button type="button" onClick={onDelete} aria-label={`Delete alignment ${a.name} ${a.version}`}>
          Delete…
        </button>
      </td>
    </tr>
  );
}
