import { useEffect } from 'react';
import { formatMs, formatTime } from '../../ui/format.js';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { SampleSelect } from '../translate/SampleSelect.js';

/** Publish a test message to a topic and watch what arrives on another (the translated side). */
export function TopicTester() {
  const tester = useWorkbench((s) => s.tester);
  const setTester = useWorkbench((s) => s.setTester);
  const publish = useWorkbench((s) => s.publishTestMessage);
  const publishOp = useWorkbench((s) => s.publishOp);
  const watching = useWorkbench((s) => s.watching);
  const startWatching = useWorkbench((s) => s.startWatching);
  const stopWatching = useWorkbench((s) => s.stopWatching);
  const watchOp = useWorkbench((s) => s.watchOp);
  const received = useWorkbench((s) => s.received);

  // Leaving the screen stops the polling.
  useEffect(() => () => stopWatching(), [stopWatching]);

  return (
    <section className="panel" aria-labelledby="tester-title">
      <h2 id="tester-title">Test a topic</h2>
      <div className="columns">
        <form
          className="form-grid"
          aria-label="Publish a test message"
          onSubmit={(e) => {
            e.preventDefault();
            void publish();
          }}
        >
          <label className="field wide">
            <span>Publish to topic</span>
            <input value={tester.publishTopic} onChange={(e) => setTester({ publishTopic: e.target.value })} />
          </label>
          <label className="field wide">
            <span>Test message sample</span>
            <SampleSelect value="" placeholder="– fill from a sample –" onPick={(sample) => setTester({ publishText: sample.text })} />
          </label>
          <label className="field wide">
            <span>Test message</span>
            <textarea rows={6} spellCheck={false} value={tester.publishText} onChange={(e) => setTester({ publishText: e.target.value })} />
          </label>
          <div className="row wide">
            <button type="submit">Publish</button>
            <OperationStatus op={publishOp} runningText="Publishing…" testId="publish-status" />
          </div>
        </form>
        <div>
          <div className="row">
            <label className="field">
              <span>Watch topic</span>
              <input value={tester.watchTopic} onChange={(e) => setTester({ watchTopic: e.target.value })} disabled={watching} />
            </label>
            {watching ? (
              <button type="button" onClick={stopWatching}>
                Stop watching
              </button>
            ) : (
              <button type="button" onClick={() => startWatching()}>
                Watch
              </button>
            )}
          </div>
          <OperationStatus op={watchOp} testId="watch-status" />
          <ol className="received" aria-label="Received messages">
            {received.map((m, i) => (
              <li key={`${m.publishedAt}-${i}`} data-testid="received-message">
                <details>
                  <summary>
                    <time dateTime={new Date(m.publishedAt).toISOString()}>{formatTime(m.publishedAt)}</time> · {m.value.length} chars
                    {m.latencyMs !== undefined && <> · {formatMs(m.latencyMs)} after the last test publish</>}
                  </summary>
                  <pre>{m.value}</pre>
                </details>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
