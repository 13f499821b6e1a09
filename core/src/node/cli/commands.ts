/**
 * Every command of `mediator`: its name, its handler (one module each in this folder) and its part
 * of the usage text, in the order `mediator help` lists them. The dispatcher (../cli.ts) only looks
 * commands up here.
 */
import { VERSION } from '../version.js';
import { API_DIFF_USAGE, apiDiffCommand } from './api-diff.js';
import { BENCH_USAGE, benchCommand } from './bench.js';
import { BRIDGE_USAGE, runBridgeCli } from './bridge.js';
import { COMPILE_USAGE, compileCommand } from './compile.js';
import { CONVERT_USAGE, convertCommand } from './convert.js';
import { COVERAGE_USAGE, coverageCommand } from './coverage.js';
import { DIFF_USAGE, diffCommand } from './diff.js';
import type { CliIo } from './io.js';
import { PLATFORM_CHANNELS_USAGE, platformChannelsCommand } from './platform-channels.js';
import { SERVE_USAGE, serveCommand } from './serve.js';
import { SUGGEST_USAGE, suggestCommand } from './suggest.js';
import { TEST_USAGE, testCommand } from './test.js';
import { TRANSLATE_USAGE, translateCommand } from './translate.js';
import { VALIDATE_USAGE, validateCommand } from './validate.js';

export interface Command {
  readonly run: (args: string[], io: CliIo) => Promise<number>;
  /** Its lines of the usage text, each block starting with `  mediator NAME`. */
  readonly usage: string;
}

export const COMMAND_TABLE = {
  translate: { run: translateCommand, usage: TRANSLATE_USAGE },
  validate: { run: validateCommand, usage: VALIDATE_USAGE },
  compile: { run: compileCommand, usage: COMPILE_USAGE },
  convert: { run: convertCommand, usage: CONVERT_USAGE },
  diff: { run: diffCommand, usage: DIFF_USAGE },
  suggest: { run: suggestCommand, usage: SUGGEST_USAGE },
  bench: { run: benchCommand, usage: BENCH_USAGE },
  test: { run: testCommand, usage: TEST_USAGE },
  coverage: { run: coverageCommand, usage: COVERAGE_USAGE },
  serve: { run: serveCommand, usage: SERVE_USAGE },
  'platform-channels': { run: platformChannelsCommand, usage: PLATFORM_CHANNELS_USAGE },
  'api-diff': { run: apiDiffCommand, usage: API_DIFF_USAGE },
  bridge: { run: runBridgeCli, usage: BRIDGE_USAGE },
} as const satisfies Record<string, Command>;

export type CommandName = keyof typeof COMMAND_TABLE;

/** The commands `mediator help` lists; each answers `--help` / `-h` with its own part of the usage. */
export const COMMANDS = [...(Object.keys(COMMAND_TABLE) as CommandName[]), 'help', 'version'] as const;

export const USAGE = `mediator ${VERSION}: semantic mediator for IPSM-AF alignments and INTER-IoT JSON-LD messages

Usage:
${Object.values(COMMAND_TABLE)
  .map((c) => c.usage)
  .join('')}  mediator help | --help      This text.
  mediator --version          The version.
`;

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_TABLE, name);
}

/**
 * The usage of one command: the blocks of USAGE that start with "  mediator COMMAND", each up to
 * the next command's line. Read from the one usage text, so the two never disagree.
 */
export function commandUsage(command: string): string {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of USAGE.split('\n')) {
    const m = /^ {2}mediator ([\w-]+)/.exec(line);
    if (m !== null) {
      current = m[1] === command ? [] : undefined;
      if (current !== undefined) blocks.push('');
    }
    if (current !== undefined && line !== '') blocks[blocks.length - 1] += `${line}\n`;
  }
  return `Usage:\n${blocks.join('')}`;
}
