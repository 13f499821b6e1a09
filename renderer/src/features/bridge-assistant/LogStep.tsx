import { useEffect } from 'react';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { CommandList } from './CopyButton.js';
import { FileDrop } from './FileDrop.js';
import { ProblemLines } from './ProblemLines.js';

/** Step 4: restart the middleware, then check its start-up log for the bridge registration. */
export function LogStep() {
  const log = useWorkbench((s) => s.bridgeSteps.log) ?? {};
  const copy = useWorkbench((s) => s.bridgeSteps.copy) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  const logText = useWorkbench((s) => s.logText);
  const setLogText = useWorkbench((s) => s.setLogText);
  const check = useWorkbench((s) => s.checkLog);
  const op = useWorkbench((s) => s.logOp);
  const result = useWorkbench((s) => s.logResult);
  const copyResult = useWorkbench((s) => s.copyResult);
  const generate = useWorkbench((s) => s.generateCopyCommands);
  const canGenerate = (copy.container ?? '') !== '' && (copy.jar ?? '') !== '';
  useEffect(() => {
    if (copyResult === undefined && canGenerate) void generate();
  }, [copyResult, canGenerate, generate]);

  return (
    <div className="step-body">
      <p className="hint">
        Restart the middleware so it scans for bridges, then give its start-up log (docker logs CONTAINER, or /var/log/inter-iot/intermw/intermw.log).
      </p>
      {copyResult !== undefined && <CommandList lines={[copyResult.restartCommand]} testId="restart-command" />}
      <label className="field">
        <span>Expected platform types, one per line</span>
        <textarea
          rows={2}
          value={(log.expect ?? []).join('\n')}
          onChange={(e) => update('log', { expect: e.target.value.split('\n') })}
          placeholder="http://example.com/ExamplePlatform"
        />
      </label>
      <FileDrop label="the start-up log" accept=".log,.txt" testId="log-drop" onFile={(name, text) => setLogText(text, name)} />
      <label className="field">
        <span>Start-up log{log.logName === undefined || log.logName === '' ? '' : ` (${log.logName})`}</span>
        <textarea rows={6} className="mono" value={logText} onChange={(e) => setLogText(e.target.value)} placeholder="Paste the log here" />
      </label>
      <div className="row">
        <button type="button" className="primary" disabled={logText.trim() === ''} onClick={() => void check()}>
          Check log
        </button>
        <OperationStatus op={op} testId="log-status" />
      </div>
      {result !== undefined && (
        <div className="check-result" data-testid="log-result">
          <p>
            Registration started: <strong>{result.started ? 'yes' : 'no'}</strong> · finished successfully:{' '}
            <strong data-testid="log-finished">{result.finished ? 'yes' : 'no'}</strong>
          </p>
          {result.bridges.length > 0 && (
            <table className="table" aria-label="Registered bridges">
              <thead>
                <tr>
                  <th>Line</th>
                  <th>Bridge</th>
                  <th>Platform type</th>
                </tr>
              </thead>
              <tbody>
                {result.bridges.map((b) => (
                  <tr key={`${b.line}`} data-testid="registered-bridge">
                    <td>{b.line}</td>
                    <td>{b.class}</td>
                    <td>{b.platformType}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {result.missing.length > 0 && (
            <p role="alert" data-testid="log-missing">
              Not registered: {result.missing.join(', ')}
            </p>
          )}
          <ProblemLines problems={result.problems} file={log.logName ?? 'log'} testId="log-problems" />
        </div>
      )}
    </div>
  );
}
