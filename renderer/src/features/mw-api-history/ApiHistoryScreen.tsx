import { useEffect, useMemo } from 'react';
import { groupChanges, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { DocumentPicker } from './DocumentPicker.js';

/** The mw2mw API change history (issue 15): two documents and what changed between them, grouped by kind. */
export function ApiHistoryScreen() {
  const load = useWorkbench((s) => s.loadApiSamples);
  const samplesOp = useWorkbench((s) => s.apiSamplesOp);
  const diff = useWorkbench((s) => s.apiDiff);
  const diffOp = useWorkbench((s) => s.apiDiffOp);
  const problem = useWorkbench((s) => s.apiDiffProblem);
  const filter = useWorkbench((s) => s.apiFilter);
  const setFilter = useWorkbench((s) => s.setApiFilter);
  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => {
    void load();
  }, [load, reconnects]);
  const groups = useMemo(() => (diff === undefined ? [] : groupChanges(diff.changes, filter)), [diff, filter]);
  const shown = groups.reduce((n, g) => n + g.changes.length, 0);

  return (
    <div className="screen api-history-screen">
      <OperationStatus op={samplesOp} testId="api-samples-status" showDone={false} />
      <div className="columns">
        <DocumentPicker side="old" />
        <DocumentPicker side="new" />
      </div>
      <section className="panel" aria-labelledby="api-changes-title">
        <h2 id="api-changes-title">Changes</h2>
        {problem === undefined ? (
          <OperationStatus op={diffOp} testId="api-diff-status" />
        ) : (
          <p className="op op-failed" role="alert" data-testid="api-diff-status">
            {problem.source === undefined ? '' : `${problem.source}`}
            {problem.line === undefined ? '' : `:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`}
            {problem.source === undefined && problem.line === undefined ? '' : ': '}
            {problem.message}
          </p>
        )}
        {diff !== undefined && (
          <>
            <label>
              Search{' '}
              <input
                type="search"
                aria-label="Search changes by subject"
                placeholder="e.g. /mw2mw/devices or Platform"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
            </label>
            <p data-testid="api-changes-count">
              {shown === diff.changes.length ? `${shown} changes` : `${shown} of ${diff.changes.length} changes`} from {diff.from} to {diff.to}
            </p>
            {groups.map((group) => (
              <section key={group.kind} aria-label={group.title} data-testid={`api-group-${group.kind}`} className="api-change-group">
                <h3>
                  {group.title} ({group.changes.length})
                </h3>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Subject</th>
                      <th scope="col">Detail</th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.changes.map((c) => (
                      <tr key={`${c.subject}|${c.detail}`}>
                        <td>
                          <code>{c.subject}</code>
                        </td>
                        <td>{c.detail}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
            {groups.length === 0 && <p>{diff.changes.length === 0 ? 'The two documents describe the same API.' : 'No change matches the search.'}</p>}
          </>
        )}
      </section>
    </div>
  );
}
