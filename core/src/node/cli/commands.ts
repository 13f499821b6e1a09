/**
 * Every command of `mediator`: its name, how to load its module (one module each in this folder)
 * and, through that module, its handler and its part of the usage text, in the order `mediator
 * help` lists them. The dispatcher (../cli.ts) only looks commands up here.
 *
 * Each command is imported on first use (issue 42, "a command line that starts at once"): a static
 * import of every command made `mediator --version` load the REST server (Fastify, Swagger UI, the
 * API schemas), SQLite and the engine, 6x the CPU of `node -e 0` before printing one line. The
 * start-up bundle (scripts/bundle-server.mjs) turns each loader into its own chunk.
 */
import { VERSION } from '../version.js';
import type { CliIo } from './io.js';

export interface Command {
  readonly run: (args: string[], io: CliIo) => Promise<number>;
  /** Its lines of the usage text, each block starting with `  mediator NAME`. */
  readonly usage: string;
}

/** Loads one command's module; `import()` with a literal path, so the bundler sees each. */
type CommandLoader = () => Promise<Command>;

export const COMMAND_TABLE = {
  translate: async () => import('./translate.js').then((m) => ({ run: m.translateCommand, usage: m.TRANSLATE_USAGE })),
  validate: async () => import('./validate.js').then((m) => ({ run: m.validateCommand, usage: m.VALIDATE_USAGE })),
  compile: async () => import('./compile.js').then((m) => ({ run: m.compileCommand, usage: m.COMPILE_USAGE })),
  convert: async () => import('./convert.js').then((m) => ({ run: m.convertCommand, usage: m.CONVERT_USAGE })),
  diff: async () => import('./diff.js').then((m) => ({ run: m.diffCommand, usage: m.DIFF_USAGE })),
  suggest: async () => import('./suggest.js').then((m) => ({ run: m.suggestCommand, usage: m.SUGGEST_USAGE })),
  bench: async () => import('./bench.js').then((m) => ({ run: m.benchCommand, usage: m.BENCH_USAGE })),
  test: async () => import('./test.js').then((m) => ({ run: m.testCommand, usage: m.TEST_USAGE })),
  coverage: async () => import('./coverage.js').then((m) => ({ run: m.coverageCommand, usage: m.COVERAGE_USAGE })),
  serve: async () => import('./serve.js').then((m) => ({ run: m.serveCommand, usage: m.SERVE_USAGE })),
  'platform-channels': async () => import('./platform-channels.js').then((m) => ({ run: m.platformChannelsCommand, usage: m.PLATFORM_CHANNELS_USAGE })),
  'api-diff': async () => import('./api-diff.js').then((m) => ({ run: m.apiDiffCommand, usage: m.API_DIFF_USAGE })),
  bridge: async () => import('./bridge.js').then((m) => ({ run: m.runBridgeCli, usage: m.BRIDGE_USAGE })),
} as const satisfies Record<string, CommandLoader>;

export type CommandName = keyof typeof COMMAND_TABLE;

/** The commands `mediator help` lists; each answers `--help` / `-h` with its own part of the usage. */
export const COMMANDS = [...(Object.keys(COMMAND_TABLE) as CommandName[]), 'help', 'version'] as const;

const USAGE_TAIL = `  mediator help | --help      This text.
  mediator --version          The version.
`;

/** The whole usage text (`mediator help`): it loads every command's module, for its part. */
export async function usage(): Promise<string> {
  const parts = await Promise.all(Object.values(COMMAND_TABLE).map(async (load: CommandLoader) => (await load()).usage));
  return `mediator ${VERSION}: semantic mediator for IPSM-AF alignments and INTER-IoT JSON-LD messages

Usage:
${parts.join('')}${USAGE_TAIL}`;
}

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_TABLE, name);
}

/**
 * The usage of one command (`help` and `--version` included): the blocks of its usage text that
 * start with "  mediator COMMAND", each up to the next command's line. Read from the command's own
 * usage text, so the two never disagree; it loads that command's module only.
 */
export async function commandUsage(command: string): Promise<string> {
  const text = isCommand(command) ? (await COMMAND_TABLE[command]()).usage : USAGE_TAIL;
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    const m = /^ {2}mediator ([\w-]+)/.exec(line);
    if (m !== null) {
      current = m[1] === command ? [] : undefined;
      if (current !== undefined) blocks.push('');
    }
    if (current !== undefined && line !== '') blocks[blocks.length - 1] += `${line}\n`;
  }
  return `Usage:\n${blocks.join('')}`;
}
