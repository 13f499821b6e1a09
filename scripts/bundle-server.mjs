#!/usr/bin/env node
// The start-up bundle of the `mediator` CLI (issue 13, "Server start"): core's compiled modules
// (core/dist, from `tsc -b`) and a few packages, joined by Rolldown into core/dist/bundle/cli.mjs
// plus one chunk per lazily imported part (each command of the CLI, broker clients, the fleet
// store, jsonld.js...), and the translation worker, core/dist/bundle/translation-worker.mjs,
// sharing the engine's chunks.
//
// Why: Node 20 resolves and links every ES module file on its own. Our ~150 modules and TypeBox's
// ~700 cost about a third of a second before the server can listen; joined, they load as a few
// files. Other packages stay external (loaded from node_modules as usual): several find their
// own files next to their code (Swagger UI's static assets, pino's worker, better-sqlite3's
// native binding) and most gain little. `npm start` and the `mediator` bin run the bundle; the
// compiled modules stay what tests, the Electron main process and library users import.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

/**
 * Packages joined into the bundle. TypeBox: ~700 small ES modules. The engine's readers (issue 42,
 * "a command line that starts at once"): N3.js's ES build, of which the engine uses the Turtle
 * lexer and parser only, while its CommonJS entry loads every part, its stream classes and
 * readable-stream's ~20 files with them; saxes, xmlchars and rdf-data-factory, a dozen CommonJS
 * files read, resolved and scanned one by one. Joined, `mediator translate` on a small message
 * went from 3.3x to 1.8x the CPU of `node -e 0`, and each translation worker starts faster too.
 */
const BUNDLED = ['typebox', 'n3', 'rdf-data-factory', 'saxes', 'xmlchars'];
/**
 * Modules that run nothing on import but declarations (tables, functions, TypeBox schemas), so a
 * module that imports one name through a barrel gets that name's modules and not every module the
 * barrel re-exports. Core's common modules (the CLI's entry imported the REST API's schemas and
 * TypeBox through the common barrel for one error class) and N3.js, whose package says so too.
 */
const PURE = /\/dist\/common\/|\/node_modules\/n3\//;
/** External packages imported only by N3.js's stream classes, which the engine never uses. */
const PURE_EXTERNAL = ['readable-stream', 'buffer'];

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
  // Relative and absolute ids are our modules; bare ids are packages: all external but BUNDLED.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !BUNDLED.some((p) => id === p || id.startsWith(`${p}/`)),
  // N3.js's ES build (its "module" entry), which can be tree-shaken, rather than its CommonJS one.
  resolve: { mainFields: ['module', 'main'] },
  treeshake: { moduleSideEffects: (id, external) => (external ? !PURE_EXTERNAL.includes(id) : !PURE.test(id.replaceAll('\\', '/'))) },
  output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunk-[hash].mjs' },
  logLevel: 'warn',
});
process.stdout.write(`bundled core/dist/node/cli.js and the translation worker into core/dist/bundle/ in ${Math.round(performance.now() - started)} ms\n`);
