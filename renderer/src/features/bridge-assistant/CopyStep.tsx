import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { CommandList } from './CopyButton.js';
import { FileDrop } from './FileDrop.js';

const lines = (text: string) =>
  text
    .split(/\r\n|\n|\r/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** Step 2 (and, with `config`, step 3): the docker cp commands. */
export function CopyStep({ config = false }: { config?: boolean }) {
  return config ? <ConfigCopyStep /> : <JarCopyStep />;
}

/** Step 3: the configuration file's commands. */
function ConfigCopyStep() {
  const cfg = useWorkbench((s) => s.bridgeSteps.config) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  const generate = useWorkbench((s) => s.generateCopyCommands);
  const op = useWorkbench((s) => s.copyOp);
  const result = useWorkbench((s) => s.copyResult);

  return (
    <div className="step-body">
      <label className="checkbox">
        <input type="checkbox" checked={cfg.hasConfig === true} onChange={(e) => update('config', { hasConfig: e.target.checked })} />
        The bridge has a configuration file
      </label>
      {cfg.hasConfig === true ? (
        <>
          <label className="field">
            <span>Configuration file (local path; the middleware reads &lt;BridgeClass&gt;.properties)</span>
            <input
              value={cfg.file ?? ''}
              onChange={(e) => update('config', { file: e.target.value })}
              placeholder="src/main/resources/ExampleBridge.properties"
            />
          </label>
          <button type="button" className="primary" onClick={() => void generate()}>
            Generate configuration commands
          </button>
          <OperationStatus op={op} testId="config-status" />
          {result?.configCommand !== undefined && (
            <>
              <CommandList
                lines={[result.configCommand, ...(result.configCheckCommand === undefined ? [] : [result.configCheckCommand])]}
                testId="config-commands"
              />
              <ul className="notes">
                {result.notes
                  .filter((n) => n.includes('named volume'))
                  .map((n) => (
                    <li key={n} data-testid="volume-note">
                      {n}
                    </li>
                  ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <p className="hint">Without a configuration file there is nothing to copy.</p>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={cfg.done === true} onChange={(e) => update('config', { done: e.target.checked })} />
        Configuration file copied, or none needed
      </label>
    </div>
  );
}

/** Step 2: the bridge's jar and its runtime jars. */
function JarCopyStep() {
  const copy = useWorkbench((s) => s.bridgeSteps.copy) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  const generate = useWorkbench((s) => s.generateCopyCommands);
  const op = useWorkbench((s) => s.copyOp);
  const result = useWorkbench((s) => s.copyResult);

  return (
    <div className="step-body">
      <div className="form-grid">
        <label className="field">
          <span>Middleware container</span>
          <input value={copy.container ?? ''} onChange={(e) => update('copy', { container: e.target.value })} placeholder="intermw" />
        </label>
        <label className="field wide">
          <span>Bridge package (jar)</span>
          <input value={copy.jar ?? ''} onChange={(e) => update('copy', { jar: e.target.value })} placeholder="target/example-bridge-2.5.0.jar" />
        </label>
        <label className="field wide">
          <span>Extra runtime jars, one per line</span>
          <textarea rows={4} value={(copy.dependencies ?? []).join('\n')} onChange={(e) => update('copy', { dependencies: e.target.value.split('\n') })} />
        </label>
        <div className="wide">
          <FileDrop
            label="a list of jars (e.g. the bridge's target/lib listing)"
            testId="deps-drop"
            onFile={(_name, text) => update('copy', { dependencies: lines(text) })}
          />
        </div>
        <label className="field wide">
          <span>What the middleware already has (paste docker exec CONTAINER ls -l /usr/local/tomcat/webapps/ROOT/WEB-INF/lib)</span>
          <textarea rows={3} value={copy.shipped ?? ''} onChange={(e) => update('copy', { shipped: e.target.value })} />
        </label>
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={() => void generate()}>
          Generate commands
        </button>
        <OperationStatus op={op} testId="copy-status" />
      </div>
      {result !== undefined && (
        <>
          <CommandList
            lines={[
              ...result.entries.filter((e) => !e.copy).map((e) => `# Do not copy ${e.fileName}: ${e.reason ?? ''}`),
              ...result.copyCommands,
              result.checkCommand,
            ]}
            testId="copy-commands"
          />
          <p className="hint">{result.notes[0]}</p>
          <label className="checkbox">
            <input type="checkbox" checked={copy.done === true} onChange={(e) => update('copy', { done: e.target.checked })} />
            Copied, and the check lists every jar
          </label>
        </>
      )}
    </div>
  );
}
