import { useEffect, useRef, useState } from 'react';
import { LOG_LEVELS } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const serverUrl = useWorkbench((s) => s.serverUrl);
  const serverToken = useWorkbench((s) => s.serverToken);
  const setServer = useWorkbench((s) => s.setServer);
  const logLevel = useWorkbench((s) => s.logLevel);
  const setLogLevel = useWorkbench((s) => s.setLogLevel);
  const loadLogLevel = useWorkbench((s) => s.loadLogLevel);
  const logLevelOp = useWorkbench((s) => s.logLevelOp);
  const [address, setAddress] = useState(serverUrl);
  const [token, setToken] = useState(serverToken);
  const [level, setLevel] = useState(logLevel ?? 'INFO');
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    void loadLogLevel();
    return () => dialog?.close();
  }, [loadLogLevel]);
  useEffect(() => {
    if (logLevel !== undefined) setLevel(logLevel);
  }, [logLevel]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="settings-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="settings-title">Settings</h2>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          setServer(address, token);
        }}
      >
        <label className="field wide">
          <span>Server address</span>
          <input value={address} onChange={(e) => setAddress(e.target.value)} placeholder="empty = the server that served this page" />
        </label>
        <label className="field wide">
          <span>API token</span>
          <input
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="empty = none (a server on this machine needs none)"
          />
        </label>
        <p className="hint wide">
          Another server must allow this page’s origin (mediator serve --cors {window.location.origin}). A server started with --token, or listening beyond this
          machine, needs its token: it was printed when that server first started and is kept in its data folder (file api-token).
        </p>
        <div className="row wide">
          <button type="submit">Connect</button>
        </div>
      </form>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void setLogLevel(level);
        }}
      >
        <label className="field">
          <span>Logging level</span>
          <select value={level} onChange={(e) => setLevel(e.target.value)}>
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <button type="submit">Apply level</button>
          <OperationStatus op={logLevelOp} testId="log-level-status" />
        </div>
      </form>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
