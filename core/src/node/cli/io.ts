/**
 * The one I/O and options layer of the `mediator` commands (issue 26): what a command writes to and
 * reads from (`CliIo`), the one usage-error type every command throws (exit 2), reading the files a
 * command is given (a file, or `-` for standard input), and parsing a command's arguments so that
 * node:util's own argument errors become the same usage error.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ErrorCodes, MediatorError, ParseError } from '../../common/index.js';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => Promise<string>;
  /** stderr is a terminal: long work may show a progress line there (rewritten in place, then cleared). */
  readonly stderrIsTerminal?: boolean;
  /** Ends a command that runs until it is stopped (`test --watch`); without it, SIGINT or SIGTERM does. */
  readonly stop?: AbortSignal;
}

/**
 * A progress line on a terminal's stderr for work over many items: shown after the first item,
 * then at most every quarter second, rewritten in place; cleared before any other stderr line
 * (`clear`) so it never mixes with them. Nothing at all when stderr is not a terminal (a log file
 * or CI keeps only the real lines).
 */
export class ProgressLine {
  readonly #io: CliIo;
  readonly #total: number;
  readonly #what: string;
  #shown = 0;
  #last = -Infinity;

  constructor(io: CliIo, total: number, what: string) {
    this.#io = io;
    this.#total = total;
    this.#what = what;
  }

  update(done: number): void {
    if (this.#io.stderrIsTerminal !== true || done >= this.#total) return;
    const now = performance.now();
    if (this.#shown > 0 && now - this.#last < 250) return;
    this.#last = now;
    const text = `${this.#what} ${done} of ${this.#total}`;
    this.#io.stderr(`\r${text.padEnd(this.#shown)}`);
    this.#shown = text.length;
  }

  clear(): void {
    if (this.#shown === 0) return;
    this.#io.stderr(`\r${' '.repeat(this.#shown)}\r`);
    this.#shown = 0;
  }
}

export interface UsageErrorOptions {
  /** What stands before the message: `mediator` (the default) or the command, e.g. `mediator bridge`. */
  readonly prefix?: string;
  /** What follows the message; by default the hint to run `mediator help`. */
  readonly help?: string;
}

export const HELP_HINT = 'Run "mediator help" for usage.\n';

/** A command line the command cannot run: printed as `PREFIX: message` and the help, exit 2. */
export class UsageError extends Error {
  readonly prefix: string;
  readonly help: string;

  constructor(message: string, options: UsageErrorOptions = {}) {
    super(message);
    this.name = 'UsageError';
    this.prefix = options.prefix ?? 'mediator';
    this.help = options.help ?? HELP_HINT;
  }

  /** The text for stderr. */
  describe(): string {
    return `${this.prefix}: ${this.message}\n${this.help}`;
  }
}

/**
 * node:util's parseArgs, with its errors (an unknown option, a missing value) turned into a
 * UsageError with the command's prefix and help.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T, usage: UsageErrorOptions = {}): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true) throw new UsageError((error as Error).message, usage);
    throw error;
  }
}

/** Whether the arguments ask for the command's usage. */
export const wantsHelp = (args: readonly string[]): boolean => args.includes('--help') || args.includes('-h');

/**
 * A file's text; `-` reads standard input when `io` is given. An unreadable file is a
 * FILE_UNREADABLE error naming it and the system's reason, the same for every command.
 */
export async function readInputText(path: string, io?: Pick<CliIo, 'readStdin'>): Promise<string> {
  if (path === '-' && io !== undefined) return io.readStdin();
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw fileError(path, 'cannot read file', error, ErrorCodes.fileUnreadable);
  }
}

/**
 * readInputText for a command that reads many files one after the other (`translate --out-dir`):
 * read at once, since a promise-based read costs several thread-pool trips per file.
 */
export function readInputTextSync(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw fileError(path, 'cannot read file', error, ErrorCodes.fileUnreadable);
  }
}

/**
 * Writes a command's output file whole or not at all: into a temporary file beside it, then renamed
 * over it, so an interrupted run never leaves a truncated file where a good one was. A failure is a
 * FILE_UNWRITABLE error naming the file and the system's reason.
 */
export function writeOutputFile(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, 'utf8');
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw fileError(path, 'cannot write file', error, ErrorCodes.fileUnwritable);
  }
}

/** A file or folder the command cannot read or write, as FILE_UNREADABLE or FILE_UNWRITABLE: `PATH: what (the system's reason)`. */
export function fileError(
  path: string,
  what: string,
  error: unknown,
  code: typeof ErrorCodes.fileUnreadable | typeof ErrorCodes.fileUnwritable,
): MediatorError {
  const reason = (error as NodeJS.ErrnoException).code;
  return new MediatorError(`${path}: ${what}${reason === undefined ? '' : ` (${reason})`}`, code, { cause: error });
}

/**
 * How the command line reports an error about its input (exit 1): a parse error with its
 * position (`file:line:column: message [CODE]`), another domain error as `mediator: message
 * [CODE]`; undefined for anything else, which is a bug.
 */
export function inputErrorText(error: unknown): string | undefined {
  if (error instanceof ParseError) return `${error.describe()} [${error.code}]\n`;
  if (error instanceof MediatorError) return `mediator: ${error.message} [${error.code}]\n`;
  return undefined;
}

/** The first `max` items joined with commas, the rest counted: `a, b, c and 4 more`. */
export function someNamed(items: readonly string[], max: number): string {
  const rest = items.length - max;
  return `${items.slice(0, max).join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
}

/** Text as a command prints it: ending with one newline (the text's own, or one added). */
export const withNewline = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);

/** A table of rows, columns padded to their widest cell, the last column left as it is. */
export function formatTable(rows: readonly (readonly string[])[], align: (column: number) => 'left' | 'right' = () => 'left'): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : align(i) === 'right' ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
