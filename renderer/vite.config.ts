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

/**
 * Issue 27, the workbench cold path: `<link rel="modulepreload">` for the chunks Monaco's first
 * editor needs (monaco-setup and what it imports, the 2.7 MB editor API among them), so the browser
 * downloads and compiles them beside the first screen's bundle; main.tsx (ui/preload-chunks.ts) evaluates
 * them once the page is idle. Without this, an alignment opened right after the table appears
 * waited for the whole download. The links are same-origin files, allowed by the CSP's script-src.
 */
const preloadEditorChunks = (entries: readonly RegExp[]): Plugin => ({
  name: 'workbench-preload-editor',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => {
      const bundle = ctx.bundle;
      if (bundle === undefined) return html;
      const files = new Set<string>();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || files.has(fileName)) return;
        files.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && entries.some((e) => e.test(chunk.facadeModuleId ?? ''))) add(chunk.fileName);
      }
      // Already loaded by the entry itself: no second link.
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) for (const f of [chunk.fileName, ...chunk.imports]) files.delete(f);
      const links = [...files].map((f) => `<link rel="modulepreload" crossorigin href="./${f}" />`).join('\n    ');
      return html.replace('</head>', `  ${links}\n  </head>`);
    },
  },
});

// The workbench is served by the mediator at `/` (and may be opened from file:// in Electron),
// so every asset URL is relative.
export default defineConfig({
  base: './',
  plugins: [react(), csp(), preloadEditorChunks([/\/editor\/monaco-setup\.ts$/])],
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
