import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHttpApi } from './api/index.js';
import { App } from './app/App.js';
import { createWorkbenchStore, WorkbenchProvider } from './store/index.js';
import './styles.css';

const store = createWorkbenchStore({
  makeApi: (baseUrl, token) => createHttpApi({ baseUrl, token }),
  storage: window.localStorage,
});

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <WorkbenchProvider store={store}>
      <App />
    </WorkbenchProvider>
  </StrictMode>,
);
