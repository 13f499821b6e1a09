import { useEffect, useState } from 'react';
import { AlignmentsScreen } from '../features/alignments/AlignmentsScreen.js';
import { ApiHistoryScreen } from '../features/api-history/ApiHistoryScreen.js';
import { BridgeScreen } from '../features/bridge/BridgeScreen.js';
import { ChannelsScreen } from '../features/channels/ChannelsScreen.js';
import { StatusBar } from '../features/status/StatusBar.js';
import { TranslateScreen } from '../features/translate/TranslateScreen.js';
import { SuitesScreen } from '../features/suites/SuitesScreen.js';
import { screenFromHash, useWorkbench, type Screen } from '../store/index.js';
import { OperationStatus } from '../ui/OperationStatus.js';
import { desktopBridge } from './desktop-bridge.js';
import { DesktopFileOpen } from './DesktopFileOpen.js';
import { onSaveResult, saveOperation } from './download.js';
import { WindowFileDrop } from './WindowFileDrop.js';

const TITLES: Record<Screen, string> = {
  alignments: 'Alignments',
  translate: 'Translate',
  channels: 'Channels',
  'api-history': 'API history',
  bridge: 'Bridge installation',
  suites: 'Test suites',
};

export function App() {
  const screen = useWorkbench((s) => s.screen);
  const navigate = useWorkbench((s) => s.navigate);
  const downloadOp = useWorkbench((s) => s.downloadOp);
  const setDownloadOp = useWorkbench((s) => s.setDownloadOp);
  // The desktop app's bridge, or undefined in a browser; it does not come or go while the page lives.
  const [bridge] = useState(desktopBridge);

  // Downloads report how they went (in the desktop app: saved, cancelled or failed) next to the screen.
  useEffect(() => onSaveResult((result) => setDownloadOp(saveOperation(result))), [setDownloadOp]);

  // The screen follows the URL hash (reload, back/forward) and the hash follows the screen.
  useEffect(() => {
    const sync = () => {
      const fromHash = screenFromHash(window.location.hash);
      if (fromHash !== undefined) navigate(fromHash);
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, [navigate]);
  useEffect(() => {
    if (screenFromHash(window.location.hash) !== screen) window.history.replaceState(null, '', `#/${screen}`);
    document.title = `${TITLES[screen]} · Mediator Workbench`;
  }, [screen]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Mediator Workbench</h1>
        <nav aria-label="Screens">
          {(Object.keys(TITLES) as Screen[]).map((s) => (
            <a key={s} href={`#/${s}`} aria-current={s === screen ? 'page' : undefined} onClick={() => navigate(s)}>
              {TITLES[s]}
            </a>
          ))}
        </nav>
      </header>
      <OperationStatus op={downloadOp} runningText="Saving…" testId="download-status" />
      <main className="app-main" aria-label={TITLES[screen]}>
        {screen === 'alignments' && <AlignmentsScreen />}
        {screen === 'translate' && <TranslateScreen />}
        {screen === 'channels' && <ChannelsScreen />}
        {screen === 'api-history' && <ApiHistoryScreen />}
        {screen === 'bridge' && <BridgeScreen />}
        {screen === 'suites' && <SuitesScreen />}
      </main>
      <StatusBar />
      <WindowFileDrop />
      <DesktopFileOpen bridge={bridge} />
    </div>
  );
}
