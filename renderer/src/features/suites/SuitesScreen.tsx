import { useEffect, useState } from 'react';
import type { CaseResult, CellContribution, CellDifference, StepCounts } from '../../api/index.js';
import { formatMs } from '../../ui/format.js';
import { runSummary, useWorkbench } from '../../store/index.js';
import { cellHref } from '../../store/route.js';
import { useConfirmation } from '../../ui/ConfirmDialog.js';
import { SplitView } from '../../ui/SplitView.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { PayloadDiffView } from '../translate/PayloadDiffView.js';
import { SuiteDownloadButton } from './SuiteDownload.js';

/**
 * Alignment test suites (issue 12): the stored suites, the cases of one, "Run all" (case by case
 * with progress; the page stays usable) and, for a failed case, the cells whose contribution
 * differs from the recorded run (matched by meaning, so a rename is no difference; each a link to
 * the cell in the editor), the first step whose counts differ and the payload diff between what
 * was expected and what the chain produces now.
 */
export function SuitesScreen() {
  const load = useWorkbench((s) => s.loadSuites);
  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => {
    void load();
  }, [load, reconnects]);

  return (
    <div className="screen suites-screen">
      <SplitView id="suites" label="Resize the suite list" initial={30} list={<SuiteList />} detail={<SuiteDetail />} />
    </div>
  );
}

function SuiteList() {
  const suites = useWorkbench((s) => s.suites);
  const op = useWorkbench((s) => s.suitesOp);
  const load = useWorkbench((s) => s.loadSuites);
  const open = useWorkbench((s) => s.openSuiteNamed);
  const openSuite = useWorkbench((s) => s.openSuite);
  return (
    <section className="panel" aria-labelledby="suites-title">
      <div className="panel-header">
        <h2 id="suites-title">Test suites</h2>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <OperationStatus op={op} runningText="Loading…" testId="suites-status" />
      {suites.length === 0 && op.state === 'failed' ? null : suites.length === 0 ? (
        <p className="empty">No suites yet: use “Save as test case” on the Translate screen.</p>
      ) : (
        <ul className="suite-list" aria-label="Suites">
          {suites.map((s) => (
            <li key={s.name}>
              <button type="button" className="link" aria-current={openSuite?.name === s.name ? 'true' : undefined} onClick={() => void open(s.name)}>
                {s.name}
              </button>{' '}
              <span className="hint">
                {s.caseCount} case{s.caseCount === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SuiteDetail() {
  const suite = useWorkbench((s) => s.openSuite);
  const run = useWorkbench((s) => s.suiteRun);
  const versions = useWorkbench((s) => s.runVersions);
  const setVersions = useWorkbench((s) => s.setRunVersions);
  const runAll = useWorkbench((s) => s.runOpenSuite);
  const cancel = useWorkbench((s) => s.cancelSuiteRun);
  const deleteCase = useWorkbench((s) => s.deleteTestCase);
  const confirmDelete = useConfirmation<string>({
    title: 'Delete test case?',
    confirmLabel: 'Delete test case',
    body: (testCase) => (
      <p>
        Delete the test case <strong>{testCase}</strong> (its message and expected output) from this suite?
      </p>
    ),
    onConfirm: (testCase) => void deleteCase(testCase),
  });
  if (suite === undefined) {
    return (
      <section className="panel">
        <p className="empty">Choose a suite.</p>
      </section>
    );
  }
  const current = run?.suite === suite.name ? run : undefined;
  return (
    <section className="panel" aria-labelledby="suite-title" data-testid="suite-detail">
      <div className="panel-header">
        <h2 id="suite-title">{suite.name}</h2>
        <label className="field inline">
          <span>Alignments</span>
          <select value={versions} onChange={(e) => setVersions(e.target.value === 'recorded' ? 'recorded' : 'latest')}>
            <option value="latest">newest stored version of each</option>
            <option value="recorded">the recorded versions</option>
          </select>
        </label>
        <button type="button" className="primary" disabled={suite.cases.length === 0} onClick={() => void runAll()}>
          Run all
        </button>
        {current?.running === true && (
          <button type="button" onClick={cancel}>
            Stop
          </button>
        )}
        <SuiteDownloadButton suite={suite} />
      </div>
      {current !== undefined && (
        <div className="row">
          <progress max={current.total} value={current.done} aria-label="Suite progress" />
          <span role="status" data-testid="suite-summary">
            {runSummary(current)}
          </span>
        </div>
      )}
      <table className="suite-cases">
        <thead>
          <tr>
            <th>Case</th>
            <th>Alignments</th>
            <th>Result</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {suite.cases.map((c) => {
            const result = current?.results[c.name];
            return (
              <CaseRow
                key={c.name}
                name={c.name}
                chain={c.alignments.map((a) => `${a.name} ${a.version}`).join(' → ')}
                result={result}
                onDelete={() => confirmDelete.ask(c.name)}
              />
            );
          })}
        </tbody>
      </table>
      {confirmDelete.dialog}
    </section>
  );
}

function statusText(result: CaseResult | undefined): string {
  if (result === undefined) return '–';
  return result.status === 'passed' ? 'pass' : result.status === 'failed' ? 'FAIL' : 'error';
}

function CaseRow({ name, chain, result, onDelete }: { name: string; chain: string; result: CaseResult | undefined; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr data-testid="suite-case" data-case={name} data-status={result?.status ?? 'not-run'}>
        <td>{name}</td>
        <td className="hint">{result === undefined ? chain : result.alignments.map((a) => `${a.name} ${a.version}`).join(' → ')}</td>
        <td>
          <span className={`badge ${result?.status === 'passed' ? 'ok' : result === undefined ? '' : 'warn'}`}>{statusText(result)}</span>
          {result !== undefined && <span className="hint"> {formatMs(result.ms)}</span>}
        </td>
        <td>
          {result !== undefined && result.status !== 'passed' && (
            <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Why?'}
            </button>
          )}{' '}
          <button type="button" className="link" aria-label={`Delete test case ${name}`} onClick={onDelete}>
            Delete
          </button>
        </td>
      </tr>
      {open && result !== undefined && (
        <tr>
          <td colSpan={4}>
            <CaseFailure result={result} />
          </td>
        </tr>
      )}
    </>
  );
}

function counts(s: StepCounts | null): string {
  return s === null ? 'no such step' : `${s.triplesBefore} → ${s.triplesAfter} triples, −${s.deleted} +${s.inserted}`;
}

const CHANGES: Record<CellDifference['change'], string> = {
  meaning: 'the cell means something else now',
  added: 'a new cell: the recorded version has no cell of this meaning',
  removed: 'gone: this run has no cell of this meaning',
  input: 'same meaning, but it met a different payload (an earlier cell changed)',
};

function TripleList({ label, triples, count }: { label: string; triples: readonly string[]; count: number }) {
  return (
    <div className="contribution-side">
      <h6>
        {label} ({count})
      </h6>
      {triples.length === 0 ? (
        <p className="hint">none</p>
      ) : (
        <ul aria-label={label}>
          {triples.map((t) => (
            <li key={t}>
              <code>{t}</code>
            </li>
          ))}
          {count > triples.length && <li className="hint">… and {count - triples.length} more</li>}
        </ul>
      )}
    </div>
  );
}

function Contribution({ title, contribution }: { title: string; contribution: CellContribution }) {
  return (
    <section className="contribution" aria-label={title}>
      <h5>{title}</h5>
      <TripleList label="added" triples={contribution.added} count={contribution.addedCount} />
      <TripleList label="removed" triples={contribution.removed} count={contribution.removedCount} />
    </section>
  );
}

/** One blamed cell: which, what kind of change, and what it added and removed in each run. */
function CellDifferenceView({ difference: d }: { difference: CellDifference }) {
  const name = `${d.alignment} ${d.version}, step ${d.step}, cell ${d.cellId}`;
  return (
    <section className="cell-difference" data-testid="cell-difference" data-cell={d.cellId} data-change={d.change} aria-label={`Cell ${d.cellId}`}>
      <h4>
        <a href={cellHref({ name: d.alignment, version: d.version }, d.cellId)}>{name}</a>
        {d.expectedCellId !== undefined && <span className="hint"> (was {d.expectedCellId})</span>}
      </h4>
      <p className="hint">{CHANGES[d.change]}</p>
      <div className="contributions">
        <Contribution title="In the recorded run" contribution={d.expected} />
        <Contribution title="In this run" contribution={d.actual} />
      </div>
    </section>
  );
}

function CaseFailure({ result }: { result: CaseResult }) {
  const step = result.firstDifferingStep;
  const where = step?.expected ?? step?.actual ?? null;
  const blamed = result.cellDifferences ?? [];
  return (
    <div className="case-failure" data-testid="case-failure">
      {result.error !== undefined && <p className="error">{result.error}</p>}
      {blamed.length > 0 && (
        <div data-testid="cell-differences">
          <h4>
            {blamed.length === 1 ? 'The cell whose contribution differs' : `${blamed.length} cells whose contribution differs`} (cells matched by meaning, not
            by name)
          </h4>
          {blamed.map((d) => (
            <CellDifferenceView key={`${d.alignment} ${d.step} ${d.cellId} ${d.change}`} difference={d} />
          ))}
        </div>
      )}
      {step !== undefined && (
        <div data-testid="first-differing-step">
          <h4>First step whose counts differ: {where === null ? `row ${step.index + 1}` : `${where.alignment} step ${where.step}, cell ${where.cellId}`}</h4>
          <p>
            expected {counts(step.expected)}; now {counts(step.actual)}
          </p>
        </div>
      )}
      {result.payloadDiff !== undefined && (
        <>
          <h4>Payload: “Removed” = expected but no longer produced, “Added” = produced but not expected</h4>
          <PayloadDiffView diff={{ ok: true, diff: result.payloadDiff }} beforeLabel="Expected payload" afterLabel="Actual payload" />
        </>
      )}
    </div>
  );
}
