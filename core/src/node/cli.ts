#!/usr/bin/env node
/**
 * The `mediator` command line: a dispatcher over the commands of cli/ (one module per command,
 * cli/commands.ts lists them), themselves thin wrappers over the core library (STYLE.md: the CLI
 * holds no logic of its own). Built to core/dist/node/cli.js and bundled by
 * scripts/bundle-server.mjs. Exit codes: 0 success, 1 the input has errors, 2 usage error, 70 a bug.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandUsage, COMMAND_TABLE, COMMANDS, isCommand, usage } from './cli/commands.js';
import { inputErrorText, UsageError, wantsHelp, type CliIo } from './cli/io.js';
import { VERSION } from './version.js';

export { COMMANDS, commandUsage } from './cli/commands.js';
export type { CliIo } from './cli/io.js';

async function dispatch(command: string | undefined, rest: string[], io: CliIo): Promise<number> {
  // Before any command runs: `serve --help` must print usage, not start a server.
  if (command !== undefined && (COMMANDS as readonly string[]).includes(command) && command !== 'help' && wantsHelp(rest)) {
    io.stdout(await commandUsage(command === 'version' ? '--version' : command));
    return 0;
  }
  if (command !== undefined && isCommand(command)) return (await COMMAND_TABLE[command]()).run(rest, io);
  switch (command) {
    case '--version':
    case 'version':
      io.stdout(`${VERSION}\n`);
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(await usage());
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    return await dispatch(command, rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(error.describe());
      return 2;
    }
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true) {
      io.stderr(new UsageError((error as Error).message).describe());
      return 2;
    }
    const input = inputErrorText(error);
    if (input !== undefined) {
      io.stderr(input);
      return 1;
    }
    io.stderr(`mediator: internal error (a bug, please report it): ${(error as Error).stack ?? String(error)}\n`);
    return 70;
  }
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runCli(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readStdin: readAllStdin,
    stderrIsTerminal: process.stderr.isTTY === true,
  });
  process.exitCode = code;
}
