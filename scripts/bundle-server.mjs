#!/usr/bin/env node
// The start-up bundle of the `mediator` CLI (issue 13, "Server start"): core's compiled modules
// (core/dist, from `tsc -b`) and TypeBox, joined by Rolldown into core/dist/bundle/cli.mjs plus
// one chunk per lazily imported part (broker clients, the fleet store, jsonld.js...), and the
// translation worker, core/dist/bundle/translation-worker.mjs, sharing the engine's chunks.
//
// Why: Node 20 resolves and links every ES module file on its own. Our ~150 modules and TypeBox's
// ~700 cost about a third of a second before the server can listen; joined, they load as a few
// files. Other packages stay external (loaded from node_modules as usual): several find their
// own files next to their code (Swagger UI's static assets, pino's worker, better-sqlite3's
// native binding) and CommonJS packages gain little. `npm start` and the `mediator` bin run the
// bundle; the compiled modules stay what tests, the Electron main process and library users import.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const core = fileURLToPath(new URL('../core/', import.meta.url));
const outDir = `${core}dist/bundle`;
const started = performance.now();
rmSync(outDir, { recursive: true, force: true });
await build({
  cwd: core,
  // The translation worker too (issue 27): each worker thread loads the engine before the server
  // answers, and from the compiled modules that took a worker as long as the whole server's start.
  input: {
    cli: `${core}dist/node/cli.js`,
    'translation-worker': `${core}dist/node/services/translation-worker.js`,
    // `mediator suggest` runs its synthesis on a thread it can stop (bounded-suggestion.ts).
    'suggest-worker': `${core}dist/node/services/suggest-worker.js`,
  },
  platform: 'node',
  // Relative and absolute ids are our modules; bare ids are packages: all external but TypeBox.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && id !== 'typebox' && !id.startsWith('typebox/'),
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunk-[hash].mjs' },
  logLevel: 'warn',
});
process.stdout.write(`bundled core/dist/node/cli.js and the translation worker into core/dist/bundle/ in ${Math.round(performance.now() - started)} ms\n`);
