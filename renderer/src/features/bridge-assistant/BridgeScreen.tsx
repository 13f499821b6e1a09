import { useEffect, useState } from 'react';
import { BRIDGE_STEPS, stepDone, useWorkbench, type BridgeStepName } from '../../store/index.js';
import { useConfirmation } from '../../ui/ConfirmDialog.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { ChannelsStep } from './ChannelsStep.js';
import { CopyStep } from './CopyStep.js';
import { LogStep } from './LogStep.js';
import { VersionStep } from './VersionStep.js';
import './bridge.css';

/** The seed's five ordered steps (section 1.5). */
const STEP_TITLES: Record<BridgeStepName, string> = {
  version: 'Version check',
  copy: 'Copy the bridge',
  config: 'Configuration file',
  log: 'Restart and check the log',
  channels: 'Alignments and channels',
};

function BridgePicker() {
  const list = useWorkbench((s) => s.bridgeList);
  const listOp = useWorkbench((s) => s.bridgeListOp);
  const load = useWorkbench((s) => s.loadBridgeList);
  const open = useWorkbench((s) => s.openBridge);
  const forget = useWorkbench((s) => s.forgetBridge);
  const [name, setName] = useState('');
  const confirmForget = useConfirmation<string>({
    title: 'Delete bridge progress?',
    confirmLabel: 'Delete progress',
    body: (bridge) => (
      <p>
        Delete the saved progress of <strong>{bridge}</strong> (the steps done, the files checked)? The bridge itself is not touched.
      </p>
    ),
    onConfirm: (bridge) => void forget(bridge),
  });
  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => void load(), [load, reconnects]);
  return (
    <section className="panel" aria-labelledby="bridge-picker-title">
      <h2 id="bridge-picker-title">Install a bridge</h2>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void open(name);
        }}
      >
        <label className="field">
          <span>Bridge name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="example-bridge" required />
        </label>
        <button type="submit" className="primary">
          Start
        </button>
      </form>
      <OperationStatus op={listOp} showDone={false} testId="bridge-list-status" />
      {list.length > 0 && (
        <table className="table" aria-label="Bridges in progress">
          <thead>
            <tr>
              <th>Bridge</th>
              <th>Step</th>
              <th>Saved</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b.bridgeId} data-testid="bridge-row">
                <td>{b.bridgeId}</td>
                <td>
                  {b.currentStep} of 5 · {BRIDGE_STEPS.filter((s) => stepDone(b.steps, s)).length} done
                </td>
                <td>{new Date(b.updatedAt).toLocaleString()}</td>
                <td className="row">
                  <button type="button" onClick={() => void open(b.bridgeId)} aria-label={`Continue ${b.bridgeId}`}>
                    Continue
                  </button>
                  <button type="button" onClick={() => confirmForget.ask(b.bridgeId)} aria-label={`Delete progress: ${b.bridgeId}`}>
                    Delete progress…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirmForget.dialog}
    </section>
  );
}

export function BridgeScreen() {
  const bridgeId = useWorkbench((s) => s.bridgeId);
  const step = useWorkbench((s) => s.bridgeStep);
  const steps = useWorkbench((s) => s.bridgeSteps);
  const goTo = useWorkbench((s) => s.goToStep);
  const close = useWorkbench((s) => s.closeBridge);
  const saveOp = useWorkbench((s) => s.bridgeSaveOp);
  if (bridgeId === '') {
    return (
      <div className="screen bridge-screen">
        <BridgePicker />
      </div>
    );
  }
  const current = BRIDGE_STEPS[step - 1] ?? 'version';
  // After a failed check, going on would build on a wrong bridge (issue 39): Next waits for a passing one.
  const checkFailed = (current === 'version' && steps.version?.ok === false) || (current === 'log' && steps.log?.ok === false);
  return (
    <div className="screen bridge-screen">
      <section className="panel" aria-labelledby="bridge-title">
        <div className="panel-header">
          <h2 id="bridge-title">
            Installing <span data-testid="bridge-name">{bridgeId}</span>
          </h2>
          <OperationStatus op={saveOp} testId="bridge-save-status" />
          <button type="button" onClick={close}>
            Other bridge
          </button>
        </div>
        <ol className="stepper" aria-label="Installation steps">
          {BRIDGE_STEPS.map((name, i) => (
            <li key={name}>
              <button
                type="button"
                aria-current={i + 1 === step ? 'step' : undefined}
                className={stepDone(steps, name) ? 'done' : ''}
                onClick={() => goTo(i + 1)}
              >
                <span className="step-number">{stepDone(steps, name) ? '✓' : i + 1}</span> {STEP_TITLES[name]}
              </button>
            </li>
          ))}
        </ol>
      </section>
      <section className="panel" aria-labelledby="step-title" data-testid={`step-${current}`}>
        <h2 id="step-title">
          Step {step}: {STEP_TITLES[current]}
        </h2>
        {current === 'version' && <VersionStep />}
        {current === 'copy' && <CopyStep />}
        {current === 'config' && <CopyStep config />}
        {current === 'log' && <LogStep />}
        {current === 'channels' && <ChannelsStep />}
        <div className="row step-nav">
          <button type="button" disabled={step <= 1} onClick={() => goTo(step - 1)}>
            Back
          </button>
          <button
            type="button"
            className="primary"
            disabled={step >= 5 || checkFailed}
            aria-describedby={checkFailed ? 'next-step-reason' : undefined}
            onClick={() => goTo(step + 1)}
          >
            Next step
          </button>
        </div>
        {checkFailed && (
          <p id="next-step-reason" className="hint" data-testid="next-step-reason">
            The check above failed: fix what it says and check again to go on (the steps above stay open to look ahead).
          </p>
        )}
      </section>
    </div>
  );
}
