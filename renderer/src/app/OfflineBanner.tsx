import { useWorkbench } from '../store/index.js';

/**
 * Says plainly that the server cannot be reached, instead of lists that look empty: what is shown
 * was loaded before, and everything reloads by itself when the server is back (status-slice.ts).
 */
export function OfflineBanner() {
  const connection = useWorkbench((s) => s.connection);
  const serverUrl = useWorkbench((s) => s.serverUrl);
  if (connection !== 'offline') return <div role="status" className="visually-hidden" data-testid="offline-banner" />;
  return (
    <div role="status" className="offline-banner" data-testid="offline-banner">
      <strong>Offline:</strong> the mediator at {serverUrl === '' ? window.location.origin : serverUrl} cannot be reached. Lists show what was last loaded; the
      workbench reconnects and reloads them by itself when the server is back.
    </div>
  );
}
