import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { uiContentSecurityPolicy } from '@mediator/core';

/**
 * The page's Content-Security-Policy as a meta element, for hosting without our server (which sends
 * the same policy, with frame-ancestors, as a header). Core's policy, so there is one. Build only:
 * the dev server's React refresh preamble is an inline script.
 */
const CSP = uiContentSecurityPolicy({ meta: true });

const csp = (): Plugin => ({
  name: 'workbench-csp',
  apply: 'build',
  transformIndexHtml: (html) =>
    html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
});

// The workbench is served by the mediator at `/` (and may be opened from file:// in Electron),
// so every asset URL is relative.
export default defineConfig({
  base: './',
  plugins: [react(), csp()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
  server: {
    // `npm run dev -w renderer` proxies the API to a server started with `mediator serve --port 8899`.
    proxy: Object.fromEntries(
      ['/alignments', '/validate', '/view', '/convert', '/translation', '/channels', '/topics', '/platforms', '/logging', '/version', '/swagger'].map((p) => [
        p,
        // changeOrigin: the mediator answers only to its own Host (DNS rebinding defence, issue 11).
        { target: process.env['MEDIATOR_URL'] ?? 'http://127.0.0.1:8899', changeOrigin: true },
      ]),
    ),
  },
});
