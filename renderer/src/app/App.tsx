import { useEffect, useState } from 'react';
import { AlignmentsScreen } from '../features/alignments/AlignmentsScreen.js';
import { ApiHistoryScreen } from '../features/mw-api-history/ApiHistoryScreen.js';
import { BridgeScreen } from '../features/bridge-assistant/BridgeScreen.js';
import { ChannelsScreen } from '../features/channels/ChannelsScreen.js';
import { StatusBar } from '../features/status/StatusBar.js';
import { TranslateScreen } from '../features/translate/TranslateScreen.js';
import { SuitesScreen } from '../features/suites/SuitesScreen.js';
import { useWorkbench, type Screen } from '../store/index.js';
import { OperationStatus } from '../ui/OperationStatus.js';
import { desktopBridge } from '../ui/desktop-bridge.js';
import { DesktopFileOpen } from './DesktopFileOpen.js';
import { HelpLinks } from './HelpLinks.js';
import { onSaveResult, saveOperation } from '../ui/download.js';
import { OfflineBanner } from './OfflineBanner.js';
import { UnsavedEditsDialog } from './UnsavedEditsDialog.js';
import { DropNoticeBar, WindowFileDrop } from './WindowFileDrop.js';

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

  useEffect(() => {
    document.title = `${TITLES[screen]} · Mediator Workbench`;
  }, [screen]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Mediator Workbench</h1>
        <nav aria-label="Screens">
          {(Object.keys(TITLES) as Screen[]).map((s) => (
            <a
              key={s}
              href={`#/${s}`}
              aria-current={s === screen ? 'page' : undefined}
              onClick={(e) => {
                // The store decides (an unsaved editor asks first); the URL follows it (app/url-sync.ts).
                e.preventDefault();
                navigate(s);
              }}
            >
              {TITLES[s]}
            </a>
          ))}
        </nav>
        <HelpLinks />
      </header>
      <OfflineBanner />
      <DropNoticeBar />
      <OperationStatus op={downloadOp} runningText="Saving…" testId="download-status" />
      <main className="app-main" aria-label={TITLES[screen]} tabIndex={-1}>
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
      <UnsavedEditsDialog />
    </div>
  );
}
