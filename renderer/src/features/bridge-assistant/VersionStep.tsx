import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { FileDrop } from './FileDrop.js';
import { ProblemLines } from './ProblemLines.js';

/** Step 1: the bridge's mw.bridges.api version against the deployed middleware's. */
export function VersionStep() {
  const v = useWorkbench((s) => s.bridgeSteps.version) ?? {};
  const check = useWorkbench((s) => s.checkVersion);
  const op = useWorkbench((s) => s.versionOp);
  const result = useWorkbench((s) => s.versionResult);

  return (
    <div className="step-body">
      <p className="hint">
        The bridge&apos;s dependency on <code>eu.interiot.intermw:mw.bridges.api</code> must have the version of the deployed middleware (the image tag in{' '}
        <code>docker ps</code>).
      </p>
      <div className="columns">
        <BridgePanel />
        <MiddlewarePanel />
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={() => void check()}>
          Check versions
        </button>
        <OperationStatus op={op} testId="version-status" />
      </div>
      {result !== undefined && (
        <div className={`check-result ${result.ok ? 'ok' : 'bad'}`} data-testid="version-result">
          <p>
            Bridge API: <strong data-testid="bridge-api-version">{result.bridgeApiVersion ?? 'unknown'}</strong>
            {result.dependency !== undefined && (
              <span className="hint">
                {' '}
                ({result.dependency.source}
                {result.dependency.line === undefined ? '' : `:${result.dependency.line}`}: {result.dependency.declaredVersion})
              </span>
            )}
            {' · '}Middleware: <strong data-testid="middleware-version">{result.middlewareVersion}</strong>
          </p>
          <ProblemLines problems={result.problems} file={v.pomName ?? 'pom.xml'} testId="version-problems" />
        </div>
      )}
    </div>
  );
}

/** Where the bridge's API version comes from: its POM (and parent POM), or typed in. */
function BridgePanel() {
  const v = useWorkbench((s) => s.bridgeSteps.version) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  return (
    <div className="panel">
      <h3>The bridge</h3>
      <FileDrop label="the bridge's pom.xml" accept=".xml,.pom" testId="pom-drop" onFile={(name, text) => update('version', { pomName: name, pom: text })} />
      {v.pom !== undefined && v.pom !== '' && (
        <p className="row">
          <span data-testid="pom-name">{v.pomName ?? 'pom.xml'}</span>
          <button type="button" onClick={() => update('version', { pom: '', pomName: '' })}>
            Remove
          </button>
        </p>
      )}
      <FileDrop
        label="the parent pom.xml (if it has one)"
        accept=".xml,.pom"
        testId="parent-pom-drop"
        onFile={(name, text) => update('version', { parentPomName: name, parentPom: text })}
      />
      {v.parentPom !== undefined && v.parentPom !== '' && (
        <p className="row">
          <span data-testid="parent-pom-name">Parent: {v.parentPomName}</span>
          <button type="button" onClick={() => update('version', { parentPom: '', parentPomName: '' })}>
            Remove
          </button>
        </p>
      )}
      <label className="field">
        <span>Or the bridge API version, by hand</span>
        <input value={v.bridgeApiVersion ?? ''} onChange={(e) => update('version', { bridgeApiVersion: e.target.value })} placeholder="2.5.0" />
      </label>
    </div>
  );
}

/** Where the middleware's version comes from: typed in, or read from a running middleware. */
function MiddlewarePanel() {
  const v = useWorkbench((s) => s.bridgeSteps.version) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  const readVersion = useWorkbench((s) => s.readMiddlewareVersion);
  const middlewareOp = useWorkbench((s) => s.middlewareOp);
  return (
    <div className="panel">
      <h3>The middleware</h3>
      <label className="field">
        <span>Middleware version</span>
        <input
          value={v.middlewareVersion ?? ''}
          onChange={(e) => update('version', { middlewareVersion: e.target.value })}
          placeholder="2.5.0 or intermw:v2.5.0"
        />
      </label>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void readVersion();
        }}
      >
        <label className="field">
          <span>Or read it from a running middleware</span>
          <input value={v.middlewareUrl ?? ''} onChange={(e) => update('version', { middlewareUrl: e.target.value })} placeholder="http://localhost:8080" />
        </label>
        <button type="submit">Read version</button>
      </form>
      <OperationStatus op={middlewareOp} testId="middleware-status" />
    </div>
  );
}
