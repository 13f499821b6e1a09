import { useEffect } from 'react';
import { AlignmentsScreen } from '../features/alignments/AlignmentsScreen.js';
import { ChannelsScreen } from '../features/channels/ChannelsScreen.js';
import { StatusBar } from '../features/status/StatusBar.js';
import { TranslateScreen } from '../features/translate/TranslateScreen.js';
import { screenFromHash, useWorkbench, type Screen } from '../store/index.js';
import { WindowFileDrop } from './WindowFileDrop.js';

const TITLES: Record<Screen, string> = { alignments: 'Alignments', translate: 'Translate', channels: 'Channels' };

export function App() {
  const screen = useWorkbench((s) => s.screen);
  const navigate = useWorkbench((s) => s.navigate);

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
      <main className="app-main" aria-label={TITLES[screen]}>
        {screen === 'alignments' && <AlignmentsScreen />}
        {screen === 'translate' && <TranslateScreen />}
        {screen === 'channels' && <ChannelsScreen />}
      </main>
      <StatusBar />
      <WindowFileDrop />
    </div>
  );
}
