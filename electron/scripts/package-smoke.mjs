#!/usr/bin/env node
// Packaging smoke test, offline: runs electron-builder `--linux dir` with the real electron-builder.yml,
// except that Electron comes from a stub folder (`electronDist`) and native modules are not rebuilt
// (`npmRebuild=false`), neither of which works without the network. Then it opens the produced
// app.asar and checks it holds the built main, preload, core and renderer, and the fuses (section 4).
//
// Run after `npm run build`:  node electron/scripts/package-smoke.mjs [--keep]
// Exit code 0 when every check passes, 1 otherwise.
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitFlushed } from '../../scripts/exit-flushed.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(join(root, 'electron', 'package.json'));
const keep = process.argv.includes('--keep');
const started = performance.now();
const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
};
const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

// ---- 0. The build must be there -----------------------------------------------------------------
const builtInputs = ['electron/dist/main/main.js', 'electron/dist/preload/preload.cjs', 'core/dist/node/index.js', 'renderer/dist'];
for (const input of builtInputs) {
  if (!(await exists(join(root, input)))) {
    console.error(`${input} is missing: run \`npm run build\` first.`);
    await exitFlushed(1);
  }
}

// ---- 1. A stub Electron: one executable file carrying a fuse wire ----------------------------------
// @electron/fuses finds the wire after this sentinel: version byte 1, length byte, one '0'/'1' per
// fuse (RunAsNode, CookieEncryption, NodeOptions, NodeCliInspect, AsarIntegrity, OnlyLoadAppFromAsar,
// V8Snapshot, GrantFileProtocol), set here to Electron's defaults.
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const DEFAULT_WIRE = '10110001';
/** The fuses @electron/fuses knows, by wire index: [['RunAsNode', 0], ...]. */
const FUSES = Object.entries(FuseV1Options).filter(([, index]) => typeof index === 'number');
if (FUSES.length !== DEFAULT_WIRE.length) {
  console.error(
    `@electron/fuses knows ${FUSES.length} fuses, the stub wire has ${DEFAULT_WIRE.length}: update DEFAULT_WIRE (Electron's defaults, docs/tutorial/fuses.md)`,
  );
  await exitFlushed(1);
}
const work = await mkdtemp(join(tmpdir(), 'mediator-package-smoke-'));
const stubDir = join(work, 'electron-stub');
const outDir = join(work, 'release');
await mkdir(stubDir);
const stubExe = join(stubDir, 'electron');
await writeFile(
  stubExe,
  Buffer.concat([
    Buffer.from(`#!/bin/sh\n# stub Electron for the packaging smoke test ${SENTINEL}`, 'latin1'),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(`${DEFAULT_WIRE}\necho "stub Electron: cannot run the app" >&2\nexit 1\n`, 'latin1'),
  ]),
);
await chmod(stubExe, 0o755);

// ---- 2. electron-builder --linux dir ------------------------------------------------------------------
const cli = require.resolve('electron-builder/cli.js');
const args = [cli, '--linux', 'dir', '--projectDir', root, `-c.electronDist=${stubDir}`, '-c.npmRebuild=false', `-c.directories.output=${outDir}`];
console.log(`$ electron-builder ${args.slice(1).join(' ')}`);
const builderStarted = performance.now();
const output = [];
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  child.on('close', resolve);
});
const builderSeconds = (performance.now() - builderStarted) / 1000;
if (code !== 0) {
  process.stderr.write(Buffer.concat(output));
  console.error(`electron-builder exited with ${code}`);
  if (!keep) await rm(work, { recursive: true, force: true });
  await exitFlushed(1);
}
check(true, `electron-builder --linux dir finished in ${builderSeconds.toFixed(1)} s`);

// ---- 3. What app.asar holds -----------------------------------------------------------------------------
const asar = require('@electron/asar');
const appDir = join(outDir, 'linux-unpacked');
const asarPath = join(appDir, 'resources', 'app.asar');
check(await exists(asarPath), `${relative(work, asarPath)} exists`);
const entries = new Set(asar.listPackage(asarPath).map((entry) => entry.split(sep).join('/')));
const has = (entry) => entries.has(entry);

for (const entry of [
  '/package.json',
  '/dist/main/main.js',
  '/dist/main/port-choice.js',
  '/dist/common/ipc-contract.js',
  '/dist/preload/preload.cjs',
  '/node_modules/@mediator/core/package.json',
  '/node_modules/@mediator/core/dist/node/index.js',
  // Found through core's package.json (core-root.ts): the translation worker and the mw2mw samples.
  '/node_modules/@mediator/core/dist/node/services/translation-worker.js',
  '/node_modules/@mediator/core/samples/mw2mw',
  '/node_modules/fastify/package.json',
  '/node_modules/better-sqlite3/lib/index.js',
])
  check(has(entry), `app.asar holds ${entry}`);

const packaged = JSON.parse(asar.extractFile(asarPath, 'package.json').toString('utf8'));
check(packaged.main === 'dist/main/main.js', `package.json main is dist/main/main.js (${packaged.main})`);
check(packaged.type === 'module', 'package.json says "type": "module" (the main is ESM)');
check(
  packaged.dependencies?.['@mediator/core'] !== undefined && packaged.devDependencies === undefined,
  'package.json keeps dependencies, drops devDependencies',
);

const preload = asar.extractFile(asarPath, 'dist/preload/preload.cjs').toString('utf8');
const requires = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
check(requires.length === 1 && requires[0] === 'electron', `the sandboxed preload requires only electron (${requires.join(', ')})`);

// The renderer: every built file (maps, declarations and build info left out) under /renderer.
const rendererDir = join(root, 'renderer', 'dist');
const rendererFiles = (await readdir(rendererDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && !/\.(map|d\.ts|tsbuildinfo)$/.test(entry.name))
  .map((entry) => relative(rendererDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
check(rendererFiles.length > 0, `renderer/dist has ${rendererFiles.length} file(s) to ship`);
const missing = rendererFiles.filter((file) => !has(`/renderer/${file}`));
check(missing.length === 0, `app.asar holds all of them under /renderer${missing.length ? ` (missing: ${missing.slice(0, 5).join(', ')})` : ''}`);
if (rendererFiles.includes('index.html')) check(has('/renderer/index.html'), 'app.asar holds /renderer/index.html');
else console.log('note renderer/dist has no index.html yet (the UI build is not there): checked what it has');

const under = (prefix) => [...entries].some((entry) => entry === prefix || entry.startsWith(`${prefix}/`));
for (const [what, prefix] of [
  ['TypeScript sources of core', '/node_modules/@mediator/core/src'],
  ["the CLI's start-up bundle (the main process imports the compiled modules)", '/node_modules/@mediator/core/dist/bundle'],
  ['SQLite sources', '/node_modules/better-sqlite3/deps'],
  ['electron-builder', '/node_modules/electron-builder'],
  ['the electron package', '/node_modules/electron'],
  ['the renderer workspace package (its build is under /renderer)', '/node_modules/@mediator/renderer'],
])
  check(!under(prefix), `app.asar leaves out ${what}`);
check(
  ![...entries].some((entry) => /\.test\.js$|\.map$|\.d\.ts$/.test(entry) && entry.startsWith('/dist/')),
  'app.asar leaves out compiled tests, maps and declarations of the shell',
);

const unpackedNode = join(appDir, 'resources', 'app.asar.unpacked', 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
check(await exists(unpackedNode), 'better_sqlite3.node is unpacked beside app.asar (asarUnpack **/*.node)');

// ---- 4. Fuses ----------------------------------------------------------------------------------------------
// The fuse list lives in electron-builder.yml only. Checked here: (a) the configuration as
// electron-builder resolves it sets every fuse @electron/fuses knows, none left to Electron's
// defaults; (b) each is set the hardened way (the oracle below: the Electron security checklist);
// (c) electron-builder ran its fuse step; (d) the packaged executable's wire holds exactly the
// configured values. With a stub binary (section 1) this proves the configuration and that
// electron-builder flips it in whatever executable it packages; it cannot prove that Electron 45's
// real binary has the same wire layout or honours the fuses at run time.
const { getConfig } = require('app-builder-lib/out/util/config/config');
const config = await getConfig(root, null, null);
const configured = config.electronFuses ?? {};
/** FuseV1Options name -> electron-builder's key: RunAsNode -> runAsNode. */
const configKey = (fuse) => fuse[0].toLowerCase() + fuse.slice(1);
const HARDENED = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
};
const unset = FUSES.map(([fuse]) => configKey(fuse)).filter((key) => typeof configured[key] !== 'boolean');
check(unset.length === 0, `electron-builder.yml sets all ${FUSES.length} fuses @electron/fuses knows${unset.length ? ` (not set: ${unset.join(', ')})` : ''}`);
const unknown = Object.keys(HARDENED).filter((key) => !FUSES.some(([fuse]) => configKey(fuse) === key));
check(unknown.length === 0, `every hardened fuse is one @electron/fuses knows${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
for (const [key, value] of Object.entries(HARDENED)) {
  check(configured[key] === value, `electron-builder.yml: ${key} is ${value} (${configured[key]})`);
}

const fuseStep = Buffer.concat(output).toString('utf8');
check(/executing @electron\/fuses/.test(fuseStep), 'electron-builder ran its fuse step ("executing @electron/fuses")');

const FuseState = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) }; // as @electron/fuses writes them
const executable = join(appDir, 'mediator-workbench');
check(await exists(executable), 'the executable is named mediator-workbench');
const wire = await getCurrentFuseWire(executable);
let flipped = 0;
for (const [fuse, index] of FUSES) {
  const want = configured[configKey(fuse)];
  if (typeof want !== 'boolean') continue;
  const state = want ? FuseState.ENABLE : FuseState.DISABLE;
  if (DEFAULT_WIRE.charCodeAt(index) !== state) flipped += 1;
  check(wire[index] === state, `fuse ${fuse} is ${want ? 'on' : 'off'} in the packaged executable`);
}
check(flipped > 0, `${flipped} fuse(s) differ from Electron's defaults, so the wire was really rewritten`);

const size = (await stat(asarPath)).size;
console.log(`\napp.asar: ${entries.size} entries, ${(size / 1e6).toFixed(1)} MB`);
console.log(
  `package smoke test: ${failures.length === 0 ? 'passed' : `${failures.length} check(s) failed`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (keep) console.log(`kept ${work}`);
else await rm(work, { recursive: true, force: true });
// Not process.exit() at once: the verdict above must reach a slow pipe before Node stops (issue 37).
await exitFlushed(failures.length === 0 ? 0 : 1);
