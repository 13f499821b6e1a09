/**
 * `mediator test --watch` (issue 42): the suite runs again after every change to its cases or to
 * the alignment files, in the same process, until Ctrl-C (or `CliIo.stop`).
 *
 * Why a process that stays: a fresh process runs a suite's cases at a quarter to a third of the rate a
 * warm one does (V8 has not optimised the engine yet; README, "What a fresh process costs"), and no
 * flag or cache took that off. Someone editing an alignment against its suite runs it over and
 * over, and from the second run on the code is warm; the alignment files that did not change are
 * not compiled again either (`AlignmentCache`).
 *
 * Nothing is lost to a bad edit: a case that does not parse or an alignment with errors is
 * reported as a run without --watch reports it (with its file and position), and the watch goes
 * on; the exit code at the end is the last run's.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { fileError, inputErrorText, someNamed, UsageError, type CliIo } from './io.js';

/**
 * Quiet time after the last change before the suite runs again: one save is often several events
 * (an editor writes a temporary file and renames it; `writeFileSync` alone gives two).
 */
export const SETTLE_MS = 60;

/** Changed files named in the line before a run; the rest are counted. */
const NAMED_CHANGES = 3;

/** Files editors and tools write beside the real ones: backups, swap files, vim's write test, our own temporaries. */
const SCRATCH_NAME = /~$|\.sw[a-p]$|^4913$|\.tmp$/;

export interface WatchTargets {
  /** The suite folder, watched with all its subfolders (its `alignments/` too). */
  readonly dir: string;
  /** Alignment files given by path (`-a`): each watched through its folder, since editors replace a file rather than write it. */
  readonly files: readonly string[];
  /** Files a run writes (the JUnit report): their changes start no run. */
  readonly outputs: readonly string[];
}

/** Runs `run` once, then again after each change, until stopped; resolves to the last run's exit code. */
export async function watchSuite(targets: WatchTargets, run: () => Promise<number>, io: CliIo): Promise<number> {
  const signals = io.stop === undefined ? signalStop() : undefined;
  try {
    return await watchUntilStopped(targets, run, io, io.stop ?? signals!.signal);
  } finally {
    signals?.dispose();
  }
}

async function watchUntilStopped(targets: WatchTargets, run: () => Promise<number>, io: CliIo, stop: AbortSignal): Promise<number> {
  const root = resolve(targets.dir);
  const outputs = new Set(targets.outputs.map((o) => resolve(o)));
  const ignored = (path: string): boolean => {
    if (outputs.has(path) || SCRATCH_NAME.test(basename(path))) return true;
    const inside = relative(root, path);
    // As the suite reader does: hidden folders (.git) and node_modules hold no cases.
    return !inside.startsWith('..') && inside.split(sep).some((part) => part.startsWith('.') || part === 'node_modules');
  };

  // Watching starts before the first run: a file saved while it runs starts the next one.
  const watchers: FSWatcher[] = [];
  const changes = new Set<string>();
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let finish!: (code: number) => void;
  let fail!: (error: unknown) => void;
  const finished = new Promise<number>((resolvePromise, reject) => {
    finish = resolvePromise;
    fail = reject;
  });
  const end = (outcome: { code: number } | { error: unknown }): void => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
    if ('code' in outcome) finish(outcome.code);
    else fail(outcome.error);
  };

  const runNow = (): void => {
    timer = undefined;
    running = true;
    attempt(run, io).then(
      (code) => {
        last = code;
        running = false;
        if (stop.aborted) return end({ code: last });
        io.stderr(waitingLine(targets));
        if (changes.size > 0) timer = setTimeout(runAgain, SETTLE_MS);
      },
      (error: unknown) => end({ error }),
    );
  };
  const runAgain = (): void => {
    io.stderr(`\n${changeLine([...changes], root)}\n`);
    changes.clear();
    runNow();
  };
  const changed = (path: string): void => {
    if (ignored(path)) return;
    changes.add(path);
    if (running) return; // the run's end looks at what changed meanwhile
    clearTimeout(timer);
    timer = setTimeout(runAgain, SETTLE_MS);
  };
  const stopped = (): void => {
    if (!running) end({ code: last });
    else io.stderr(`stopping after the run in progress${io.stop === undefined ? ' (Ctrl-C again to stop now)' : ''}\n`);
  };

  watchers.push(watchFolder(root, true, (name) => changed(name === undefined ? root : resolve(root, name))));
  try {
    for (const [folder, names] of foldersOf(targets.files, root)) {
      watchers.push(watchFolder(folder, false, (name) => (name === undefined || names.has(name) ? changed(resolve(folder, name ?? '')) : undefined)));
    }
  } catch (error) {
    end({ code: 1 });
    throw error;
  }
  for (const w of watchers) {
    w.on('error', (error: NodeJS.ErrnoException) => {
      io.stderr(`mediator: ${targets.dir}: stopped watching${error.code === undefined ? '' : ` (${error.code})`}${limitHint(error)}\n`);
      end({ code: Math.max(last, 1) });
    });
  }
  stop.addEventListener('abort', stopped, { once: true });
  runNow();
  try {
    return await finished;
  } finally {
    stop.removeEventListener('abort', stopped);
  }
}

/** How often a run under --watch lets the event loop in: often enough that Ctrl-C and saves are seen at once, rarely enough to cost nothing. */
const TURN_MS = 50;

/**
 * For `runSuite`'s `between`: a turn of the event loop once `TURN_MS` have passed since the last,
 * else nothing. Without it a run holds the event loop to its end, and a Ctrl-C that the watch
 * handles (instead of the process ending) waited for the whole run.
 */
export function eventLoopTurns(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

/** A run whose input is bad prints why, as the command without --watch would, and the watch goes on. */
async function attempt(run: () => Promise<number>, io: CliIo): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.prefix}: ${error.message}\n`);
      return 2;
    }
    const text = inputErrorText(error);
    if (text === undefined) throw error;
    io.stderr(text);
    return 1;
  }
}

function watchFolder(folder: string, recursive: boolean, onName: (name: string | undefined) => void): FSWatcher {
  try {
    return watch(folder, { recursive }, (_event, name) => onName(name ?? undefined));
  } catch (error) {
    const failure = fileError(folder, 'cannot watch the folder', error, ErrorCodes.fileUnreadable);
    throw new MediatorError(`${failure.message}${limitHint(error)}`, failure.code, { cause: error });
  }
}

/** Linux watches each folder of the suite on its own (inotify), up to a per-user limit: say which, since ENOSPC alone reads as a full disk. */
const limitHint = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code === 'ENOSPC' ? ': the system limit on watched folders (Linux: raise fs.inotify.max_user_watches)' : '';

/** The folders of the files outside the suite folder, each with the names to watch in it. */
function foldersOf(files: readonly string[], root: string): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const file of files) {
    const path = resolve(file);
    if (!relative(root, path).startsWith('..')) continue; // the suite folder's watch sees it
    const folder = dirname(path);
    const names = folders.get(folder) ?? new Set<string>();
    names.add(basename(path));
    folders.set(folder, names);
  }
  return folders;
}

function changeLine(changed: readonly string[], root: string): string {
  const shown = changed.map((p) => {
    const inside = relative(root, p);
    return inside.startsWith('..') ? p : inside === '' ? '.' : inside.split(sep).join('/');
  });
  return `[${new Date().toTimeString().slice(0, 8)}] changed: ${someNamed(shown, NAMED_CHANGES)}; running the suite again`;
}

function waitingLine(targets: WatchTargets): string {
  const files = targets.files.length === 0 ? '' : ` and ${targets.files.length} alignment file(s)`;
  return `watching ${targets.dir}${files} for changes (Ctrl-C to stop)\n`;
}

/**
 * The process's Ctrl-C and SIGTERM as a stop signal, handled only while the watch lasts: they end
 * the watch after the run in progress, not the process mid-run; a second one ends it at once.
 */
function signalStop(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  // A second Ctrl-C does not wait for a long run: nothing is half written (the JUnit report is
  // renamed into place whole), only that run's report is not printed. 130: ended by SIGINT.
  const abort = (): void => (controller.signal.aborted ? process.exit(130) : controller.abort());
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    },
  };
}
