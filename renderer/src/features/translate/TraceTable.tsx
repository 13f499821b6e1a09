import type { TraceStep, TranslationFailure } from '../../api/index.js';
import { formatMs } from '../../ui/format.js';
import { cellHref } from '../../store/route.js';

function notesText(notes: TraceStep['notes']): string {
  return notes === undefined ? '' : notes.join('; ');
}

/** The per-step trace: which cells fired (deleted or inserted something), errors and notes; each cell a link to it in the editor. */
export function TraceTable({ trace, failures }: { trace: readonly TraceStep[]; failures: readonly TranslationFailure[] }) {
  const fired = trace.filter((t) => t.deleted > 0 || t.inserted > 0).length;
  const totalMs = trace.reduce((sum, t) => sum + t.ms, 0);
  return (
    <div>
      <p className="hint" data-testid="trace-summary">
        {trace.length} steps, {fired} fired, {trace.filter((t) => t.error !== undefined).length} errors, {formatMs(totalMs)} in cells.
      </p>
      {failures.length > 0 && (
        <div role="alert" className="op op-failed">
          <p>{failures.length} cell(s) failed at run time and were skipped:</p>
          <ul>
            {failures.map((f, i) => (
              <li key={i}>
                {f.alignment} {f.version}, step {f.step}, cell {f.cellId}: {f.error}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="table-scroll">
        <table className="table trace" aria-label="Translation trace">
          <thead>
            <tr>
              <th scope="col">Alignment</th>
              <th scope="col">Step</th>
              <th scope="col">Cell</th>
              <th scope="col">Triples before</th>
              <th scope="col">After</th>
              <th scope="col">Deleted</th>
              <th scope="col">Inserted</th>
              <th scope="col">Solutions</th>
              <th scope="col">Time</th>
              <th scope="col">Error / notes</th>
            </tr>
          </thead>
          <tbody>
            {trace.map((t, i) => {
              const didFire = t.deleted > 0 || t.inserted > 0;
              return (
                <tr
                  key={i}
                  className={`${didFire ? 'fired' : 'idle'}${t.error !== undefined ? ' has-error' : ''}`}
                  data-testid="trace-row"
                  data-fired={didFire}
                >
                  <td>{t.alignment}</td>
                  <td className="num">{t.step}</td>
                  <th scope="row">
                    <a href={cellHref({ name: t.alignment, version: t.version }, t.cellId)}>{t.cellId}</a>
                  </th>
                  <td className="num">{t.triplesBefore}</td>
                  <td className="num">{t.triplesAfter}</td>
                  <td className="num">{t.deleted}</td>
                  <td className="num">{t.inserted}</td>
                  <td className="num">{t.solutions ?? ''}</td>
                  <td className="num">{formatMs(t.ms)}</td>
                  <td>
                    {t.error !== undefined && <span className="error">{t.error}</span>} {notesText(t.notes)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
