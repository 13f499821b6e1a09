import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHttpApi } from './api/index.js';
import { App } from './app/App.js';
import { installShortcuts } from './app/keyboard-shortcuts.js';
import { persistSession, restoreSession } from './app/session-persistence.js';
import { guardUnsavedEdits } from './app/unsaved-edits-guard.js';
import { syncUrl } from './app/url-sync.js';
import { createWorkbenchStore, WorkbenchProvider } from './store/index.js';
import { loadMonaco, warmUpMonaco } from './editor/load-monaco.js';
import { preloadChunksWhenIdle } from './ui/preload-chunks.js';
import './styles.css';

const store = createWorkbenchStore({
  makeApi: (baseUrl, token) => createHttpApi({ baseUrl, token }),
  storage: window.localStorage,
});

// For the page's lifetime: unsaved editor edits make closing, quitting or reloading ask first.
guardUnsavedEdits(store, window);
// The URL first (a deep link is not "leaving" anything), then the work in progress kept across a reload.
syncUrl(store, window);
restoreSession(store, window.localStorage);
persistSession(store, window.localStorage, window);
installShortcuts(store, window);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <WorkbenchProvider store={store}>
      <App />
    </WorkbenchProvider>
  </StrictMode>,
);
// The editor's chunk, fetched once the first screen is up (issue 27), then its first editor made out
// of sight (issue 42); the graph library's by its screen.
preloadChunksWhenIdle(window, [loadMonaco, warmUpMonaco]);
