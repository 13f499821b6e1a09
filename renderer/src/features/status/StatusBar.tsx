import { useEffect, useState } from 'react';
import { formatDate } from '../../ui/format.js';
import { useWorkbench } from '../../store/index.js';
import { SettingsDialog } from './SettingsDialog.js';

const LABEL = { connecting: 'Connecting…', online: 'Connected', offline: 'Disconnected', unauthorized: 'Token needed' } as const;

export function StatusBar() {
  const connection = useWorkbench((s) => s.connection);
  const version = useWorkbench((s) => s.version);
  const error = useWorkbench((s) => s.connectionError);
  const serverUrl = useWorkbench((s) => s.serverUrl);
  const checkedAt = useWorkbench((s) => s.lastCheckedAt);
  const logLevel = useWorkbench((s) => s.logLevel);
  const startPolling = useWorkbench((s) => s.startStatusPolling);
  const loadLogLevel = useWorkbench((s) => s.loadLogLevel);
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => startPolling(), [startPolling]);
  useEffect(() => {
    if (connection === 'online' && logLevel === undefined) void loadLogLevel();
  }, [connection, logLevel, loadLogLevel]);

  const address = serverUrl === '' ? window.location.origin : serverUrl;
  return (
    <footer className="status-bar" aria-label="Status">
      <span
        className={`connection connection-${connection}`}
        data-testid="connection-state"
        role="status"
        title={error ?? (checkedAt ? `Checked ${formatDate(checkedAt)}` : '')}
      >
        <span className="dot" aria-hidden="true" /> {LABEL[connection]}
        {(connection === 'offline' || connection === 'unauthorized') && error !== undefined && <span className="error"> — {error}</span>}
      </span>
      <span data-testid="server-address">Server: {address}</span>
      <span data-testid="server-version">
        {version ? `${version.name} ${version.version}${version.compatibleWith ? ` (compatible with ${version.compatibleWith})` : ''}` : ''}
      </span>
      <span>Logging: {logLevel ?? '—'}</span>
      <button type="button" className="link" onClick={() => setSettingsOpen(true)}>
        Settings
      </button>
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
    </footer>
  );
}
