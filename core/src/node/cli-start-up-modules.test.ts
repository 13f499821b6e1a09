/**
 * What each `mediator` command loads (issue 42, "a command line that starts at once"): a command
 * loads its own module and what that needs, not the REST server, the store or the engine of the
 * others. Counted, not timed: the real start-up bundle runs with a module-resolution hook that
 * writes every URL the process resolves to a file; the bundle's chunks name the modules they join
 * ("// dist/node/server/..."), so the test sees which of our modules and which packages were
 * loaded. A static import that drags the server into `--version` (a barrel, a table of commands
 * importing each command) fails here.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDir, mediatorCli } from '../test-support/shared-data.js';

const LOG_VARIABLE = 'MEDIATOR_TEST_RESOLVED_LOG';
// The hooks run on Node's loader thread; each resolved URL is appended to the file the variable names.
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.${LOG_VARIABLE}, resolved.url + '\\n');
  return resolved;
}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`,
)}`;

const scratch = mkdtempSync(join(tmpdir(), 'mediator-cli-modules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Loaded {
  /** Packages resolved from node_modules (outside the bundle). */
  readonly packages: Set<string>;
  /** Our modules and bundled packages the loaded chunks join, as Rolldown names them: "dist/node/server/start-server.js". */
  readonly modules: string[];
}

async function loadedBy(args: readonly string[], name: string): Promise<Loaded> {
  const log = join(scratch, `${name}.log`);
  const run = promisify(execFile);
  await run(process.execPath, ['--import', REGISTER, mediatorCli, ...args], { env: { ...process.env, [LOG_VARIABLE]: log }, timeout: 30_000 });
  const urls = readFileSync(log, 'utf8')
    .split('\n')
    .filter((u) => u.startsWith('file:'));
  const packages = new Set(urls.map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((p) => p !== undefined));
  const chunks = urls.filter((u) => u.includes('/dist/bundle/'));
  const modules = chunks.flatMap((u) =>
    [...readFileSync(fileURLToPath(u), 'utf8').matchAll(/^\/\/ ((?:\.\.\/)*(?:dist|node_modules)\/\S+)$/gm)].map((m) => m[1]!),
  );
  return { packages, modules };
}

const alignment = join(dataDir, 'alignments', 'CO_FIWARE.rdf');
const message = join(dataDir, 'messages', 'weight.UniversAAL_CO.json');
const pair = 'weight__UniversAAL_CO__CO_FIWARE';

/** Never loaded by a command that does not serve, store or reach a broker. */
const SERVER_PACKAGES = ['fastify', 'better-sqlite3', 'pino', 'nats', 'mqtt', '@platformatic/kafka', 'jsonld', 'yaml', 'fast-xml-parser'];
const SERVER_MODULES = /^dist\/(node\/server|node\/store|node\/services|node\/transports|common\/api)\//;
const ENGINE_MODULES = /^dist\/common\/translation\//;
const OWN_SERVICE: Readonly<Record<string, string>> = { suggest: 'dist/node/services/bounded-suggestion.js' };

describe('what a mediator command loads (the start-up bundle)', () => {
  it('--version loads no package, none of the engine and none of the server', async () => {
    const loaded = await loadedBy(['--version'], 'version');
    expect([...loaded.packages]).toEqual([]);
    // It is looking at the bundle's own modules: the dispatcher is among them.
    expect(loaded.modules).toContain('dist/node/cli.js');
    expect(loaded.modules.filter((m) => ENGINE_MODULES.test(m) || SERVER_MODULES.test(m) || m.includes('node_modules/'))).toEqual([]);
  });

  it.each([
    ['validate', ['validate', alignment]],
    ['translate', ['translate', '-a', alignment, message]],
    ['suggest', ['suggest', join(dataDir, 'golden', pair, 'input.json'), join(dataDir, 'golden', pair, 'output.json')]],
  ])('%s loads its command and the engine, not the server, the store or a broker client', async (name, args) => {
    const loaded = await loadedBy(args, name);
    expect(loaded.modules).toContain(`dist/node/cli/${name}.js`);
    expect(loaded.modules.some((m) => /^dist\/common\/alignment\//.test(m))).toBe(true);
    expect(SERVER_PACKAGES.filter((p) => loaded.packages.has(p))).toEqual([]);
    // suggest's one service module is its own: the thread that holds the synthesis to its time and
    // memory budgets (issue 40), which imports only the suggester.
    expect(loaded.modules.filter((m) => SERVER_MODULES.test(m) && m !== OWN_SERVICE[name])).toEqual([]);
    // Other commands' modules stay unloaded too.
    expect(
      loaded.modules.filter((m) => m.startsWith('dist/node/cli/') && !/\/(commands|io|load-alignments)\.js$/.test(m) && m !== `dist/node/cli/${name}.js`),
    ).toEqual([]);
  });

  it('serve is the command that loads the server (the hook sees it), and Fastify only once it has a port to serve', async () => {
    const loaded = await loadedBy(['serve', '--help'], 'serve-help');
    expect(loaded.modules).toContain('dist/node/cli/serve.js');
    expect(loaded.modules).toContain('dist/node/server/start-server.js');
    // Listen first (issue 42): the HTTP app is imported after the port is bound (early-listener.ts).
    expect(SERVER_PACKAGES.filter((p) => loaded.packages.has(p))).toEqual([]);
    expect(loaded.modules).not.toContain('dist/node/server/composition-root.js');
  });
});
