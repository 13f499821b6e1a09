/**
 * What a fresh `mediator serve` loads before its first answer (issue 13, "Server start": modules an
 * empty data folder does not need load on first use). The process is the real one `npm start`
 * runs; a preloaded module prints every CommonJS module the process loaded when it exits, and the
 * broker clients and jsonld.js (CommonJS, or marked by a CommonJS dependency) must not be among them. A static import added to the
 * start-up path (a barrel re-exporting a transport, say) fails this test.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediatorCli } from '../../test-support/shared-data.js';
import { MEDIATOR_BANNER, request, startProcess, stopAll, type TestProcess } from '../../test-support/processes.js';

const MARK = 'LOADED-MODULES ';
// On exit (the server exits on SIGTERM), one line with the ids of Node's CommonJS module cache.
const REPORTER = `data:text/javascript,${encodeURIComponent(
  `import { createRequire } from 'node:module';
const cache = createRequire(process.cwd() + '/').cache;
process.on('exit', () => { process.stderr.write(${JSON.stringify(MARK)} + JSON.stringify(Object.keys(cache)) + '\\n'); });`,
)}`;

/** Packages a start on an empty data folder must not load: `node_modules/<name>/` in a module id. */
// @platformatic/kafka (the Kafka client) is ESM, out of the CommonJS cache: avsc, which it loads at
// once and nothing else here uses, stands for it.
const NOT_AT_START = ['avsc', 'nats', 'jsonld', 'prom-client'];
/**
 * Packages a translation worker must not load before its first job (issue 27: each worker loads the
 * engine before the server answers). `yaml` serves only the mw2mw API history's Swagger reader; the
 * main thread loads it anyway, through Swagger UI.
 */
const NOT_IN_WORKER = ['yaml', 'fastify', 'better-sqlite3', 'nats', 'jsonld'];

/**
 * The packages a bundle file imports statically, itself and through the chunks it imports; `files`
 * collects the texts of those chunks.
 */
function staticPackages(file: string, files = new Map<string, string>(), packages = new Set<string>()): Set<string> {
  if (files.has(file)) return packages;
  const text = readFileSync(file, 'utf8');
  files.set(file, text);
  for (const [, spec] of text.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)) {
    if (spec!.startsWith('./')) staticPackages(join(dirname(file), spec!), files, packages);
    else if (!spec!.startsWith('node:')) packages.add(/^(@[^/]+\/[^/]+|[^/]+)/.exec(spec!)![1]!);
  }
  return packages;
}

const started: TestProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await stopAll(started);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a fresh mediator serve (npm start) on an empty data folder', () => {
  it('answers GET /version without loading the broker clients or jsonld.js', async () => {
    const data = mkdtempSync(join(tmpdir(), 'mediator-start-modules-'));
    dirs.push(data);
    const proc = startProcess('mediator serve', process.execPath, [
      '--import',
      REPORTER,
      mediatorCli,
      'serve',
      '--port',
      '0',
      '--data',
      data,
      '--log-level',
      'warn',
    ]);
    started.push(proc);
    const url = (await proc.waitForLine(MEDIATOR_BANNER, 'stderr', { timeoutMs: 20_000 }))[1]!;
    expect((await request(`${url}/version`, { timeoutMs: 15_000 })).status).toBe(200);
    expect(await proc.stop({ signal: 'SIGTERM', graceMs: 10_000 })).toEqual({ code: 0, signal: null });
    const line = proc
      .text('stderr')
      .split('\n')
      .find((l) => l.startsWith(MARK));
    expect(line, `no ${MARK.trim()} line in:\n${proc.output()}`).toBeDefined();
    const ids = JSON.parse(line!.slice(MARK.length)) as string[];
    const packages = new Set(ids.map((id) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1]).filter((p) => p !== undefined));
    // The reporter sees the server's own CommonJS dependencies: it is looking at the right process.
    expect(packages).toContain('fastify');
    expect(packages).toContain('better-sqlite3');
    expect(NOT_AT_START.filter((p) => packages.has(p))).toEqual([]);
  }, 60_000);

  it('starts its translation workers without the Swagger reader, the HTTP server or the store', () => {
    const worker = join(dirname(mediatorCli), 'translation-worker.mjs');
    const files = new Map<string, string>();
    const packages = staticPackages(worker, files);
    expect(NOT_IN_WORKER.filter((p) => packages.has(p))).toEqual([]);
    // Nor the REST API's schemas (TypeBox, bundled in): Rolldown marks each module it joins with
    // its path, e.g. "// dist/common/api/channels.js".
    const joined = [...files.values()].join('\n');
    // It is looking at the engine: the XML and Turtle readers are there (bundled in, issue 42).
    expect(joined).toMatch(/\bSaxesParser = class\b/);
    expect(joined).toMatch(/^\/\/ .*node_modules\/n3\/src\/N3Parser\.js$/m);
    expect(joined).toMatch(/^\/\/ dist\/common\/translation\//m);
    expect(joined).not.toMatch(/^\/\/ dist\/common\/api\//m);
    expect(joined).not.toMatch(/^\/\/ .*node_modules\/typebox\//m);
    // The HTTP app's chunk (the serve command loads it once its port is bound, listen first:
    // early-listener.ts) imports them, so the walk does see such packages where they are.
    const bundle = dirname(mediatorCli);
    const holding = (module: RegExp) => readdirSync(bundle).find((f) => module.test(readFileSync(join(bundle, f), 'utf8')));
    // (Rolldown prints no path comment before build-server.js's code: found by its function.)
    const appChunk = holding(/^async function buildServer\(/m);
    expect(appChunk, 'no chunk of the bundle holds buildServer (dist/node/server/build-server.js)').toBeDefined();
    const serverFiles = new Map<string, string>();
    expect(staticPackages(join(bundle, appChunk!), serverFiles)).toContain('fastify');
    expect([...serverFiles.values()].join('\n')).toMatch(/^\/\/ dist\/common\/api\//m);
    // The serve command itself binds the port before any of that is loaded.
    const serveChunk = holding(/^\/\/ dist\/node\/cli\/serve\.js$/m);
    expect(serveChunk, 'no chunk of the bundle holds dist/node/cli/serve.js').toBeDefined();
    const servePackages = staticPackages(join(bundle, serveChunk!));
    expect(['fastify', 'pino', 'better-sqlite3', 'typebox'].filter((p) => servePackages.has(p))).toEqual([]);
  });
});
